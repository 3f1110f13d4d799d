"""Protego's interface with Google's verdicts: switching is one import.

    from robotstxt.protego import Protego   # instead of: from protego import Protego

    rp = Protego.parse(robots_txt)
    rp.can_fetch("https://example.com/page", "MyBot")
    rp.crawl_delay("MyBot"), rp.request_rate("MyBot"), rp.visit_time("MyBot")
    list(rp.sitemaps), rp.preferred_host

The methods and their result types are Protego's (RequestRate and VisitTime are named
tuples of the same fields, times are datetime.time). What differs is what Google's
crawlers do differently (docs/python.md, "Switching from Protego"): an agent is matched by its
product token, not as a substring; the longest rule wins exactly as docs/semantics.md 5 says;
URLs are matched as they go on the wire, not decoded first; the groups a Crawl-delay,
Request-rate or Visit-time line belongs to are formed as Google forms them (2.1, 2.2),
and the first valid value of those groups counts.
"""

from __future__ import annotations

import datetime
from typing import Iterator, NamedTuple, Optional, Union

from . import RobotsTxt
from .scrapy import _agent_token, _wire_form

__all__ = ["Protego", "RequestRate", "VisitTime"]

# A unit of a request-rate period in seconds, as Protego reads "100/15m".
_SECONDS_PER_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class RequestRate(NamedTuple):
    """``requests`` per ``seconds``, only between ``start_time`` and ``end_time`` if set."""

    requests: int
    seconds: int
    start_time: Optional[datetime.time]
    end_time: Optional[datetime.time]


class VisitTime(NamedTuple):
    """The time of day between which a crawler is asked to visit."""

    start_time: datetime.time
    end_time: datetime.time


def _time_of(hhmm: str) -> datetime.time:
    # "0630" is 06:30; ValueError for anything else.
    if len(hhmm) != 4 or not hhmm.isdigit():
        raise ValueError(hhmm)
    return datetime.time(int(hhmm[:2]), int(hhmm[2:]))


def _period_of(text: str, separator: str) -> tuple[datetime.time, datetime.time]:
    start, end = text.split(separator)
    return _time_of(start), _time_of(end)


def _request_rate_of(value: str) -> Optional[RequestRate]:
    # Protego's reading: "N/T" with T in seconds, or with a unit s, m, h or d; then
    # optionally "HHMM-HHMM". None for anything else.
    parts = value.split()
    if not 1 <= len(parts) <= 2:
        return None
    try:
        requests_text, period = parts[0].split("/")
        unit = period[-1:].lower()
        multiplier = _SECONDS_PER_UNIT.get(unit)
        if multiplier is not None:
            period = period[:-1]
        seconds = int(period) * (multiplier or 1)
        requests = int(requests_text)
        window = _period_of(parts[1], "-") if len(parts) == 2 else (None, None)
    except ValueError:
        return None
    return RequestRate(requests, seconds, window[0], window[1])


def _visit_time_of(value: str) -> Optional[VisitTime]:
    # Protego's reading: "HHMM HHMM".
    try:
        return VisitTime(*_period_of(value.strip(), " "))
    except ValueError:
        return None


class Protego:
    """A parsed robots.txt answering Protego's questions the way Google's crawlers do.

    Build it with Protego.parse(); ``robots`` is the underlying robotstxt.RobotsTxt, for
    verdicts with reasons and everything else it offers.
    """

    def __init__(self, robots: Optional[RobotsTxt] = None) -> None:
        self.robots = robots if robots is not None else RobotsTxt(b"")

    @classmethod
    def parse(cls, content: Union[str, bytes]) -> "Protego":
        """Parse a robots.txt: str as Protego takes it, or the bytes as served.

        Raises ValueError for any other type, as Protego does.
        """
        if not isinstance(content, (str, bytes)):
            raise ValueError(f"Protego.parse expects str, got {type(content).__name__}")
        return cls(RobotsTxt(content))

    def can_fetch(self, url: str, user_agent: str) -> bool:
        """May the crawler named by `user_agent` fetch `url`? Google's verdict.

        Only the product token at the start of `user_agent` counts ("MyBot/1.0" is
        "MyBot"); "*" asks as a crawler that no group names. Non-ASCII characters of
        `url` are percent-encoded as UTF-8, as they go on the wire.
        """
        return self.robots.allowed(_wire_form(url), _agent_token(user_agent))

    def crawl_delay(self, user_agent: str) -> Optional[float]:
        """Crawl-delay in seconds for `user_agent`, or None."""
        return self.robots.crawl_delay(_agent_token(user_agent))

    def request_rate(self, user_agent: str) -> Optional[RequestRate]:
        """Request-rate for `user_agent` as RequestRate(requests, seconds, start_time,
        end_time), or None."""
        return self._first_valid("request-rate", user_agent, _request_rate_of)

    def visit_time(self, user_agent: str) -> Optional[VisitTime]:
        """Visit-time for `user_agent` as VisitTime(start_time, end_time), or None."""
        return self._first_valid("visit-time", user_agent, _visit_time_of)

    @property
    def sitemaps(self) -> Iterator[str]:
        """An iterator over the sitemap URLs, in file order."""
        return iter(self.robots.sitemaps)

    @property
    def preferred_host(self) -> Optional[str]:
        """The value of the first Host line, wherever it is, or None."""
        for directive in self.robots.directives:
            if directive.key.lower() == "host" and directive.value:
                return directive.value
        return None

    def _first_valid(self, key, user_agent, read):
        # The directives of the groups that decide the agent's access, file order.
        for directive in self.robots.directives_for(key, _agent_token(user_agent)):
            value = read(directive.value)
            if value is not None:
                return value
        return None
