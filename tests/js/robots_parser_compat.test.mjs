// robotstxt-wasm/robots-parser, and the CommonJS package made from it for robots-parser's
// place (robotstxt-robots-parser), against robots-parser's own test cases
// (robots_parser_cases.mjs): every check gives robots-parser's answer, except the ones
// in kGoogleDiffers, where Google's crawlers answer otherwise and so does this entry
// point; docs/javascript.md explains each.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import robotsParser from "robotstxt-wasm/robots-parser";
import { cases } from "./robots_parser_cases.mjs";

// "case name | method | first argument" -> our answer, for the checks where Google's
// crawlers answer otherwise than robots-parser (docs/javascript.md, "Where the answers
// differ"; the rules are docs/semantics.md's).
export const kGoogleDiffers = new Map([
  // 1.8: a rule's percent-encoding is upper-cased, the URL's is not.
  ["handles Unicode and percent-encoded paths | isDisallowed | http://www.example.com/%e2%9d%83",
    false],
  // A lone surrogate is no character: TextEncoder (the rule) and the URL parser (the URL)
  // both turn it into U+FFFD, so the rule matches the URL.
  ["handles lone high and low surrogates | isAllowed | http://www.example.com/\udc00", false],
  ["handles lone high and low surrogates | isAllowed | http://www.example.com/\ud800", false],
  // 2.2: crawl-delay ends no group, so the user-agent lines after one join its group.
  ["parses the crawl-delay directive | getCrawlDelay | b", 1],
  ["falls back to * when an agent has no group of its own | getCrawlDelay | d", 1],
  ["does not fall back to * when the agent has a group | getCrawlDelay | b", 1],
  ["ignores version numbers in the user agent | getCrawlDelay | d/12", 1],
  ["ignores version numbers in the user agent | getCrawlDelay | b / 1.0", 1],
]);

function checkCases(t, robotsParser) {
  let agreed = 0;
  const differing = [];
  const wrong = [];
  for (const testCase of cases) {
    const robots = robotsParser(testCase.url, testCase.body);
    for (const [method, args, expected] of testCase.checks) {
      const key = `${testCase.name} | ${method} | ${args[0] ?? ""}`;
      const answer = robots[method](...args);
      const google = kGoogleDiffers.has(key);
      const want = google ? kGoogleDiffers.get(key) : expected;
      try {
        assert.deepEqual(answer, want);
      } catch {
        wrong.push(`${key}: ${JSON.stringify(answer)}, expected ${JSON.stringify(want)}`);
        continue;
      }
      if (google) differing.push(key);
      else ++agreed;
    }
  }
  assert.deepEqual(wrong, []);
  t.diagnostic(`${agreed} checks as robots-parser, ${differing.length} as Google differs`);
}

test("robots-parser's cases give its answers, or Google's where documented", (t) => {
  checkCases(t, robotsParser);
});

test("robotstxt-robots-parser, loaded with require(), gives the same answers", (t) => {
  const required = createRequire(import.meta.url)("robotstxt-robots-parser");
  assert.equal(typeof required, "function");
  checkCases(t, required);
});
