// The 400 conformance cases of google/robotstxt-spec-test (tests/data/conformance)
// through the installed package: every case's body as bytes, its URL and agent, the
// expected verdict, asked the three ways the package answers.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "robotstxt-wasm";

const cases = readFileSync(
  join(process.env.ROBOTSTXT_TEST_DATA_DIR, "conformance", "spec-test.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => JSON.parse(line));

test("the suite has its 400 cases", () => {
  assert.equal(cases.length, 400);
});

test("every conformance case gives the expected verdict", () => {
  const wrong = [];
  for (const [index, testCase] of cases.entries()) {
    const robots = parse(new Uint8Array(Buffer.from(testCase.robotstxt_b64, "base64")));
    try {
      const expected = testCase.expected === "allowed";
      const answers = [
        robots.isAllowed(testCase.url, testCase.agent),
        robots.verdict(testCase.url, testCase.agent).allowed,
        robots.isAllowedEach([testCase.url], testCase.agent)[0],
      ];
      if (answers.some((answer) => answer !== expected)) {
        wrong.push(`#${index} ${testCase.file} ${testCase.url} ${testCase.agent}: ${answers}`);
      }
    } finally {
      robots.free();
    }
  }
  assert.deepEqual(wrong, []);
});
