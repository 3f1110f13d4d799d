// A parsed robots.txt, lint, and the crawler catalogue, asked through the C ABI
// (include/robotstxt/c_api.h) of the library compiled to WebAssembly: this file only
// moves bytes across that boundary and gives the answers JavaScript's shapes.
import { wasm } from "./instance.js";
import * as layout from "./layout.js";
import { RobotstxtError, heap } from "./memory.js";

const memory = heap(wasm);
// Every offset read here is layout.js's, made from the header the module was built
// with; a module of another ABI would be read at the wrong places.
if (wasm._robotstxt_abi_version() !== layout.ROBOTSTXT_ABI_VERSION) {
  throw new Error(
    `robotstxt-wasm: the module's C ABI ${wasm._robotstxt_abi_version()} is not ` +
      `layout.js's ${layout.ROBOTSTXT_ABI_VERSION}`,
  );
}

// Status codes of robotstxt_status that callers may want to tell apart.
const kUnknownCrawler = layout.ROBOTSTXT_UNKNOWN_CRAWLER;
const kNoCrawlerInUserAgent = layout.ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT;

const kStringSize = layout.string.sizeof;

/** The version of the library inside, e.g. "0.1.0". */
export const version = memory.readView(wasm._robotstxt_version);
/** The C ABI version the module was built with. */
export const abiVersion = wasm._robotstxt_abi_version();

// Names of enum values, read once from the library so that JavaScript says exactly what
// the CLI and the service say.
const nameCache = new Map();
function nameOf(nameFunction, value) {
  let names = nameCache.get(nameFunction);
  if (!names) nameCache.set(nameFunction, (names = new Map()));
  let name = names.get(value);
  if (name === undefined) {
    name = memory.readView(nameFunction, value);
    names.set(value, name);
  }
  return name;
}

// ------------------------------------------------------------------------------ agents

/**
 * Agent handles, cached by the agent's description so that asking again with the same
 * agent crosses no allocation. Bounded: past agentCacheLimit the oldest is freed (an
 * application that makes agents from untrusted strings cannot grow it without end).
 * Product tokens, the common case, are keyed by the string itself.
 */
export const agentCacheLimit = 256;
const tokenAgents = new Map();
const otherAgents = new Map();

/** How many agent handles are cached now (at most agentCacheLimit). */
export function cachedAgentCount() {
  return tokenAgents.size + otherAgents.size;
}

function otherAgentKey(agent) {
  if (Array.isArray(agent)) {
    if (agent.length === 0 || !agent.every((token) => typeof token === "string")) {
      throw new TypeError("an agent array holds one or more product tokens (strings)");
    }
    return "m\u0000" + agent.join("\u0000");
  }
  if (agent !== null && typeof agent === "object") {
    if (typeof agent.crawler === "string") return "c\u0000" + agent.crawler.toLowerCase();
    if (typeof agent.userAgent === "string") return "u\u0000" + agent.userAgent;
  }
  throw new TypeError(
    'an agent is a product token ("FooBot"), an array of tokens, {crawler: NAME} ' +
      "or {userAgent: HEADER}",
  );
}

function makeAgent(agent) {
  const out = memory.outPointer();
  if (typeof agent === "string" || Array.isArray(agent)) {
    const tokens = typeof agent === "string" ? [agent] : agent;
    const strings = memory.writeStrings(tokens);
    memory.check(
      wasm._robotstxt_agent_from_tokens(strings, tokens.length, out, memory.error),
    );
  } else if (typeof agent.crawler === "string") {
    const name = memory.writeString(agent.crawler);
    memory.check(wasm._robotstxt_agent_from_crawler(name.at, name.size, out, memory.error));
  } else {
    const header = memory.writeString(agent.userAgent);
    memory.check(
      wasm._robotstxt_agent_from_user_agent(header.at, header.size, out, memory.error),
    );
  }
  return memory.u32(out);
}

