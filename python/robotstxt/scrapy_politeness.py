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

Every request that goes out is one fetch of the origin, with a slot of its own and a
report of its own: Scrapy's retries and redirect targets are new requests (their
``meta`` copied from the first), and each asks for its slot; every response downloaded
is reported, a 301 as much as the page it leads to, whatever the order of the
middlewares. A 429 or 503 makes void the slots of its origin that requests are still
waiting for: those requests ask again, and are never sent inside the back-off.
"""

from __future__ import annotations

import time
import weakref
from typing import Any, Optional

from scrapy import signals
from scrapy.exceptions import IgnoreRequest, NotConfigured
from twisted.internet import defer, reactor, threads

from .politeness import PolitenessClient, Slot, origin_of

__all__ = ["PolitenessMiddleware"]

# Back-offs remembered before the ended ones are dropped: a crawl of many origins that
# answer 429 keeps a bounded map.
_BACK_OFFS_KEPT = 4096


class _Waiting:
    """A request waiting for its slot: the timer that sends it on, and when the slot
    was asked for."""

    def __init__(self, request: Any, slot: Slot, done: defer.Deferred, asked_at: float) -> None:
        self.request = request
        self.slot = slot
        self.done = done
        self.asked_at = asked_at
        self.timer: Any = None


class PolitenessMiddleware:
    """Delays each request to its slot; reports each downloaded response's status."""

    def __init__(self, client: PolitenessClient, agent: Optional[str],
                 crawler: Optional[str], stats: Any = None) -> None:
        self._client = client
        self._agent = agent
        self._crawler = crawler
        self._stats = stats
        # The request objects sent at a slot and not yet reported. Keyed by the object,
        # not by meta: a retry or a redirect copies meta, and is a fetch of its own.
        self._sent: "weakref.WeakKeyDictionary[Any, Slot]" = weakref.WeakKeyDictionary()
        self._waiting: dict[str, set[_Waiting]] = {}
        # Per origin, the latest back-off a report answered with (Unix ms) and when that
        # answer arrived: a slot asked for before then may have been spaced without it.
        self._back_off: dict[str, tuple[int, float]] = {}

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
        middleware = cls(client, agent, catalogue_name, crawler.stats)
        # Sent by the downloader for every response it got from the network, before any
        # middleware turns a 3xx into a new request: each fetch is reported once.
        crawler.signals.connect(middleware.response_downloaded,
                                signal=signals.response_downloaded)
        return middleware

    def process_request(self, request: Any, spider: Any):
        if request.url.endswith("/robots.txt") or request in self._sent:
            return None
        done: defer.Deferred = defer.Deferred()
        self._ask(request, done)
        return done

    def _ask(self, request: Any, done: defer.Deferred) -> None:
        asked_at = time.time()
        acquired = threads.deferToThread(self._client.acquire, request.url,
                                         agent=self._agent, crawler=self._crawler)
        acquired.addCallbacks(self._got, done.errback,
                              callbackArgs=(request, done, asked_at))

    def _got(self, slot: Slot, request: Any, done: defer.Deferred, asked_at: float) -> None:
        if not slot.allowed:
            self._count("robotstxt/politeness/disallowed")
            done.errback(IgnoreRequest(f"robots.txt (robotstxt serve) disallows {request.url}"))
            return
        if not slot.reserved:
            # The schedule is full for now: ask again once a slot is within reach.
            reactor.callLater(slot.seconds_to_wait(), self._ask, request, done)
            return
        origin = origin_of(request.url)
        if self._spaced_without_back_off(origin, slot, asked_at):
            # The acquire crossed a 429's report on the way: the service may have
            # answered it before the back-off, and the report's answer came first.
            self._count("robotstxt/politeness/voided")
            self._ask(request, done)
            return
        waiting = _Waiting(request, slot, done, asked_at)
        self._waiting.setdefault(origin, set()).add(waiting)
        waiting.timer = reactor.callLater(slot.seconds_to_wait(), self._send, waiting)

    def _send(self, waiting: _Waiting) -> None:
        self._forget(waiting)
        self._sent[waiting.request] = waiting.slot
        self._count("robotstxt/politeness/slots")
        # None: the request carries on through the other middlewares.
        waiting.done.callback(None)

    def _forget(self, waiting: _Waiting) -> None:
        origin = origin_of(waiting.request.url)
        group = self._waiting.get(origin)
        if group is not None:
            group.discard(waiting)
            if not group:
                del self._waiting[origin]

    def response_downloaded(self, response: Any, request: Any, spider: Any) -> None:
        if self._sent.pop(request, None) is None:
            return
        retry_after = response.headers.get(b"Retry-After")
        reported_at = time.time()
        reported = threads.deferToThread(
            self._client.report, request.url, response.status,
            retry_after.decode("latin-1") if retry_after else None)
        if response.status in (429, 503):
            reported.addCallback(self._void_slots, request.url, reported_at)
        reported.addErrback(lambda failure: None)

    def _void_slots(self, answer: dict[str, Any], url: str, reported_at: float) -> None:
        # Slots asked for before the report were spaced without its back-off, and may
        # fall inside its Retry-After: their requests ask again.
        not_before = answer.get("not_before") or 0
        origin = origin_of(url)
        if not_before > self._back_off.get(origin, (0, 0.0))[0]:
            self._remember_back_off(origin, not_before)
        for waiting in list(self._waiting.get(origin, ())):
            if waiting.asked_at < reported_at or (waiting.slot.not_before or 0) < not_before:
                waiting.timer.cancel()
                self._forget(waiting)
                self._count("robotstxt/politeness/voided")
                self._ask(waiting.request, waiting.done)

    def _remember_back_off(self, origin: str, not_before: int) -> None:
        now = time.time()
        if len(self._back_off) >= _BACK_OFFS_KEPT:
            # A back-off that has ended voids nothing: keep the ones still running.
            self._back_off = {key: value for key, value in self._back_off.items()
                              if value[0] > now * 1000}
        self._back_off[origin] = (not_before, now)

    def _spaced_without_back_off(self, origin: str, slot: Slot, asked_at: float) -> bool:
        not_before, learned_at = self._back_off.get(origin, (0, 0.0))
        return asked_at < learned_at and (slot.not_before or 0) < not_before

    def process_exception(self, request: Any, exception: Any, spider: Any) -> None:
        # A fetch that got no response has nothing to report; its slot is spent.
        self._sent.pop(request, None)

    def _count(self, key: str) -> None:
        if self._stats is not None:
            self._stats.inc_value(key)
