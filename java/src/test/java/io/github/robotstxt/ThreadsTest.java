package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One parsed file, two agents, many threads: the answers one thread gets. */
class ThreadsTest {
  @Test
  void manyThreadsShareOneParsedFile() throws Exception {
    byte[] body = ("User-agent: *\nDisallow: /odd/\nAllow: /odd/ok\n\nUser-agent: Googlebot\n"
        + "Disallow: /even/\n").getBytes(StandardCharsets.UTF_8);
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 1000; i++) { // large batches: a shared buffer would mix answers
      urls.add("https://example.com/" + (i % 2 == 0 ? "even/" : "odd/") + i);
    }
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try (Robots robots = Robots.parse(body); Agent foo = Agent.tokens("FooBot");
         Agent google = Agent.crawler("Googlebot")) {
      Agent[] agents = {foo, google};
      boolean[][] want = {robots.allowedUrls(urls, foo), robots.allowedUrls(urls, google)};
      for (int i = 0; i < urls.size(); i++) {
        assertNotEquals(want[0][i], want[1][i], "the agents must disagree on " + urls.get(i));
      }
      List<Future<?>> tasks = new ArrayList<>();
      for (int t = 0; t < 32; t++) { // bounded: 32 tasks x 50 rounds
        final int which = t % 2;
        final int task = t;
        tasks.add(pool.submit(() -> {
          for (int round = 0; round < 50; round++) {
            assertArrayEquals(want[which], robots.allowedUrls(urls, agents[which]));
            int i = (task + round) % urls.size();
            assertEquals(want[which][i], robots.allowed(urls.get(i), agents[which]));
          }
          return null;
        }));
      }
      for (Future<?> result : tasks) {
        result.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
      assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
    }
  }
}
