package io.github.robotstxt;

import java.lang.ref.Cleaner;

/**
 * Who asks: product tokens, or a crawler of the catalogue, which follows its own
 * precedence rules (docs/semantics.md 8). Immutable; share it between threads. Close it
 * when done; a Cleaner frees it otherwise.
 */
public final class Agent implements AutoCloseable {
  final Handle handle;
  private final Cleaner.Cleanable cleanable;

  private Agent(long value) {
    handle = new Handle(value, Native::agentFree, "Agent");
    cleanable = Native.CLEANER.register(this, handle);
  }

  /**
   * Product tokens, merged as Google merges them (docs/semantics.md 2.5).
   *
   * @throws IllegalArgumentException for no token at all
   */
  public static Agent tokens(String... tokens) {
    if (tokens.length == 0) {
      throw new IllegalArgumentException("Agent.tokens needs at least one token");
    }
    byte[][] bytes = new byte[tokens.length][];
    for (int i = 0; i < tokens.length; i++) {
      bytes[i] = Native.utf8(tokens[i]);
    }
    return new Agent(Native.agentFromTokens(bytes));
  }

  /**
   * The catalogue crawler named {@code name}, ASCII case-insensitively.
   *
   * @throws IllegalArgumentException when the catalogue has none (the message names
   *     close names)
   */
  public static Agent crawler(String name) {
    return new Agent(Native.agentFromCrawler(Native.utf8(name)));
  }

  /**
   * The catalogue crawler whose User-Agent substring is in {@code header}.
   *
   * @throws IllegalArgumentException when none is
   */
  public static Agent userAgent(String header) {
    return new Agent(Native.agentFromUserAgent(Native.utf8(header)));
  }

  @Override
  public void close() {
    cleanable.clean();
  }
}
