package robotstxt

// Crawlers of the catalogue follow their own precedence (docs/semantics.md 8), which
// merged product tokens do not.

import (
	"errors"
	"testing"
)

const precedenceRobots = `User-agent: *
Disallow: /private

User-agent: Googlebot
Disallow: /drafts

User-agent: Googlebot-Image
Disallow: /photos
`

func TestPrecedenceImageCrawlerFollowsOnlyItsOwnGroup(t *testing.T) {
	robots := mustParse(t, precedenceRobots)
	image := mustCrawler(t, "googlebot-image")
	// Its own group exists, so Googlebot's group does not apply to it.
	if !robots.Allowed("https://example.com/drafts/plan", image) {
		t.Error("Googlebot-Image followed Googlebot's group although its own exists")
	}
	if robots.Allowed("https://example.com/photos/a.jpg", image) {
		t.Error("Googlebot-Image ignored its own group")
	}
	verdict := robots.Verdict("https://example.com/photos/a.jpg", image)
	if verdict.CrawlerRule != "own-token" || verdict.CrawlerToken != "Googlebot-Image" ||
		verdict.Line != 8 || verdict.Kind != "disallow" {
		t.Errorf("verdict %#v, want own-token Googlebot-Image line 8 disallow", verdict)
	}
	// Merged tokens apply both groups together: not how the crawler chooses.
	merged := mustTokens(t, "Googlebot", "Googlebot-Image")
	if robots.Allowed("https://example.com/drafts/plan", merged) {
		t.Error("merged tokens did not apply Googlebot's group")
	}
}

func TestPrecedenceImageCrawlerFallsBackToGooglebot(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /drafts\n")
	image := mustCrawler(t, "Googlebot-Image")
	if robots.Allowed("https://example.com/drafts/x", image) {
		t.Error("Googlebot-Image did not fall back to Googlebot's group")
	}
	if !robots.Allowed("https://example.com/photos/x", image) {
		t.Error("Googlebot-Image followed * although Googlebot's group applies")
	}
	if got := robots.Verdict("https://example.com/drafts/x", image).CrawlerRule; got != "fallback-token" {
		t.Errorf("crawler rule %q, want fallback-token", got)
	}
}

func TestPrecedenceAdsBotIgnoresTheGlobalGroup(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nDisallow: /\n")
	adsbot := mustCrawler(t, "AdsBot-Google")
	if !robots.Allowed("https://example.com/landing", adsbot) {
		t.Error("AdsBot-Google followed the * group")
	}
	if robots.Allowed("https://example.com/landing", mustTokens(t, "AdsBot-Google")) {
		t.Error("the product token AdsBot-Google did not follow the * group")
	}
}

func TestPrecedenceUserAgentHeaderNamesItsCrawler(t *testing.T) {
	agent, err := UserAgent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	if err != nil {
		t.Fatal(err)
	}
	defer agent.Close()
	if got := agent.CrawlerName(); got != "Googlebot" {
		t.Errorf("crawler %q, want Googlebot", got)
	}
	_, err = UserAgent("curl/8.0")
	var libraryError *Error
	if !errors.As(err, &libraryError) || libraryError.Status != StatusNoCrawlerInUserAgent {
		t.Errorf("UserAgent(curl): %v, want StatusNoCrawlerInUserAgent", err)
	}
}

func TestPrecedenceUnknownCrawlerIsAnError(t *testing.T) {
	_, err := Crawler("Googlebot-Imag")
	var libraryError *Error
	if !errors.As(err, &libraryError) || libraryError.Status != StatusUnknownCrawler {
		t.Fatalf("Crawler(Googlebot-Imag): %v, want StatusUnknownCrawler", err)
	}
}
