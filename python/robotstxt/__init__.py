"""Google-exact robots.txt parsing and matching, at native speed.

Python bindings of the robotstxt C++ library: verdicts follow RFC 9309 plus the
leniencies of Google's own parser, rule for rule.

    >>> import robotstxt
    >>> robots = robotstxt.RobotsTxt(b"User-agent: *\\nDisallow: /private\\n")
    >>> robots.allowed("https://example.com/private/a", "Googlebot")
    False
    >>> robots.verdict("https://example.com/private/a", "Googlebot").line
    2

For Scrapy, set ``ROBOTSTXT_PARSER = "robotstxt.scrapy.RobotParser"``. Coming from
Protego: ``from robotstxt.protego import Protego``. To fetch and cache robots.txt files
as well: ``robotstxt.RobotsClient``.
"""

from ._results import (
    ContentSignal,
    Crawler,
    Decision,
    Directive,
    UsagePreferences,
    Verdict,
)

try:
    from ._robotstxt import (
        MAX_BODY_BYTES,
        RobotsTxt,
        __version__,
        combine,
        crawlers,
        find_crawler,
        parse_content_usage,
        product_token,
    )
except ImportError as error:
    from ._interpreter_check import raise_if_built_for_another_python

    raise_if_built_for_another_python(error)
    raise

from .audit import audit

try:
    from ._robotstxt import RobotsClient
except ImportError:  # built without the fetch library (ROBOTSTXT_BUILD_FETCH=OFF)

    class RobotsClient:  # type: ignore[no-redef]
        """Unavailable: this robotstxt was built without its fetch library (libcurl)."""

        def __init__(self, **options: object) -> None:
            raise RuntimeError(
                "robotstxt.RobotsClient is unavailable: the package was built without the "
                "fetch library (configure with -DROBOTSTXT_BUILD_FETCH=ON and libcurl)"
            )


__all__ = [
    "MAX_BODY_BYTES",
    "ContentSignal",
    "Crawler",
    "Decision",
    "Directive",
    "RobotsClient",
    "RobotsTxt",
    "UsagePreferences",
    "Verdict",
    "audit",
    "combine",
    "crawlers",
    "find_crawler",
    "parse_content_usage",
    "product_token",
]
