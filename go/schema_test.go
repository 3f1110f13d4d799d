package robotstxt

// schemas/answer.schema.json is the one description of the answer: Verdict and Decision
// must have its fields, in its order, and every word this package gives must be one of
// its enumeration's words.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

type answerSchema struct {
	Defs map[string]struct {
		Enum       []string    `json:"enum"`
		Properties orderedKeys `json:"properties"`
	} `json:"$defs"`
}

// orderedKeys are an object's keys in the order written: the schema lists the fields in
// the order every binding keeps.
type orderedKeys []string

func (k *orderedKeys) UnmarshalJSON(data []byte) error {
	decoder := json.NewDecoder(strings.NewReader(string(data)))
	if _, err := decoder.Token(); err != nil { // {
		return err
	}
	for decoder.More() {
		key, err := decoder.Token()
		if err != nil {
			return err
		}
		*k = append(*k, key.(string))
		var skipped json.RawMessage
		if err := decoder.Decode(&skipped); err != nil {
			return err
		}
	}
	return nil
}

func readAnswerSchema(t *testing.T) answerSchema {
	t.Helper()
	path := filepath.Join(testDataDir(t), "..", "..", "schemas", "answer.schema.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the schema the binding must follow: %v", err)
	}
	var schema answerSchema
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return schema
}

// snakeCase spells a Go field name as the schema does, with HTM and URL as initialisms:
// ViaIndexHTM is via_index_htm, URLError is url_error, RobotsURL is robots_url.
func snakeCase(name string) string {
	var words []string
	runes := []rune(name)
	start := 0
	for i := 1; i < len(runes); i++ {
		lowerToUpper := unicode.IsLower(runes[i-1]) && unicode.IsUpper(runes[i])
		// The last capital of an initialism begins the next word (URLError: URL, Error).
		initialismEnds := unicode.IsUpper(runes[i-1]) && unicode.IsUpper(runes[i]) &&
			i+1 < len(runes) && unicode.IsLower(runes[i+1])
		if lowerToUpper || initialismEnds {
			words = append(words, string(runes[start:i]))
			start = i
		}
	}
	words = append(words, string(runes[start:]))
	return strings.ToLower(strings.Join(words, "_"))
}

func TestSchemaSnakeCaseOfGoNames(t *testing.T) {
	for name, want := range map[string]string{
		"ViaIndexHTM": "via_index_htm", "URLError": "url_error", "RobotsURL": "robots_url",
		"AccessReason": "access_reason", "Allowed": "allowed", "CrawlerToken": "crawler_token",
	} {
		if got := snakeCase(name); got != want {
			t.Errorf("snakeCase(%q) = %q, want %q", name, got, want)
		}
	}
}

func fieldNames(value interface{}) []string {
	kind := reflect.TypeOf(value)
	names := make([]string, kind.NumField())
	for i := range names {
		names[i] = snakeCase(kind.Field(i).Name)
	}
	return names
}

func TestSchemaFieldsOfVerdictAndDecision(t *testing.T) {
	schema := readAnswerSchema(t)
	for _, c := range []struct {
		def   string
		value interface{}
	}{
		{"verdict", Verdict{}},
		{"decision", Decision{}},
	} {
		want := schema.Defs[c.def].Properties
		if len(want) == 0 {
			t.Fatalf("the schema has no $defs.%s.properties", c.def)
		}
		if got := fieldNames(c.value); !reflect.DeepEqual(got, []string(want)) {
			t.Errorf("%T's fields %q, want the schema's %q", c.value, got, want)
		}
	}
}

// wordChecker records the words the binding gave and checks each against its enumeration.
type wordChecker struct {
	t      *testing.T
	schema answerSchema
}

// check fails when word is not in $defs.<def>.enum; empty stands for null, which is
// allowed only where the test says so.
func (w wordChecker) check(def, field, word string, mayBeEmpty bool) {
	w.t.Helper()
	if word == "" {
		if !mayBeEmpty {
			w.t.Errorf("%s is empty, want a word of $defs.%s", field, def)
		}
		return
	}
	enum := w.schema.Defs[def].Enum
	if len(enum) == 0 {
		w.t.Fatalf("the schema has no $defs.%s.enum", def)
	}
	for _, allowed := range enum {
		if word == allowed {
			return
		}
	}
	w.t.Errorf("%s %q is not a word of $defs.%s %q", field, word, def, enum)
}

func (w wordChecker) verdict(v Verdict, decided bool) {
	w.t.Helper()
	w.check("rule_kind", "Kind", v.Kind, !decided)
	w.check("applied_groups", "Applied", v.Applied, false)
	w.check("crawler_rule", "CrawlerRule", v.CrawlerRule, true)
}

