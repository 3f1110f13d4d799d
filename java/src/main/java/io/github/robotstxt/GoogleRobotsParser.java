package io.github.robotstxt;

import java.util.Collection;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A {@link RobotsParser} with Google's semantics: parse once, then every isAllowed is a
 * lookup in the parsed rules. Differences from crawler-commons' SimpleRobotRulesParser
 * that a user sees: Google's rule precedence (the longest match wins, allow on a tie),
 * its leniencies (docs/semantics.md), no Content-Type check, and robot names as product
 * tokens merged as Google merges them. For a crawler of the catalogue with its own
 * precedence, construct with {@link #forCrawler}.
 */
public final class GoogleRobotsParser implements RobotsParser {
  private final String crawler;

  /** Robot names are product tokens. */
  public GoogleRobotsParser() {
    this.crawler = null;
  }

  private GoogleRobotsParser(String crawler) {
    this.crawler = crawler;
  }

  /**
   * Rules answered as the catalogue crawler {@code name} (e.g. "Googlebot-Image")
   * chooses its groups; robotNames are then ignored.
   *
   * @throws IllegalArgumentException when the catalogue has no such crawler
   */
  public static GoogleRobotsParser forCrawler(String name) {
    Agent.crawler(name).close(); // misuse shows here, not at the first parse
    return new GoogleRobotsParser(name);
  }

  @Override
  public RobotRules parseContent(String url, byte[] content, String contentType,
      Collection<String> robotNames) {
    Agent agent = crawler != null ? Agent.crawler(crawler)
                                  : Agent.tokens(robotNames.toArray(new String[0]));
    return new Rules(Robots.parse(content), agent);
  }

  private static final class Rules implements RobotRules {
    private final Robots robots;
    private final Agent agent;

    Rules(Robots robots, Agent agent) {
      this.robots = robots;
      this.agent = agent;
    }

    @Override
    public boolean isAllowed(String url) {
      return robots.allowed(url, agent);
    }

    @Override
    public long getCrawlDelay() {
      OptionalDouble seconds = robots.crawlDelay(agent);
      return seconds.isPresent() ? Math.round(seconds.getAsDouble() * 1000) : UNSET_CRAWL_DELAY;
    }

    @Override
    public List<String> getSitemaps() {
      return robots.sitemaps();
    }

    @Override
    public void close() {
      robots.close();
      agent.close();
    }
  }
}
