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
        client.wait(slot)              # sleeps until slot.not_before
        response = session.get(url)
        client.report(url, response.status_code, response.headers.get("Retry-After"))

Standard library only (urllib): usable wherever the service is reachable.
"""

from __future__ import annotations

import dataclasses
import json
import time
import urllib.error
import urllib.request
from typing import Any, Iterable, Optional, Union

__all__ = ["PolitenessClient", "PolitenessError", "Slot"]


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

    @classmethod
    def from_json(cls, answer: dict[str, Any]) -> "Slot":
        known = {field.name for field in dataclasses.fields(cls)}
        return cls(**{key: value for key, value in answer.items() if key in known})

    def seconds_to_wait(self, now: Optional[float] = None) -> float:
        """Seconds from ``now`` (time.time()) until the slot; 0 when it has come."""
        if self.not_before is None:
            return self.wait_ms / 1000.0
        now = time.time() if now is None else now
        return max(0.0, self.not_before / 1000.0 - now)


class PolitenessClient:
    """POST /v1/acquire and /v1/report of one service address. Thread-safe."""

    def __init__(self, base_url: str, *, token: Optional[str] = None,
                 timeout: float = 30.0) -> None:
        self._base_url = base_url.rstrip("/")
        self._token = token
        self._timeout = timeout

    def acquire(self, url: str, *, agent: Optional[str] = None,
                crawler: Optional[str] = None) -> Slot:
        """The slot of one URL (``agent``: product tokens, comma-separated; or a
        catalogue ``crawler`` name)."""
        return Slot.from_json(self._post("/v1/acquire", {"url": url, **_who(agent, crawler)}))

    def acquire_all(self, urls: Iterable[str], *, agent: Optional[str] = None,
                    crawler: Optional[str] = None) -> list[Slot]:
        """One slot per URL, in order: a worker's whole queue in one request."""
        answer = self._post("/v1/acquire", {"urls": list(urls), **_who(agent, crawler)})
        return [Slot.from_json(slot) for slot in answer["slots"]]

    def report(self, url: str, status: int,
               retry_after: Union[None, int, float, str] = None) -> dict[str, Any]:
        """What fetching ``url`` gave: its HTTP status and Retry-After header, if any."""
        body: dict[str, Any] = {"url": url, "status": int(status)}
        if retry_after is not None:
            body["retry_after"] = retry_after
        return self._post("/v1/report", body)

    @staticmethod
    def wait(slot: Slot) -> None:
        """Sleeps until the slot's time."""
        time.sleep(slot.seconds_to_wait())

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
