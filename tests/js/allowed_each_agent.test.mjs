// isAllowedEachAgent(urls, agents): many URLs for several agents in one crossing
// (robotstxt_allowed_grid), through the installed package. Its answers must be
// isAllowed()'s, cell by cell, for every agent shape, on every corpus check, and with
// more agents than the cache of agent handles keeps.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { agentCacheLimit, cachedAgentCount, parse } from "robotstxt-wasm";

const kBody = [
  "User-agent: FooBot",
  "Disallow: /private",
  "Allow: /private/open$",
  "",
  "User-agent: Googlebot",
  "Disallow: /g",
  "",
  "User-agent: *",
  "Disallow: /*.pdf$",
].join("\n");
const kUrls = [
  "https://example.com/private/x",
  "https://example.com/private/open",
  "https://example.com/",
  "https://example.com/a.pdf",
  "https://example.com/g/1.png",
  "https://example.com/caf\u00e9",
];

function withRobots(body, use) {
  const robots = parse(body);
  try {
    return use(robots);
  } finally {
    robots.free();
  }
}

test("answers as isAllowed() for tokens, merged tokens, crawlers and User-Agents", () => {
  withRobots(kBody, (robots) => {
    const agents = [
      "FooBot",
      "BarBot",
      ["FooBot", "BarBot"],
      { crawler: "Googlebot-Image" },
      { crawler: "AdsBot-Google" },
      { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)" },
    ];
    const rows = robots.isAllowedEachAgent(kUrls, agents);
    assert.deepEqual(
      rows,
      agents.map((agent) => kUrls.map((url) => robots.isAllowed(url, agent))),
    );
    // Not all alike: the rows differ where the agents' groups do.
    assert.deepEqual(rows[0], [false, true, true, true, true, true]);
    assert.deepEqual(rows[3], [true, true, true, true, false, true]);
    assert.deepEqual(rows[4], [true, true, true, true, true, true]);
  });
});

test("empty URL or agent lists answer with empty rows; bad agents are TypeErrors", () => {
  withRobots(kBody, (robots) => {
    assert.deepEqual(robots.isAllowedEachAgent([], ["FooBot", "BarBot"]), [[], []]);
    assert.deepEqual(robots.isAllowedEachAgent(kUrls, []), []);
    assert.throws(() => robots.isAllowedEachAgent(kUrls, "FooBot"), TypeError);
    assert.throws(() => robots.isAllowedEachAgent(kUrls, ["FooBot", 7]), TypeError);
    assert.throws(() => robots.isAllowedEachAgent([kUrls[0], 7], ["FooBot"]), TypeError);
    assert.throws(() => robots.isAllowedEachAgent(kUrls[0], []), TypeError);
  });
});

test("more agents than the cache keeps: every handle lives through the call", () => {
  withRobots(kBody, (robots) => {
    // FooBot made first, then evicted by the others before the call crosses: a freed
    // handle would answer as whichever agent reused its memory.
    const agents = ["FooBot"];
    for (let i = 0; i < agentCacheLimit + 40; ++i) agents.push(`Filler${i}Bot`);
    agents.push("Googlebot");
    const rows = robots.isAllowedEachAgent(kUrls, agents);
    assert.deepEqual(rows[0], [false, true, true, true, true, true]);
    assert.deepEqual(rows[agents.length - 1], [true, true, true, true, false, true]);
    for (let a = 1; a < agents.length - 1; ++a) {
      assert.deepEqual(rows[a], [true, true, true, false, true, true], agents[a]);
    }
    assert.ok(cachedAgentCount() <= agentCacheLimit);
  });
});

test("every corpus check agrees with the native library", (t) => {
  const kCorpusAgents = ["googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"];
  const corpus = join(process.env.ROBOTSTXT_TEST_DATA_DIR, "corpus");
  const native = execFileSync(process.env.ROBOTSTXT_CORPUS_ANSWERS, [
    process.env.ROBOTSTXT_TEST_DATA_DIR,
  ], { encoding: "latin1", maxBuffer: 64 * 1024 * 1024 });
  let checks = 0;
  const disagreements = [];
  for (const line of native.split("\n")) {
    if (line === "") continue;
    const [host, expected] = line.split("\t");
    const urlsPath = join(corpus, "urls", host);
    const urls = !existsSync(urlsPath) ? [] : readFileSync(urlsPath, "utf8")
      .split("\n")
      .map((url) => (url.endsWith("\r") ? url.slice(0, -1) : url))
      .filter((url) => url !== "");
    assert.equal(urls.length * kCorpusAgents.length, expected.length, host);
    withRobots(new Uint8Array(readFileSync(join(corpus, "robots", host))), (robots) => {
      const rows = robots.isAllowedEachAgent(urls, kCorpusAgents);
      rows.forEach((row, a) => row.forEach((allowed, u) => {
        ++checks;
        if ((allowed ? "1" : "0") !== expected[u * kCorpusAgents.length + a]) {
          disagreements.push(`${host} ${urls[u]} ${kCorpusAgents[a]}`);
        }
      }));
    });
  }
  assert.deepEqual(disagreements.slice(0, 20), []);
  assert.equal(checks, 556075);
  t.diagnostic(`${checks} checks agree`);
});
