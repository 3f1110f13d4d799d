package robotstxt

// The fetching client against loopback origins started here (net/http/httptest): the
// policy's answers for a 2xx, a 404 and a 503, the cache, and a context that ends first.

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func newTestClient(t *testing.T) *Client {
	t.Helper()
	client, err := NewClient(ClientOptions{AllowPrivate: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

func TestClientFetchesAppliesThePolicyAndCaches(t *testing.T) {
	var fetches atomic.Int32
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fetches.Add(1)
		w.Write([]byte("User-agent: *\nDisallow: /private\n"))
	}))
	defer origin.Close()
	client := newTestClient(t)
	agent := mustTokens(t, "FooBot")
	ctx := context.Background()

	decision, err := client.Decide(ctx, origin.URL+"/private/x", agent)
	if err != nil {
		t.Fatal(err)
	}
	if decision.Allowed || decision.Access != "rules" || decision.AccessReason != "parsed" || decision.Status != 200 ||
		decision.CacheTier != "fetched" || decision.Verdict.Line != 2 ||
		decision.RobotsURL != origin.URL+"/robots.txt" {
		t.Errorf("first decision %+v", decision)
	}
	decision, err = client.Decide(ctx, origin.URL+"/public", agent)
	if err != nil || !decision.Allowed || decision.CacheTier != "memory" {
		t.Errorf("second decision %+v %v, want allowed from memory", decision, err)
	}
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches of robots.txt, want 1", n)
	}
}

func TestClientStatusCodesDecideAccess(t *testing.T) {
	for _, c := range []struct {
		status  int
		allowed bool
		access  string
	}{
		{http.StatusNotFound, true, "full-allow"},
		{http.StatusServiceUnavailable, false, "full-disallow"},
	} {
		origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(c.status)
		}))
		decision, err := newTestClient(t).Decide(context.Background(), origin.URL+"/x",
			mustTokens(t, "FooBot"))
		origin.Close()
		if err != nil || decision.Allowed != c.allowed || decision.Access != c.access ||
			decision.Status != c.status {
			t.Errorf("status %d: %+v %v, want allowed %v access %q", c.status, decision, err,
				c.allowed, c.access)
		}
	}
}

func TestClientRefusesLoopbackByDefault(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Error("a loopback origin was fetched without AllowPrivate")
	}))
	defer origin.Close()
	client, err := NewClient(ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	decision, err := client.Decide(context.Background(), origin.URL+"/x", mustTokens(t, "FooBot"))
	if err != nil || decision.Allowed || decision.FetchError == "" {
		t.Errorf("%+v %v, want a refused fetch", decision, err)
	}
}

func TestClientContextEndsTheWaitNotTheFetch(t *testing.T) {
	release := make(chan struct{})
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.WriteHeader(http.StatusNotFound)
	}))
	defer origin.Close()
	client := newTestClient(t)
	defer close(release) // before the client's Close, which waits for the fetch
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	started := time.Now()
	_, err := client.Decide(ctx, origin.URL+"/x", mustTokens(t, "FooBot"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want context.DeadlineExceeded", err)
	}
	if waited := time.Since(started); waited > 3*time.Second {
		t.Errorf("Decide waited %v after its context ended", waited)
	}
}

func TestClientBadOptionIsAnError(t *testing.T) {
	_, err := NewClient(ClientOptions{Redis: "not a url"})
	var libraryError *Error
	if !errors.As(err, &libraryError) || libraryError.Status != StatusInvalidArgument {
		t.Errorf("err %v, want StatusInvalidArgument", err)
	}
}
