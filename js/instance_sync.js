// The library's WebAssembly module started synchronously, for the CommonJS flavour of the
// robots-parser entry (scripts/build-npm bundles it in instance.js's place): require()
// cannot wait for a promise, so the module is compiled and instantiated before this file
// has finished evaluating. Node compiles a module of any size synchronously; a browser's
// main thread does not, which is why the ES module package keeps instance.js.
import createRobotstxtModule from "./robotstxt_wasm.mjs";
import wasmBinary from "./robotstxt_wasm_binary.js";

// Emscripten's loader calls instantiateWasm in place of its own asynchronous one; handing
// it the instance before returning lets it run the module's constructors at once, so that
// the object below is the ready module when createRobotstxtModule returns.
export const wasm = {
  wasmBinary,
  // The bytes are given: there is no file to locate (and no import.meta.url to locate
  // it from once bundled as CommonJS).
  locateFile: (name) => name,
  instantiateWasm(imports, receiveInstance) {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBinary), imports);
    receiveInstance(instance);
    return instance.exports;
  },
};
// Its promise says no more than the check below, and nothing waits for it: a failure is
// thrown from here, not left as an unhandled rejection.
createRobotstxtModule(wasm).catch(() => {});
if (!wasm.calledRun) {
  throw new Error("robotstxt: the WebAssembly module could not be started synchronously");
}
