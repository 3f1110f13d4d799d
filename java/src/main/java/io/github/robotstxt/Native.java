package io.github.robotstxt;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The JNI functions over the C ABI (java/jni/robotstxt_jni.c), and what every handle
 * class shares: loading the library once, the Cleaner that frees forgotten handles.
 */
final class Native {
  static final Cleaner CLEANER = Cleaner.create();

  /**
   * Where a jar that carries its JNI library keeps it (scripts/build-packages puts it
   * there): one folder per platform, named as {@link #platform()} names it.
   */
  static final String BUNDLED_LIBRARY_FOLDER = "/io/github/robotstxt/native/";

  static {
    load();
  }

  private Native() {}

  /**
   * -Drobotstxt.jni.library=/path/librobotstxt_jni.so picks a build tree's library. Else
   * the copy this jar carries for this platform, so that a jar from a Maven repository
   * needs nothing beside it. Else java.library.path, where Debian's package puts the
   * library (/usr/lib/<triplet>/jni) and whose jar carries none.
   */
  private static void load() {
    String path = System.getProperty("robotstxt.jni.library");
    if (path != null) {
      System.load(path);
      return;
    }
    String resource =
        BUNDLED_LIBRARY_FOLDER + platform() + "/" + System.mapLibraryName("robotstxt_jni");
    try (InputStream bundled = Native.class.getResourceAsStream(resource)) {
      if (bundled != null) {
        loadCopy(bundled, resource);
        return;
      }
    } catch (IOException e) {
      throw linkError("robotstxt: cannot read " + resource + " from the jar", e);
    }
    System.loadLibrary("robotstxt_jni");
  }

  /**
   * The dynamic linker loads only files, so the bundled library is copied out first: to a
   * new file of its own (createTempFile makes it readable by this user alone, and no other
   * process picks the same name), deleted once loaded, since the mapping outlives the
   * name. java.io.tmpdir chooses the folder; it must allow mapping code (not noexec).
   */
  private static void loadCopy(InputStream bundled, String resource) {
    Path copy = null;
    try {
      copy = Files.createTempFile("robotstxt_jni-", ".so");
      Files.copy(bundled, copy, StandardCopyOption.REPLACE_EXISTING);
      System.load(copy.toAbsolutePath().toString());
    } catch (IOException e) {
      throw linkError("robotstxt: cannot copy " + resource + " out of the jar", e);
    } finally {
      if (copy != null) {
        try {
          Files.deleteIfExists(copy);
        } catch (IOException e) {
          copy.toFile().deleteOnExit();
        }
      }
    }
  }

  /** "linux-x86_64", "linux-aarch64": the OS and the architecture as the JVM says them. */
  static String platform() {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT).replace(" ", "");
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    if (arch.equals("amd64")) {
      arch = "x86_64";
    }
    return os + "-" + arch;
  }

  private static UnsatisfiedLinkError linkError(String message, IOException cause) {
    UnsatisfiedLinkError error = new UnsatisfiedLinkError(message + ": " + cause.getMessage());
    error.initCause(cause);
    return error;
  }

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
