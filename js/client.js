// RobotsClient: fetches robots.txt with the platform's fetch() and decides with the
// library's policy (docs/semantics.md 7) through the C ABI's robotstxt_entry_next and
// robotstxt_entry_access, so that a status code, a cut body or a run of server errors
// means here exactly what it means to the C++ RobotsClient. Entries live in memory, one
// per origin, and carry the 5xx timeline from one fetch to the next.
import { RobotsTxt, crawlers, internal } from "./robots_txt.js";

const { wasm, memory, layout, nameOf, agentHandle, urlOrNull } = internal;

// docs/semantics.md 1.1: Google reads the first 500 KiB of a robots.txt.
const kMaxBodyBytes = 500 * 1024;

// The words of the two values only a decision holds. The module leaves out the C ABI's
// client, which fetches with libcurl, and with it robotstxt_url_error_name and
// robotstxt_cache_tier_name: these are their words (schemas/answer.schema.json, which
// tests/js/answer_schema.test.mjs holds them to).
const kNotAbsolute = "not-absolute";
const kUnsupportedScheme = "unsupported-scheme";
const kInvalidHost = "invalid-host";
const kInvalidPort = "invalid-port";
const kInvalidIdn = "invalid-idn";
const kCacheMemory = "memory";
const kCacheFetched = "fetched";

const encoder = new TextEncoder();

// Reads at most kMaxBodyBytes of a response and stops the transfer there.
async function readCappedBody(response) {
  const chunks = [];
  let size = 0;
  let truncated = false;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = kMaxBodyBytes - size;
      if (value.length > room) {
        chunks.push(value.subarray(0, room));
        size += room;
        truncated = true;
        await reader.cancel();
        break;
      }
      chunks.push(value);
      size += value.length;
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return { body, truncated };
}

// What fetch() threw, as a fetch kind. The Fetch standard reports every failure as a
// TypeError; Node (undici) names a redirect limit or a redirect to a scheme it cannot
// follow in the error's cause, which browsers do not expose: there those are network errors.
function failureKind(error) {
  const cause = String(error?.cause?.message ?? error?.message ?? "");
  if (/redirect count exceeded/i.test(cause)) return layout.ROBOTSTXT_FETCH_TOO_MANY_REDIRECTS;
  if (/redirect/i.test(cause) && /scheme|location/i.test(cause)) {
    return layout.ROBOTSTXT_FETCH_UNFOLLOWABLE_REDIRECT;
  }
  return layout.ROBOTSTXT_FETCH_NETWORK_ERROR;
}

function writeFetchResult(result) {
  // The struct, then every string of it, in one growable buffer; what is not set (the
  // reserved field) is 0.
  const f = layout.fetchResult;
  const fields = [
    [f.body, result.body],
    [f.cache_control, result.cacheControl],
    [f.robots_url, result.robotsUrl],
    [f.final_url, result.finalUrl],
    [f.error, result.error],
  ].map(([offset, value]) => [offset, typeof value === "string" ? encoder.encode(value) : value]);
  let size = f.sizeof;
  for (const [, bytes] of fields) size += bytes.length;
  const at = memory.scratchBytes(size);
  const heapU8 = memory.bytes();
  heapU8.fill(0, at, at + f.sizeof);
  const heapU32 = wasm.HEAPU32;
  const heap32 = wasm.HEAP32;
  heap32[(at + f.kind) >>> 2] = result.kind;
  heap32[(at + f.status) >>> 2] = result.status;
  heap32[(at + f.truncated) >>> 2] = result.truncated ? 1 : 0;
  let cursor = at + f.sizeof;
  for (const [offset, bytes] of fields) {
    heapU8.set(bytes, cursor);
    heapU32[(at + offset + layout.string.data) >>> 2] = bytes.length === 0 ? 0 : cursor;
    heapU32[(at + offset + layout.string.size) >>> 2] = bytes.length;
    cursor += bytes.length;
  }
  return at;
}

