// The installed package loads with no network and no filesystem: fetch, XMLHttpRequest
// and the fs module are made to fail before it is imported, and it still answers.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";

test("the package loads and answers without fetch, XHR or files", async () => {
  const attempts = [];
  globalThis.fetch = (resource) => {
    attempts.push(`fetch ${String(resource).slice(0, 40)}`);
    throw new Error("no network");
  };
  globalThis.XMLHttpRequest = class {
    constructor() {
      attempts.push("XMLHttpRequest");
      throw new Error("no network");
    }
  };
  const { parse, version } = await import("robotstxt-wasm");
  const robots = parse("User-agent: *\nDisallow: /private\n");
  assert.equal(robots.isAllowed("https://example.com/private/a", "FooBot"), false);
  robots.free();
  assert.deepEqual(attempts, []);
  // The library's version is the package's.
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(readFileSync(require.resolve("robotstxt-wasm/package.json"), "utf8"));
  assert.equal(version, manifest.version);
});

test("the package installs nothing and depends on nothing", () => {
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(readFileSync(require.resolve("robotstxt-wasm/package.json"), "utf8"));
  assert.equal(manifest.type, "module");
  assert.deepEqual(manifest.dependencies ?? {}, {});
  for (const hook of ["preinstall", "install", "postinstall", "prepare"]) {
    assert.equal(manifest.scripts?.[hook], undefined, hook);
  }
  assert.ok(manifest.exports["."] && manifest.exports["./robots-parser"]);
});
