package robotstxt

/*
#include <stdlib.h>
#include <robotstxt/c_api.h>
*/
import "C"

import (
	"context"
	"runtime"
	"strconv"
	"sync"
	"time"
	"unsafe"
)

// ClientOptions configure a Client; the zero value is the library's defaults.
type ClientOptions struct {
	// UserAgentHeader is the User-Agent header sent (default: the library's).
	UserAgentHeader string
	// Timeout bounds a whole fetch (default 30 s; at most a day).
	Timeout time.Duration
	// ConnectTo entries are HOST:PORT:CONNECT_HOST:CONNECT_PORT, as curl's --connect-to.
	ConnectTo []string
	// CAFile is a PEM file of the CAs to trust (default: the system's).
	CAFile string
	// AllowPrivate also fetches from loopback, private and other non-public addresses,
	// which are refused by default.
	AllowPrivate bool
	// Redis is redis://[[USER]:PASSWORD@]HOST:PORT/DB, the fleet's shared cache tier
	// (default: none).
	Redis string
	// RedisSentinel, instead of Redis, is [[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...][/DB]:
	// the sentinels asked for RedisMaster's address (docs/serve.md "Redis Sentinel").
	RedisSentinel string
	// RedisMaster is the name the sentinels know the master by.
	RedisMaster string
	// RedisPasswordFile is a file holding the Redis password, read once by NewClient.
	RedisPasswordFile string
	// CacheBytes and CacheEntries bound the client's cache (defaults 512 MiB, 100000).
	CacheBytes, CacheEntries int64
}

func (o ClientOptions) pairs() (names, values []string) {
	add := func(name, value string) { names, values = append(names, name), append(values, value) }
	if o.UserAgentHeader != "" {
		add("user-agent-header", o.UserAgentHeader)
	}
	if o.Timeout != 0 {
		add("timeout", strconv.FormatInt(int64((o.Timeout+time.Second-1)/time.Second), 10))
	}
	for _, entry := range o.ConnectTo {
		add("connect-to", entry)
	}
	if o.CAFile != "" {
		add("ca-file", o.CAFile)
	}
	if o.AllowPrivate {
		add("allow-private", "true")
	}
	if o.Redis != "" {
		add("redis", o.Redis)
	}
	if o.RedisSentinel != "" {
		add("redis-sentinel", o.RedisSentinel)
	}
	if o.RedisMaster != "" {
		add("redis-master", o.RedisMaster)
	}
	if o.RedisPasswordFile != "" {
		add("redis-password-file", o.RedisPasswordFile)
	}
	if o.CacheBytes != 0 {
		add("cache-bytes", strconv.FormatInt(o.CacheBytes, 10))
	}
	if o.CacheEntries != 0 {
		add("cache-entries", strconv.FormatInt(o.CacheEntries, 10))
	}
	return names, values
}

// Client fetches robots.txt files, applies Google's fetch policy (status codes,
// redirects, 500 KiB, the 5xx timeline), caches the rules and decides. Any number of
// goroutines may call Decide at once.
type Client struct {
	mu       sync.Mutex
	handle   *C.robotstxt_client
	inFlight sync.WaitGroup // decides still running in the library, even if abandoned
}

// NewClient makes a client; an *Error naming the option when one is bad.
func NewClient(options ClientOptions) (*Client, error) {
	names, values := options.pairs()
	strings := append(append([]string{}, names...), values...)
	views, free := cStrings(strings)
	defer free()
	var namesPointer, valuesPointer *C.robotstxt_string
	if len(names) > 0 {
		namesPointer, valuesPointer = &views[0], &views[len(names)]
	}
	var handle *C.robotstxt_client
	var cerr C.robotstxt_error
	status := C.robotstxt_client_new(namesPointer, valuesPointer, C.size_t(len(names)), &handle, &cerr)
	if err := errorOf(status, &cerr); err != nil {
		return nil, err
	}
	client := &Client{handle: handle}
	runtime.SetFinalizer(client, (*Client).Close)
	return client, nil
}

// cStrings copies strings into C memory as robotstxt_string views (cgo forbids passing
// C an array that holds Go pointers); call free when the C call has returned.
func cStrings(strings []string) (views []C.robotstxt_string, free func()) {
	if len(strings) == 0 {
		return nil, func() {}
	}
	total := 0
	for _, s := range strings {
		total += len(s)
	}
	viewMemory := C.malloc(C.size_t(len(strings)) * C.size_t(unsafe.Sizeof(C.robotstxt_string{})))
	bufferMemory := C.malloc(C.size_t(total + 1))
	views = unsafe.Slice((*C.robotstxt_string)(viewMemory), len(strings))
	buffer := unsafe.Slice((*byte)(bufferMemory), total+1)
	offset := 0
	for i, s := range strings {
		copy(buffer[offset:], s)
		views[i] = C.robotstxt_string{data: (*C.char)(unsafe.Pointer(&buffer[offset])),
			size: C.size_t(len(s))}
		offset += len(s)
	}
	return views, func() { C.free(viewMemory); C.free(bufferMemory) }
}

