// The call shape of the `robots-parser` package, answered with Google's semantics, so
// that switching is one import:
//   import robotsParser from "robotstxt-wasm/robots-parser";
//   const robots = robotsParser("https://example.com/robots.txt", body);
//   robots.isAllowed("https://example.com/page", "Googlebot/2.1");
// docs/javascript.md lists every case where the answers differ from robots-parser's.
import { parse, internal } from "./robots_txt.js";

const { wasm, layout, nameOf, urlOrNull } = internal;

// robots-parser takes a whole User-Agent ("FooBot/1.2 (+https://...)") or a bare name;
// Google's crawlers match the product token, the leading run of letters, '-' and '_'.
// Without one, robots-parser asks as `*`: only the global group applies, which is what
// a token no group can name gives.
const kNoToken = "*";
function productToken(userAgent) {
  if (typeof userAgent !== "string") return kNoToken;
  const token = /^[A-Za-z_-]+/.exec(userAgent.trim());
  return token ? token[0] : kNoToken;
}

// Host: is no part of Google's robots.txt (it ignores the line); robots-parser reports
// the value of the last one. Read the way the library reads any line: name up to ':',
// value up to '#', both trimmed, lines ended by LF, CR LF or CR.
function lastHostValue(contents) {
  let host = null;
  for (const line of contents.split(/\r\n|\r|\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "host") continue;
    const value = line.slice(colon + 1).split("#")[0].trim();
    if (value !== "") host = value;
  }
  return host;
}

class Robots {
  #scope;
  #robots;
  #contents;

  constructor(url, contents) {
    const base = urlOrNull(url);
    this.#scope = base && /^https?:$/.test(base.protocol) ? base.origin : null;
    this.#contents = typeof contents === "string" ? contents : "";
    this.#robots = parse(this.#contents);
  }

  // The URL to ask about, or null when it is invalid or on another origin than the
  // robots.txt (robots-parser answers undefined there, and so does this).
  #inScope(url) {
    const parsed = urlOrNull(url);
    if (!parsed || this.#scope === null || parsed.origin !== this.#scope) return null;
    return parsed.href;
  }

  isAllowed(url, ua) {
    const href = this.#inScope(url);
    if (href === null) return undefined;
    return this.#robots.isAllowed(href, productToken(ua));
  }

  isDisallowed(url, ua) {
    const allowed = this.isAllowed(url, ua);
    return allowed === undefined ? undefined : !allowed;
  }

  /** Disallowed by a rule of a group that names the agent itself, not by `*`. */
  isExplicitlyDisallowed(url, ua) {
    const href = this.#inScope(url);
    if (href === null) return undefined;
    const verdict = this.#robots.verdict(href, productToken(ua));
    // The groups that applied name the agent.
    const specific = nameOf(wasm._robotstxt_applied_groups_name, layout.ROBOTSTXT_APPLIED_SPECIFIC);
    return !verdict.allowed && verdict.applied === specific;
  }

  /** The decisive rule's line (1-based), or -1 when no rule decided or out of scope. */
  getMatchingLineNumber(url, ua) {
    const href = this.#inScope(url);
    if (href === null) return -1;
    const { line } = this.#robots.verdict(href, productToken(ua));
    return line === 0 ? -1 : line;
  }

  getCrawlDelay(ua) {
    return this.#robots.crawlDelay(productToken(ua)) ?? undefined;
  }

  getSitemaps() {
    return [...this.#robots.sitemaps];
  }

  getPreferredHost() {
    return lastHostValue(this.#contents);
  }
}

/** robots-parser's entry point: `url` is where the robots.txt was fetched from. */
export default function robotsParser(url, contents) {
  return new Robots(url, contents);
}
