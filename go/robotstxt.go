// Package robotstxt answers robots.txt questions exactly as Google's crawlers do
// (RFC 9309 plus Google's documented leniencies), through the C ABI of the robotstxt
// library (include/robotstxt/c_api.h). A file is parsed once into a *Robots and then
// asked any number of questions, from any number of goroutines at once.
//
// Handles own C memory: Close them when done. A finalizer frees what was not closed,
// as a safety net only. Using a handle after Close is a programming error and panics.
package robotstxt

/*
#cgo pkg-config: robotstxt-fetch
#include <stdlib.h>
#include <robotstxt/c_api.h>
*/
import "C"

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// Error is what a failing call of the library returns: its status and its message.
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string { return "robotstxt: " + e.Message }

// Status is the library's status code (robotstxt_status).
type Status int32

// The statuses a call can fail with.
const (
	StatusInvalidArgument      Status = C.ROBOTSTXT_INVALID_ARGUMENT
	StatusUnknownCrawler       Status = C.ROBOTSTXT_UNKNOWN_CRAWLER
	StatusNoCrawlerInUserAgent Status = C.ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT
	StatusOutOfMemory          Status = C.ROBOTSTXT_OUT_OF_MEMORY
	StatusInternal             Status = C.ROBOTSTXT_INTERNAL
)

func (s Status) String() string { return goString(C.robotstxt_status_name(C.int32_t(s))) }

func errorOf(status C.robotstxt_status, cerr *C.robotstxt_error) error {
	if status == C.ROBOTSTXT_OK {
		return nil
	}
	return &Error{Status: Status(status), Message: C.GoString(&cerr.message[0])}
}

// mustSucceed turns a failure that only misuse or a bug can cause into a panic, so that
// the questions a crawler asks all the time return plain values.
func mustSucceed(status C.robotstxt_status, cerr *C.robotstxt_error) {
	if err := errorOf(status, cerr); err != nil {
		panic(err)
	}
}

func goString(s C.robotstxt_string) string {
	if s.size == 0 {
		return ""
	}
	return C.GoStringN(s.data, C.int(s.size))
}

// bytesPointer and stringPointer pass Go memory that holds no Go pointers, for the
// duration of one call, as cgo allows; nothing on the C side keeps them.
func bytesPointer(b []byte) *C.char {
	if len(b) == 0 {
		return nil
	}
	return (*C.char)(unsafe.Pointer(&b[0]))
}

func stringPointer(s string) *C.char {
	if len(s) == 0 {
		return nil
	}
	// Go 1.19 has no unsafe.StringData; a string's header starts with its data pointer.
	return *(**C.char)(unsafe.Pointer(&s))
}

// ABIVersion is the C ABI version of the library linked.
func ABIVersion() int { return int(C.robotstxt_abi_version()) }

// Version is the library's version, e.g. "0.1.0".
func Version() string { return goString(C.robotstxt_version()) }

// Robots is a parsed robots.txt. It is immutable: any number of goroutines may ask it
// questions at once.
type Robots struct {
	mu     sync.RWMutex // Close waits for the questions under way
	handle *C.robotstxt_robots
}

// Parse parses any bytes as a robots.txt (only the first 500 KiB count, as at Google).
// Every byte sequence is a valid robots.txt: an error means the library ran out of
// memory or has a bug. body is not kept.
func Parse(body []byte) (*Robots, error) {
	var handle *C.robotstxt_robots
	var cerr C.robotstxt_error
	status := C.robotstxt_parse(bytesPointer(body), C.size_t(len(body)), &handle, &cerr)
	runtime.KeepAlive(body)
	if err := errorOf(status, &cerr); err != nil {
		return nil, err
	}
	robots := &Robots{handle: handle}
	runtime.SetFinalizer(robots, (*Robots).Close)
	return robots, nil
}

// Close frees the parsed file. It waits for questions under way; later questions panic.
// Closing twice is harmless.
func (r *Robots) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.handle != nil {
		C.robotstxt_robots_free(r.handle)
		r.handle = nil
		runtime.SetFinalizer(r, nil)
	}
	return nil
}

// use runs ask with the live handle, holding it open for the call.
func (r *Robots) use(ask func(*C.robotstxt_robots)) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.handle == nil {
		panic("robotstxt: use of a closed Robots")
	}
	ask(r.handle)
}

