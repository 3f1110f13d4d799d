// lint() and lintCodes() through the installed package, against `robotstxt lint --json`
// (the native library's findings) on a file with known faults and on every tenth corpus file.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { lint, lintCodes, parse } from "robotstxt-wasm";

function nativeFindings(path) {
  let output;
  try {
    output = execFileSync(process.env.ROBOTSTXT_CLI, ["lint", "--json", path], { encoding: "utf8" });
  } catch (error) {
    if (error.status !== 1) throw error;  // 1: the file has errors, which is an answer
    output = error.stdout;
  }
  return JSON.parse(output).findings;
}

function comparable(findings) {
  return findings.map(({ code, severity, line, column, text, message }) => ({
    code, severity, line, column, text, message,
  }));
}

test("every lint code is listed once, with a severity and a summary", () => {
  const codes = lintCodes();
  assert.ok(codes.length > 10);
  assert.equal(new Set(codes.map((entry) => entry.code)).size, codes.length);
  for (const entry of codes) {
    assert.match(entry.code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(["error", "warning", "info"].includes(entry.severity), entry.code);
    assert.ok(entry.summary.length > 0, entry.code);
  }
});

test("a file with known faults gives the native findings, codes from lintCodes()", () => {
  const body = "Disallow: /x\nUser-agent: *\nDisalow: /y\nCrawl-delay: abc\n";
  const directory = mkdtempSync(join(tmpdir(), "robotstxt-lint-"));
  try {
    const path = join(directory, "robots.txt");
    writeFileSync(path, body);
    const ours = lint(body);
    assert.deepEqual(comparable(ours), comparable(nativeFindings(path)));
    assert.deepEqual(ours.slice(0, 1).map((finding) => finding.code), ["rule-outside-group"]);
    const known = new Set(lintCodes().map((entry) => entry.code));
    for (const finding of ours) assert.ok(known.has(finding.code), finding.code);
    // The parsed file's lint() reads the same body.
    const robots = parse(body);
    try {
      assert.deepEqual(robots.lint(), ours);
    } finally {
      robots.free();
    }
  } finally {
    rmSync(directory, { recursive: true });
  }
});

test("every tenth corpus file gives the native findings", () => {
  const robotsDir = join(process.env.ROBOTSTXT_TEST_DATA_DIR, "corpus", "robots");
  const hosts = readdirSync(robotsDir).sort().filter((_, i) => i % 10 === 0);
  for (const host of hosts) {
    const path = join(robotsDir, host);
    assert.deepEqual(
      comparable(lint(new Uint8Array(readFileSync(path)))),
      comparable(nativeFindings(path)),
      host,
    );
  }
});
