"""Crawls a list of URLs with Scrapy, obeying robots.txt, and prints what it fetched.

Usage: scrapy_crawl.py CONFIG_JSON, where the JSON object has "urls" (start URLs),
"parser" (ROBOTSTXT_PARSER), "user_agent" (USER_AGENT) and optionally
"robotstxt_user_agent" (ROBOTSTXT_USER_AGENT) and "settings" (any other Scrapy settings,
e.g. a downloader middleware). Prints one JSON object: the URLs whose
responses reached the spider, and Scrapy's robots.txt statistics.

A separate process, because Twisted's reactor cannot be started twice in one.
"""

from __future__ import annotations

import json
import sys

import scrapy
from scrapy.crawler import CrawlerProcess


class ListSpider(scrapy.Spider):
    """Requests every start URL once; records each response it receives."""

    name = "list"

    def __init__(self, urls: list[str], fetched: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.start_urls = urls
        self.fetched = fetched

    def parse(self, response):
        self.fetched.append(response.url)


def main() -> int:
    config = json.loads(sys.argv[1])
    settings = {
        "ROBOTSTXT_OBEY": True,
        "ROBOTSTXT_PARSER": config["parser"],
        "USER_AGENT": config["user_agent"],
        "LOG_LEVEL": "ERROR",
        "TELNETCONSOLE_ENABLED": False,
        "RETRY_ENABLED": False,
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    }
    if config.get("robotstxt_user_agent"):
        settings["ROBOTSTXT_USER_AGENT"] = config["robotstxt_user_agent"]
    settings.update(config.get("settings", {}))
    fetched: list[str] = []
    process = CrawlerProcess(settings)
    crawler = process.create_crawler(ListSpider)
    process.crawl(crawler, urls=config["urls"], fetched=fetched)
    process.start()
    stats = crawler.stats.get_stats()
    json.dump({
        "fetched": sorted(fetched),
        "forbidden": stats.get("robotstxt/forbidden", 0),
        "robots_requests": stats.get("robotstxt/request_count", 0),
        "polite_slots": stats.get("robotstxt/politeness/slots", 0),
        "polite_voided": stats.get("robotstxt/politeness/voided", 0),
        "retries": stats.get("retry/count", 0),
    }, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
