package io.github.robotstxt;

/**
 * A {@link RobotsClient}'s answer for a URL (include/robotstxt/c_api.h, the decision).
 *
 * @param allowed the answer; false also when the access is undecided or the URL has no origin
 * @param access "full allow", "full disallow", "rules" or "undecided"
 * @param reason why that access ("parsed", "no robots.txt", "recent server error"...)
 * @param urlError "none", or why the URL has no origin
 * @param cacheTier where the rules came from: "memory", "shared" or "fetched"
 * @param httpStatus of the robots.txt fetch; 0 when no response arrived
 * @param robotsUrl the robots.txt URL asked
 * @param fetchError why the fetch failed; empty when it did not
 * @param verdict the rule that decided, when the access is "rules"
 */
public record Decision(boolean allowed, String access, String reason, String urlError,
    String cacheTier, int httpStatus, String robotsUrl, String fetchError, Verdict verdict) {
  /** Made by the JNI code from the C ABI's decision. */
  static Decision of(boolean allowed, byte[] access, byte[] reason, byte[] urlError,
      byte[] cacheTier, int httpStatus, byte[] robotsUrl, byte[] fetchError, Verdict verdict) {
    return new Decision(allowed, Native.text(access), Native.text(reason), Native.text(urlError),
        Native.text(cacheTier), httpStatus, Native.text(robotsUrl), Native.text(fetchError),
        verdict);
  }
}
