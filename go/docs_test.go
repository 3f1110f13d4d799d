package robotstxt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/bindings.md shows the package's Example: every line of the page's Go block must
// be a line of example_test.go, in the same order.
func TestDocsShowTheExample(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(testDataDir(t), "..", "..", "docs", "bindings.md"))
	if err != nil {
		t.Skipf("docs/bindings.md is not beside this module: %v", err)
	}
	example, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	block := strings.SplitN(strings.SplitN(string(page), "```go\n", 2)[1], "```", 2)[0]
	rest := string(example)
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		at := strings.Index(rest, "\t"+line+"\n")
		if at < 0 {
			t.Fatalf("docs/bindings.md's line %q is not next in go/example_test.go", line)
		}
		rest = rest[at+len(line):]
	}
}
