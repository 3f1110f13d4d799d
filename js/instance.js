// The library's WebAssembly module, started once for the whole package. It is given its
// bytes (robotstxt_wasm_binary.js): it fetches nothing and reads no file. Compiled
// asynchronously, as a browser's main thread requires for a module of this size; the
// CommonJS flavour of the robots-parser entry starts it synchronously instead
// (instance_sync.js, which scripts/build-npm puts in this file's place there).
import createRobotstxtModule from "./robotstxt_wasm.mjs";
import wasmBinary from "./robotstxt_wasm_binary.js";

export const wasm = await createRobotstxtModule({ wasmBinary });
