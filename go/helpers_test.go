package robotstxt

import (
	"os"
	"path/filepath"
	"testing"
)

// testDataDir is $ROBOTSTXT_TEST_DATA_DIR (ctest sets it), else the repository's
// tests/data beside this module; a test that needs it is skipped when the module is used
// outside the repository, where there is none.
func testDataDir(t testing.TB) string {
	if dir := os.Getenv("ROBOTSTXT_TEST_DATA_DIR"); dir != "" {
		return dir
	}
	dir := filepath.Join("..", "tests", "data")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no test data (the repository's tests/data, or $ROBOTSTXT_TEST_DATA_DIR): %v", err)
	}
	return dir
}

func mustParse(t testing.TB, body string) *Robots {
	t.Helper()
	robots, err := Parse([]byte(body))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	t.Cleanup(func() { robots.Close() })
	return robots
}

func mustTokens(t testing.TB, tokens ...string) *Agent {
	t.Helper()
	agent, err := Tokens(tokens...)
	if err != nil {
		t.Fatalf("Tokens(%q): %v", tokens, err)
	}
	t.Cleanup(func() { agent.Close() })
	return agent
}

func mustCrawler(t testing.TB, name string) *Agent {
	t.Helper()
	agent, err := Crawler(name)
	if err != nil {
		t.Fatalf("Crawler(%q): %v", name, err)
	}
	t.Cleanup(func() { agent.Close() })
	return agent
}
