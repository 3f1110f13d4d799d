package io.github.robotstxt;

import java.util.List;

/**
 * The shape of crawler-commons' {@code BaseRobotRules}: what a parsed robots.txt allows
 * the crawler that parsed it. Any number of threads may ask at once.
 */
public interface RobotRules extends AutoCloseable {
  /** crawler-commons' value of {@link #getCrawlDelay} when no crawl-delay applies. */
  long UNSET_CRAWL_DELAY = Long.MIN_VALUE;

  /** May the crawler fetch {@code url} (absolute, percent-encoded)? */
  boolean isAllowed(String url);

  /** The crawl-delay in milliseconds, or {@link #UNSET_CRAWL_DELAY}. */
  long getCrawlDelay();

  /** The Sitemap lines' URLs, in file order. */
  List<String> getSitemaps();

  @Override
  void close();
}
