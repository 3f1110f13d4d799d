package io.github.robotstxt;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;

/**
 * Fetches robots.txt files, applies Google's policy for HTTP statuses and errors, caches the
 * rules (optionally sharing them through Redis) and decides: the C ABI's client. Any number of
 * threads may call {@link #decide} at once; close() waits for the calls under way. A Cleaner
 * frees a client that was never closed.
 *
 * <pre>{@code
 * try (RobotsClient client = RobotsClient.builder().option("timeout", "10").build()) {
 *   Decision decision = client.decide("https://example.com/page", agent);
 * }
 * }</pre>
 */
public final class RobotsClient implements AutoCloseable {
  private final Handle handle;
  private final Cleaner.Cleanable cleanable;

  private RobotsClient(long value) {
    handle = new Handle(value, Native::clientFree, "RobotsClient");
    cleanable = Native.CLEANER.register(this, handle);
  }

  /** Options spelled as robotstxt_client_new takes them (c_api.h lists them). */
  public static Builder builder() {
    return new Builder();
  }

  /** Collects name/value options in order; a name may repeat where the library allows. */
  public static final class Builder {
    private final List<String> names = new ArrayList<>();
    private final List<String> values = new ArrayList<>();

    private Builder() {}

    /**
     * One option: "user-agent-header", "timeout", "connect-to", "ca-file", "allow-private",
     * "redis", "redis-sentinel", "redis-master", "redis-password-file", "cache-bytes" or
     * "cache-entries"; checked by build().
     */
    public Builder option(String name, String value) {
      names.add(name);
      values.add(value);
      return this;
    }

    /** The client; IllegalArgumentException naming an unknown option or a bad value. */
    public RobotsClient build() {
      byte[][] encodedNames = new byte[names.size()][];
      byte[][] encodedValues = new byte[values.size()][];
      for (int i = 0; i < encodedNames.length; i++) {
        encodedNames[i] = Native.utf8(names.get(i));
        encodedValues[i] = Native.utf8(values.get(i));
      }
      return new RobotsClient(Native.clientNew(encodedNames, encodedValues));
    }
  }

  /** Fetches (or finds cached) {@code url}'s robots.txt and decides; blocks while fetching. */
  public Decision decide(String url, Agent agent) {
    long client = handle.use();
    try {
      long who = agent.handle.use();
      try {
        return Native.clientDecide(client, Native.utf8(url), who);
      } finally {
        agent.handle.done();
      }
    } finally {
      handle.done();
    }
  }

  @Override
  public void close() {
    cleanable.clean();
  }
}
