// The installed package against the native library on every corpus check: each host's
// robots.txt of tests/data/corpus parsed once, each of its URLs checked for the five
// corpus agents, compared with bench/corpus_answers (the C++ library, one run).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "robotstxt-wasm";

// bench/corpus_checks.h kCorpusAgents, in its order.
const kCorpusAgents = ["googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"];
const corpus = join(process.env.ROBOTSTXT_TEST_DATA_DIR, "corpus");

// bench/corpus_loader.cc's reading of a URL list: lines, a CR before the LF dropped,
// empty lines skipped.
function readUrls(host) {
  const path = join(corpus, "urls", host);
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line))
    .filter((line) => line !== "");
}

test("every corpus check agrees with the native library", (t) => {
  const native = execFileSync(process.env.ROBOTSTXT_CORPUS_ANSWERS, [
    process.env.ROBOTSTXT_TEST_DATA_DIR,
  ], { encoding: "latin1", maxBuffer: 64 * 1024 * 1024 });
  let checks = 0;
  const disagreements = [];
  for (const line of native.split("\n")) {
    if (line === "") continue;
    const [host, expected] = line.split("\t");
    const urls = readUrls(host);
    assert.equal(urls.length * kCorpusAgents.length, expected.length, host);
    const robots = parse(new Uint8Array(readFileSync(join(corpus, "robots", host))));
    try {
      kCorpusAgents.forEach((agent, a) => {
        const answers = robots.isAllowedEach(urls, agent);
        answers.forEach((allowed, u) => {
          ++checks;
          if ((allowed ? "1" : "0") !== expected[u * kCorpusAgents.length + a]) {
            disagreements.push(`${host} ${urls[u]} ${agent}`);
          }
        });
      });
      // One URL and agent per host the single-call way too, so both paths are held.
      const first = robots.isAllowed(urls[0], kCorpusAgents[0]);
      assert.equal(first ? "1" : "0", expected[0], `${host} isAllowed`);
    } finally {
      robots.free();
    }
  }
  assert.deepEqual(disagreements.slice(0, 20), []);
  // Every host with both files was compared, and no URL was left out (the count is read
  // from the corpus, not written here).
  const robotsFiles = new Set(readdirSync(join(corpus, "robots")));
  const hostsWithUrls = readdirSync(join(corpus, "urls")).filter(
    (host) => robotsFiles.has(host) && readUrls(host).length > 0,
  );
  const corpusUrls = hostsWithUrls.reduce((sum, host) => sum + readUrls(host).length, 0);
  assert.equal(native.split("\n").filter((line) => line !== "").length, hostsWithUrls.length);
  assert.equal(checks, corpusUrls * kCorpusAgents.length);
  t.diagnostic(`${checks} checks on ${hostsWithUrls.length} hosts agree`);
});
