package io.github.robotstxt;

/**
 * The answer with its reason (include/robotstxt/verdict.h).
 *
 * @param allowed the answer
 * @param line the decisive rule's line; 0 when no rule decided
 * @param disallow the decisive rule is a disallow rule
 * @param written the decisive rule's value as written; empty when none
 * @param applied whose rules decided: "none", "specific" or "global"
 * @param crawlerRule how a crawler's groups were chosen ("own-token"...); null for tokens
 * @param crawlerToken the token whose groups applied, for a crawler; empty otherwise
 */
public record Verdict(boolean allowed, int line, boolean disallow, String written, String applied,
    String crawlerRule, String crawlerToken) {
  /** Made by the JNI code from the C ABI's verdict. */
  static Verdict of(boolean allowed, int line, boolean disallow, byte[] written, byte[] applied,
      byte[] crawlerRule, byte[] crawlerToken) {
    return new Verdict(allowed, line, disallow, Native.text(written), Native.text(applied),
        Native.text(crawlerRule), Native.text(crawlerToken));
  }
}
