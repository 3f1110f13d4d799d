package io.github.robotstxt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ExampleTest {
  @Test
  void theDocumentedExamplePrintsItsAnswers() {
    PrintStream original = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      Example.main(new String[0]);
    } finally {
      System.setOut(original);
    }
    assertEquals("true\n5\nfalse " + Long.MIN_VALUE + "\n", printed.toString(StandardCharsets.UTF_8));
  }

  /** docs/bindings.md shows Example's main: each line of its Java block, in order. */
  @Test
  void theDocsShowTheExample() throws IOException {
    Path data = Path.of(System.getProperty("robotstxt.test.data", "../tests/data"));
    String page = Files.readString(data.resolve("../../docs/bindings.md"));
    String source = Files.readString(data.resolve("../../java/src/test/java/io/github/robotstxt/Example.java"));
    String block = page.split("```java\n", 2)[1].split("```", 2)[0];
    int at = 0;
    for (String line : block.split("\n")) {
      int found = source.indexOf("    " + line + "\n", at);
      assertTrue(found >= 0, "docs/bindings.md's line is not next in Example.java: " + line);
      at = found + line.length();
    }
  }
}