// Allowed reports whether agent may fetch url. url is used as given: percent-encode it
// first (docs/semantics.md 4.1).
func (r *Robots) Allowed(url string, agent *Agent) bool {
	var allowed C.int32_t
	r.use(func(handle *C.robotstxt_robots) {
		agent.use(func(a *C.robotstxt_agent) {
			var cerr C.robotstxt_error
			mustSucceed(C.robotstxt_allowed(handle, stringPointer(url), C.size_t(len(url)), a,
				&allowed, &cerr), &cerr)
		})
	})
	runtime.KeepAlive(url)
	return allowed == 1
}

// Verdict is the answer with its reason (include/robotstxt/verdict.h). Its fields and
// words are schemas/answer.schema.json's "verdict", in its order.
type Verdict struct {
	Allowed bool
	// Line of the decisive rule; 0 when no rule decided.
	Line uint32
	// Kind of the decisive rule: "allow" or "disallow"; empty when no rule decided.
	Kind string
	// Pattern is the decisive rule's pattern as matched, percent-escapes normalised.
	Pattern string
	// Strength of the decisive rule (docs/semantics.md 5.1); 0 when none.
	Strength uint32
	// ViaIndexHTM: the allow matched only through the /index.htm rewrite.
	ViaIndexHTM bool
	// Applied says whose rules decided: "none", "specific" or "global".
	Applied string
	// Rule is the decisive rule's value byte for byte as written in the file (Kind says
	// allow or disallow); empty when no rule decided.
	Rule string
	// CrawlerRule says how a crawler's groups were chosen ("own-token", "global",
	// "not-subject"...); empty when product tokens asked.
	CrawlerRule string
	// CrawlerToken is the token whose groups applied, for a crawler.
	CrawlerToken string
}

func verdictOf(v *C.robotstxt_verdict) Verdict {
	verdict := Verdict{
		Allowed:      v.allowed == 1,
		Line:         uint32(v.line),
		Pattern:      goString(v.pattern),
		Strength:     uint32(v.strength),
		ViaIndexHTM:  v.via_index_htm == 1,
		Applied:      goString(C.robotstxt_applied_groups_name(v.applied)),
		Rule:         goString(v.rule),
		CrawlerRule:  goString(C.robotstxt_crawler_rule_name(v.crawler_rule)),
		CrawlerToken: goString(v.crawler_token),
	}
	// kind holds a value only when a rule decided.
	if v.line != 0 {
		verdict.Kind = goString(C.robotstxt_rule_kind_name(v.kind))
	}
	return verdict
}

// Verdict is Allowed's answer with the rule that decided and why.
func (r *Robots) Verdict(url string, agent *Agent) Verdict {
	var verdict Verdict
	r.use(func(handle *C.robotstxt_robots) {
		agent.use(func(a *C.robotstxt_agent) {
			var v C.robotstxt_verdict
			var cerr C.robotstxt_error
			mustSucceed(C.robotstxt_verdict_of(handle, stringPointer(url), C.size_t(len(url)), a,
				&v, &cerr), &cerr)
			verdict = verdictOf(&v) // copies the views while the handle is held
		})
	})
	runtime.KeepAlive(url)
	return verdict
}

// AllowedURLs answers Allowed for every URL in one crossing into the library:
// answers[i] is Allowed(urls[i], agent).
func (r *Robots) AllowedURLs(urls []string, agent *Agent) []bool {
	answers := make([]bool, len(urls))
	if len(urls) == 0 {
		return answers
	}
	views, free := cStrings(urls)
	defer free()
	bytes := make([]byte, len(urls))
	r.use(func(handle *C.robotstxt_robots) {
		agent.use(func(a *C.robotstxt_agent) {
			var cerr C.robotstxt_error
			mustSucceed(C.robotstxt_allowed_urls(handle, &views[0], C.size_t(len(urls)), a,
				(*C.uint8_t)(unsafe.Pointer(&bytes[0])), &cerr), &cerr)
		})
	})
	for i, b := range bytes {
		answers[i] = b == 1
	}
	return answers
}

// Sitemaps are the Sitemap lines' URLs as written, in file order.
func (r *Robots) Sitemaps() []string {
	var sitemaps []string
	r.use(func(handle *C.robotstxt_robots) {
		count := C.robotstxt_sitemap_count(handle)
		for i := C.size_t(0); i < count; i++ {
			sitemaps = append(sitemaps, goString(C.robotstxt_sitemap(handle, i)))
		}
	})
	return sitemaps
}

