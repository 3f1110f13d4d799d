package io.github.robotstxt;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A parsed robots.txt, answered exactly as Google's crawlers do. Immutable: any number of
 * threads may ask it at once. Close it when done; a Cleaner frees it otherwise. Strings
 * go to the library as UTF-8; URLs are matched as given, so pass them percent-encoded.
 * No robots.txt content ever throws: exceptions mean misuse (a closed object, a null).
 */
public final class Robots implements AutoCloseable {
  private final Handle handle;
  private final Cleaner.Cleanable cleanable;

  private Robots(long value) {
    handle = new Handle(value, Native::robotsFree, "Robots");
    cleanable = Native.CLEANER.register(this, handle);
  }

  /** Parses any bytes (only the first 500 KiB count, as at Google). */
  public static Robots parse(byte[] body) {
    return new Robots(Native.parse(body));
  }

  /** May {@code agent} fetch {@code url}? */
  public boolean allowed(String url, Agent agent) {
    long robots = handle.use();
    try {
      long who = agent.handle.use();
      try {
        return Native.allowed(robots, Native.utf8(url), who);
      } finally {
        agent.handle.done();
      }
    } finally {
      handle.done();
    }
  }

  /** The answer with the rule that decided and why. */
  public Verdict verdict(String url, Agent agent) {
    long robots = handle.use();
    try {
      long who = agent.handle.use();
      try {
        return Native.verdict(robots, Native.utf8(url), who);
      } finally {
        agent.handle.done();
      }
    } finally {
      handle.done();
    }
  }

  /** {@link #allowed} for every URL, in one call into the library. */
  public boolean[] allowedUrls(List<String> urls, Agent agent) {
    byte[][] encoded = new byte[urls.size()][];
    int[] ends = new int[urls.size()];
    int total = 0;
    for (int i = 0; i < encoded.length; i++) {
      encoded[i] = Native.utf8(urls.get(i));
      total += encoded[i].length;
      ends[i] = total;
    }
    byte[] joined = new byte[total];
    for (int i = 0, at = 0; i < encoded.length; at += encoded[i].length, i++) {
      System.arraycopy(encoded[i], 0, joined, at, encoded[i].length);
    }
    long robots = handle.use();
    try {
      long who = agent.handle.use();
      try {
        return Native.allowedUrls(robots, joined, ends, who);
      } finally {
        agent.handle.done();
      }
    } finally {
      handle.done();
    }
  }

  /** The Sitemap lines' values, in file order (decoded as UTF-8). */
  public List<String> sitemaps() {
    long robots = handle.use();
    try {
      List<String> sitemaps = new ArrayList<>();
      for (byte[] sitemap : Native.sitemaps(robots)) {
        sitemaps.add(Native.text(sitemap));
      }
      return sitemaps;
    } finally {
      handle.done();
    }
  }

  /** The crawl-delay in seconds of the groups that apply to {@code agent}, if set. */
  public OptionalDouble crawlDelay(Agent agent) {
    long robots = handle.use();
    try {
      long who = agent.handle.use();
      try {
        double seconds = Native.crawlDelay(robots, who);
        return Double.isNaN(seconds) ? OptionalDouble.empty() : OptionalDouble.of(seconds);
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
