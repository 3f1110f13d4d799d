// The answer as schemas/answer.schema.json describes it, for every language: the
// installed package's verdicts and decisions have the schema's fields in its order and no
// others (camelCase here, snake_case there), every enumeration word they give is one of
// the schema's, and index.d.ts declares the same fields and words. The schema is read from
// the source tree, so that a field or word added or renamed there fails here first.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { parse, RobotsClient } from "robotstxt-wasm";

const schema = JSON.parse(
  readFileSync(join(process.env.ROBOTSTXT_SOURCE_DIR, "schemas", "answer.schema.json"), "utf8"),
);
const defs = schema.$defs;

const snakeCase = (name) => name.replace(/[A-Z]/g, (letter) => "_" + letter.toLowerCase());

// The enumeration a property's words come from (its $ref, alone or beside null), or null.
function enumerationOf(property) {
  const ref = property.$ref ?? property.oneOf?.find((choice) => choice.$ref)?.$ref;
  if (ref === undefined) return null;
  const name = ref.split("/").pop();
  return defs[name].enum ? name : null;
}

function accepts(property, value) {
  if (property.oneOf) return property.oneOf.some((choice) => accepts(choice, value));
  if (property.$ref) {
    const target = defs[property.$ref.split("/").pop()];
    return target.enum ? target.enum.includes(value) : value !== null && typeof value === "object";
  }
  return [property.type].flat().some((type) => {
    switch (type) {
      case "null":
        return value === null;
      case "boolean":
        return typeof value === "boolean";
      case "integer":
        return Number.isInteger(value) && value >= (property.minimum ?? -Infinity);
      case "string":
        return typeof value === "string";
      default:
        return false;
    }
  });
}

// Holds `answer` to $defs[name] (and a decision's verdict to $defs.verdict): the same
// fields in the same order, and each value one the schema allows.
function assertShape(name, answer, question) {
  const properties = defs[name].properties;
  assert.deepEqual(
    Object.keys(answer).map(snakeCase),
    Object.keys(properties),
    `${name} fields for ${question}`,
  );
  for (const [key, value] of Object.entries(answer)) {
    const property = properties[snakeCase(key)];
    const words = enumerationOf(property);
    assert.ok(
      accepts(property, value),
      `${name}.${key} = ${JSON.stringify(value)} for ${question}` +
        (words ? `: not one of ${defs[words].enum.join(", ")}` : ""),
    );
  }
  if (name === "decision") {
    assertShape("verdict", answer.verdict, question);
    assert.equal(answer.allowed, answer.verdict.allowed, `allowed, the verdict's, for ${question}`);
  }
}

const kBody = [
  "User-agent: Googlebot", // 1
  "Disallow: /drafts/", // 2
  "",
  "User-agent: FooBot", // 4
  "Allow: /caf\u00e9", // 5
  "Disallow: /", // 6
  "",
  "User-agent: *", // 8
  "Disallow: /private", // 9
].join("\n");
const kNoStarBody = "User-agent: Googlebot\nDisallow: /drafts/\n";

// [body, agent, URL, expected crawlerRule]: every word of applied and crawler_rule, and
// both kinds.
const kQuestions = [
  [kBody, "FooBot", "https://example.com/x", null],
  [kBody, "FooBot", "https://example.com/caf%C3%A9", null],
  [kBody, "BarBot", "https://example.com/private/a", null],
  [kBody, "BarBot", "https://example.com/public", null],
  [kBody, { crawler: "Googlebot" }, "https://example.com/drafts/a", "own-token"],
  [kBody, { crawler: "Googlebot-Image" }, "https://example.com/drafts/a", "fallback-token"],
  [kBody, { crawler: "GoogleOther" }, "https://example.com/private/a", "global"],
  [kBody, { crawler: "AdsBot-Google" }, "https://example.com/private/a", "global-ignored"],
  [kNoStarBody, { crawler: "GoogleOther" }, "https://example.com/drafts/a", "no-groups"],
  [kBody, { crawler: "Feedfetcher" }, "https://example.com/private/a", "not-subject"],
];

