package robotstxt

// What temoto/robotstxt users write, answered with Google's semantics. With temoto:
//
//	robots, _ := robotstxt.FromBytes(body)
//	ok := robots.TestAgent("/path", "FooBot")
//	group := robots.FindGroup("FooBot"); group.Test("/path"); group.CrawlDelay
//
// Here Parse replaces FromBytes, and the same calls follow. Paths may be full URLs or
// paths starting with "/" (temoto's form).

import (
	"strings"
	"time"
)

// FromBytes is Parse under temoto/robotstxt's name.
func FromBytes(body []byte) (*Robots, error) { return Parse(body) }

// TestAgent reports whether the product token agent may fetch path. A bad token (one
// the library cannot take) answers false.
func (r *Robots) TestAgent(path, agent string) bool {
	return r.FindGroup(agent).Test(path)
}

// Group is what applies to one product token: temoto's FindGroup result.
type Group struct {
	robots *Robots
	agent  *Agent // nil for a token the library cannot take; freed by its finalizer
	// CrawlDelay is the crawl-delay of the groups that apply; 0 when none is set.
	CrawlDelay time.Duration
}

// FindGroup gives what applies to the product token agent.
func (r *Robots) FindGroup(agent string) *Group {
	group := &Group{robots: r}
	if a, err := Tokens(agent); err == nil {
		group.agent = a
		if seconds, found := r.CrawlDelay(a); found {
			group.CrawlDelay = time.Duration(seconds * float64(time.Second))
		}
	}
	return group
}

// Test reports whether the group's agent may fetch path.
func (g *Group) Test(path string) bool {
	if g.agent == nil {
		return false
	}
	return g.robots.Allowed(urlOfPath(path), g.agent)
}

// urlOfPath makes temoto's bare paths into URLs; the host does not matter for matching.
func urlOfPath(path string) string {
	if strings.HasPrefix(path, "/") {
		return "http://example.invalid" + path
	}
	return path
}
