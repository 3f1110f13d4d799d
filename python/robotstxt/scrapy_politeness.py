"""A Scrapy downloader middleware that sends each request at its slot from
``robotstxt serve``: one spacing per site for every Scrapy process that uses the same
service (or service instances on the same Redis), with Crawl-delay, Request-rate and
back-off after 429/503 (docs/semantics.md, "Politeness").

Settings::

    DOWNLOADER_MIDDLEWARES = {"robotstxt.scrapy_politeness.PolitenessMiddleware": 590}
    ROBOTSTXT_SERVICE_URL = "http://127.0.0.1:8080"
    ROBOTSTXT_POLITENESS_AGENT = "MyBot"      # or ROBOTSTXT_POLITENESS_CRAWLER = "Bingbot"
    ROBOTSTXT_SERVICE_TOKEN = "..."           # when serve runs with --token-file
    DOWNLOAD_DELAY = 0                         # the service spaces the requests now

A request the service disallows is dropped (IgnoreRequest), as ROBOTSTXT_OBEY would.
Requests wait without blocking the reactor: the service is asked on a thread, and the
wait is a timer.
"""

from __future__ import annotations

from typing import Any, Optional

from scrapy.exceptions import IgnoreRequest, NotConfigured
from twisted.internet import reactor, task, threads

from .politeness import PolitenessClient, Slot

__all__ = ["PolitenessMiddleware"]


class PolitenessMiddleware:
    """Delays each request to its slot; reports each response's status."""

    def __init__(self, client: PolitenessClient, agent: Optional[str],
                 crawler: Optional[str], stats: Any = None) -> None:
        self._client = client
        self._agent = agent
        self._crawler = crawler
        self._stats = stats

    @classmethod
    def from_crawler(cls, crawler: Any) -> "PolitenessMiddleware":
        settings = crawler.settings
        base_url = settings.get("ROBOTSTXT_SERVICE_URL")
        if not base_url:
            raise NotConfigured("ROBOTSTXT_SERVICE_URL is not set")
        catalogue_name = settings.get("ROBOTSTXT_POLITENESS_CRAWLER")
        agent = None if catalogue_name else (settings.get("ROBOTSTXT_POLITENESS_AGENT")
                                             or settings.get("ROBOTSTXT_USER_AGENT"))
        if not agent and not catalogue_name:
            raise NotConfigured("set ROBOTSTXT_POLITENESS_AGENT or ROBOTSTXT_POLITENESS_CRAWLER")
        client = PolitenessClient(base_url, token=settings.get("ROBOTSTXT_SERVICE_TOKEN"),
                                  timeout=settings.getfloat("ROBOTSTXT_SERVICE_TIMEOUT", 30.0))
        return cls(client, agent, catalogue_name, crawler.stats)

    def process_request(self, request: Any, spider: Any):
        if request.url.endswith("/robots.txt") or request.meta.get("robotstxt_slot"):
            return None
        acquired = threads.deferToThread(self._client.acquire, request.url,
                                         agent=self._agent, crawler=self._crawler)
        acquired.addCallback(self._wait, request)
        return acquired

    def _wait(self, slot: Slot, request: Any):
        if not slot.allowed:
            self._count("robotstxt/politeness/disallowed")
            raise IgnoreRequest(f"robots.txt (robotstxt serve) disallows {request.url}")
        if not slot.reserved:
            # The schedule is full for now: ask again once a slot is within reach.
            return task.deferLater(reactor, slot.seconds_to_wait(), self.process_request,
                                   request, None)
        request.meta["robotstxt_slot"] = slot.not_before
        self._count("robotstxt/politeness/slots")
        # None after the wait: the request carries on through the other middlewares.
        return task.deferLater(reactor, slot.seconds_to_wait(), lambda: None)

    def process_response(self, request: Any, response: Any, spider: Any) -> Any:
        if "robotstxt_slot" in request.meta:
            retry_after = response.headers.get(b"Retry-After")
            threads.deferToThread(self._client.report, request.url, response.status,
                                  retry_after.decode("latin-1") if retry_after else None
                                  ).addErrback(lambda failure: None)
        return response

    def _count(self, key: str) -> None:
        if self._stats is not None:
            self._stats.inc_value(key)