// Where `url`'s robots.txt is, or why it has none, checked in the order of the C++
// origin_of() (src/fetch/url.cc): scheme, then host, then port. Only http and https
// have one here, since fetch() fetches no other scheme.
function originOf(url) {
  if (typeof url !== "string") throw new TypeError("a URL is a string");
  const text = url.trim();
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
  if (!scheme) return { urlError: kNotAbsolute };
  const fetchable = /^https?$/i.test(scheme[1]);
  if (!text.startsWith("//", scheme[0].length)) {
    return { urlError: fetchable ? kNotAbsolute : kUnsupportedScheme };
  }
  if (!fetchable) return { urlError: kUnsupportedScheme };
  const parsed = urlOrNull(text);
  // The WHATWG parser takes port 0, which origin_of() refuses.
  if (parsed !== null && parsed.port !== "0") {
    return { urlError: null, origin: parsed.origin, robotsUrl: parsed.origin + "/robots.txt" };
  }
  // The parser says only that it failed: the host is at fault unless it parses alone.
  let authority = text.slice(scheme[0].length + 2).split(/[/?#\\]/, 1)[0];
  authority = authority.slice(authority.lastIndexOf("@") + 1);
  const colon = authority.lastIndexOf(":");
  const hasPort = colon > authority.lastIndexOf("]");
  const host = hasPort ? authority.slice(0, colon) : authority;
  if (host === "" || urlOrNull(`${scheme[1]}://${host}/`) === null) {
    return { urlError: /[^\x00-\x7f]/.test(host) ? kInvalidIdn : kInvalidHost };
  }
  return { urlError: hasPort ? kInvalidPort : kInvalidHost };
}

// The verdict where no rules were read (schemas/answer.schema.json): no rule decided.
function ruleless(allowed, crawlerRule) {
  return {
    allowed,
    line: 0,
    kind: null,
    pattern: null,
    strength: 0,
    viaIndexHtm: false,
    applied: nameOf(wasm._robotstxt_applied_groups_name, layout.ROBOTSTXT_APPLIED_NONE),
    rule: null,
    crawlerRule:
      crawlerRule === layout.ROBOTSTXT_CRAWLER_RULE_NONE
        ? null
        : nameOf(wasm._robotstxt_crawler_rule_name, crawlerRule),
    crawlerToken: null,
  };
}

// docs/semantics.md 8.3: a catalogue crawler robots.txt does not bind is always allowed,
// whatever the fetch gave. Product tokens are bound.
function boundByRobotsTxt(handle) {
  const index = wasm._robotstxt_agent_crawler_index(handle);
  return index < 0 || crawlers()[index].obeysRobotsTxt;
}

// The decision for a URL with no origin: nothing looked up, nothing allowed.
function noOriginDecision(urlError) {
  return {
    allowed: false,
    urlError,
    robotsUrl: null,
    access: null,
    accessReason: null,
    verdict: ruleless(false, layout.ROBOTSTXT_CRAWLER_RULE_NONE),
    status: 0,
    cacheTier: null,
    fetchError: null,
  };
}

/**
 * Answers "may this agent fetch this URL?" for live sites, as Google's crawlers would:
 * fetches each origin's robots.txt once, keeps it for as long as the policy says, and
 * remembers server errors across fetches. Options:
 *   fetch       the fetch function (default: the platform's globalThis.fetch)
 *   now         () => milliseconds since the epoch (default: Date.now); tests move it
 *   headers     headers sent with each robots.txt request (browsers do not let a page
 *               set User-Agent)
 *   timeoutMs   a fetch that takes longer is a network error (default 30000)
 *   maxOrigins  origins remembered; past it the least recently used is forgotten
 *               (default 10000)
 */
export class RobotsClient {
  #fetch;
  #now;
  #headers;
  #timeoutMs;
  #maxOrigins;
  // origin -> {entry (handle), rules (RobotsTxt or null), access (ROBOTSTXT_ACCESS_*),
  //            accessReason (ROBOTSTXT_REASON_*), freshUntil, status, fetchError}
  #origins = new Map();
  #inFlight = new Map();

  constructor(options = {}) {
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
    this.#headers = options.headers ?? {};
    this.#timeoutMs = options.timeoutMs ?? 30000;
    this.#maxOrigins = options.maxOrigins ?? 10000;
  }

  /** How many origins the client remembers now (at most maxOrigins). */
  get originCount() {
    return this.#origins.size;
  }

  /**
   * The decision for `url` (schemas/answer.schema.json, "decision"): {allowed, urlError,
   * robotsUrl, access, accessReason, verdict, status, cacheTier, fetchError}, every value
   * a stable word ("full-allow", "parsed", "fetched", ...). `allowed` is always
   * verdict.allowed. A URL with no origin has urlError set and is not allowed; nothing is
   * fetched for it, so access, accessReason, cacheTier and robotsUrl are null.
   */
  async decide(url, agent) {
    // A bad agent throws whatever the URL; whether robots.txt binds it is read now, as
    // the handle may leave the agent cache while the fetch runs.
    const bound = boundByRobotsTxt(agentHandle(agent));
    const where = originOf(url);
    if (where.urlError !== null) return noOriginDecision(where.urlError);
    const { state, cacheTier } = await this.#stateFor(where.origin, where.robotsUrl);
    let verdict;
    if (!bound) {
      verdict = ruleless(true, layout.ROBOTSTXT_CRAWLER_RULE_NOT_SUBJECT);
    } else if (state.rules) {
      verdict = state.rules.verdict(url, agent);
    } else {
      verdict = ruleless(
        state.access === layout.ROBOTSTXT_ACCESS_FULL_ALLOW,
        layout.ROBOTSTXT_CRAWLER_RULE_NONE,
      );
    }
    return {
      allowed: verdict.allowed,
      urlError: null,
      robotsUrl: where.robotsUrl,
      access: nameOf(wasm._robotstxt_access_name, state.access),
      accessReason: nameOf(wasm._robotstxt_access_reason_name, state.accessReason),
      verdict,
      status: state.status,
      cacheTier,
      fetchError: state.fetchError,
    };
  }

  /** Frees every origin's entry; the client can still be used. */
  clear() {
    for (const state of this.#origins.values()) this.#release(state);
    this.#origins.clear();
  }

  // The origin's state, and whether it was in memory or fetched for this question.
  async #stateFor(origin, robotsUrl) {
    const known = this.#origins.get(origin);
    if (known && this.#now() < known.freshUntil) {
      // Most recently used last, so that eviction takes the oldest.
      this.#origins.delete(origin);
      this.#origins.set(origin, known);
      return { state: known, cacheTier: kCacheMemory };
    }
    // One fetch per origin at a time: concurrent questions wait for the same answer.
    let pending = this.#inFlight.get(origin);
    if (!pending) {
      pending = this.#refresh(origin, robotsUrl).finally(() => this.#inFlight.delete(origin));
      this.#inFlight.set(origin, pending);
    }
    return { state: await pending, cacheTier: kCacheFetched };
  }

  async #refresh(origin, robotsUrl) {
    const result = await this.#fetchRobots(robotsUrl);
    const now = this.#now();
    const previous = this.#origins.get(origin);
    const out = memory.outPointer();
    const resultAt = writeFetchResult(result);
    memory.check(
      wasm._robotstxt_entry_next(previous ? previous.entry : 0, resultAt, BigInt(now), out,
                                 memory.error),
    );
    const entry = memory.u32(out);
    const state = this.#read(entry, now, result);
    if (previous) {
      this.#origins.delete(origin);
      this.#release(previous);
    }
    this.#origins.set(origin, state);
    while (this.#origins.size > this.#maxOrigins) {
      const [oldestOrigin, oldest] = this.#origins.entries().next().value;
      this.#origins.delete(oldestOrigin);
      this.#release(oldest);
    }
    return state;
  }

  #read(entry, now, result) {
    const a = layout.access;
    const access = memory.scratchStruct(a.sizeof);
    const rulesOut = memory.outPointer();
    memory.check(wasm._robotstxt_entry_access(entry, BigInt(now), access, rulesOut, memory.error));
    const accessValue = memory.i32(access + a.access);
    const rulesHandle = accessValue === layout.ROBOTSTXT_ACCESS_RULES ? memory.u32(rulesOut) : 0;
    // An int64_t, little-endian, read as two 32-bit halves.
    const freshUntil = a.fresh_until_unix_ms;
    return {
      entry,
      rules: rulesHandle ? new RobotsTxt(rulesHandle, new Uint8Array(0)) : null,
      access: accessValue,
      accessReason: memory.i32(access + a.access_reason),
      freshUntil: memory.u32(access + freshUntil) + memory.i32(access + freshUntil + 4) * 2 ** 32,
      status: result.status,
      fetchError: result.error === "" ? null : result.error,
    };
  }

  #release(state) {
    state.rules?.free();
    wasm._robotstxt_entry_free(state.entry);
  }

  async #fetchRobots(robotsUrl) {
    const result = {
      kind: layout.ROBOTSTXT_FETCH_RESPONSE,
      status: 0,
      truncated: false,
      body: new Uint8Array(0),
      cacheControl: "",
      robotsUrl,
      finalUrl: robotsUrl,
      error: "",
    };
    try {
      const response = await this.#fetch(robotsUrl, {
        redirect: "follow",
        headers: this.#headers,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      result.status = response.status;
      result.finalUrl = response.url || robotsUrl;
      result.cacheControl = response.headers.get("cache-control") ?? "";
      const { body, truncated } = await readCappedBody(response);
      result.body = body;
      result.truncated = truncated;
    } catch (error) {
      result.kind = failureKind(error);
      result.status = 0;
      result.error = String(error?.cause?.message ?? error?.message ?? error).split("\n")[0];
    }
    return result;
  }
}
