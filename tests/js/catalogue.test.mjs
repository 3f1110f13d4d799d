// The crawler catalogue through the installed package, against `robotstxt crawlers
// --json` (the native library's), and catalogue crawlers as agents.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { crawlers, parse, RobotstxtError, UNKNOWN_CRAWLER, NO_CRAWLER_IN_USER_AGENT } from "robotstxt-wasm";

const native = JSON.parse(
  execFileSync(process.env.ROBOTSTXT_CLI, ["crawlers", "--json"], { encoding: "utf8" }),
).crawlers;

test("every catalogue crawler, with its facts, in the native order", () => {
  const ours = crawlers();
  assert.equal(ours.length, native.length);
  ours.forEach((crawler, i) => {
    const expected = native[i];
    assert.equal(crawler.name, expected.name);
    assert.equal(crawler.operator, expected.operator);
    assert.equal(crawler.purpose, expected.purpose, crawler.name);
    assert.deepEqual([...crawler.tokens], expected.tokens, crawler.name);
    assert.equal(crawler.userAgentSubstring, expected.user_agent_substring || null, crawler.name);
    assert.equal(crawler.ignoresGlobalGroup, expected.ignores_global_group, crawler.name);
    assert.equal(crawler.obeysRobotsTxt, expected.obeys_robots_txt, crawler.name);
    assert.equal(crawler.verified, expected.verified, crawler.name);
  });
});

test("a crawler follows its own precedence: AdsBot ignores `*`", () => {
  const robots = parse("User-agent: *\nDisallow: /\n");
  try {
    assert.equal(robots.isAllowed("https://example.com/x", "AdsBot-Google"), false);
    assert.equal(robots.isAllowed("https://example.com/x", { crawler: "AdsBot-Google" }), true);
    assert.equal(robots.verdict("https://example.com/x", { crawler: "adsbot-google" }).allowed, true);
  } finally {
    robots.free();
  }
});

test("Googlebot-Image falls back to Googlebot's group", () => {
  const robots = parse("User-agent: Googlebot\nDisallow: /photos\n\nUser-agent: *\nAllow: /\n");
  try {
    const verdict = robots.verdict("https://example.com/photos/1.jpg", { crawler: "Googlebot-Image" });
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.crawlerToken, "Googlebot");
    assert.notEqual(verdict.crawlerRule, null);
  } finally {
    robots.free();
  }
});

test("a User-Agent header names its catalogue crawler", () => {
  const robots = parse("User-agent: Googlebot-Image\nDisallow: /\n");
  try {
    const header = "Googlebot-Image/1.0";
    assert.equal(robots.isAllowed("https://example.com/a.png", { userAgent: header }), false);
    const browser = "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0";
    assert.throws(
      () => robots.isAllowed("https://example.com/", { userAgent: browser }),
      (error) => error instanceof RobotstxtError && error.code === NO_CRAWLER_IN_USER_AGENT,
    );
  } finally {
    robots.free();
  }
});

test("an unknown crawler name is an error that suggests close names", () => {
  const robots = parse("");
  try {
    assert.throws(
      () => robots.isAllowed("https://example.com/", { crawler: "Googlebot-Imag" }),
      (error) =>
        error instanceof RobotstxtError && error.code === UNKNOWN_CRAWLER &&
        /Googlebot-Image/.test(error.message),
    );
  } finally {
    robots.free();
  }
});
