"""A Scrapy robots.txt parser with Google's verdicts.

Enable it in a Scrapy project's settings with one line::

    ROBOTSTXT_PARSER = "robotstxt.scrapy.RobotParser"

and set ``ROBOTSTXT_USER_AGENT`` to the crawler's product token (e.g. ``"MyBot"``).
Without that setting Scrapy passes each request's User-Agent header; the parser then
matches with the product token at its start (``MyBot/1.0 (+https://example.com/bot)``
-> ``MyBot``), which is wrong for browser-like headers (``Mozilla/5.0 ...``).

Differences from Scrapy's built-in parsers, all on purpose (Google's behaviour):
the body is read as bytes, so a file that is not valid UTF-8 still has its rules
(Scrapy's parsers treat it as empty); URLs are matched as they go on the wire.
"""

from __future__ import annotations

import re
from typing import Any, Optional, Union

from . import RobotsTxt, product_token

try:  # Subclass Scrapy's abstract interface when Scrapy is there; work without it too.
    from scrapy.robotstxt import RobotParser as _ScrapyRobotParser
except ImportError:  # pragma: no cover - Scrapy is optional for the rest of the package
    _ScrapyRobotParser = object  # type: ignore[assignment,misc]

__all__ = ["RobotParser", "product_token"]

# product_token() is the library's own rule (docs/semantics.md 2.4), the one the compiler and
# the linter use; it is re-exported here for code written against this module.
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _percent_encode_non_ascii(match: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in match.group(0).encode("utf-8"))


def _wire_form(url: Union[str, bytes]) -> Union[str, bytes]:
    # Scrapy's Request.url is already percent-encoded; a str that still holds non-ASCII
    # characters is encoded the way it would be sent, so rules written with %XX match.
    if isinstance(url, str) and not url.isascii():
        return _NON_ASCII.sub(_percent_encode_non_ascii, url)
    return url


def _agent_token(user_agent: Union[str, bytes]) -> str:
    # The product token the user agent starts with. A user agent that starts with none
    # ("*", "2bot") must name no group (docs/semantics.md 8.5), but an empty token would equal
    # the empty token of a line like "User-agent: 1bot"; "*" equals no product token.
    return product_token(user_agent) or "*"


class RobotParser(_ScrapyRobotParser):
    """Scrapy's RobotParser interface over robotstxt.RobotsTxt.

    Scrapy creates one per host with from_crawler() and asks allowed() per request.
    ``parser.robots`` is the parsed robotstxt.RobotsTxt, for sitemaps, crawl-delay
    and verdicts with reasons.
    """

    def __init__(self, robotstxt_body: Union[str, bytes], spider: Any = None) -> None:
        """Parse `robotstxt_body` (bytes as Scrapy passes it, or str)."""
        self.spider = spider
        self.robots = RobotsTxt(robotstxt_body)
        # (user agent, its token) of the last call, one tuple so that threads sharing
        # the parser never see a token paired with the wrong user agent.
        self._last: tuple[Union[str, bytes, None], str] = (None, "")

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: Union[str, bytes]) -> "RobotParser":
        """Scrapy's factory: a parser for the robots.txt body a crawler fetched."""
        spider = getattr(crawler, "spider", None) if crawler is not None else None
        return cls(robotstxt_body, spider)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        """May the crawler named by `user_agent` fetch `url`?

        `user_agent` is ROBOTSTXT_USER_AGENT or the request's User-Agent header (str or
        bytes); only its leading product token is matched against the file.
        """
        return self.robots.allowed(_wire_form(url), self._token(user_agent))

    def crawl_delay(self, user_agent: Union[str, bytes]) -> Optional[float]:
        """Crawl-delay in seconds for the crawler named by `user_agent`, or None.

        Read from the groups that decide the crawler's access (its own, else ``*``);
        Scrapy (2.18 and later) spaces its requests to the site by it. Google ignores
        Crawl-delay; other crawlers honour it.
        """
        return self.robots.crawl_delay(self._token(user_agent))

    def _token(self, user_agent: Union[str, bytes]) -> str:
        # A crawl asks with the same user agent every time: remember the last token.
        last_user_agent, token = self._last
        if user_agent != last_user_agent or last_user_agent is None:
            token = _agent_token(user_agent)
            self._last = (user_agent, token)
        return token
