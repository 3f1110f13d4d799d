package io.github.robotstxt;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The example docs/bindings.md shows; ExampleTest runs it. */
public final class Example {
  public static void main(String[] args) {
    byte[] body = "User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /drafts\n".getBytes(StandardCharsets.UTF_8);
    try (Robots robots = Robots.parse(body); Agent image = Agent.crawler("Googlebot-Image")) {
      System.out.println(robots.allowed("https://example.com/private/x", image)); // Googlebot's group
      System.out.println(robots.verdict("https://example.com/drafts/a", image).line());
    }
    RobotsParser parser = new GoogleRobotsParser(); // crawler-commons' BaseRobotsParser shape
    try (RobotRules rules = parser.parseContent("https://example.com/robots.txt", body, "text/plain", List.of("FooBot"))) {
      System.out.println(rules.isAllowed("https://example.com/private/x") + " " + rules.getCrawlDelay());
    }
  }
}
