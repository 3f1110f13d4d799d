"""A client of ``robotstxt serve``'s politeness endpoints: may I fetch, and when?

Every worker of a fleet asks the service (or any of its instances on one Redis) for a
slot before each fetch, waits until it, fetches, and reports what the fetch got. The
service spaces the slots of each origin by the largest of its default spacing, the
robots.txt Crawl-delay and Request-rate (for crawlers that honour them) and the
origin's back-off after 429 or 503 (docs/semantics.md, "Politeness")::

    from robotstxt.politeness import PolitenessClient

    client = PolitenessClient("http://127.0.0.1:8080")
    for url in queue:
        slot = client.acquire(url, agent="MyBot")
        if not slot.allowed:
            continue                   # robots.txt says no; nothing was reserved
        slot = client.wait(slot)       # sleeps until slot.not_before (a new slot if a
                                       # 429 reported meanwhile made this one void)
        response = session.get(url, allow_redirects=False)
        client.report(url, response.status_code, response.headers.get("Retry-After"))

Every request is one fetch with its own slot and its own report: a redirect's target
and a retry after a 429 are acquired again (they are fetches of the origin too), so
follow redirects and retry in the loop, not in the HTTP library.

Standard library only (urllib): usable wherever the service is reachable.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Iterable, Optional, Union

__all__ = ["PolitenessClient", "PolitenessError", "Slot", "origin_of"]


class PolitenessError(ValueError):
    """The service refused the request (4xx); the message is its JSON "error"."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


@dataclasses.dataclass(frozen=True)
class Slot:
    """One answer of POST /v1/acquire."""

    url: str
    allowed: bool
    reserved: bool
    not_before: Optional[int] = None  # Unix ms; None when nothing was reserved
    wait_ms: int = 0
    spacing_ms: int = 0
    spacing_source: str = "default"  # "default", "crawl-delay", "request-rate", "back-off"
    capped: bool = False
    schedule: str = "local"  # "shared": the fleet's schedule in Redis
    error: Optional[str] = None  # a URL without an origin, in a batch
    # Who asked and when (time.time()): what PolitenessClient.wait() needs to ask again
    # for a slot that a later 429 or 503 made void. Not part of the answer.
    agent: Optional[str] = dataclasses.field(default=None, compare=False, repr=False)
    crawler: Optional[str] = dataclasses.field(default=None, compare=False, repr=False)
    acquired_at: float = dataclasses.field(default=0.0, compare=False, repr=False)

    @classmethod
    def from_json(cls, answer: dict[str, Any], **asked: Any) -> "Slot":
        known = {field.name for field in dataclasses.fields(cls) if field.compare}
        return cls(**{key: value for key, value in answer.items() if key in known}, **asked)

    def seconds_to_wait(self, now: Optional[float] = None) -> float:
        """Seconds from ``now`` (time.time()) until the slot; 0 when it has come."""
        if self.not_before is None:
            return self.wait_ms / 1000.0
        now = time.time() if now is None else now
        return max(0.0, self.not_before / 1000.0 - now)


def origin_of(url: str) -> str:
    """scheme://host[:port] of ``url``, lower-cased, without a default port: which slots
    a 429 or 503 of one URL makes void."""
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None or port == {"http": 80, "https": 443, "ftp": 21}.get(scheme):
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


# Origins whose last 429 or 503 a client remembers before it forgets the old ones.
_THROTTLES_KEPT = 4096
_THROTTLE_KEPT_SECONDS = 3600.0


