module github.com/robotstxt/robotstxt/bench/go_corpus

go 1.19

require github.com/robotstxt/robotstxt/go v0.0.0

replace github.com/robotstxt/robotstxt/go => ../../go
