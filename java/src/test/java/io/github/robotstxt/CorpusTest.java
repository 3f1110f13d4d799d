package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Agreement with the C++ command-line tool on the corpus (tests/data/corpus): for the first
 * few hundred hosts, every URL for five agents, through the batch call here and through
 * {@code robotstxt check --as-written FILE AGENT -} there (as written: the library matches
 * URLs as given, where the command matches them as a crawler requests them).
 */
class CorpusTest {
  private static final List<String> AGENTS =
      List.of("googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot");
  private static final int HOSTS = 300;

  /** -Drobotstxt.cli (set by ctest), else the build tree's. */
  private static Path commandLineTool() {
    Path tool = Path.of(System.getProperty("robotstxt.cli", "../build/robotstxt"));
    Assumptions.assumeTrue(Files.isExecutable(tool), "no robotstxt command at " + tool);
    return tool;
  }

  /** The tool's answer line for each URL, in order. */
  private static List<String> toolAnswers(Path tool, Path robotsFile, String agent, byte[] urls)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(
                tool.toString(), "check", "--as-written", robotsFile.toString(), agent, "-")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      try (OutputStream in = process.getOutputStream()) {
        in.write(urls);
      }
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the tool did not finish");
      // Exit 1 means "some disallowed"; the lines are what count.
      String trimmed = out.endsWith("\n") ? out.substring(0, out.length() - 1) : out;
      return trimmed.isEmpty() ? List.of() : Arrays.asList(trimmed.split("\n", -1));
    } finally {
      process.destroyForcibly();
    }
  }

  @Test
  void corpusAgreesWithTheCommandLineTool() throws IOException, InterruptedException {
    Path tool = commandLineTool();
    Path corpus = ConformanceTest.testData().resolve("corpus");
    List<String> hosts = new ArrayList<>();
    try (Stream<Path> listed = Files.list(corpus.resolve("urls"))) {
      listed.map(path -> path.getFileName().toString())
          .filter(host -> Files.exists(corpus.resolve("robots").resolve(host)))
          .sorted()
          .forEach(hosts::add);
    }
    assertTrue(hosts.size() >= HOSTS, hosts.size() + " corpus hosts, want " + HOSTS);
    int checks = 0;
    for (String host : hosts.subList(0, HOSTS)) {
      Path robotsFile = corpus.resolve("robots").resolve(host);
      byte[] urlList = Files.readAllBytes(corpus.resolve("urls").resolve(host));
      String urlText = new String(urlList, StandardCharsets.UTF_8);
      List<String> urls = Arrays.asList(
          (urlText.endsWith("\n") ? urlText.substring(0, urlText.length() - 1) : urlText)
              .split("\n", -1));
      try (Robots robots = Robots.parse(Files.readAllBytes(robotsFile))) {
        for (String token : AGENTS) {
          try (Agent agent = Agent.tokens(token)) {
            boolean[] ours = robots.allowedUrls(urls, agent);
            List<String> lines = toolAnswers(tool, robotsFile, token, urlList);
            assertEquals(urls.size(), lines.size(), host + " " + token + ": lines for URLs");
            for (int i = 0; i < urls.size(); i++) {
              boolean theirs = lines.get(i).startsWith("allowed\t");
              assertEquals(theirs, ours[i],
                  host + " " + token + " " + urls.get(i) + ": command line " + lines.get(i));
              checks++;
            }
          }
        }
      }
    }
    System.out.println(HOSTS + " hosts, " + checks + " checks agree");
  }
}
