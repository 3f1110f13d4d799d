// The parsed object's API through the installed package: each question's answer and
// shape, the three agent forms, bytes and strings as bodies, freeing, and the bound on
// cached agent handles.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as robotstxt from "robotstxt-wasm";
import { agentCacheLimit, cachedAgentCount, parse, RobotsTxt } from "robotstxt-wasm";

const kBody = [
  "User-agent: FooBot", // 1
  "Disallow: /private", // 2
  "Allow: /private/open$", // 3
  "Crawl-delay: 2.5", // 4
  "Request-rate: 1/5s 0600-0845", // 5
  "", // 6
  "User-agent: *", // 7
  "Disallow: /*.pdf$", // 8
  "Content-Usage: train-ai=n", // 9
  "", // 10
  "Sitemap: https://example.com/sitemap.xml", // 11
  "Sitemap: https://example.com/news.xml", // 12
].join("\n");

function withRobots(body, use) {
  const robots = parse(body);
  try {
    return use(robots);
  } finally {
    robots.free();
  }
}

test("the main export offers parse, and the parsed object isAllowed(url, agent)", () => {
  assert.equal(typeof robotstxt.parse, "function");
  withRobots(kBody, (robots) => {
    assert.ok(robots instanceof RobotsTxt);
    assert.equal(robots.isAllowed("https://example.com/private/x", "FooBot"), false);
    assert.equal(robots.isAllowed("https://example.com/private/open", "FooBot"), true);
    assert.equal(robots.isAllowed("https://example.com/private/x", "BarBot"), true);
    assert.equal(robots.isAllowed("https://example.com/a.pdf", "BarBot"), false);
  });
});

test("a body as bytes answers as the same body as a string", () => {
  const bytes = new TextEncoder().encode(kBody);
  const fromBytes = parse(bytes);
  try {
    withRobots(kBody, (fromString) => {
      for (const url of ["https://example.com/private/x", "https://example.com/a.pdf"]) {
        assert.deepEqual(fromBytes.verdict(url, "FooBot"), fromString.verdict(url, "FooBot"));
      }
    });
  } finally {
    fromBytes.free();
  }
  assert.throws(() => parse(42), TypeError);
});

test("verdict() gives the decisive line, the rule as written and whose groups applied", () => {
  withRobots(kBody, (robots) => {
    const verdict = robots.verdict("https://example.com/private/open", "FooBot");
    assert.equal(verdict.allowed, true);
    assert.equal(verdict.line, 3);
    assert.equal(verdict.kind, "allow");
    assert.equal(verdict.rule, "/private/open$");
    assert.equal(verdict.crawlerRule, null);
    const none = robots.verdict("https://example.com/", "FooBot");
    assert.deepEqual([none.allowed, none.line, none.rule, none.kind], [true, 0, null, null]);
    assert.notEqual(
      robots.verdict("https://example.com/private", "FooBot").applied,
      robots.verdict("https://example.com/a.pdf", "BarBot").applied,
    );
  });
});

test("merged tokens are one agent", () => {
  withRobots("User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n", (robots) => {
    assert.equal(robots.isAllowed("https://example.com/b", ["a", "b"]), false);
    assert.equal(robots.isAllowed("https://example.com/a", ["a", "b"]), false);
    assert.equal(robots.isAllowed("https://example.com/b", ["a"]), true);
  });
  withRobots("", (robots) => {
    assert.throws(() => robots.isAllowed("https://example.com/", []), TypeError);
    assert.throws(() => robots.isAllowed("https://example.com/", { name: "x" }), TypeError);
    assert.throws(() => robots.isAllowed("https://example.com/", 7), TypeError);
  });
});

test("isAllowedEach() answers many URLs as isAllowed() does one by one", () => {
  withRobots(kBody, (robots) => {
    const urls = [
      "https://example.com/private/x",
      "https://example.com/private/open",
      "https://example.com/",
      "https://example.com/a.pdf",
      "https://example.com/caf\u00e9",
    ];
    for (const agent of ["FooBot", "BarBot", ["FooBot", "BarBot"], { crawler: "Googlebot" }]) {
      assert.deepEqual(
        robots.isAllowedEach(urls, agent),
        urls.map((url) => robots.isAllowed(url, agent)),
      );
    }
    assert.deepEqual(robots.isAllowedEach([], "FooBot"), []);
  });
});

test("isAllowedEach() sees a changed array: no stale batch is reused", () => {
  withRobots(kBody, (robots) => {
    const urls = ["https://example.com/private/x", "https://example.com/"];
    assert.deepEqual(robots.isAllowedEach(urls, "FooBot"), [false, true]);
    assert.deepEqual(robots.isAllowedEach(urls, "BarBot"), [true, true]);
    urls[1] = "https://example.com/private/y";
    assert.deepEqual(robots.isAllowedEach(urls, "FooBot"), [false, false]);
    urls.push("https://example.com/a.pdf");
    assert.deepEqual(robots.isAllowedEach(urls, "BarBot"), [true, true, false]);
    assert.deepEqual(robots.isAllowedEach(urls.slice(0, 1), "FooBot"), [false]);
  });
});

test("sitemaps, crawl-delay and request-rate as written", () => {
  withRobots(kBody, (robots) => {
    assert.deepEqual(
      [...robots.sitemaps],
      ["https://example.com/sitemap.xml", "https://example.com/news.xml"],
    );
    assert.equal(robots.crawlDelay("FooBot"), 2.5);
    assert.equal(robots.crawlDelay("BarBot"), null);
    assert.deepEqual(robots.requestRate("FooBot"), { requests: 1, seconds: 5, window: "0600-0845" });
    assert.equal(robots.requestRate("BarBot"), null);
  });
});

