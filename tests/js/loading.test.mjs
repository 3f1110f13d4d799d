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

test("the packages install nothing and depend on nothing", () => {
  const require = createRequire(import.meta.url);
  const manifestOf = (name) =>
    JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8"));
  const manifest = manifestOf("robotstxt-wasm");
  assert.equal(manifest.type, "module");
  assert.ok(manifest.exports["."] && manifest.exports["./robots-parser"]);
  // robots-parser's place: CommonJS, as robots-parser is, for require().
  const dropIn = manifestOf("robotstxt-robots-parser");
  assert.equal(dropIn.type, "commonjs");
  assert.equal(dropIn.version, manifest.version);
  for (const each of [manifest, dropIn]) {
    assert.deepEqual(each.dependencies ?? {}, {});
    for (const hook of ["preinstall", "install", "postinstall", "prepare"]) {
      assert.equal(each.scripts?.[hook], undefined, hook);
    }
  }
});
