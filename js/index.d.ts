// Types of robotstxt-wasm (docs/javascript.md).

/**
 * Who asks: a product token ("FooBot"), product tokens merged as Google merges them
 * (["FooBot", "Foo"]), a catalogue crawler by name ({crawler: "Googlebot-Image"}), or the
 * catalogue crawler whose User-Agent substring is in an HTTP User-Agent header
 * ({userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; ...)"}).
 */
export type Agent = string | readonly string[] | { crawler: string } | { userAgent: string };

// The words of the answer's enumerations: schemas/answer.schema.json's, as every
// language and command gives them.
export type RuleKind = "allow" | "disallow";
export type AppliedGroups = "none" | "specific" | "global";
export type CrawlerRule =
  | "own-token"
  | "fallback-token"
  | "global"
  | "global-ignored"
  | "no-groups"
  | "not-subject";
export type Access = "full-allow" | "full-disallow" | "rules" | "undecided";
export type AccessReason =
  | "not-fetched"
  | "parsed"
  | "no-robots-txt"
  | "redirects-failed"
  | "recent-server-error"
  | "last-good-copy"
  | "no-good-copy"
  | "long-error-site-up"
  | "long-error-site-down"
  | "local-failure";
export type UrlError =
  | "not-absolute"
  | "unsupported-scheme"
  | "invalid-host"
  | "invalid-port"
  | "invalid-idn";
export type CacheTier = "memory" | "shared" | "fetched";

/** The answer with its reason (schemas/answer.schema.json, "verdict"). */
export interface Verdict {
  allowed: boolean;
  /** Line of the decisive rule; 0 when no rule decided. */
  line: number;
  /** null when no rule decided. */
  kind: RuleKind | null;
  /** The decisive rule's pattern as matched (normalised); null when no rule decided. */
  pattern: string | null;
  /** The decisive rule's strength; 0 when none. */
  strength: number;
  /** The allow matched only through the /index.htm rewrite. */
  viaIndexHtm: boolean;
  /** Whose groups applied. */
  applied: AppliedGroups;
  /** The decisive rule's value as written in the file, where the pattern is normalised;
   *  kind says allow or disallow. null when no rule decided. */
  rule: string | null;
  /** How a catalogue crawler's groups were chosen; null when product tokens asked. */
  crawlerRule: CrawlerRule | null;
  /** The token whose groups applied (own-token, fallback-token); else null. */
  crawlerToken: string | null;
}

export interface RuleMatch {
  line: number;
  kind: RuleKind;
  strength: number;
  viaIndexHtm: boolean;
  pattern: string;
  rule: string;
}

export interface Explanation {
  /** The path that was matched. */
  path: string;
  applied: AppliedGroups;
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

/**
 * RobotsClient's answer (schemas/answer.schema.json, "decision"): `allowed` is always
 * verdict.allowed. A URL with no origin has urlError set, is not allowed, and has no
 * robotsUrl, access, accessReason or cacheTier (null): nothing was fetched for it.
 */
export interface Decision {
  allowed: boolean;
  /** Why the URL has no origin; null when it has one. */
  urlError: UrlError | null;
  robotsUrl: string | null;
  /** What the origin's robots.txt state grants. */
  access: Access | null;
  /** Why the access is what it is. */
  accessReason: AccessReason | null;
  verdict: Verdict;
  /** HTTP status of the robots.txt fetch; 0 when none arrived. */
  status: number;
  /** "memory": the origin's entry was reused; "fetched": fetched for this question. */
  cacheTier: CacheTier | null;
  /** Why the fetch failed, one line; null when it did not. */
  fetchError: string | null;
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