// Decision is the client's answer for a URL. Its fields and words are
// schemas/answer.schema.json's "decision", in its order.
type Decision struct {
	// Allowed is always Verdict.Allowed: false also when the access is undecided or the
	// URL has no origin.
	Allowed bool
	// URLError says why the URL has no origin ("not-absolute", "unsupported-scheme"...);
	// empty when it has one. Without an origin nothing is looked up, so RobotsURL,
	// Access, AccessReason and CacheTier are empty and Status is 0.
	URLError string
	// RobotsURL is the robots.txt the decision used.
	RobotsURL string
	// Access is "full-allow", "full-disallow", "rules" or "undecided"; AccessReason says
	// why ("parsed", "no-robots-txt", "recent-server-error"...).
	Access, AccessReason string
	// Verdict is the answer with the rule that decided.
	Verdict Verdict
	// Status is the HTTP status of the robots.txt fetch; 0 when none arrived.
	Status int
	// CacheTier is where the rules came from: "memory", "shared" or "fetched".
	CacheTier string
	// FetchError says why the fetch failed; empty when it did not.
	FetchError string
}

// Decide fetches (or finds cached) url's robots.txt and decides for agent. When ctx ends
// first, Decide returns ctx.Err() at once; the fetch under way still finishes within the
// client's Timeout (the library cannot interrupt it) and its result fills the cache.
func (c *Client) Decide(ctx context.Context, url string, agent *Agent) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	c.mu.Lock()
	if c.handle == nil {
		c.mu.Unlock()
		panic("robotstxt: use of a closed Client")
	}
	handle := c.handle
	c.inFlight.Add(1)
	c.mu.Unlock()

	type result struct {
		decision Decision
		err      error
	}
	done := make(chan result, 1) // buffered: an abandoned decide still ends
	urlCopy := C.CBytes([]byte(url))
	go func() {
		defer c.inFlight.Done()
		defer C.free(urlCopy)
		var decision Decision
		var err error
		agent.use(func(a *C.robotstxt_agent) {
			decision, err = decide(handle, (*C.char)(urlCopy), len(url), a)
		})
		done <- result{decision, err}
	}()
	select {
	case r := <-done:
		return r.decision, r.err
	case <-ctx.Done():
		return Decision{}, ctx.Err()
	}
}

func decide(handle *C.robotstxt_client, url *C.char, size int,
	agent *C.robotstxt_agent) (Decision, error) {
	var decision *C.robotstxt_decision
	var cerr C.robotstxt_error
	if err := errorOf(C.robotstxt_client_decide(handle, url, C.size_t(size), agent, &decision,
		&cerr), &cerr); err != nil {
		return Decision{}, err
	}
	defer C.robotstxt_decision_free(decision)
	var info C.robotstxt_decision_info
	if err := errorOf(C.robotstxt_decision_get_info(decision, &info, &cerr), &cerr); err != nil {
		return Decision{}, err
	}
	var v C.robotstxt_verdict
	if err := errorOf(C.robotstxt_decision_verdict(decision, &v, &cerr), &cerr); err != nil {
		return Decision{}, err
	}
	// Allowed is read from the verdict itself, so that the two cannot differ.
	verdict := verdictOf(&v)
	return Decision{
		Allowed:      verdict.Allowed,
		URLError:     goString(C.robotstxt_url_error_name(info.url_error)),
		RobotsURL:    goString(info.robots_url),
		Access:       goString(C.robotstxt_access_name(info.access)),
		AccessReason: goString(C.robotstxt_access_reason_name(info.access_reason)),
		Verdict:      verdict,
		Status:       int(info.status),
		CacheTier:    goString(C.robotstxt_cache_tier_name(info.cache_tier)),
		FetchError:   goString(info.fetch_error),
	}, nil
}

// Close frees the client after the decides under way, abandoned ones included, end.
func (c *Client) Close() error {
	c.mu.Lock()
	handle := c.handle
	c.handle = nil
	c.mu.Unlock()
	if handle != nil {
		c.inFlight.Wait()
		C.robotstxt_client_free(handle)
		runtime.SetFinalizer(c, nil)
	}
	return nil
}
