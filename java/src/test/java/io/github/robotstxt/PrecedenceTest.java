package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Catalogue crawlers follow their own precedence (docs/semantics.md 8); tokens merge. */
class PrecedenceTest {
  static final byte[] ROBOTS = ("User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\n"
      + "Disallow: /drafts\n\nUser-agent: Googlebot-Image\nDisallow: /photos\n")
      .getBytes(StandardCharsets.UTF_8);

  @Test
  void imageCrawlerFollowsOnlyItsOwnGroup() {
    try (Robots robots = Robots.parse(ROBOTS); Agent image = Agent.crawler("googlebot-image");
         Agent merged = Agent.tokens("Googlebot", "Googlebot-Image")) {
      assertTrue(robots.allowed("https://example.com/drafts/plan", image));
      Verdict verdict = robots.verdict("https://example.com/photos/a.jpg", image);
      assertEquals(new Verdict(false, 8, "disallow", "/photos", 7, false, "specific", "/photos",
          "own-token", "Googlebot-Image"), verdict);
      assertFalse(robots.allowed("https://example.com/drafts/plan", merged));
    }
  }

  @Test
  void adsBotIgnoresTheGlobalGroup() {
    byte[] body = "User-agent: *\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
    try (Robots robots = Robots.parse(body); Agent adsbot = Agent.crawler("AdsBot-Google");
         Agent token = Agent.tokens("AdsBot-Google")) {
      assertTrue(robots.allowed("https://example.com/landing", adsbot));
      assertFalse(robots.allowed("https://example.com/landing", token));
      assertNull(robots.verdict("https://example.com/landing", token).crawlerRule());
    }
  }

  @Test
  void misuseThrowsAndContentNever() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> Agent.crawler("Googlebot-Imag"));
    assertTrue(unknown.getMessage().contains("Googlebot-Image"), unknown.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Agent.userAgent("curl/8.0"));
    Robots robots = Robots.parse(new byte[] {(byte) 0xff, 0, '\n', 'D', ':'});
    robots.close();
    robots.close();
    try (Agent agent = Agent.tokens("FooBot")) {
      assertThrows(IllegalStateException.class, () -> robots.allowed("https://example.com/", agent));
    }
  }

  @Test
  void crawlerCommonsShape() {
    byte[] body = "User-agent: FooBot\nDisallow: /x\nCrawl-delay: 2.5\nSitemap: https://example.com/s.xml\n"
        .getBytes(StandardCharsets.UTF_8);
    try (RobotRules rules = new GoogleRobotsParser().parseContent(
             "https://example.com/robots.txt", body, "text/html", List.of("FooBot"))) {
      assertFalse(rules.isAllowed("https://example.com/x/1"));
      assertTrue(rules.isAllowed("https://example.com/y"));
      assertEquals(2500, rules.getCrawlDelay());
      assertEquals(List.of("https://example.com/s.xml"), rules.getSitemaps());
    }
    try (RobotRules rules = GoogleRobotsParser.forCrawler("Googlebot-Image").parseContent(
             "https://example.com/robots.txt", ROBOTS, null, List.of())) {
      assertFalse(rules.isAllowed("https://example.com/photos/1"));
      assertEquals(RobotRules.UNSET_CRAWL_DELAY, rules.getCrawlDelay());
    }
  }
}
