package robotstxt

// The questions a parsed file answers besides Allowed, and the calls temoto/robotstxt
// users know.

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestRobotsSitemapsInFileOrderAsWritten(t *testing.T) {
	robots := mustParse(t, "Sitemap: https://example.com/b.xml\nUser-agent: *\n"+
		"sitemap:https://example.com/a%20b.xml\n")
	want := []string{"https://example.com/b.xml", "https://example.com/a%20b.xml"}
	if got := robots.Sitemaps(); !reflect.DeepEqual(got, want) {
		t.Errorf("Sitemaps() = %q, want %q", got, want)
	}
}

func TestRobotsCrawlDelayOfTheGroupThatApplies(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nCrawl-delay: 2.5\nDisallow: /y\n\nUser-agent: FooBot\nCrawl-delay: 1\nDisallow: /x\n")
	if seconds, found := robots.CrawlDelay(mustTokens(t, "BarBot")); !found || seconds != 2.5 {
		t.Errorf("BarBot: %v %v, want 2.5 true", seconds, found)
	}
	if seconds, found := robots.CrawlDelay(mustTokens(t, "FooBot")); !found || seconds != 1 {
		t.Errorf("FooBot: %v %v, want its own group's 1", seconds, found)
	}
	none := mustParse(t, "User-agent: *\nDisallow: /x\n")
	if seconds, found := none.CrawlDelay(mustTokens(t, "FooBot")); found {
		t.Errorf("no crawl-delay line: %v %v, want none", seconds, found)
	}
}

func TestRobotsContentUsagePreferencesAndLines(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nContent-Usage: train-ai=n\nDisallow: /never/\n"+
		"Content-Usage: /ai-ok/ train-ai=y\n")
	gpt := mustTokens(t, "GPTBot")
	usage := robots.ContentUsage("https://example.com/articles/1", gpt)
	if !usage.Fetchable || usage.TrainAI != PreferenceDisallowed || usage.Search != PreferenceUnknown ||
		!reflect.DeepEqual(usage.Lines, []uint32{2}) {
		t.Errorf("articles: %+v", usage)
	}
	if got := robots.ContentUsage("https://example.com/ai-ok/x", gpt); got.TrainAI != PreferenceAllowed {
		t.Errorf("ai-ok: %+v, want train-ai allowed", got)
	}
	if got := robots.ContentUsage("https://example.com/never/x", gpt); got.Fetchable {
		t.Errorf("never: %+v, want not fetchable", got)
	}
	if PreferenceDisallowed.String() != "disallowed" {
		t.Errorf("name %q", PreferenceDisallowed.String())
	}
}

func TestRobotsVerdictNamesTheDecisiveRule(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nDisallow: /private\nAllow: /private/ok\n")
	verdict := robots.Verdict("https://example.com/private/ok/1", mustTokens(t, "FooBot"))
	if !verdict.Allowed || verdict.Line != 3 || verdict.Kind != "allow" || verdict.Rule != "/private/ok" ||
		verdict.Pattern != "/private/ok" || verdict.Applied != "global" || verdict.CrawlerRule != "" {
		t.Errorf("%#v", verdict)
	}
}

func TestRobotsNulBytesAreKept(t *testing.T) {
	// Lengths, not terminators: a NUL inside a line must not end the body.
	robots := mustParse(t, "User-agent: *\nDisallow: /a\x00b\nDisallow: /after\n")
	if robots.Allowed("https://example.com/after", mustTokens(t, "FooBot")) {
		t.Error("the rule after a NUL byte was lost")
	}
}

func TestLintFindsARuleOutsideAGroup(t *testing.T) {
	findings, err := Lint([]byte("Disallow: /x\nUser-agent: *\nDisallow: /y\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		if f.Code == "rule-outside-group" && f.Line == 1 && f.Severity != "" && f.Message != "" {
			return
		}
	}
	t.Errorf("no rule-outside-group finding on line 1: %+v", findings)
}

func TestTemotoStyleCalls(t *testing.T) {
	robots, err := FromBytes([]byte("User-agent: FooBot\nDisallow: /private\nCrawl-delay: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer robots.Close()
	if robots.TestAgent("/private/x", "FooBot") || !robots.TestAgent("/public", "FooBot") {
		t.Error("TestAgent with paths")
	}
	if robots.TestAgent("https://example.com/private/x", "FooBot") {
		t.Error("TestAgent with a URL")
	}
	group := robots.FindGroup("FooBot")
	if group.CrawlDelay != 3*time.Second || group.Test("/private") || !group.Test("/") {
		t.Errorf("FindGroup: %+v", group)
	}
}

func TestClosedRobotsPanicsAndCloseTwiceIsHarmless(t *testing.T) {
	robots, _ := Parse([]byte("User-agent: *\nDisallow: /\n"))
	agent := mustTokens(t, "FooBot")
	robots.Close()
	robots.Close()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "closed Robots") {
			t.Errorf("recovered %v, want a closed-Robots panic", r)
		}
	}()
	robots.Allowed("https://example.com/", agent)
}

func TestVersions(t *testing.T) {
	if ABIVersion() != 2 || Version() == "" {
		t.Errorf("ABI %d version %q", ABIVersion(), Version())
	}
}

func TestRobotsVerdictRuleIsTheValueAsWritten(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nDisallow: /caf\xC3\xA9\n")
	verdict := robots.Verdict("https://example.com/caf%C3%A9/menu", mustTokens(t, "FooBot"))
	if verdict.Allowed || verdict.Kind != "disallow" || verdict.Rule != "/caf\xC3\xA9" ||
		verdict.Pattern != "/caf%C3%A9" {
		t.Errorf("%#v, want the rule as written and its pattern normalised", verdict)
	}
}
