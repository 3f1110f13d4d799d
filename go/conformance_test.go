package robotstxt

// The 400 public conformance cases (tests/data/conformance/spec-test.jsonl): every
// verdict must be Google's, by Allowed and by the batch call AllowedURLs.

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

type conformanceCase struct {
	File         string `json:"file"`
	RobotsBase64 string `json:"robotstxt_b64"`
	URL          string `json:"url"`
	Agent        string `json:"agent"`
	Expected     string `json:"expected"`
}

func loadConformanceCases(t *testing.T) []conformanceCase {
	file, err := os.Open(filepath.Join(testDataDir(t), "conformance", "spec-test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var cases []conformanceCase
	lines := bufio.NewScanner(file)
	lines.Buffer(make([]byte, 1<<20), 1<<24)
	for lines.Scan() {
		var c conformanceCase
		if err := json.Unmarshal(lines.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestConformanceEveryCaseMatchesGoogle(t *testing.T) {
	cases := loadConformanceCases(t)
	if len(cases) != 400 {
		t.Fatalf("%d conformance cases, want 400", len(cases))
	}
	passed := 0
	for _, c := range cases {
		body, err := base64.StdEncoding.DecodeString(c.RobotsBase64)
		if err != nil {
			t.Fatal(err)
		}
		robots, err := Parse(body)
		if err != nil {
			t.Fatal(err)
		}
		agent, err := Tokens(c.Agent)
		if err != nil {
			t.Fatal(err)
		}
		want := c.Expected == "allowed"
		got := robots.Allowed(c.URL, agent)
		batch := robots.AllowedURLs([]string{c.URL}, agent)[0]
		if got != want || batch != want {
			t.Errorf("%s: agent %q url %q: Allowed %v, AllowedURLs %v, want %v",
				c.File, c.Agent, c.URL, got, batch, want)
		} else {
			passed++
		}
		agent.Close()
		robots.Close()
	}
	t.Logf("conformance through Go: %d of %d passed", passed, len(cases))
}
