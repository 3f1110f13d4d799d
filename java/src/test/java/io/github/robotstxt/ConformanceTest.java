package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The 400 public conformance cases (tests/data/conformance/spec-test.jsonl): every
 * verdict must be Google's, by allowed() and by the batch call.
 */
class ConformanceTest {
  static Path testData() {
    return Path.of(System.getProperty("robotstxt.test.data", "../tests/data"));
  }

  /** The string value of "key" in one flat JSON line, with the escapes those lines use. */
  static String field(String line, String key) {
    String marker = "\"" + key + "\": \"";
    int start = line.indexOf(marker);
    if (start < 0) {
      throw new AssertionError("no " + key + " in " + line);
    }
    start += marker.length();
    int end = start;
    while (line.charAt(end) != '"') {
      end += line.charAt(end) == '\\' ? 2 : 1;
    }
    StringBuilder value = new StringBuilder();
    String raw = line.substring(start, end);
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c != '\\') {
        value.append(c);
        continue;
      }
      char escaped = raw.charAt(++i);
      switch (escaped) {
        case 'n' -> value.append('\n');
        case 't' -> value.append('\t');
        case 'r' -> value.append('\r');
        case 'u' -> {
          value.append((char) Integer.parseInt(raw.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> value.append(escaped);
      }
    }
    return value.toString();
  }

  @Test
  void everyCaseMatchesGoogle() throws IOException {
    List<String> lines = Files.readAllLines(testData().resolve("conformance/spec-test.jsonl"));
    List<String> failures = new ArrayList<>();
    int cases = 0;
    for (String line : lines) {
      if (line.isEmpty()) {
        continue;
      }
      cases++;
      byte[] body = Base64.getDecoder().decode(field(line, "robotstxt_b64"));
      String url = field(line, "url");
      String token = field(line, "agent");
      boolean want = field(line, "expected").equals("allowed");
      try (Robots robots = Robots.parse(body); Agent agent = Agent.tokens(token)) {
        boolean single = robots.allowed(url, agent);
        boolean batch = robots.allowedUrls(List.of(url), agent)[0];
        if (single != want || batch != want) {
          failures.add(field(line, "file") + ": agent '" + token + "' url '" + url + "': " + single
              + " " + batch + ", want " + want);
        }
      }
    }
    assertEquals(400, cases);
    assertTrue(failures.isEmpty(), failures.size() + " of 400 differ:\n" + String.join("\n", failures));
  }
}
