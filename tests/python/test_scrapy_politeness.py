"""robotstxt.scrapy_politeness.PolitenessMiddleware in real Scrapy crawls: two Scrapy
processes, each asking its own `robotstxt serve` instance, both instances on one Redis,
crawl one loopback site whose robots.txt says Crawl-delay: 0.2. The site records when
each request arrives: together the two crawls keep the delay (docs/semantics.md
"Politeness", P1 and P6)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("scrapy")

from arrivals_site import ArrivalsSite  # noqa: E402
from conftest import SOURCE_DIR  # noqa: E402
from redis_server import REDIS_SERVER, RedisServer  # noqa: E402
from serve_process import ServeProcess  # noqa: E402

ROBOTS_TXT = "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n"
PAGES = 6  # per crawl
TOLERANCE = 0.08  # seconds: a request sent a little late next to one on time


def crawl(site: ArrivalsSite, service_url: str, prefix: str) -> subprocess.Popen:
    config = {
        "urls": [f"{site.base_url}/{prefix}{i}" for i in range(PAGES)]
                + [f"{site.base_url}/private/{prefix}"],
        "parser": "robotstxt.scrapy.RobotParser",
        "user_agent": "PoliteBot/1.0",
        "settings": {
            "DOWNLOADER_MIDDLEWARES": {
                "robotstxt.scrapy_politeness.PolitenessMiddleware": 590},
            "ROBOTSTXT_SERVICE_URL": service_url,
            "ROBOTSTXT_POLITENESS_AGENT": "PoliteBot",
            "DOWNLOAD_DELAY": 0,
            "CONCURRENT_REQUESTS_PER_DOMAIN": 16,
        },
    }
    return subprocess.Popen(
        [sys.executable, str(SOURCE_DIR / "tests" / "support" / "scrapy_crawl.py"),
         json.dumps(config)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.skipif(REDIS_SERVER is None, reason="redis-server is not installed")
def test_p1_p6_two_scrapy_processes_on_two_instances_keep_the_crawl_delay():
    with ArrivalsSite(ROBOTS_TXT) as site, RedisServer() as redis, \
            ServeProcess("--allow-private", "--redis", redis.url,
                         "--polite-spacing", "0.05") as first, \
            ServeProcess("--allow-private", "--redis", redis.url,
                         "--polite-spacing", "0.05") as second:
        crawls = [crawl(site, first.base_url, "a"), crawl(site, second.base_url, "b")]
        results = []
        for process in crawls:
            out, err = process.communicate(timeout=120)
            assert process.returncode == 0, err.decode()
            results.append(json.loads(out))
        arrivals = sorted(site.arrivals())
    for result in results:
        assert result["polite_slots"] == PAGES
        assert len(result["fetched"]) == PAGES
    paths = [path for _, path in arrivals]
    assert sorted(paths) == sorted([f"/a{i}" for i in range(PAGES)]
                                   + [f"/b{i}" for i in range(PAGES)])
    times = [when for when, _ in arrivals]
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    assert min(gaps) >= 0.2 - TOLERANCE, gaps
    assert times[-1] - times[0] >= (2 * PAGES - 1) * 0.2 - TOLERANCE