const describe = (agent, url) => `${JSON.stringify(agent)} on ${url}`;

test("every verdict has the schema's fields and words, from verdict() and explain()", () => {
  const applied = new Set();
  const kinds = new Set();
  for (const [body, agent, url, crawlerRule] of kQuestions) {
    const robots = parse(body);
    try {
      const verdict = robots.verdict(url, agent);
      assertShape("verdict", verdict, describe(agent, url));
      assert.equal(verdict.crawlerRule, crawlerRule, describe(agent, url));
      assertShape("verdict", robots.explain(url, agent).verdict, describe(agent, url));
      applied.add(verdict.applied);
      kinds.add(verdict.kind);
    } finally {
      robots.free();
    }
  }
  // The questions reach every word, so that a word the schema lacks cannot hide.
  assert.deepEqual([...applied].sort(), [...defs.applied_groups.enum].sort());
  assert.deepEqual([...kinds].sort(), [...defs.rule_kind.enum, null].sort());
});

test("Googlebot-Image falls back to Googlebot's group: the crawler choice and the rule", () => {
  const robots = parse("User-agent: Googlebot\nDisallow: /drafts/\n");
  try {
    const verdict = robots.verdict("https://example.com/drafts/a", { crawler: "Googlebot-Image" });
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.crawlerRule, "fallback-token");
    assert.equal(verdict.crawlerToken, "Googlebot");
    assert.equal(verdict.rule, "/drafts/");
    assert.equal(verdict.kind, "disallow");
    assert.equal(verdict.line, 2);
  } finally {
    robots.free();
  }
});

// The native CLI's `check --json` prints the same verdict, snake_case, with line 0 as null.
const scratch = mkdtempSync(join(tmpdir(), "answer-schema-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

test("each verdict is the native library's, field for field", () => {
  kQuestions.forEach(([body, agent, url], i) => {
    const file = join(scratch, `robots${i}.txt`);
    writeFileSync(file, body);
    const args = typeof agent === "string"
      ? ["check", "--json", file, agent, url]
      : ["check", "--json", "--crawler", agent.crawler, file, url];
    const run = spawnSync(process.env.ROBOTSTXT_CLI, args, { encoding: "utf8" });
    assert.ok(run.status === 0 || run.status === 1, run.stderr);
    const native = JSON.parse(run.stdout);
    const robots = parse(body);
    try {
      const verdict = robots.verdict(url, agent);
      for (const [key, value] of Object.entries(verdict)) {
        const expected = native[snakeCase(key)];
        const asJson = key === "line" && value === 0 ? null : value;
        assert.deepEqual(asJson, expected, `${key} for ${describe(agent, url)}`);
      }
    } finally {
      robots.free();
    }
  });
});

// A fetch that answers each host as the test says, without a network.
function fakeFetch(answers) {
  return async (robotsUrl) => {
    const answer = answers[new URL(robotsUrl).hostname];
    if (answer === "unreachable") {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
    }
    return new Response(answer.body ?? "", { status: answer.status });
  };
}

test("every decision has the schema's fields and words", async () => {
  const client = new RobotsClient({
    fetch: fakeFetch({
      "rules.test": { status: 200, body: kBody },
      "gone.test": { status: 404 },
      "failing.test": { status: 503 },
      "down.test": "unreachable",
    }),
  });
  const seen = { access: new Set(), accessReason: new Set(), cacheTier: new Set() };
  const ask = async (url, agent, expected) => {
    const decision = await client.decide(url, agent);
    assertShape("decision", decision, describe(agent, url));
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual(decision[key], value, `${key} for ${describe(agent, url)}`);
    }
    for (const key of Object.keys(seen)) seen[key].add(decision[key]);
    return decision;
  };
  await ask("https://rules.test/private/a", "BarBot", {
    allowed: false, access: "rules", accessReason: "parsed", status: 200, cacheTier: "fetched",
    robotsUrl: "https://rules.test/robots.txt", fetchError: null,
  });
  await ask("https://rules.test/public", "BarBot", { allowed: true, cacheTier: "memory" });
  await ask("https://gone.test/a", "BarBot", {
    allowed: true, access: "full-allow", accessReason: "no-robots-txt", status: 404,
  });
  const failing = await ask("https://failing.test/a", "BarBot", {
    allowed: false, access: "full-disallow", accessReason: "recent-server-error", status: 503,
  });
  const { line, kind, rule } = failing.verdict;
  assert.deepEqual([line, kind, rule], [0, null, null], "no rule decided");
  // Not bound by robots.txt: allowed whatever the fetch gave.
  const notSubject = await ask("https://failing.test/b", { crawler: "Feedfetcher" }, {
    allowed: true, access: "full-disallow",
  });
  assert.equal(notSubject.verdict.crawlerRule, "not-subject");
  const down = await ask("https://down.test/a", "BarBot", {
    allowed: false, access: "full-disallow", status: 0,
  });
  assert.equal(typeof down.fetchError, "string");
  assert.ok(down.fetchError.length > 0);
  assert.deepEqual([...seen.cacheTier].sort(), ["fetched", "memory"]);
});

test("a URL with no origin: its url_error word, not allowed, nothing looked up", async () => {
  const client = new RobotsClient({
    fetch: () => {
      throw new Error("must not fetch");
    },
  });
  const urlErrors = [
    ["not a url", "not-absolute"],
    ["ftp://example.com/x", "unsupported-scheme"],
    ["http://exa mple.com/", "invalid-host"],
    ["http://example.com:99999/", "invalid-port"],
    ["http://\u{1F600}\uFFFF.example/", "invalid-idn"],
  ];
  // Every word of the schema's list, each once.
  assert.deepEqual(urlErrors.map(([, word]) => word), defs.url_error.enum);
  for (const [url, urlError] of urlErrors) {
    const decision = await client.decide(url, "FooBot");
    assertShape("decision", decision, url);
    assert.deepEqual(
      [decision.urlError, decision.allowed, decision.verdict.allowed],
      [urlError, false, false],
      url,
    );
    assert.deepEqual(
      [decision.access, decision.accessReason, decision.cacheTier, decision.robotsUrl],
      [null, null, null, null],
      url,
    );
  }
});

// index.d.ts as installed: its interfaces' fields, with comments removed.
const require = createRequire(import.meta.url);
const declarations = readFileSync(
  join(dirname(require.resolve("robotstxt-wasm/package.json")), "index.d.ts"),
  "utf8",
)
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/\/\/.*$/gm, "");