class PolitenessClient:
    """POST /v1/acquire and /v1/report of one service address. Thread-safe."""

    def __init__(self, base_url: str, *, token: Optional[str] = None,
                 timeout: float = 30.0) -> None:
        self._base_url = base_url.rstrip("/")
        self._token = token
        self._timeout = timeout
        # Per origin, when the service last answered this client's report of a 429 or
        # 503 (time.time()): slots acquired before then may have been spaced without
        # that back-off and are void.
        self._throttled: dict[str, float] = {}
        self._throttle_changed = threading.Condition()

    def acquire(self, url: str, *, agent: Optional[str] = None,
                crawler: Optional[str] = None) -> Slot:
        """The slot of one URL (``agent``: product tokens, comma-separated; or a
        catalogue ``crawler`` name)."""
        asked_at = time.time()
        answer = self._post("/v1/acquire", {"url": url, **_who(agent, crawler)})
        return Slot.from_json(answer, agent=agent, crawler=crawler, acquired_at=asked_at)

    def acquire_all(self, urls: Iterable[str], *, agent: Optional[str] = None,
                    crawler: Optional[str] = None) -> list[Slot]:
        """One slot per URL, in order: a worker's whole queue in one request."""
        asked_at = time.time()
        answer = self._post("/v1/acquire", {"urls": list(urls), **_who(agent, crawler)})
        return [Slot.from_json(slot, agent=agent, crawler=crawler, acquired_at=asked_at)
                for slot in answer["slots"]]

    def report(self, url: str, status: int,
               retry_after: Union[None, int, float, str] = None) -> dict[str, Any]:
        """What fetching ``url`` gave: its HTTP status and Retry-After header, if any.
        A 429 or 503 makes void the slots of its origin acquired before it (wait()
        asks again for them)."""
        body: dict[str, Any] = {"url": url, "status": int(status)}
        if retry_after is not None:
            body["retry_after"] = retry_after
        answer = self._post("/v1/report", body)
        if int(status) in (429, 503):
            # When the answer came, not when the report left: an acquire sent while the
            # report was on its way may have reached the service first.
            answered_at = time.time()
            with self._throttle_changed:
                if len(self._throttled) >= _THROTTLES_KEPT:
                    # Slots wait for seconds, not hours: older reports void nothing.
                    self._throttled = {key: when for key, when in self._throttled.items()
                                       if when > answered_at - _THROTTLE_KEPT_SECONDS}
                origin = origin_of(url)
                self._throttled[origin] = max(self._throttled.get(origin, 0.0), answered_at)
                self._throttle_changed.notify_all()
        return answer

    def is_void(self, slot: Slot) -> bool:
        """Whether a 429 or 503 of the slot's origin was reported through this client
        after the slot was acquired: the slot was spaced without that back-off."""
        with self._throttle_changed:
            return self._throttled.get(origin_of(slot.url), 0.0) > slot.acquired_at

    def wait(self, slot: Slot) -> Slot:
        """Sleeps until the slot's time and returns the slot to fetch at: ``slot``, or,
        when a 429 or 503 of its origin reported through this client (from any thread)
        made it void before its time came, a new one acquired for the same URL and
        waited for in turn. A slot not reserved is slept on (its wait_ms) as it is."""
        if not slot.reserved:
            time.sleep(slot.seconds_to_wait())
            return slot
        while True:
            with self._throttle_changed:
                while (not self._throttled.get(origin_of(slot.url), 0.0) > slot.acquired_at
                       and slot.seconds_to_wait() > 0):
                    self._throttle_changed.wait(slot.seconds_to_wait())
                if not self._throttled.get(origin_of(slot.url), 0.0) > slot.acquired_at:
                    return slot
            slot = self.acquire(slot.url, agent=slot.agent, crawler=slot.crawler)
            while slot.allowed and not slot.reserved:
                time.sleep(slot.seconds_to_wait())
                slot = self.acquire(slot.url, agent=slot.agent, crawler=slot.crawler)
            if not slot.allowed:
                return slot

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self._base_url + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json"})
        if self._token:
            request.add_header("Authorization", f"Bearer {self._token}")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                message = json.loads(error.read()).get("error", error.reason)
            except ValueError:
                message = str(error.reason)
            raise PolitenessError(error.code, str(message)) from None


def _who(agent: Optional[str], crawler: Optional[str]) -> dict[str, str]:
    if (agent is None) == (crawler is None):
        raise ValueError("name who asks: agent= (product tokens) or crawler=, not both")
    return {"agent": agent} if agent is not None else {"crawler": crawler}
