module github.com/robotstxt/robotstxt/go

go 1.19