function declaredFields(name) {
  const body = new RegExp(`export interface ${name} \\{([^}]*)\\}`).exec(declarations);
  assert.ok(body, `index.d.ts declares ${name}`);
  return [...body[1].matchAll(/^\s*(\w+)\??:\s*([^;]+);/gm)].map(([, field, type]) => ({
    field,
    types: type.split("|").map((part) => part.trim()),
  }));
}

function declaredWords(alias) {
  const union = new RegExp(`export type ${alias} =([^;]*);`).exec(declarations);
  assert.ok(union, `index.d.ts declares the type ${alias}`);
  return [...union[1].matchAll(/"([^"]*)"/g)].map(([, word]) => word);
}

for (const name of ["verdict", "decision"]) {
  test(`index.d.ts declares the ${name}'s fields and words as the schema does`, () => {
    const properties = defs[name].properties;
    const fields = declaredFields(name[0].toUpperCase() + name.slice(1));
    assert.deepEqual(fields.map(({ field }) => snakeCase(field)), Object.keys(properties));
    for (const { field, types } of fields) {
      const property = properties[snakeCase(field)];
      // Null where the schema allows it, except for numbers: JavaScript gives 0 there (as
      // C does) where JSON gives null.
      const nullable = accepts(property, null) && !accepts(property, 0);
      assert.equal(types.includes("null"), nullable, `${field}: null`);
      const enumeration = enumerationOf(property);
      if (enumeration === null) continue;
      const alias = types.find((type) => type !== "null");
      assert.deepEqual(declaredWords(alias), defs[enumeration].enum, `${field}: ${alias}`);
    }
  });
}
