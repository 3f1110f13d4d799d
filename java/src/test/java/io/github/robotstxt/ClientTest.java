package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fetching client against a loopback origin started here and stopped after each test:
 * rules from a 200, full allow from a 404, full disallow from a 503, a redirect followed,
 * the cache answering the second decide without a second fetch, and many threads on one
 * client.
 */
class ClientTest {
  private HttpServer origin;
  private final AtomicInteger robotsFetches = new AtomicInteger();
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private RobotsClient client;
  private Agent agent;

  @BeforeEach
  void start() throws IOException {
    origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    origin.start();
    client = RobotsClient.builder().option("allow-private", "true").option("timeout", "5").build();
    agent = Agent.tokens("FooBot");
  }

  @AfterEach
  void stop() {
    try {
      client.close();
      agent.close();
    } finally {
      origin.stop(0);
    }
  }

  private String url(String path) {
    return "http://127.0.0.1:" + origin.getAddress().getPort() + path;
  }

  /** Every path answers 200 with the same rules; each answer counts as a robots.txt fetch. */
  private void serveRules() {
    origin.createContext("/", exchange -> {
      robotsFetches.incrementAndGet();
      byte[] body = "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
  }

  @Test
  void rulesFromA200DecideAndTheSecondDecideComesFromTheCache() {
    serveRules();
    Decision first = client.decide(url("/private/x"), agent);
    assertFalse(first.allowed(), first.toString());
    assertEquals("rules", first.access());
    assertEquals("parsed", first.accessReason());
    assertEquals(200, first.status());
    assertEquals("fetched", first.cacheTier());
    assertEquals(url("/robots.txt"), first.robotsUrl());
    assertNull(first.urlError());
    assertNull(first.fetchError());
    assertEquals(2, first.verdict().line());
    assertEquals("disallow", first.verdict().kind());
    assertEquals("/private", first.verdict().rule());

    Decision second = client.decide(url("/public"), agent);
    assertTrue(second.allowed(), second.toString());
    assertEquals("memory", second.cacheTier());
    assertEquals(1, robotsFetches.get(), "robots.txt fetches");
  }

  @Test
  void manyThreadsDecideOnOneClient() throws InterruptedException, ExecutionException {
    serveRules();
    int threads = 8;
    int decidesEach = 20;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> wrongAnswers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        wrongAnswers.add(pool.submit(() -> {
          int wrong = 0;
          for (int i = 0; i < decidesEach; i++) {
            boolean askPrivate = i % 2 == 0;
            String path = (askPrivate ? "/private/" : "/public/") + i;
            Decision decision = client.decide(url(path), agent);
            if (decision.allowed() == askPrivate) {
              wrong++;
            }
          }
          return wrong;
        }));
      }
      for (Future<Integer> wrong : wrongAnswers) {
        assertEquals(0, wrong.get());
      }
    } finally {
      pool.shutdownNow();
      assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "deciding threads did not end");
    }
    // Threads that asked before the first fetch ended may each have fetched; no more.
    assertTrue(robotsFetches.get() >= 1 && robotsFetches.get() <= threads,
        robotsFetches.get() + " robots.txt fetches for " + threads + " threads");
  }

  /** Decides for /page with robots.txt answering {@code status} (and {@code location}). */
  private Decision decideWith(int status, String location) {
    origin.createContext("/", exchange -> {
      String path = exchange.getRequestURI().getPath();
      requests.add(path);
      if (path.equals("/robots.txt")) {
        robotsFetches.incrementAndGet();
      }
      if (path.equals("/moved-here.txt")) {
        byte[] body = "User-agent: FooBot\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
        return;
      }
      if (location != null) {
        exchange.getResponseHeaders().set("Location", location);
      }
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    });
    return client.decide(url("/page"), agent);
  }

  @Test
  void a404IsFullAllow() {
    Decision decision = decideWith(404, null);
    assertTrue(decision.allowed(), decision.toString());
    assertEquals("full-allow", decision.access());
    assertEquals("no-robots-txt", decision.accessReason());
    assertEquals(404, decision.status());
  }

  @Test
  void a503IsFullDisallow() {
    Decision decision = decideWith(503, null);
    assertFalse(decision.allowed(), decision.toString());
    assertEquals("full-disallow", decision.access());
    assertEquals(503, decision.status());
  }

  @Test
  void aRedirectIsFollowedToTheRules() {
    Decision decision = decideWith(301, "/moved-here.txt");
    assertFalse(decision.allowed(), decision.toString());
    assertEquals("rules", decision.access());
    assertEquals(200, decision.status());
    assertEquals(2, decision.verdict().line());
    assertEquals(List.of("/robots.txt", "/moved-here.txt"), requests);
  }

  @Test
  void loopbackIsRefusedWithoutAllowPrivate() {
    try (RobotsClient strict = RobotsClient.builder().build()) {
      Decision decision = strict.decide(url("/page"), agent);
      assertFalse(decision.allowed(), decision.toString());
      assertNotNull(decision.fetchError(), decision.toString());
    }
    assertEquals(0, robotsFetches.get(), "robots.txt fetches");
  }

  @Test
  void aBadOptionAndUseAfterCloseThrow() {
    assertThrows(IllegalArgumentException.class,
        () -> RobotsClient.builder().option("no-such-option", "1").build());
    assertThrows(IllegalArgumentException.class,
        () -> RobotsClient.builder().option("timeout", "-1").build());
    RobotsClient closed = RobotsClient.builder().build();
    closed.close();
    assertThrows(IllegalStateException.class, () -> closed.decide(url("/"), agent));
  }
}
