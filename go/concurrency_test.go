package robotstxt

// One parsed file, two agents, many goroutines: run with -race (ctest does). Every
// goroutine must get the answers a single goroutine gets, batch and single calls alike.

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
)

func TestConcurrencyManyGoroutinesShareOneParsedFile(t *testing.T) {
	robots := mustParse(t, "User-agent: *\nDisallow: /odd/\nAllow: /odd/ok\n\n"+
		"User-agent: Googlebot\nDisallow: /even/\n")
	agents := []*Agent{mustTokens(t, "FooBot"), mustCrawler(t, "Googlebot")}
	const goroutines, rounds = 32, 200 // bounded: 6400 batches of 50 and 6400 single checks
	urls := make([]string, 50)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://example.com/odd/%d", i)
		if i%2 == 0 {
			urls[i] = fmt.Sprintf("https://example.com/even/%d", i)
		}
	}
	// The two agents disagree on every URL, so answers handed to the wrong caller show.
	want := [][]bool{robots.AllowedURLs(urls, agents[0]), robots.AllowedURLs(urls, agents[1])}
	for i := range urls {
		if want[0][i] == want[1][i] {
			t.Fatalf("%s: both agents answer %v", urls[i], want[0][i])
		}
	}
	var wg sync.WaitGroup
	failures := make(chan string, goroutines)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			agent, expected := agents[g%2], want[g%2]
			for r := 0; r < rounds; r++ {
				i := (g + r) % len(urls)
				if got := robots.AllowedURLs(urls, agent); !reflect.DeepEqual(got, expected) {
					failures <- fmt.Sprintf("goroutine %d: a batch answered differently", g)
					return
				}
				if robots.Allowed(urls[i], agent) != expected[i] {
					failures <- fmt.Sprintf("goroutine %d: %s answered differently", g, urls[i])
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(failures)
	for failure := range failures {
		t.Error(failure)
	}
}
