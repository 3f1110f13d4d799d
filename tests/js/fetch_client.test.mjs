// RobotsClient (the package's fetch helper) against loopback origins this test starts and
// stops: what each status means (docs/semantics.md 7), redirects followed by the
// platform's fetch, the 500 KiB cut, the timeline of server errors kept per origin, and
// the bound on remembered origins. Time is the client's `now`, moved by the test.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { RobotsClient } from "robotstxt-wasm";
import { startFixtureOrigin } from "./fixture_origin.mjs";

const kHour = 3600 * 1000;
const kDay = 24 * kHour;
const kRules = "User-agent: *\nDisallow: /private\n";

const origins = [];
async function origin() {
  const started = await startFixtureOrigin();
  origins.push(started);
  return started;
}
after(() => Promise.all(origins.map((started) => started.close())));

function clock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms) => (now += ms) };
}

test("a 2xx gives the rules, fetched once while fresh", async () => {
  const site = await origin();
  site.route("/robots.txt", { body: kRules });
  const client = new RobotsClient();
  const denied = await client.decide(`${site.origin}/private/page`, "FooBot");
  assert.equal(denied.allowed, false);
  assert.equal(denied.access, "rules");
  assert.equal(denied.accessReason, "parsed");
  assert.equal(denied.status, 200);
  assert.equal(denied.cacheTier, "fetched");
  assert.equal(denied.robotsUrl, `${site.origin}/robots.txt`);
  assert.equal(denied.verdict.line, 2);
  const allowed = await client.decide(`${site.origin}/public`, "FooBot");
  assert.equal(allowed.allowed, true);
  assert.equal(allowed.cacheTier, "memory");
  assert.equal(site.hits("/robots.txt"), 1);
});

test("4xx is a full allow, 429 and 5xx a full disallow", async () => {
  for (const [status, access, allowed] of [
    [404, "full-allow", true],
    [403, "full-allow", true],
    [401, "full-allow", true],
    [429, "full-disallow", false],
    [500, "full-disallow", false],
    [503, "full-disallow", false],
  ]) {
    const site = await origin();
    site.route("/robots.txt", { status, body: "User-agent: *\nAllow: /\n" });
    const decision = await new RobotsClient().decide(`${site.origin}/page`, "FooBot");
    assert.equal(decision.access, access, `status ${status}`);
    assert.equal(decision.allowed, allowed, `status ${status}`);
    assert.equal(decision.verdict.allowed, allowed, `status ${status}`);
    assert.equal(decision.verdict.line, 0, `status ${status}`);
    assert.equal(decision.status, status);
  }
});

test("a redirect is followed by the platform, and its target's rules apply", async () => {
  const site = await origin();
  site.route("/robots.txt", { status: 301, headers: { location: "/moved/robots.txt" } });
  site.route("/moved/robots.txt", { body: kRules });
  const decision = await new RobotsClient().decide(`${site.origin}/private`, "FooBot");
  assert.equal(decision.access, "rules");
  assert.equal(decision.allowed, false);
  assert.equal(site.hits("/moved/robots.txt"), 1);
});

test("endless redirects are a failed redirect: a full allow, as for 404", async () => {
  const site = await origin();
  site.route("/robots.txt", { status: 302, headers: { location: "/robots.txt" } });
  const decision = await new RobotsClient().decide(`${site.origin}/private`, "FooBot");
  assert.equal(decision.access, "full-allow");
  assert.equal(decision.accessReason, "redirects-failed");
  assert.equal(decision.allowed, true);
});

test("only the first 500 KiB of a body count, and the transfer stops there", async () => {
  const site = await origin();
  // The file's own first rule fits; the one after 600 KiB of comment does not.
  const body = "User-agent: *\nDisallow: /early\n#" + "x".repeat(600 * 1024) + "\nDisallow: /late\n";
  site.route("/robots.txt", { body });
  const client = new RobotsClient();
  assert.equal((await client.decide(`${site.origin}/early`, "FooBot")).allowed, false);
  assert.equal((await client.decide(`${site.origin}/late`, "FooBot")).allowed, true);
});

