// crawlee's CheerioCrawler, with respectRobotsTxtFile, crawling a loopback site whose
// robots.txt Google and robots-parser read differently: first with robots-parser as
// crawlee installs it, then with robotstxt-robots-parser put in its place by npm
// `overrides`, as docs/javascript.md shows a user doing. run.sh has installed crawlee here
// from package-lock.json; ROBOTS_PARSER_TARBALL is the tarball scripts/build-npm made.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { startFixtureOrigin } from "./fixture_origin.mjs";

const run = promisify(execFile);
const tarball = process.env.ROBOTS_PARSER_TARBALL;

const robotsTxt = [
  "User-agent: *",
  "Disallow: /b/",
  "Allow: /b/index.html",
  "Disallow /c/",
  "Dissallow: /fish",
  "",
].join("\n");
// Every page links to all of these.
const linked = [
  "/",
  "/a/x",
  "/a/x.html",
  "/b/",
  "/b/index.html",
  "/d%2Fe",
  "/c/page",
  "/c/page/more",
  "/fish.php",
  "/fish/",
];
// What Google's crawlers fetch: the rule without its colon and the misspelt one count
// (docs/semantics.md 1.6 and 1.7), and `Allow: /b/index.html` allows `/b/` (4.4).
const googleFetches = ["/", "/a/x", "/a/x.html", "/b/", "/b/index.html", "/d%2Fe"];

// The manifest of crawlee's package that does require("robots-parser").
const crawleeUtils = `${process.cwd()}/node_modules/@crawlee/utils/package.json`;

// The name of the package crawlee's require("robots-parser") loads, asked in a process of
// its own: this one's module cache would give the answer from before the override.
async function crawleesRobotsParser() {
  const require = `require("node:module").createRequire(${JSON.stringify(crawleeUtils)})`;
  const script = `console.log(${require}("robots-parser/package.json").name)`;
  const { stdout } = await run(process.execPath, ["-e", script]);
  return stdout.trim();
}

// One crawl in a process of its own (crawl.mjs), of a site started for it; returns the
// linked paths the site was asked for. The crawl is killed if it outlives its time.
async function crawl() {
  const site = await startFixtureOrigin();
  try {
    site.route("/robots.txt", { body: robotsTxt });
    const page = linked.map((path) => `<a href="${path}">${path}</a>`).join("\n");
    for (const path of linked) {
      site.route(path, { headers: { "content-type": "text/html" }, body: `<html><body>${page}` });
    }
    // Loopback only: no proxy of the environment between crawlee and the site.
    const env = { ...process.env, CRAWLEE_STORAGE_DIR: `${process.cwd()}/storage` };
    for (const name of ["http_proxy", "https_proxy", "all_proxy"]) {
      delete env[name];
      delete env[name.toUpperCase()];
    }
    await run(process.execPath, ["crawl.mjs", site.origin], { env, timeout: 120_000 });
    assert.equal(site.hits("/robots.txt"), 1);
    return linked.filter((path) => site.hits(path) > 0);
  } finally {
    await site.close();
  }
}

test("robots-parser itself fetches what Google's rules forbid and skips /b/", async () => {
  // The site tells the two readings apart: without the override this test's crawl would
  // fetch /c/ and /fish pages, and the next test would fail.
  assert.equal(await crawleesRobotsParser(), "robots-parser");
  const fetched = await crawl();
  for (const path of ["/c/page", "/c/page/more", "/fish.php", "/fish/"]) {
    assert.ok(fetched.includes(path), `robots-parser lets crawlee fetch ${path}`);
  }
  assert.ok(!fetched.includes("/b/"));
});

test("with the override, crawlee fetches exactly what Google's rules allow", async () => {
  assert.ok(tarball, "ROBOTS_PARSER_TARBALL names the package's tarball");
  // What a user adds to package.json, then `npm install`: from the lockfile and the cache
  // `npm ci` filled, only robots-parser changes.
  await run("npm", ["pkg", "set", `overrides.robots-parser=file:${tarball}`]);
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund"], { timeout: 300_000 });
  assert.equal(await crawleesRobotsParser(), "robotstxt-robots-parser");
  assert.deepEqual(await crawl(), googleFetches);
});

test("require() and import of the override give robots-parser's function", async () => {
  const require = createRequire(crawleeUtils);
  const required = require("robots-parser");
  assert.equal(typeof required, "function");
  // Code compiled from `import robotsParser from "robots-parser"` may read `.default`.
  assert.equal(required.default, required);
  const imported = (await import(pathToFileURL(require.resolve("robots-parser")))).default;
  assert.equal(imported, required);

  const robots = required("http://127.0.0.1:8080/robots.txt", robotsTxt);
  const allowed = (path) => robots.isAllowed(`http://127.0.0.1:8080${path}`, "FooBot/1.0");
  assert.equal(allowed("/b/"), true);
  assert.equal(allowed("/c/page"), false);
  assert.equal(robots.isDisallowed("http://127.0.0.1:8080/fish/", "FooBot"), true);
  assert.equal(robots.getMatchingLineNumber("http://127.0.0.1:8080/b/index.html", "FooBot"), 3);
  assert.equal(robots.isAllowed("http://example.com/c/page", "FooBot"), undefined);
  assert.deepEqual(robots.getSitemaps(), []);
  assert.equal(robots.getCrawlDelay("FooBot"), undefined);
  assert.equal(robots.getPreferredHost(), null);

  // robots-parser's declarations: the package's `types` declares the default function.
  const manifestPath = require.resolve("robots-parser").replace(/[^/]+$/, "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const types = readFileSync(manifestPath.replace(/package\.json$/, manifest.types), "utf8");
  assert.match(types, /export default function robotsParser\(url: string, robotstxt: string/);
  assert.match(types, /isAllowed\(url: string, ua\?: string\): boolean \| undefined;/);
});
