package robotstxt_test

import (
	"fmt"

	robotstxt "github.com/robotstxt/robotstxt/go"
)

// Parse once, then ask as often as needed, from any goroutine.
func Example() {
	robots, _ := robotstxt.Parse([]byte("User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /drafts\n"))
	defer robots.Close()
	googlebot, _ := robotstxt.Crawler("Googlebot-Image") // follows Googlebot's group here
	defer googlebot.Close()
	fmt.Println(robots.Allowed("https://example.com/private/x", googlebot))
	fmt.Println(robots.Verdict("https://example.com/drafts/a", googlebot))
	fmt.Println(robots.TestAgent("/private/x", "FooBot"))
	// Output:
	// true
	// allowed=false line 5 "/drafts"
	// false
}
