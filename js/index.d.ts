// Types of robotstxt-wasm (docs/javascript.md).

/**
 * Who asks: a product token ("FooBot"), product tokens merged as Google merges them
 * (["FooBot", "Foo"]), a catalogue crawler by name ({crawler: "Googlebot-Image"}), or the
 * catalogue crawler whose User-Agent substring is in an HTTP User-Agent header
 * ({userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; ...)"}).
 */
export type Agent = string | readonly string[] | { crawler: string } | { userAgent: string };

export interface Verdict {
  allowed: boolean;
  /** Line of the decisive rule; 0 when no rule decided. */
  line: number;
  /** "allow" or "disallow"; null when no rule decided. */
  kind: string | null;
  /** The decisive rule's value as written; null when no rule decided. */
  rule: string | null;
  /** The decisive rule's pattern as matched (normalised). */
  pattern: string | null;
  strength: number;
  /** The allow matched only through the /index.htm rewrite. */
  viaIndexHtm: boolean;
  /** Whose groups applied, in the library's words. */
  applied: string;
  /** How a catalogue crawler's groups were chosen; null when product tokens asked. */
  crawlerRule: string | null;
  /** The token whose groups applied, for a crawler. */
  crawlerToken: string | null;
}

export interface RuleMatch {
  line: number;
  kind: string;
  strength: number;
  viaIndexHtm: boolean;
  pattern: string;
  rule: string;
}

export interface Explanation {
  /** The path that was matched. */
  path: string;
  applied: string;
  /** 0-based indexes, in file order, of the groups whose rules applied. */
  groups: number[];
  /** Every rule that matched, in file order. */
  matches: RuleMatch[];
  verdict: Verdict;
}

export interface RequestRate {
  requests: number;
  seconds: number;
  /** The time window as written ("0600-0845"); null when none. */
  window: string | null;
}

export interface ContentUsage {
  /** false: the URL may not be fetched, so there are no preferences. */
  fetchable: boolean;
  trainAi: "allowed" | "disallowed" | "unknown" | string;
  search: "allowed" | "disallowed" | "unknown" | string;
  /** The lines that decided. */
  lines: number[];
}

export interface Finding {
  /** Stable kebab-case, e.g. "rule-outside-group". */
  code: string;
  severity: "error" | "warning" | "info" | string;
  /** 1-based; 0 for the whole file. */
  line: number;
  /** 1-based byte column; 0 for the whole line. */
  column: number;
  text: string;
  message: string;
}

export interface LintCode {
  code: string;
  severity: string;
  summary: string;
}

export interface Crawler {
  name: string;
  operator: string;
  purpose: string;
  /** Product tokens in precedence order. */
  tokens: readonly string[];
  userAgentSubstring: string | null;
  ignoresGlobalGroup: boolean;
  obeysRobotsTxt: boolean;
  verified: boolean;
  crawlDelay: string;
}

/** A parsed robots.txt: immutable, holds WebAssembly memory until free(). */
export class RobotsTxt {
  private constructor();
  isAllowed(url: string, agent: Agent): boolean;
  verdict(url: string, agent: Agent): Verdict;
  /** isAllowed for many URLs, in one crossing into WebAssembly. */
  isAllowedEach(urls: readonly string[], agent: Agent): boolean[];
  /** isAllowedEach for several agents in one crossing: result[a][u] is urls[u] for agents[a]. */
  isAllowedEachAgent(urls: readonly string[], agents: readonly Agent[]): boolean[][];
  readonly sitemaps: readonly string[];
  crawlDelay(agent: Agent): number | null;
  requestRate(agent: Agent): RequestRate | null;
  contentUsage(url: string, agent: Agent): ContentUsage;
  lint(): Finding[];
  explain(url: string, agent: Agent): Explanation;
  free(): void;
  [Symbol.dispose](): void;
}

/** Parses a robots.txt body: a string (sent as UTF-8) or the bytes as served. */
export function parse(body: string | Uint8Array): RobotsTxt;
export function lint(body: string | Uint8Array): Finding[];
export function lintCodes(): readonly LintCode[];
export function crawlers(): readonly Crawler[];

export const version: string;
export const abiVersion: number;
export const agentCacheLimit: number;
export function cachedAgentCount(): number;

export const UNKNOWN_CRAWLER: number;
export const NO_CRAWLER_IN_USER_AGENT: number;
export class RobotstxtError extends Error {
  /** The C ABI's robotstxt_status. */
  code: number;
}

export interface Decision {
  allowed: boolean;
  /** "full allow", "full disallow", "rules", ...; null when the URL has no origin. */
  access: string | null;
  reason: string | null;
  robotsUrl: string | null;
  /** HTTP status of the robots.txt fetch; 0 when none arrived. */
  status: number;
  /** Milliseconds since the epoch until which the origin's entry is reused. */
  freshUntil: number;
  /** Set when the parsed rules decided. */
  verdict: Verdict | null;
  /** Why the URL has no origin ("not an absolute URL", "unsupported scheme"); else null. */
  urlError: string | null;
}

export interface RobotsClientOptions {
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxOrigins?: number;
}

export class RobotsClient {
  constructor(options?: RobotsClientOptions);
  decide(url: string, agent: Agent): Promise<Decision>;
  readonly originCount: number;
  clear(): void;
}