test("contentUsage() reads the Content-Usage preference that applies", () => {
  withRobots(kBody, (robots) => {
    const usage = robots.contentUsage("https://example.com/page", "BarBot");
    assert.equal(usage.fetchable, true);
    assert.equal(usage.trainAi, "disallowed");
    assert.deepEqual(usage.lines, [9]);
    const blocked = robots.contentUsage("https://example.com/a.pdf", "BarBot");
    assert.equal(blocked.fetchable, false);
  });
});

test("explain() names the path, the groups and every matching rule", () => {
  withRobots(kBody, (robots) => {
    const explanation = robots.explain("https://example.com/private/open?x=1", "FooBot");
    assert.equal(explanation.path, "/private/open?x=1");
    assert.deepEqual(explanation.groups, [0]);
    assert.deepEqual(explanation.matches.map((match) => match.line), [2]);
    assert.equal(explanation.verdict.allowed, false);
    assert.deepEqual(
      explanation.verdict,
      robots.verdict("https://example.com/private/open?x=1", "FooBot"),
    );
  });
});

test("a freed object refuses questions; free() twice is harmless; using disposes", () => {
  const robots = parse(kBody);
  robots.free();
  robots.free();
  assert.throws(() => robots.isAllowed("https://example.com/", "FooBot"), /freed/);
  if (typeof Symbol.dispose === "symbol") {
    const disposed = parse(kBody);
    disposed[Symbol.dispose]();
    assert.throws(() => disposed.verdict("https://example.com/", "FooBot"), /freed/);
  }
});

test("cached agent handles stay within agentCacheLimit", () => {
  withRobots(kBody, (robots) => {
    for (let i = 0; i < 3 * agentCacheLimit; ++i) {
      robots.isAllowed("https://example.com/private", `Bot${i}`);
      assert.ok(cachedAgentCount() <= agentCacheLimit);
    }
    assert.equal(cachedAgentCount(), agentCacheLimit);
    // An evicted agent is made again and still answers.
    assert.equal(robots.isAllowed("https://example.com/private", "FooBot"), false);
  });
});

test("every byte sequence is a robots.txt, however hostile", () => {
  const bytes = new Uint8Array(300000);
  for (let i = 0; i < bytes.length; ++i) bytes[i] = (i * 7919) & 0xff;
  withRobots(bytes, (robots) => {
    assert.equal(typeof robots.isAllowed("https://example.com/\u0000\uffff", "FooBot"), "boolean");
    assert.ok(Array.isArray(robots.lint()));
  });
  withRobots("User-agent: *\nDisallow: /" + "*".repeat(2000) + "x\n", (robots) => {
    assert.equal(robots.isAllowed("https://example.com/" + "a".repeat(100000), "FooBot"), true);
    assert.equal(robots.isAllowed("https://example.com/" + "a".repeat(100000) + "x", "FooBot"), false);
  });
});

// The module searches a path sixteen bytes at a time, its last bytes as the sixteen that
// end it: a URL's end and a rule's bytes after a star are found wherever they fall,
// in paths of every length up to 47 bytes.
test("ends of the path and bytes after a star are found wherever they fall", () => {
  const body = "User-agent: *\nDisallow: /*z\nDisallow: /*qu\n";
  withRobots(body, (robots) => {
    for (let length = 0; length < 48; ++length) {
      const run = "a".repeat(length);
      const url = (path) => `https://example.com/${path}`;
      assert.equal(robots.isAllowed(url(run), "FooBot"), true, `${length}`);
      assert.equal(robots.isAllowed(url(run + "z"), "FooBot"), false, `z after ${length}`);
      assert.equal(robots.isAllowed(url(run + "qu" + run), "FooBot"), false, `qu after ${length}`);
      assert.equal(robots.isAllowed(url(run + "q" + run), "FooBot"), true, `q after ${length}`);
      assert.equal(robots.isAllowed(url(run + "#z"), "FooBot"), true, `#z after ${length}`);
      assert.equal(robots.isAllowed(url(run + "\u0000z"), "FooBot"), true, `NUL after ${length}`);
      assert.equal(robots.isAllowed(url(`${run}?z`), "FooBot"), false, `?z after ${length}`);
    }
  });
});

// Growing the module's memory moves every view of it: a URL written after that must be
// written where the module reads it, not through a view of the memory before.
test("answers stay right when the module's memory grows between questions", () => {
  withRobots("User-agent: *\nDisallow: /private\n", (robots) => {
    assert.equal(robots.isAllowed("https://example.com/private/a", "FooBot"), false);
    assert.equal(robots.isAllowed("https://example.com/public", "FooBot"), true);
    // About 40 MB of parsed files held at once: more than the module's memory at start.
    const line = "Disallow: /" + "x".repeat(80) + "\n";
    const large = "User-agent: *\n" + line.repeat(5000);
    const held = Array.from({ length: 100 }, () => parse(large));
    try {
      assert.equal(robots.isAllowed("https://example.com/public", "FooBot"), true);
      assert.equal(robots.isAllowed("https://example.com/private/b", "FooBot"), false);
      assert.equal(robots.isAllowed("https://example.com/private/c/d", "BarBot"), false);
    } finally {
      for (const other of held) other.free();
    }
  });
});
