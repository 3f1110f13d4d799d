package io.github.robotstxt;

/**
 * A {@link RobotsClient}'s answer for a URL (include/robotstxt/c_api.h, the decision): the
 * fields of schemas/answer.schema.json's "decision", in its order, named in camelCase.
 * Words are the schema's; null stands where the schema has null. A URL with no origin has
 * urlError set, allowed false, and no robotsUrl, access, accessReason or cacheTier: nothing
 * was looked up.
 *
 * @param allowed the answer, always {@code verdict().allowed()}; false also when the access
 *     is undecided or the URL has no origin
 * @param urlError why the URL has no origin ("not-absolute", "invalid-host"...); null when
 *     it has one
 * @param robotsUrl the robots.txt URL asked; null when the URL has no origin
 * @param access "full-allow", "full-disallow", "rules" or "undecided"; null when the URL has
 *     no origin
 * @param accessReason why that access ("parsed", "no-robots-txt", "recent-server-error"...);
 *     null when the URL has no origin
 * @param verdict the rule that decided, when the access is "rules"
 * @param status HTTP status of the robots.txt fetch; 0 when no response arrived
 * @param cacheTier where the rules came from: "memory", "shared" or "fetched"; null when the
 *     URL has no origin
 * @param fetchError why the fetch failed; null when it did not
 */
public record Decision(boolean allowed, String urlError, String robotsUrl, String access,
    String accessReason, Verdict verdict, int status, String cacheTier, String fetchError) {
  /** Made by the JNI code from the C ABI's decision; a null array is a null field. */
  static Decision of(boolean allowed, byte[] urlError, byte[] robotsUrl, byte[] access,
      byte[] accessReason, Verdict verdict, int status, byte[] cacheTier, byte[] fetchError) {
    return new Decision(allowed, Native.text(urlError), Native.text(robotsUrl),
        Native.text(access), Native.text(accessReason), verdict, status, Native.text(cacheTier),
        Native.text(fetchError));
  }
}