// The handle for `agent`, made at most once while it stays cached.
function agentHandle(agent) {
  const isToken = typeof agent === "string";
  const cache = isToken ? tokenAgents : otherAgents;
  const key = isToken ? agent : otherAgentKey(agent);
  let handle = cache.get(key);
  if (handle !== undefined) return handle;
  handle = makeAgent(agent);
  if (cachedAgentCount() >= agentCacheLimit) {
    const fullest = tokenAgents.size >= otherAgents.size ? tokenAgents : otherAgents;
    const [oldestKey, oldest] = fullest.entries().next().value;
    fullest.delete(oldestKey);
    if (heldEvictions !== null) heldEvictions.push(oldest);
    else wasm._robotstxt_agent_free(oldest);
  }
  cache.set(key, handle);
  return handle;
}

// While one call holds the handles of several agents, a handle the cache evicts for a
// later one of them is freed only after that call: more agents than the cache keeps
// must not leave the call a freed handle.
let heldEvictions = null;

// The handles of `agents`, in order, written as a pointer array into the module; calls
// `ask(pointers)` and frees what the cache evicted meanwhile after it.
function withAgentHandles(agents, ask) {
  if (!Array.isArray(agents)) throw new TypeError("expected an array of agents");
  heldEvictions = [];
  try {
    const handles = agents.map(agentHandle);
    const pointers = memory.scratchPointers(handles.length);
    memory.u32Array().set(handles, pointers >>> 2);
    return ask(pointers);
  } finally {
    for (const handle of heldEvictions) wasm._robotstxt_agent_free(handle);
    heldEvictions = null;
  }
}

// ------------------------------------------------------------------------------ verdicts

// A robotstxt_verdict as the answer's verdict (schemas/answer.schema.json), its fields in
// the schema's order: kind, pattern and rule are null where no rule decided (line 0).
function readVerdict(at) {
  const v = layout.verdict;
  const line = memory.u32(at + v.line);
  const decided = line !== 0;
  const crawlerRule = memory.i32(at + v.crawler_rule);
  return {
    allowed: memory.i32(at + v.allowed) === 1,
    line,
    kind: decided ? nameOf(wasm._robotstxt_rule_kind_name, memory.i32(at + v.kind)) : null,
    pattern: decided ? memory.readString(at + v.pattern) : null,
    strength: memory.u32(at + v.strength),
    viaIndexHtm: memory.i32(at + v.via_index_htm) === 1,
    applied: nameOf(wasm._robotstxt_applied_groups_name, memory.i32(at + v.applied)),
    rule: decided ? memory.readString(at + v.rule) : null,
    crawlerRule:
      crawlerRule === layout.ROBOTSTXT_CRAWLER_RULE_NONE
        ? null
        : nameOf(wasm._robotstxt_crawler_rule_name, crawlerRule),
    crawlerToken: memory.readString(at + v.crawler_token) || null,
  };
}

// Parsed files not freed by their owner are freed when collected: a safety net only,
// since the collector runs late and not at all for a page that closes.
const unfreed = new FinalizationRegistry((handle) => wasm._robotstxt_robots_free(handle));

/**
 * A parsed robots.txt. Immutable; answers any number of questions. Holds WebAssembly
 * memory until free() (or `using`, or, late, the garbage collector).
 */
export class RobotsTxt {
  #handle;
  #body;
  #sitemaps;

  /** @internal use parse(). */
  constructor(handle, body) {
    this.#handle = handle;
    this.#body = body;
    unfreed.register(this, handle, this);
  }

  #live() {
    if (this.#handle === 0) throw new Error("this RobotsTxt was freed");
    return this.#handle;
  }

  /** May `agent` fetch `url`? The URL is used as given (percent-encoded already). */
  isAllowed(url, agent) {
    const robots = this.#live();
    // A product token asked before, the common case, without a call.
    const handle = (typeof agent === "string" && tokenAgents.get(agent)) || agentHandle(agent);
    const text = memory.writeString(url);
    const answer = memory.outPointer();
    memory.check(
      wasm._robotstxt_allowed(robots, text.at, text.size, handle, answer, memory.error),
    );
    return memory.i32(answer) === 1;
  }

  /** The answer with its reason: the decisive line and rule, and whose groups applied. */
  verdict(url, agent) {
    const robots = this.#live();
    const handle = agentHandle(agent);
    const text = memory.writeString(url);
    const verdict = memory.scratchStruct(layout.verdict.sizeof);
    memory.check(
      wasm._robotstxt_verdict_of(robots, text.at, text.size, handle, verdict, memory.error),
    );
    return readVerdict(verdict);
  }