// CrawlDelay is the crawl-delay in seconds of the groups that apply to agent; found is
// false when they set none.
func (r *Robots) CrawlDelay(agent *Agent) (seconds float64, found bool) {
	r.use(func(handle *C.robotstxt_robots) {
		agent.use(func(a *C.robotstxt_agent) {
			var cfound C.int32_t
			var cseconds C.double
			var cerr C.robotstxt_error
			mustSucceed(C.robotstxt_crawl_delay(handle, a, &cfound, &cseconds, &cerr), &cerr)
			seconds, found = float64(cseconds), cfound == 1
		})
	})
	return seconds, found
}

// Preference is a Content-Usage category's value (docs/semantics.md 9).
type Preference int32

// The values of a preference.
const (
	PreferenceUnknown    Preference = C.ROBOTSTXT_PREFERENCE_UNKNOWN
	PreferenceAllowed    Preference = C.ROBOTSTXT_PREFERENCE_ALLOWED
	PreferenceDisallowed Preference = C.ROBOTSTXT_PREFERENCE_DISALLOWED
)

func (p Preference) String() string {
	return goString(C.robotstxt_preference_name(C.int32_t(p)))
}

// Usage is the AI usage preferences for a URL.
type Usage struct {
	// Fetchable is false when the URL may not be fetched; then there are no preferences.
	Fetchable bool
	TrainAI   Preference
	Search    Preference
	// Lines are the lines that decided.
	Lines []uint32
}

// ContentUsage is the Content-Usage preferences for url.
func (r *Robots) ContentUsage(url string, agent *Agent) Usage {
	var usage Usage
	r.use(func(handle *C.robotstxt_robots) {
		agent.use(func(a *C.robotstxt_agent) {
			lines := make([]uint32, 8)
			for {
				var u C.robotstxt_usage
				var cerr C.robotstxt_error
				mustSucceed(C.robotstxt_content_usage(handle, stringPointer(url), C.size_t(len(url)),
					a, &u, (*C.uint32_t)(unsafe.Pointer(&lines[0])), C.size_t(len(lines)), &cerr), &cerr)
				if int(u.line_count) > len(lines) {
					lines = make([]uint32, u.line_count)
					continue
				}
				usage = Usage{Fetchable: u.fetchable == 1, TrainAI: Preference(u.train_ai),
					Search: Preference(u.search), Lines: lines[:u.line_count:u.line_count]}
				return
			}
		})
	})
	runtime.KeepAlive(url)
	return usage
}

// Finding is one lint finding.
type Finding struct {
	// Severity is "error", "warning" or "info".
	Severity string
	// Line is 1-based, 0 for the whole file; Column is a 1-based byte column, 0 for the
	// whole line.
	Line, Column uint32
	// Code is stable kebab-case, e.g. "rule-outside-group".
	Code string
	// Text is the line as written (at most 200 bytes); Message is one sentence.
	Text, Message string
}

// Lint checks body for the mistakes that make a robots.txt say something other than
// what its author meant, sorted by line, then column.
func Lint(body []byte) ([]Finding, error) {
	var report *C.robotstxt_lint_report
	var cerr C.robotstxt_error
	status := C.robotstxt_lint(bytesPointer(body), C.size_t(len(body)), &report, &cerr)
	runtime.KeepAlive(body)
	if err := errorOf(status, &cerr); err != nil {
		return nil, err
	}
	defer C.robotstxt_lint_report_free(report)
	count := int(C.robotstxt_lint_finding_count(report))
	findings := make([]Finding, 0, count)
	for i := 0; i < count; i++ {
		var f C.robotstxt_finding
		if err := errorOf(C.robotstxt_lint_finding(report, C.size_t(i), &f, &cerr), &cerr); err != nil {
			return nil, err
		}
		findings = append(findings, Finding{
			Severity: goString(C.robotstxt_severity_name(f.severity)),
			Line:     uint32(f.line), Column: uint32(f.column),
			Code: goString(f.code), Text: goString(f.text), Message: goString(f.message),
		})
	}
	return findings, nil
}

func (v Verdict) String() string {
	if v.Line == 0 {
		return fmt.Sprintf("allowed=%v (no rule)", v.Allowed)
	}
	return fmt.Sprintf("allowed=%v line %d %q", v.Allowed, v.Line, v.Rule)
}
