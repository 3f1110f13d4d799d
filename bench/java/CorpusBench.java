// The corpus work from Java (docs/performance.md): parse every corpus host's robots.txt
// once, then check each of its URLs for five agents, single-threaded, with allowed()
// (one JNI call per check) and allowedUrls() (one per host and agent). Prints the best
// of REPEATS rounds; compare with build/bench/corpus_bench for the native library.
// crawler-commons is not in Debian and Maven Central is not reachable here, so it is
// not measured.
//
// Usage: java -Drobotstxt.jni.library=$PWD/build/java/librobotstxt_jni.so \
//          -cp build/java/robotstxt.jar bench/java/CorpusBench.java [DATA_DIR] [REPEATS]

import io.github.robotstxt.Agent;
import io.github.robotstxt.Robots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

public final class CorpusBench {
  record Host(byte[] body, List<String> urls) {}

  static long best(int repeats, Runnable round) {
    long fastest = Long.MAX_VALUE;
    for (int i = 0; i < repeats; i++) {
      long start = System.nanoTime();
      round.run();
      fastest = Math.min(fastest, System.nanoTime() - start);
    }
    return fastest;
  }

  public static void main(String[] args) throws IOException {
    Path corpus = Path.of(args.length > 0 ? args[0] : "tests/data").resolve("corpus");
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<Host> hosts = new ArrayList<>();
    try (Stream<Path> files = Files.list(corpus.resolve("robots"))) {
      for (Path robots : files.sorted().toList()) {
        Path urls = corpus.resolve("urls").resolve(robots.getFileName());
        if (Files.exists(urls)) {
          String list = Files.readString(urls);
          hosts.add(new Host(Files.readAllBytes(robots),
              Arrays.asList(list.substring(0, list.length() - (list.endsWith("\n") ? 1 : 0)).split("\n", -1))));
        }
      }
    }
    String[] tokens = {"googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"};
    Agent[] agents = Arrays.stream(tokens).map(Agent::tokens).toArray(Agent[]::new);
    long bytes = hosts.stream().mapToLong(h -> h.body().length).sum();
    long checks = hosts.stream().mapToLong(h -> (long) h.urls().size() * agents.length).sum();
    Robots[] parsed = new Robots[hosts.size()];
    long parse = best(repeats, () -> {
      for (int i = 0; i < parsed.length; i++) {
        if (parsed[i] != null) {
          parsed[i].close();
        }
        parsed[i] = Robots.parse(hosts.get(i).body());
      }
    });
    long[] disallowed = new long[2];
    long single = best(repeats, () -> {
      disallowed[0] = 0;
      for (int i = 0; i < parsed.length; i++) {
        for (Agent agent : agents) {
          for (String url : hosts.get(i).urls()) {
            disallowed[0] += parsed[i].allowed(url, agent) ? 0 : 1;
          }
        }
      }
    });
    long batch = best(repeats, () -> {
      disallowed[1] = 0;
      for (int i = 0; i < parsed.length; i++) {
        for (Agent agent : agents) {
          for (boolean allowed : parsed[i].allowedUrls(hosts.get(i).urls(), agent)) {
            disallowed[1] += allowed ? 0 : 1;
          }
        }
      }
    });
    if (disallowed[0] != disallowed[1]) {
      throw new AssertionError("allowed and allowedUrls disagree");
    }
    System.out.printf("java: %d hosts, %.2f MB, %d checks (%d disallowed), best of %d%n",
        hosts.size(), bytes / 1e6, checks, disallowed[0], repeats);
    System.out.printf("parse:               %7.1f ms  %6.0f MB/s%n", parse / 1e6, bytes / 1e6 / (parse / 1e9));
    System.out.printf("allowed per check:   %7.1f ms  %5.2f million/s  %5.0f ns/check%n", single / 1e6,
        checks / 1e6 / (single / 1e9), (double) single / checks);
    System.out.printf("allowedUrls batches: %7.1f ms  %5.2f million/s  %5.0f ns/check%n", batch / 1e6,
        checks / 1e6 / (batch / 1e9), (double) batch / checks);
    System.out.printf("whole work (parse + batches): %.3f s%n", (parse + batch) / 1e9);
  }
}