  /** isAllowed() for many URLs in one crossing: an array of booleans, in order. */
  isAllowedEach(urls, agent) {
    const robots = this.#live();
    const handle = agentHandle(agent);
    const strings = memory.writeBatch(urls);
    const answers = memory.scratchBytes(urls.length);
    memory.check(
      wasm._robotstxt_allowed_urls(robots, strings, urls.length, handle, answers, memory.error),
    );
    const out = new Array(urls.length);
    const bytes = memory.bytes();
    for (let i = 0; i < urls.length; ++i) out[i] = bytes[answers + i] === 1;
    return out;
  }

  /**
   * isAllowedEach() for several agents in one crossing: one array of booleans per agent,
   * in the agents' order (`[a][u]` answers urls[u] for agents[a]). Each URL is encoded
   * once and its path read once for all the agents.
   */
  isAllowedEachAgent(urls, agents) {
    const robots = this.#live();
    if (!Array.isArray(urls)) throw new TypeError("expected an array of URL strings");
    return withAgentHandles(agents, (pointers) => {
      const rows = agents.map(() => new Array(urls.length));
      if (urls.length === 0 || agents.length === 0) return rows;
      const strings = memory.writeBatch(urls);
      const agentCount = agents.length;
      const answers = memory.scratchBytes(urls.length * agentCount);
      memory.check(
        wasm._robotstxt_allowed_grid(
          robots, strings, urls.length, pointers, agentCount, answers, memory.error,
        ),
      );
      const bytes = memory.bytes();
      for (let u = 0, at = answers; u < urls.length; ++u) {
        for (let a = 0; a < agentCount; ++a, ++at) rows[a][u] = bytes[at] === 1;
      }
      return rows;
    });
  }

  /** The Sitemap lines' values as written, in file order. */
  get sitemaps() {
    if (this.#sitemaps === undefined) {
      const robots = this.#live();
      const count = wasm._robotstxt_sitemap_count(robots);
      const list = [];
      const view = memory.scratchStruct(kStringSize);
      for (let i = 0; i < count; ++i) {
        wasm._robotstxt_sitemap(view, robots, i);
        list.push(memory.readString(view));
      }
      this.#sitemaps = Object.freeze(list);
    }
    return this.#sitemaps;
  }

  /** The crawl-delay in seconds for `agent`, or null when its groups set none. */
  crawlDelay(agent) {
    const robots = this.#live();
    const handle = agentHandle(agent);
    const found = memory.outPointer();
    const seconds = memory.scratchStruct(8);
    memory.check(wasm._robotstxt_crawl_delay(robots, handle, found, seconds, memory.error));
    return memory.i32(found) === 1 ? memory.f64(seconds) : null;
  }

  /** The request-rate for `agent`: {requests, seconds, window}, or null. */
  requestRate(agent) {
    const robots = this.#live();
    const handle = agentHandle(agent);
    const rate = memory.scratchStruct(layout.rate.sizeof);
    memory.check(wasm._robotstxt_request_rate(robots, handle, rate, memory.error));
    if (memory.i32(rate + layout.rate.found) !== 1) return null;
    return {
      requests: memory.f64(rate + layout.rate.requests),
      seconds: memory.f64(rate + layout.rate.seconds),
      window: memory.readString(rate + layout.rate.window) || null,
    };
  }

  /**
   * The Content-Usage preferences for `url` (docs/semantics.md 9): {fetchable, trainAi,
   * search, lines}, each preference "allowed", "disallowed" or "unknown".
   */
  contentUsage(url, agent) {
    const robots = this.#live();
    const handle = agentHandle(agent);
    const usage = memory.scratchStruct(layout.usage.sizeof);
    let capacity = 8;
    for (;;) {
      const text = memory.writeString(url);
      const lines = memory.scratchLines(capacity);
      memory.check(
        wasm._robotstxt_content_usage(
          robots, text.at, text.size, handle, usage, lines, capacity, memory.error,
        ),
      );
      const lineCount = memory.u32(usage + layout.usage.line_count);
      if (lineCount > capacity) {
        capacity = lineCount;
        continue;
      }
      const deciding = [];
      for (let i = 0; i < lineCount; ++i) deciding.push(memory.u32(lines + 4 * i));
      return {
        fetchable: memory.i32(usage + layout.usage.fetchable) === 1,
        trainAi: nameOf(wasm._robotstxt_preference_name, memory.i32(usage + layout.usage.train_ai)),
        search: nameOf(wasm._robotstxt_preference_name, memory.i32(usage + layout.usage.search)),
        lines: deciding,
      };
    }
  }

