"""robotstxt.scrapy_politeness.PolitenessMiddleware in real Scrapy crawls: two Scrapy
processes, each asking its own `robotstxt serve` instance, both instances on one Redis,
crawl one loopback site whose robots.txt says Crawl-delay: 0.2. The site records when
each request arrives: together the two crawls keep the delay (docs/semantics.md
"Politeness", P1 and P6)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from typing import Optional

import pytest

pytest.importorskip("scrapy")

from arrivals_site import ArrivalsSite  # noqa: E402
from conftest import SOURCE_DIR  # noqa: E402
from redis_server import REDIS_SERVER, RedisServer  # noqa: E402
from serve_process import ServeProcess  # noqa: E402

ROBOTS_TXT = "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n"
PAGES = 6  # per crawl
TOLERANCE = 0.08  # seconds: a request sent a little late next to one on time


def crawl(site: ArrivalsSite, service_url: str, prefix: str,
          urls: Optional[list[str]] = None, **settings: object) -> subprocess.Popen:
    config = {
        "urls": urls if urls is not None else
        [f"{site.base_url}/{prefix}{i}" for i in range(PAGES)]
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
            **settings,
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


def finished(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err.decode()
    return json.loads(out)


def reports(service: ServeProcess) -> int:
    """POST /v1/report requests the service answered, from its /metrics."""
    text = urllib.request.urlopen(service.base_url + "/metrics").read().decode()
    return sum(int(float(count)) for count in re.findall(
        r'^robotstxt_requests_total\{endpoint="report",code="2xx"\} (\S+)$', text, re.M))


def test_p4_each_retry_asks_for_its_own_slot_and_waits_out_the_retry_after():
    """Scrapy's retries copy the request's meta: each is still a fetch of its own, with
    its slot, and never inside the Retry-After of the 429 before it."""
    with ArrivalsSite(ROBOTS_TXT) as site, \
            ServeProcess("--allow-private", "--polite-spacing", "0.05") as service:
        result = finished(crawl(site, service.base_url, "r",
                                urls=[f"{site.base_url}/status/429?retry_after=1"],
                                RETRY_ENABLED=True, RETRY_TIMES=2))
        times = [when for when, path in site.arrivals() if path.startswith("/status/429")]
        assert reports(service) == 3
    assert result["retries"] == 2
    assert result["polite_slots"] == 3
    assert len(times) == 3
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    assert min(gaps) >= 1 - TOLERANCE, gaps


class _Request:
    def __init__(self, url: str) -> None:
        self.url = url


def test_p4_a_slot_answered_before_the_back_off_but_delivered_after_it_asks_again():
    """A retry's acquire may reach the service before the 429's report does, and its
    answer reach the crawl after the report's: that slot is inside the back-off."""
    from robotstxt.politeness import Slot
    from robotstxt.scrapy_politeness import PolitenessMiddleware

    middleware = PolitenessMiddleware(client=None, agent="PoliteBot", crawler=None)
    asked = []
    middleware._ask = lambda request, done: asked.append(request.url)
    url = "http://127.0.0.1:1/status/429"
    now = time.time()
    asked_at = now - 0.01
    middleware._void_slots({"not_before": int((now + 1) * 1000)}, url, reported_at=now - 0.02)
    early = Slot(url=url, allowed=True, reserved=True, not_before=int((now + 0.2) * 1000))
    middleware._got(early, _Request(url), done=None, asked_at=asked_at)
    assert asked == [url]
    # Asked for after the back-off was known: the service's answer stands.
    middleware._got(early, _Request(url), done=None, asked_at=time.time() + 0.01)
    assert asked == [url]
    assert sum(len(group) for group in middleware._waiting.values()) == 1
    for group in middleware._waiting.values():
        for waiting in group:
            waiting.timer.cancel()


def test_p1_a_redirect_target_asks_for_its_own_slot_and_the_3xx_is_reported():
    with ArrivalsSite(ROBOTS_TXT) as site, \
            ServeProcess("--allow-private", "--polite-spacing", "0.05") as service:
        result = finished(crawl(site, service.base_url, "d",
                                urls=[f"{site.base_url}/redirect/301?to=/target"]))
        arrivals = site.arrivals()
        assert reports(service) == 2  # the 301 and the page it led to
    assert [path for _, path in arrivals] == ["/redirect/301?to=/target", "/target"]
    assert arrivals[1][0] - arrivals[0][0] >= 0.2 - TOLERANCE
    assert result["polite_slots"] == 2
    assert result["fetched"] == [f"{site.base_url}/target"]


def test_p4_slots_reserved_before_a_429_are_asked_again_not_used_inside_its_window():
    """Four requests take four slots 0.3 s apart at once; the first fetch is a 429 with
    Retry-After: 1, and so is every other. The slots still waiting are void: each request
    asks again, and no two fetches arrive closer than the Retry-After."""
    robots = "User-agent: *\nCrawl-delay: 0.3\n"
    with ArrivalsSite(robots) as site, \
            ServeProcess("--allow-private", "--polite-spacing", "0.05") as service:
        urls = [f"{site.base_url}/status/429?retry_after=1&page={i}" for i in range(4)]
        result = finished(crawl(site, service.base_url, "v", urls=urls))
        times = [when for when, path in site.arrivals()]
    assert len(times) == 4
    assert result["polite_voided"] >= 3
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    # Arrivals carry each fetch's own delay after its slot (a tenth of a second more under
    # the sanitizers); slots used inside the window arrived 0.3 s apart.
    assert min(gaps) >= 1 - 2.5 * TOLERANCE, gaps
