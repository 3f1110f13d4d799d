package robotstxt

/*
#include <stdlib.h>
#include <robotstxt/c_api.h>
*/
import "C"

import (
	"runtime"
	"sync"
)

// Agent is who asks: product tokens, or a crawler of the catalogue, which follows its
// own precedence rules (docs/semantics.md 8). It is immutable and may be shared by any
// number of goroutines. Close it when done (a finalizer frees it otherwise).
type Agent struct {
	mu     sync.RWMutex
	handle *C.robotstxt_agent
}

func newAgent(status C.robotstxt_status, handle *C.robotstxt_agent,
	cerr *C.robotstxt_error) (*Agent, error) {
	if err := errorOf(status, cerr); err != nil {
		return nil, err
	}
	agent := &Agent{handle: handle}
	runtime.SetFinalizer(agent, (*Agent).Close)
	return agent, nil
}

// Tokens asks as product tokens, merged as Google merges them (docs/semantics.md 2.5):
// the rules of every group naming any of them apply together. One token is the usual
// case; a crawler of the catalogue is better asked with Crawler.
func Tokens(tokens ...string) (*Agent, error) {
	if len(tokens) == 0 {
		return nil, &Error{Status: StatusInvalidArgument, Message: "Tokens needs at least one token"}
	}
	views, free := cStrings(tokens)
	defer free()
	var handle *C.robotstxt_agent
	var cerr C.robotstxt_error
	status := C.robotstxt_agent_from_tokens(&views[0], C.size_t(len(tokens)), &handle, &cerr)
	return newAgent(status, handle, &cerr)
}

// Crawler asks as the catalogue crawler named name, ASCII case-insensitively
// ("googlebot-image"). An *Error with StatusUnknownCrawler, naming close names, when the
// catalogue has none.
func Crawler(name string) (*Agent, error) {
	var handle *C.robotstxt_agent
	var cerr C.robotstxt_error
	status := C.robotstxt_agent_from_crawler(stringPointer(name), C.size_t(len(name)), &handle, &cerr)
	runtime.KeepAlive(name)
	return newAgent(status, handle, &cerr)
}

// UserAgent asks as the catalogue crawler whose User-Agent substring is in header (an
// HTTP User-Agent header); an *Error with StatusNoCrawlerInUserAgent when none is.
func UserAgent(header string) (*Agent, error) {
	var handle *C.robotstxt_agent
	var cerr C.robotstxt_error
	status := C.robotstxt_agent_from_user_agent(stringPointer(header), C.size_t(len(header)),
		&handle, &cerr)
	runtime.KeepAlive(header)
	return newAgent(status, handle, &cerr)
}

// CrawlerName is the name of the catalogue crawler that asks; empty for product tokens.
func (a *Agent) CrawlerName() string {
	var name string
	a.use(func(handle *C.robotstxt_agent) {
		index := C.robotstxt_agent_crawler_index(handle)
		if index < 0 {
			return
		}
		var crawler C.robotstxt_crawler
		var cerr C.robotstxt_error
		mustSucceed(C.robotstxt_crawler_at(C.size_t(index), &crawler, &cerr), &cerr)
		name = goString(crawler.name)
	})
	return name
}

// Close frees the agent. It waits for questions under way; later use panics.
func (a *Agent) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.handle != nil {
		C.robotstxt_agent_free(a.handle)
		a.handle = nil
		runtime.SetFinalizer(a, nil)
	}
	return nil
}

func (a *Agent) use(ask func(*C.robotstxt_agent)) {
	if a == nil {
		panic("robotstxt: nil *Agent")
	}
	a.mu.RLock()
	defer a.mu.RUnlock()
	if a.handle == nil {
		panic("robotstxt: use of a closed Agent")
	}
	ask(a.handle)
}
