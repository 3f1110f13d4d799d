package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Verdict and Decision against schemas/answer.schema.json, the one description of the
 * answer every language gives: the same fields in the same order (camelCase here), and
 * only the schema's words (or null where it allows null) in the answers this binding
 * returns, over answers that reach most of the words.
 */
class AnswerSchemaTest {
  private HttpServer origin;

  @BeforeEach
  void start() throws IOException {
    origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    origin.start();
  }

  @AfterEach
  void stop() {
    origin.stop(0);
  }

  /** The schema, found from the test data directory as the other tests find the docs. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> schema() throws IOException {
    Path file = ConformanceTest.testData().resolve("../../schemas/answer.schema.json");
    return (Map<String, Object>) new JsonReader(Files.readString(file)).document();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> parent, String key) {
    Object value = parent.get(key);
    assertTrue(value instanceof Map, "schema: no object " + key);
    return (Map<String, Object>) value;
  }

  /** The properties of $defs/{@code name}, in the schema's order. */
  private static Map<String, Object> properties(Map<String, Object> schema, String name) {
    return object(object(object(schema, "$defs"), name), "properties");
  }

  /** "viaIndexHtm" -> "via_index_htm": the schema's name of a camelCase component. */
  static String snake(String camel) {
    StringBuilder out = new StringBuilder();
    for (char c : camel.toCharArray()) {
      if (Character.isUpperCase(c)) {
        out.append('_').append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static List<String> fieldsOf(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (RecordComponent component : type.getRecordComponents()) {
      names.add(snake(component.getName()));
    }
    return names;
  }

  @Test
  void verdictAndDecisionHaveTheSchemasFieldsInItsOrder() throws IOException {
    Map<String, Object> schema = schema();
    assertEquals(new ArrayList<>(properties(schema, "verdict").keySet()), fieldsOf(Verdict.class),
        "Verdict's components against the schema's verdict");
    assertEquals(new ArrayList<>(properties(schema, "decision").keySet()),
        fieldsOf(Decision.class), "Decision's components against the schema's decision");
  }

  @Test
  void snakeCaseIsTheSchemasSpelling() {
    assertEquals("via_index_htm", snake("viaIndexHtm"));
    assertEquals("crawler_token", snake("crawlerToken"));
    assertEquals("allowed", snake("allowed"));
  }

  /**
   * What the schema allows a property's value to be: its enum's words when it has one, and
   * whether null is allowed ({"type": [.., "null"]} or a {"type": "null"} in oneOf).
   */
  private record Allowed(List<Object> words, boolean nullable) {}

  @SuppressWarnings("unchecked")
  private static Allowed allowed(Map<String, Object> schema, Map<String, Object> property) {
    List<Object> words = null;
    boolean nullable = false;
    List<Object> choices = new ArrayList<>();
    if (property.containsKey("oneOf")) {
      choices.addAll((List<Object>) property.get("oneOf"));
    } else {
      choices.add(property);
    }
    for (Object choice : choices) {
      Map<String, Object> branch = (Map<String, Object>) choice;
      Object ref = branch.get("$ref");
      if (ref != null) {
        String prefix = "#/$defs/";
        assertTrue(((String) ref).startsWith(prefix), "schema: a $ref outside $defs: " + ref);
        branch = object(object(schema, "$defs"), ((String) ref).substring(prefix.length()));
      }
      if (branch.containsKey("enum")) {
        words = (List<Object>) branch.get("enum");
      }
      Object type = branch.get("type");
      if ("null".equals(type) || (type instanceof List && ((List<Object>) type).contains("null"))) {
        nullable = true;
      }
    }
    return new Allowed(words, nullable);
  }

  /**
   * Every component of {@code answer} (a Verdict or Decision) against the schema's
   * property: null only where allowed, a word only from the enum; a nested Verdict too.
   */
  private static void assertFitsSchema(Map<String, Object> schema, String definition,
      Record answer) {
    Map<String, Object> properties = properties(schema, definition);
    for (RecordComponent component : answer.getClass().getRecordComponents()) {
      String name = snake(component.getName());
      Object value;
      try {
        value = component.getAccessor().invoke(answer);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new AssertionError("cannot read " + name, e);
      }
      assertTrue(properties.containsKey(name), definition + " has no " + name);
      @SuppressWarnings("unchecked")
      Allowed allowed = allowed(schema, (Map<String, Object>) properties.get(name));
      String where = definition + "." + name + " of " + answer;
      if (value == null) {
        assertTrue(allowed.nullable(), where + ": null where the schema has no null");
      } else if (value instanceof Verdict verdict) {
        assertFitsSchema(schema, "verdict", verdict);
      } else if (allowed.words() != null) {
        assertTrue(allowed.words().contains(value),
            where + ": '" + value + "' is not one of " + allowed.words());
      }
    }
  }

  @Test
  void theGooglebotImageQuestion() throws IOException {
    byte[] body = "User-agent: Googlebot\nDisallow: /drafts/\n".getBytes(StandardCharsets.UTF_8);
    try (Robots robots = Robots.parse(body); Agent image = Agent.crawler("Googlebot-Image")) {
      Verdict verdict = robots.verdict("https://example.com/drafts/a", image);
      assertFalse(verdict.allowed(), verdict.toString());
      assertEquals(2, verdict.line());
      assertEquals("disallow", verdict.kind());
      assertEquals("/drafts/", verdict.pattern());
      assertEquals("/drafts/", verdict.rule());
      assertEquals("/drafts/".length(), verdict.strength());
      assertFalse(verdict.viaIndexHtm());
      assertEquals("specific", verdict.applied());
      assertEquals("fallback-token", verdict.crawlerRule());
      assertEquals("Googlebot", verdict.crawlerToken());
      assertFitsSchema(schema(), "verdict", verdict);
    }
  }

  @Test
  void ruleIsTheValueAsWrittenAndPatternItsNormalisedForm() throws IOException {
    byte[] body = "User-agent: *\nDisallow: /caf\u00e9\nAllow: /caf\u00e9/ok\n"
        .getBytes(StandardCharsets.UTF_8);
    try (Robots robots = Robots.parse(body); Agent agent = Agent.tokens("FooBot")) {
      Verdict disallowed = robots.verdict("https://example.com/caf%C3%A9/x", agent);
      assertEquals(new Verdict(false, 2, "disallow", "/caf%C3%A9", "/caf%C3%A9".length(), false,
          "global", "/caf\u00e9", null, null), disallowed);
      Verdict allowed = robots.verdict("https://example.com/caf%C3%A9/ok", agent);
      assertEquals("allow", allowed.kind());
      assertEquals("/caf\u00e9/ok", allowed.rule());
      assertFitsSchema(schema(), "verdict", disallowed);
      assertFitsSchema(schema(), "verdict", allowed);
    }
  }

  @Test
  void noRuleDecidedIsLineZeroAndNulls() throws IOException {
    byte[] body = "User-agent: FooBot\nDisallow: /x\n".getBytes(StandardCharsets.UTF_8);
    try (Robots robots = Robots.parse(body); Agent agent = Agent.tokens("BarBot")) {
      Verdict verdict = robots.verdict("https://example.com/x", agent);
      assertEquals(new Verdict(true, 0, null, null, 0, false, "none", null, null, null), verdict);
      assertFitsSchema(schema(), "verdict", verdict);
    }
  }

  @Test
  void everyCrawlerRuleIsASchemaWord() throws IOException {
    Map<String, Object> schema = schema();
    byte[] global = "User-agent: *\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
    byte[] fooOnly = "User-agent: FooBot\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
    byte[] own = "User-agent: Googlebot-Image\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
    Object[][] cases = {
        {own, "Googlebot-Image", "own-token"},
        {global, "Googlebot", "global"},
        {global, "AdsBot-Google", "global-ignored"},
        {fooOnly, "Googlebot", "no-groups"},
        {global, "Feedfetcher", "not-subject"},
    };
    for (Object[] c : cases) {
      try (Robots robots = Robots.parse((byte[]) c[0]);
           Agent crawler = Agent.crawler((String) c[1])) {
        Verdict verdict = robots.verdict("https://example.com/page", crawler);
        assertEquals(c[2], verdict.crawlerRule(), c[1] + ": " + verdict);
        assertFitsSchema(schema, "verdict", verdict);
      }
    }
  }

  private String url(String path) {
    return "http://127.0.0.1:" + origin.getAddress().getPort() + path;
  }

  /** robots.txt answers {@code status}; a 200 carries rules. */
  private void serve(String prefix, int status) {
    origin.createContext(prefix, exchange -> {
      if (status != 200) {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
        return;
      }
      byte[] body = "User-agent: *\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
  }

  @Test
  void decisionsGiveOnlySchemaWordsAndTheirVerdictsAllowed() throws IOException {
    Map<String, Object> schema = schema();
    serve("/", 200);
    List<Decision> decisions = new ArrayList<>();
    try (RobotsClient client =
             RobotsClient.builder().option("allow-private", "true").option("timeout", "5").build();
         RobotsClient strict = RobotsClient.builder().option("timeout", "5").build();
         Agent agent = Agent.tokens("FooBot")) {
      Decision fetched = client.decide(url("/a"), agent);
      assertEquals("rules", fetched.access());
      assertEquals("parsed", fetched.accessReason());
      assertEquals("fetched", fetched.cacheTier());
      decisions.add(fetched);
      decisions.add(client.decide(url("/b"), agent)); // from memory
      decisions.add(strict.decide(url("/c"), agent)); // loopback refused
      Map<String, String> noOrigin = new LinkedHashMap<>();
      noOrigin.put("not a url", "not-absolute");
      noOrigin.put("gopher://example.com/x", "unsupported-scheme");
      noOrigin.put("http://[::1/", "invalid-host");
      noOrigin.put("http://example.com:99999/", "invalid-port");
      for (Map.Entry<String, String> asked : noOrigin.entrySet()) {
        Decision decision = client.decide(asked.getKey(), agent);
        assertEquals(asked.getValue(), decision.urlError(), decision.toString());
        decisions.add(decision);
      }
    }
    for (int status : new int[] {404, 503}) {
      try (RobotsClient client = RobotsClient.builder()
                                     .option("allow-private", "true")
                                     .option("timeout", "5")
                                     .build();
           Agent agent = Agent.tokens("FooBot")) {
        origin.removeContext("/");
        serve("/", status);
        Decision decision = client.decide(url("/page"), agent);
        assertEquals(status, decision.status());
        decisions.add(decision);
      }
    }
    for (Decision decision : decisions) {
      assertEquals(decision.verdict().allowed(), decision.allowed(), decision.toString());
      assertFitsSchema(schema, "decision", decision);
    }
    assertEquals("memory", decisions.get(1).cacheTier());
    assertEquals("full-allow", decisions.get(decisions.size() - 2).access());
    assertEquals("full-disallow", decisions.get(decisions.size() - 1).access());
  }

  @Test
  void aUrlWithNoOriginDecidesNothing() throws IOException {
    try (RobotsClient client = RobotsClient.builder().build();
         Agent agent = Agent.tokens("FooBot")) {
      Decision decision = client.decide("not a url", agent);
      assertFalse(decision.allowed(), decision.toString());
      assertFalse(decision.verdict().allowed(), decision.toString());
      assertEquals("not-absolute", decision.urlError());
      assertNull(decision.access());
      assertNull(decision.accessReason());
      assertNull(decision.cacheTier());
      assertNull(decision.robotsUrl());
      assertEquals(0, decision.status());
      assertFitsSchema(schema(), "decision", decision);
    }
  }

  /** Just enough JSON for the schema: objects keep their keys' order. */
  private static final class JsonReader {
    private final String text;
    private int at;

    JsonReader(String text) {
      this.text = text;
    }

    Object document() {
      Object value = value();
      space();
      if (at != text.length()) {
        throw error("text after the document");
      }
      return value;
    }

    private AssertionError error(String what) {
      return new AssertionError("schema JSON: " + what + " at offset " + at);
    }

    private void space() {
      while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
        at++;
      }
    }

    private boolean take(char c) {
      space();
      if (at < text.length() && text.charAt(at) == c) {
        at++;
        return true;
      }
      return false;
    }

    private void expect(char c) {
      if (!take(c)) {
        throw error("expected '" + c + "'");
      }
    }

    private Object value() {
      space();
      if (at >= text.length()) {
        throw error("unexpected end");
      }
      char c = text.charAt(at);
      if (c == '{') {
        at++;
        Map<String, Object> object = new LinkedHashMap<>();
        if (take('}')) {
          return object;
        }
        do {
          space();
          String key = string();
          expect(':');
          object.put(key, value());
        } while (take(','));
        expect('}');
        return object;
      }
      if (c == '[') {
        at++;
        List<Object> array = new ArrayList<>();
        if (take(']')) {
          return array;
        }
        do {
          array.add(value());
        } while (take(','));
        expect(']');
        return array;
      }
      if (c == '"') {
        return string();
      }
      for (String literal : new String[] {"true", "false", "null"}) {
        if (text.startsWith(literal, at)) {
          at += literal.length();
          return literal.equals("null") ? null : Boolean.valueOf(literal);
        }
      }
      int start = at;
      while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
        at++;
      }
      if (start == at) {
        throw error("unexpected '" + c + "'");
      }
      return Double.valueOf(text.substring(start, at));
    }

    private String string() {
      if (at >= text.length() || text.charAt(at) != '"') {
        throw error("expected a string");
      }
      at++;
      StringBuilder out = new StringBuilder();
      while (true) {
        if (at >= text.length()) {
          throw error("unterminated string");
        }
        char c = text.charAt(at++);
        if (c == '"') {
          return out.toString();
        }
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char escaped = text.charAt(at++);
        switch (escaped) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
          }
          default -> out.append(escaped);
        }
      }
    }
  }
}