test("a body without end is cut: the client stops reading at 500 KiB", async () => {
  const site = await origin();
  site.route("/robots.txt", { endless: true });
  const decision = await new RobotsClient().decide(`${site.origin}/page`, "FooBot");
  assert.equal(decision.access, "rules");
  // What the server wrote before the client hung up: the cut plus what the sockets'
  // buffers took, far below the 256 MiB the server would send.
  assert.ok(site.sent("/robots.txt") < 32 * 1024 * 1024, `${site.sent("/robots.txt")} bytes`);
});

test("server errors run a timeline per origin: disallow, last good copy, allow", async () => {
  const site = await origin();
  let status = 200;
  site.route("/robots.txt", () => ({ status, body: kRules }));
  const time = clock();
  const client = new RobotsClient({ now: time.now });
  const ask = () => client.decide(`${site.origin}/public`, "FooBot");

  assert.equal((await ask()).access, "rules");
  // The copy expires after a day; the server now fails.
  status = 503;
  time.advance(25 * kHour);
  const recent = await ask();
  assert.equal(recent.access, "full-disallow");
  assert.equal(recent.accessReason, "recent-server-error");
  assert.equal(recent.allowed, false);
  // Errors for more than 12 hours: the last good copy answers.
  time.advance(13 * kHour);
  const lastGood = await ask();
  assert.equal(lastGood.access, "rules");
  assert.equal(lastGood.accessReason, "last-good-copy");
  assert.equal(lastGood.allowed, true);
  assert.equal((await client.decide(`${site.origin}/private`, "FooBot")).allowed, false);
  // Errors for 30 days and more, with the server answering: a full allow.
  time.advance(31 * kDay);
  const longDown = await ask();
  assert.equal(longDown.access, "full-allow");
  assert.equal(longDown.accessReason, "long-error-site-up");
  // The server recovers: its rules again.
  status = 200;
  time.advance(kDay);
  assert.equal((await ask()).access, "rules");
});

test("an origin that cannot be reached is fully disallowed", async () => {
  const site = await origin();
  const gone = site.origin;
  await site.close();
  const decision = await new RobotsClient({ timeoutMs: 5000 }).decide(`${gone}/page`, "FooBot");
  assert.equal(decision.access, "full-disallow");
  assert.equal(decision.status, 0);
  assert.ok(decision.fetchError, "the fetch's error is given");
});

test("a crawler robots.txt does not bind is allowed whatever the fetch gave", async () => {
  const site = await origin();
  site.route("/robots.txt", { status: 503 });
  const client = new RobotsClient();
  const bound = await client.decide(`${site.origin}/page`, { crawler: "Googlebot" });
  assert.equal(bound.allowed, false);
  const free = await client.decide(`${site.origin}/page`, { crawler: "Feedfetcher" });
  assert.equal(free.access, "full-disallow");
  assert.equal(free.allowed, true);
  assert.equal(free.verdict.allowed, true);
  assert.equal(free.verdict.crawlerRule, "not-subject");
});

test("origins remembered are bounded by maxOrigins", async () => {
  const client = new RobotsClient({ maxOrigins: 2 });
  for (let i = 0; i < 4; ++i) {
    const site = await origin();
    site.route("/robots.txt", { body: kRules });
    await client.decide(`${site.origin}/page`, "FooBot");
    assert.ok(client.originCount <= 2);
  }
  assert.equal(client.originCount, 2);
});

test("a URL without an http(s) origin is refused, not fetched", async () => {
  const client = new RobotsClient({
    fetch: () => {
      throw new Error("must not fetch");
    },
  });
  for (const [url, urlError] of [
    ["not a url", "not-absolute"],
    ["/relative/path", "not-absolute"],
    ["ftp://example.com/x", "unsupported-scheme"],
    ["http://exa mple.com/", "invalid-host"],
    ["https://example.com:0/", "invalid-port"],
    ["https://example.com:65536/", "invalid-port"],
  ]) {
    const decision = await client.decide(url, "FooBot");
    assert.equal(decision.urlError, urlError, url);
    assert.equal(decision.allowed, false, url);
    assert.equal(decision.verdict.allowed, false, url);
    assert.deepEqual(
      [decision.access, decision.accessReason, decision.cacheTier, decision.robotsUrl],
      [null, null, null, null],
      url,
    );
  }
});
