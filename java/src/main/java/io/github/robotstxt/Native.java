package io.github.robotstxt;

import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;

/**
 * The JNI functions over the C ABI (java/jni/robotstxt_jni.c), and what every handle
 * class shares: loading the library once, the Cleaner that frees forgotten handles.
 */
final class Native {
  static final Cleaner CLEANER = Cleaner.create();

  static {
    // -Drobotstxt.jni.library=/path/librobotstxt_jni.so picks a build tree's library;
    // otherwise java.library.path is searched (Debian: /usr/lib/<triplet>/jni).
    String path = System.getProperty("robotstxt.jni.library");
    if (path != null) {
      System.load(path);
    } else {
      System.loadLibrary("robotstxt_jni");
    }
  }

  private Native() {}

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  static native long parse(byte[] body);

  static native void robotsFree(long robots);

  static native long agentFromTokens(byte[][] tokens);

  static native long agentFromCrawler(byte[] name);

  static native long agentFromUserAgent(byte[] header);

  static native void agentFree(long agent);

  static native boolean allowed(long robots, byte[] url, long agent);

  /** URLs joined in one array, ends[i] the end of URL i: one copy across the boundary. */
  static native boolean[] allowedUrls(long robots, byte[] joined, int[] ends, long agent);

  static native Verdict verdict(long robots, byte[] url, long agent);

  static native byte[][] sitemaps(long robots);

  /** Seconds, or NaN when the groups that apply set none. */
  static native double crawlDelay(long robots, long agent);

  /** Option names and values pair up by index, as robotstxt_client_new takes them. */
  static native long clientNew(byte[][] names, byte[][] values);

  static native void clientFree(long client);

  static native Decision clientDecide(long client, byte[] url, long agent);
}
