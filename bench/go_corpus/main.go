// The corpus work from Go (docs/performance.md): parse every corpus host's robots.txt
// once, then check each of its URLs for five agents, single-threaded, with Allowed (one
// crossing into the library per check) and with AllowedURLs (one per host and agent).
// Prints the best of REPEATS rounds; compare with build/bench/corpus_bench for the
// native library. temoto/robotstxt and jimsmart/grobotstxt are not in Debian and the
// module proxy is not reachable here, so they are not measured.
//
// Usage: cd bench/go_corpus && PKG_CONFIG_PATH=$PWD/../../build/bindings-pkgconfig \
//
//	GOPROXY=off go run . [DATA_DIR] [REPEATS]
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	robotstxt "github.com/robotstxt/robotstxt/go"
)

var agentTokens = []string{"googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"}

type host struct {
	body []byte
	urls []string
}

func loadCorpus(dataDir string) ([]host, int) {
	corpus := filepath.Join(dataDir, "corpus")
	entries, err := os.ReadDir(filepath.Join(corpus, "robots"))
	if err != nil {
		panic(err)
	}
	var hosts []host
	bytes := 0
	for _, e := range entries {
		body, err := os.ReadFile(filepath.Join(corpus, "robots", e.Name()))
		if err != nil {
			panic(err)
		}
		list, err := os.ReadFile(filepath.Join(corpus, "urls", e.Name()))
		if err != nil {
			continue
		}
		hosts = append(hosts, host{body, strings.Split(strings.TrimSuffix(string(list), "\n"), "\n")})
		bytes += len(body)
	}
	return hosts, bytes
}

func best(repeats int, round func()) time.Duration {
	fastest := time.Duration(1<<63 - 1)
	for i := 0; i < repeats; i++ {
		start := time.Now()
		round()
		if elapsed := time.Since(start); elapsed < fastest {
			fastest = elapsed
		}
	}
	return fastest
}

func main() {
	dataDir, repeats := "../../tests/data", 5
	if len(os.Args) > 1 {
		dataDir = os.Args[1]
	}
	if len(os.Args) > 2 {
		repeats, _ = strconv.Atoi(os.Args[2])
	}
	hosts, bytes := loadCorpus(dataDir)
	agents := make([]*robotstxt.Agent, len(agentTokens))
	for i, token := range agentTokens {
		agents[i], _ = robotstxt.Tokens(token)
	}
	parsed := make([]*robotstxt.Robots, len(hosts))
	parse := best(repeats, func() {
		for i, h := range hosts {
			if parsed[i] != nil {
				parsed[i].Close()
			}
			parsed[i], _ = robotstxt.Parse(h.body)
		}
	})
	checks, disallowedSingle, disallowedBatch := 0, 0, 0
	for _, h := range hosts {
		checks += len(h.urls) * len(agents)
	}
	single := best(repeats, func() {
		disallowedSingle = 0
		for i, h := range hosts {
			for _, agent := range agents {
				for _, url := range h.urls {
					if !parsed[i].Allowed(url, agent) {
						disallowedSingle++
					}
				}
			}
		}
	})
	batch := best(repeats, func() {
		disallowedBatch = 0
		for i, h := range hosts {
			for _, agent := range agents {
				for _, allowed := range parsed[i].AllowedURLs(h.urls, agent) {
					if !allowed {
						disallowedBatch++
					}
				}
			}
		}
	})
	if disallowedSingle != disallowedBatch {
		panic("Allowed and AllowedURLs disagree")
	}
	perCheck := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(checks) }
	fmt.Printf("go: %d hosts, %.2f MB, %d checks (%d disallowed), best of %d\n", len(hosts),
		float64(bytes)/1e6, checks, disallowedSingle, repeats)
	fmt.Printf("parse:               %7.1f ms  %6.0f MB/s\n", parse.Seconds()*1e3, float64(bytes)/1e6/parse.Seconds())
	fmt.Printf("Allowed per check:   %7.1f ms  %5.2f million/s  %5.0f ns/check\n", single.Seconds()*1e3,
		float64(checks)/1e6/single.Seconds(), perCheck(single))
	fmt.Printf("AllowedURLs batches: %7.1f ms  %5.2f million/s  %5.0f ns/check\n", batch.Seconds()*1e3,
		float64(checks)/1e6/batch.Seconds(), perCheck(batch))
	fmt.Printf("whole work (parse + batches): %.3f s\n", (parse + batch).Seconds())
}
