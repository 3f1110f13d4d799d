package io.github.robotstxt;

/**
 * The answer with its reason (include/robotstxt/verdict.h): the fields of
 * schemas/answer.schema.json's "verdict", in its order, named in camelCase. Words are the
 * schema's; null stands where the schema has null.
 *
 * @param allowed the answer
 * @param line the decisive rule's line; 0 when no rule decided
 * @param kind the decisive rule's kind, "allow" or "disallow"; null when no rule decided
 * @param pattern the decisive rule's pattern as matched, percent-escapes normalised; null
 *     when no rule decided
 * @param strength the decisive rule's strength (docs/semantics.md 5.1); 0 when none
 * @param viaIndexHtm the decisive allow matched only through the /index.htm rewrite
 * @param applied whose rules decided: "none", "specific" or "global"
 * @param rule the decisive rule's value as written in the file (decoded as UTF-8, as every
 *     text here is); null when no rule decided
 * @param crawlerRule how a crawler's groups were chosen ("own-token", "fallback-token"...);
 *     null when product tokens asked
 * @param crawlerToken the token whose groups applied, for a crawler; null otherwise
 */
public record Verdict(boolean allowed, int line, String kind, String pattern, int strength,
    boolean viaIndexHtm, String applied, String rule, String crawlerRule, String crawlerToken) {
  /** Made by the JNI code from the C ABI's verdict; a null array is a null field. */
  static Verdict of(boolean allowed, int line, byte[] kind, byte[] pattern, int strength,
      boolean viaIndexHtm, byte[] applied, byte[] rule, byte[] crawlerRule,
      byte[] crawlerToken) {
    return new Verdict(allowed, line, Native.text(kind), Native.text(pattern), strength,
        viaIndexHtm, Native.text(applied), Native.text(rule), Native.text(crawlerRule),
        Native.text(crawlerToken));
  }
}