  /** What is wrong or doubtful in the file: [{code, severity, line, column, text, message}]. */
  lint() {
    this.#live();
    return lint(this.#body);
  }

  /** Everything behind a verdict: the path matched, the groups applied, every rule that matched. */
  explain(url, agent) {
    const robots = this.#live();
    const handle = agentHandle(agent);
    const text = memory.writeString(url);
    const out = memory.outPointer();
    memory.check(wasm._robotstxt_explain(robots, text.at, text.size, handle, out, memory.error));
    const explanation = memory.u32(out);
    try {
      const view = memory.scratchStruct(kStringSize);
      wasm._robotstxt_explanation_path(view, explanation);
      const path = memory.readString(view);
      const groups = [];
      const groupCount = wasm._robotstxt_explanation_group_count(explanation);
      for (let i = 0; i < groupCount; ++i) {
        groups.push(Number(wasm._robotstxt_explanation_group(explanation, i)));
      }
      const matches = [];
      const matchCount = wasm._robotstxt_explanation_match_count(explanation);
      const m = layout.ruleMatch;
      const match = memory.scratchStruct(m.sizeof);
      for (let i = 0; i < matchCount; ++i) {
        memory.check(wasm._robotstxt_explanation_match(explanation, i, match, memory.error));
        matches.push({
          line: memory.u32(match + m.line),
          kind: nameOf(wasm._robotstxt_rule_kind_name, memory.i32(match + m.kind)),
          strength: memory.u32(match + m.strength),
          viaIndexHtm: memory.i32(match + m.via_index_htm) === 1,
          pattern: memory.readString(match + m.pattern),
          rule: memory.readString(match + m.written),
        });
      }
      const verdict = memory.scratchStruct(layout.verdict.sizeof);
      memory.check(wasm._robotstxt_explanation_verdict(explanation, verdict, memory.error));
      return {
        path,
        applied: nameOf(
          wasm._robotstxt_applied_groups_name,
          wasm._robotstxt_explanation_applied(explanation),
        ),
        groups,
        matches,
        verdict: readVerdict(verdict),
      };
    } finally {
      wasm._robotstxt_explanation_free(explanation);
    }
  }

  /** Gives the WebAssembly memory back now. Any later question throws. */
  free() {
    if (this.#handle === 0) return;
    unfreed.unregister(this);
    wasm._robotstxt_robots_free(this.#handle);
    this.#handle = 0;
  }
}
if (typeof Symbol.dispose === "symbol") {
  RobotsTxt.prototype[Symbol.dispose] = RobotsTxt.prototype.free;
}

// docs/semantics.md 1.1: only the first 500 KiB of a body count, so no more crosses into
// the module to be parsed, however large the body (lint() reads the rest, to say so).
const kMaxBodyBytes = 512000;

/** Parses a robots.txt body (a string, sent as UTF-8, or the bytes as served). */
export function parse(body) {
  const bytes = toBytes(body);
  const [data, size] = memory.writeBytes(
    bytes.length > kMaxBodyBytes ? bytes.subarray(0, kMaxBodyBytes) : bytes,
  );
  const out = memory.outPointer();
  memory.check(wasm._robotstxt_parse(data, size, out, memory.error));
  return new RobotsTxt(memory.u32(out), bytes);
}

const encoder = new TextEncoder();
function toBytes(body) {
  if (typeof body === "string") return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  throw new TypeError("a robots.txt body is a string or a Uint8Array");
}

/** Lints a body: [{code, severity, line, column, text, message}], by line then column. */
export function lint(body) {
  const bytes = toBytes(body);
  const [data, size] = memory.writeBytes(bytes);
  const out = memory.outPointer();
  memory.check(wasm._robotstxt_lint(data, size, out, memory.error));
  const report = memory.u32(out);
  try {
    const findings = [];
    const count = wasm._robotstxt_lint_finding_count(report);
    const f = layout.finding;
    const finding = memory.scratchStruct(f.sizeof);
    for (let i = 0; i < count; ++i) {
      memory.check(wasm._robotstxt_lint_finding(report, i, finding, memory.error));
      findings.push({
        code: memory.readString(finding + f.code),
        severity: nameOf(wasm._robotstxt_severity_name, memory.i32(finding + f.severity)),
        line: memory.u32(finding + f.line),
        column: memory.u32(finding + f.column),
        text: memory.readString(finding + f.text),
        message: memory.readString(finding + f.message),
      });
    }
    return findings;
  } finally {
    wasm._robotstxt_lint_report_free(report);
  }
}

let lintCodeList;
/** Every code lint() can report: [{code, severity, summary}]. */
export function lintCodes() {
  if (!lintCodeList) {
    const list = [];
    const count = wasm._robotstxt_lint_code_count();
    const code = memory.scratchStruct(2 * kStringSize + 4);
    for (let i = 0; i < count; ++i) {
      memory.check(
        wasm._robotstxt_lint_code(i, code, code + 2 * kStringSize, code + kStringSize, memory.error),
      );
      list.push(
        Object.freeze({
          code: memory.readString(code),
          severity: nameOf(wasm._robotstxt_severity_name, memory.i32(code + 2 * kStringSize)),
          summary: memory.readString(code + kStringSize),
        }),
      );
    }
    lintCodeList = Object.freeze(list);
  }
  return lintCodeList;
}

let crawlerList;
/**
 * The crawler catalogue (docs/semantics.md 8): [{name, operator, purpose, tokens,
 * userAgentSubstring, ignoresGlobalGroup, obeysRobotsTxt, verified, crawlDelay}].
 */
export function crawlers() {
  if (!crawlerList) {
    const list = [];
    const count = wasm._robotstxt_crawler_count();
    const c = layout.crawler;
    const crawler = memory.scratchStruct(c.sizeof + kStringSize);
    const token = crawler + c.sizeof;
    for (let i = 0; i < count; ++i) {
      memory.check(wasm._robotstxt_crawler_at(i, crawler, memory.error));
      const flags = memory.u32(crawler + c.flags);
      const tokens = [];
      const tokenCount = memory.u32(crawler + c.token_count);
      for (let t = 0; t < tokenCount; ++t) {
        wasm._robotstxt_crawler_token(token, i, t);
        tokens.push(memory.readString(token));
      }
      list.push(
        Object.freeze({
          name: memory.readString(crawler + c.name),
          operator: memory.readString(crawler + c.operator_name),
          purpose: nameOf(wasm._robotstxt_purpose_name, memory.i32(crawler + c.purpose)),
          tokens: Object.freeze(tokens),
          userAgentSubstring: memory.readString(crawler + c.user_agent_substring) || null,
          ignoresGlobalGroup: (flags & layout.ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP) !== 0,
          obeysRobotsTxt: (flags & layout.ROBOTSTXT_CRAWLER_OBEYS_ROBOTS_TXT) !== 0,
          verified: (flags & layout.ROBOTSTXT_CRAWLER_VERIFIED) !== 0,
          crawlDelay: nameOf(
            wasm._robotstxt_crawl_delay_support_name,
            memory.i32(crawler + c.crawl_delay),
          ),
        }),
      );
    }
    crawlerList = Object.freeze(list);
  }
  return crawlerList;
}

export { RobotstxtError, kUnknownCrawler as UNKNOWN_CRAWLER, kNoCrawlerInUserAgent as NO_CRAWLER_IN_USER_AGENT };

// `text` as the WHATWG URL parser reads it (scheme and host lower-cased, IDNs in punycode,
// non-ASCII in the path percent-encoded), or null when it is no URL.
function urlOrNull(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

// The module and the helpers, for the package's own files (client.js, robots-parser.js).
export const internal = { wasm, memory, layout, nameOf, agentHandle, readVerdict, urlOrNull };