func TestSchemaWordsOfVerdicts(t *testing.T) {
	words := wordChecker{t, readAnswerSchema(t)}
	robots := mustParse(t, "User-agent: Googlebot\nDisallow: /drafts/\n")
	image := mustCrawler(t, "Googlebot-Image")

	// A crawler without its own group falls back to Googlebot's.
	verdict := robots.Verdict("https://example.com/drafts/a", image)
	if verdict.Allowed || verdict.CrawlerRule != "fallback-token" ||
		verdict.CrawlerToken != "Googlebot" || verdict.Rule != "/drafts/" ||
		verdict.Kind != "disallow" || verdict.Line != 2 || verdict.Applied != "specific" {
		t.Errorf("Googlebot-Image on /drafts/a: %#v, want disallowed by Googlebot's line 2", verdict)
	}
	words.verdict(verdict, true)

	// No rule decides: Kind, Pattern and Rule are empty, the crawler's choice is kept.
	verdict = robots.Verdict("https://example.com/photos/a", image)
	if !verdict.Allowed || verdict.Line != 0 || verdict.Kind != "" || verdict.Pattern != "" ||
		verdict.Rule != "" || verdict.Strength != 0 || verdict.CrawlerRule != "fallback-token" {
		t.Errorf("Googlebot-Image on /photos/a: %#v, want allowed by no rule", verdict)
	}
	words.verdict(verdict, false)

	// A crawler robots.txt does not bind, and one that ignores the * groups.
	everything := mustParse(t, "User-agent: *\nDisallow: /\n")
	verdict = everything.Verdict("https://example.com/a", mustCrawler(t, "Google-Safety"))
	if !verdict.Allowed || verdict.CrawlerRule != "not-subject" {
		t.Errorf("Google-Safety: %#v, want allowed, not-subject", verdict)
	}
	words.verdict(verdict, false)
	verdict = everything.Verdict("https://example.com/a", mustCrawler(t, "AdsBot-Google"))
	if !verdict.Allowed || verdict.CrawlerRule != "global-ignored" {
		t.Errorf("AdsBot-Google: %#v, want allowed, global-ignored", verdict)
	}
	words.verdict(verdict, false)

	// A file with no groups at all.
	verdict = mustParse(t, "Sitemap: https://example.com/s.xml\n").Verdict("https://example.com/a", image)
	if !verdict.Allowed || verdict.CrawlerRule != "no-groups" {
		t.Errorf("Googlebot-Image without groups: %#v, want allowed, no-groups", verdict)
	}
	words.verdict(verdict, false)

	// Product tokens: an allow rule decides, and no crawler rule is given.
	robots = mustParse(t, "User-agent: *\nDisallow: /private\nAllow: /private/ok\n")
	verdict = robots.Verdict("https://example.com/private/ok/1", mustTokens(t, "FooBot"))
	if !verdict.Allowed || verdict.Kind != "allow" || verdict.Applied != "global" ||
		verdict.CrawlerRule != "" || verdict.CrawlerToken != "" {
		t.Errorf("FooBot on /private/ok/1: %#v, want allowed by the global allow", verdict)
	}
	words.verdict(verdict, true)
}

func decisionWords(words wordChecker, d Decision, hasOrigin bool) {
	words.t.Helper()
	if d.Allowed != d.Verdict.Allowed {
		words.t.Errorf("Allowed %v but Verdict.Allowed %v: %+v", d.Allowed, d.Verdict.Allowed, d)
	}
	words.check("url_error", "URLError", d.URLError, hasOrigin)
	words.check("access", "Access", d.Access, !hasOrigin)
	words.check("access_reason", "AccessReason", d.AccessReason, !hasOrigin)
	words.check("cache_tier", "CacheTier", d.CacheTier, !hasOrigin)
	words.verdict(d.Verdict, d.Verdict.Line != 0)
}

func TestSchemaWordsOfDecisions(t *testing.T) {
	words := wordChecker{t, readAnswerSchema(t)}
	client := newTestClient(t)
	ctx := context.Background()

	// No origin: nothing is looked up, and the URL is not allowed.
	decision, err := client.Decide(ctx, "not a url", mustTokens(t, "FooBot"))
	if err != nil {
		t.Fatal(err)
	}
	if decision.Allowed || decision.Verdict.Allowed || decision.URLError == "" ||
		decision.Access != "" || decision.AccessReason != "" || decision.CacheTier != "" ||
		decision.RobotsURL != "" || decision.Status != 0 {
		t.Errorf("decision for \"not a url\": %+v, want not allowed, a URL error and nothing looked up",
			decision)
	}
	decisionWords(words, decision, false)

	// Rules, a missing robots.txt and a failing server, each asked twice: fetched, then
	// from memory.
	for _, status := range []int{http.StatusOK, http.StatusNotFound, http.StatusServiceUnavailable} {
		origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/robots.txt" || status != http.StatusOK {
				w.WriteHeader(status)
				return
			}
			w.Write([]byte("User-agent: *\nDisallow: /private\n"))
		}))
		for _, url := range []string{origin.URL + "/private/x", origin.URL + "/public"} {
			decision, err = client.Decide(ctx, url, mustCrawler(t, "Googlebot"))
			if err != nil {
				t.Fatal(err)
			}
			if decision.Status != status || decision.RobotsURL != origin.URL+"/robots.txt" {
				t.Errorf("%s: %+v, want status %d from %s/robots.txt", url, decision, status,
					origin.URL)
			}
			decisionWords(words, decision, true)
		}
		origin.Close()
	}
}
