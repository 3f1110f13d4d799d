package robotstxt

// Agreement with the C++ command-line tool on the corpus (tests/data/corpus): for the
// first few hundred hosts, every URL for five agents, through the batch call here and
// through `robotstxt check --as-written FILE AGENT -` there (as written: the library
// matches URLs as given, where the command matches them as a crawler requests them).

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var corpusAgents = []string{"googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"}

const corpusHosts = 300

// commandLineTool is $ROBOTSTXT_CLI (set by ctest), else the build tree's.
func commandLineTool(t *testing.T) string {
	path := os.Getenv("ROBOTSTXT_CLI")
	if path == "" {
		path = filepath.Join("..", "build", "robotstxt")
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no robotstxt command to compare with (set ROBOTSTXT_CLI): %v", err)
	}
	return path
}

func TestCorpusAgreesWithTheCommandLineTool(t *testing.T) {
	cli := commandLineTool(t)
	corpus := filepath.Join(testDataDir(t), "corpus")
	entries, err := os.ReadDir(filepath.Join(corpus, "urls"))
	if err != nil {
		t.Fatal(err)
	}
	var hosts []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(corpus, "robots", e.Name())); err == nil {
			hosts = append(hosts, e.Name())
		}
	}
	sort.Strings(hosts)
	if len(hosts) < corpusHosts {
		t.Fatalf("%d corpus hosts, want at least %d", len(hosts), corpusHosts)
	}
	checks := 0
	for _, host := range hosts[:corpusHosts] {
		robotsFile := filepath.Join(corpus, "robots", host)
		body, err := os.ReadFile(robotsFile)
		if err != nil {
			t.Fatal(err)
		}
		urlList, err := os.ReadFile(filepath.Join(corpus, "urls", host))
		if err != nil {
			t.Fatal(err)
		}
		urls := strings.Split(strings.TrimSuffix(string(urlList), "\n"), "\n")
		robots, err := Parse(body)
		if err != nil {
			t.Fatal(err)
		}
		for _, token := range corpusAgents {
			agent := mustTokens(t, token)
			ours := robots.AllowedURLs(urls, agent)
			command := exec.Command(cli, "check", "--as-written", robotsFile, token, "-")
			command.Stdin = strings.NewReader(string(urlList))
			var stdout bytes.Buffer
			command.Stdout = &stdout
			command.Run() // exit 1 means "some disallowed"; the lines are what count
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if len(lines) != len(urls) {
				t.Fatalf("%s %s: the tool printed %d lines for %d URLs", host, token, len(lines), len(urls))
			}
			for i, line := range lines {
				theirs := strings.HasPrefix(line, "allowed\t")
				if ours[i] != theirs {
					t.Errorf("%s %s %s: Go %v, command line %q", host, token, urls[i], ours[i], line)
				}
				checks++
			}
		}
		robots.Close()
	}
	t.Logf("%d hosts, %d checks agree", corpusHosts, checks)
}
