package io.github.robotstxt;

import java.util.Collection;

/**
 * The shape of crawler-commons' {@code BaseRobotsParser}, which StormCrawler, Nutch and
 * Heritrix parse robots.txt files with. A crawler that calls
 * {@code parser.parseContent(url, content, contentType, robotNames)} and then
 * {@code rules.isAllowed(url)} and {@code rules.getCrawlDelay()} changes only the type
 * it constructs ({@link GoogleRobotsParser}) and, where it caches rules, closes them
 * when evicted (a Cleaner frees them otherwise). See docs/bindings.md, "Java".
 */
public interface RobotsParser {
  /**
   * Parses a fetched robots.txt.
   *
   * @param url the robots.txt's URL (for messages; the rules do not depend on it)
   * @param content the body as fetched, any bytes
   * @param contentType the Content-Type header, ignored: Google reads any type as text
   * @param robotNames the product tokens the crawler obeys, merged as Google merges them
   */
  RobotRules parseContent(String url, byte[] content, String contentType,
      Collection<String> robotNames);
}
