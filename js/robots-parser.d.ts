// Types of robotstxt-wasm/robots-parser: robots-parser's call shape, Google's answers.
export interface Robot {
  /** undefined when the URL is invalid or not on the robots.txt's origin. */
  isAllowed(url: string, ua?: string): boolean | undefined;
  isDisallowed(url: string, ua?: string): boolean | undefined;
  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined;
  /** 1-based; -1 when no rule decided or the URL is out of scope. */
  getMatchingLineNumber(url: string, ua?: string): number;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
  getPreferredHost(): string | null;
}

export default function robotsParser(url: string, robotstxt: string | null | undefined): Robot;
