// RobotsClient: fetches robots.txt with the platform's fetch() and decides with the
// library's policy (docs/semantics.md 7) through the C ABI's robotstxt_entry_next and
// robotstxt_entry_access, so that a status code, a cut body or a run of server errors
// means here exactly what it means to the C++ RobotsClient. Entries live in memory, one
// per origin, and carry the 5xx timeline from one fetch to the next.
import { RobotsTxt, internal } from "./robots_txt.js";

const { wasm, memory, nameOf, agentHandle, readVerdict, kVerdictSize } = internal;

// docs/semantics.md 1.1: Google reads the first 500 KiB of a robots.txt.
const kMaxBodyBytes = 500 * 1024;
const kFetchResultSize = 56;
const kAccessSize = 16;
const kAccessRules = 2;
// FetchKind values (c_api.h ROBOTSTXT_FETCH_*).
const kFetchResponse = 0;
const kFetchTooManyRedirects = 1;
const kFetchUnfollowableRedirect = 3;
const kFetchNetworkError = 4;

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
  if (/redirect count exceeded/i.test(cause)) return kFetchTooManyRedirects;
  if (/redirect/i.test(cause) && /scheme|location/i.test(cause)) return kFetchUnfollowableRedirect;
  return kFetchNetworkError;
}

function writeFetchResult(result) {
  // Every string of the struct, then the struct itself, in one growable buffer.
  const fields = [result.body, result.cacheControl, result.robotsUrl, result.finalUrl, result.error]
    .map((value) => (typeof value === "string" ? encoder.encode(value) : value));
  let size = kFetchResultSize;
  for (const field of fields) size += field.length;
  const at = memory.scratchBytes(size);
  const heapU8 = memory.bytes();
  const heapU32 = wasm.HEAPU32;
  const heap32 = wasm.HEAP32;
  heap32[at >>> 2] = result.kind;
  heap32[(at >>> 2) + 1] = result.status;
  heap32[(at >>> 2) + 2] = result.truncated ? 1 : 0;
  heap32[(at >>> 2) + 3] = 0;
  let cursor = at + kFetchResultSize;
  fields.forEach((field, i) => {
    heapU8.set(field, cursor);
    heapU32[(at >>> 2) + 4 + 2 * i] = field.length === 0 ? 0 : cursor;
    heapU32[(at >>> 2) + 5 + 2 * i] = field.length;
    cursor += field.length;
  });
  return at;
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
  // origin -> {entry (handle), rules (RobotsTxt or null), access, reason, freshUntil, status}
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
   * The decision for `url`: {allowed, access, reason, robotsUrl, status, freshUntil,
   * verdict, urlError}. `access` and `reason` are the library's words ("full allow",
   * "rules", ...); verdict is set when the parsed rules decided.
   */
  async decide(url, agent) {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return this.#noOrigin("not an absolute URL");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      return this.#noOrigin("unsupported scheme");
    }
    const origin = parsed.origin;
    const robotsUrl = origin + "/robots.txt";
    const state = await this.#stateFor(origin, robotsUrl);
    const decision = {
      allowed: state.access === "full allow",
      access: state.access,
      reason: state.reason,
      robotsUrl,
      status: state.status,
      freshUntil: state.freshUntil,
      verdict: null,
      urlError: null,
    };
    if (state.rules) {
      decision.verdict = state.rules.verdict(url, agent);
      decision.allowed = decision.verdict.allowed;
    } else {
      agentHandle(agent);  // a bad agent throws whatever the access
    }
    return decision;
  }

  /** Frees every origin's entry; the client can still be used. */
  clear() {
    for (const state of this.#origins.values()) this.#release(state);
    this.#origins.clear();
  }

  #noOrigin(urlError) {
    return {
      allowed: false,
      access: null,
      reason: null,
      robotsUrl: null,
      status: 0,
      freshUntil: 0,
      verdict: null,
      urlError,
    };
  }

  async #stateFor(origin, robotsUrl) {
    const known = this.#origins.get(origin);
    if (known && this.#now() < known.freshUntil) {
      // Most recently used last, so that eviction takes the oldest.
      this.#origins.delete(origin);
      this.#origins.set(origin, known);
      return known;
    }
    // One fetch per origin at a time: concurrent questions wait for the same answer.
    let pending = this.#inFlight.get(origin);
    if (!pending) {
      pending = this.#refresh(origin, robotsUrl).finally(() => this.#inFlight.delete(origin));
      this.#inFlight.set(origin, pending);
    }
    return pending;
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
    const state = this.#read(entry, now, result.status);
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

  #read(entry, now, status) {
    const access = memory.scratchStruct(kAccessSize);
    const rulesOut = memory.outPointer();
    memory.check(wasm._robotstxt_entry_access(entry, BigInt(now), access, rulesOut, memory.error));
    const accessValue = memory.i32(access);
    const rulesHandle = accessValue === kAccessRules ? memory.u32(rulesOut) : 0;
    return {
      entry,
      rules: rulesHandle ? new RobotsTxt(rulesHandle, new Uint8Array(0)) : null,
      access: nameOf(wasm._robotstxt_access_name, accessValue),
      reason: nameOf(wasm._robotstxt_access_reason_name, memory.i32(access + 4)),
      freshUntil: memory.u32(access + 8) + memory.i32(access + 12) * 2 ** 32,
      status,
    };
  }

  #release(state) {
    state.rules?.free();
    wasm._robotstxt_entry_free(state.entry);
  }

  async #fetchRobots(robotsUrl) {
    const result = {
      kind: kFetchResponse,
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
