"""Which crawlers may fetch these URLs: the audit as plain data (docs/semantics.md 8).

The same answers as ``robotstxt audit FILE URL... --json``, for a parsed RobotsTxt.
"""

from typing import Any, Iterable, Optional, Sequence, Union

from ._results import Crawler
from ._robotstxt import RobotsTxt, crawlers, find_crawler


def audit(
    robots: RobotsTxt,
    urls: Iterable[Union[str, bytes]] = ("/",),
    who: Optional[Sequence[Union[Crawler, str]]] = None,
) -> list[dict[str, Any]]:
    """One dict per crawler, in the order given (default: the whole catalogue).

    Each dict has ``crawler``, ``operator``, ``purpose``, ``crawler_rule`` (how its
    group was chosen: 'own-token', 'fallback-token', 'global', 'global-ignored',
    'no-groups' or 'not-subject'), ``token`` (the token whose groups applied, or None)
    and ``results``: one dict per URL with ``url``, ``allowed``, ``line`` (the
    decisive line, or None) and ``content_usage`` (None when disallowed, else a dict
    with ``train-ai``, ``search`` and ``lines``, as in ``audit --json``). Crawler names are looked up ignoring case; an unknown name
    raises ValueError.
    """
    urls = list(urls)
    chosen = []
    for item in crawlers() if who is None else who:
        crawler = find_crawler(item) if isinstance(item, str) else item
        if crawler is None:
            raise ValueError(f"no crawler named {item!r} in the catalogue")
        chosen.append(crawler)
    rows = []
    for crawler in chosen:
        results = []
        rule, token = "no-groups", None
        for url in urls:
            verdict = robots.verdict(url, crawler)
            rule, token = verdict.crawler_rule, verdict.crawler_token
            usage = robots.usage(url, crawler)
            results.append(
                {
                    "url": url,
                    "allowed": verdict.allowed,
                    "line": verdict.line or None,
                    "content_usage": None
                    if usage is None
                    else {
                        "train-ai": usage.train_ai,
                        "search": usage.search,
                        "lines": list(usage.lines),
                    },
                }
            )
        if not urls:
            verdict = robots.verdict("/", crawler)
            rule, token = verdict.crawler_rule, verdict.crawler_token
        rows.append(
            {
                "crawler": crawler.name,
                "operator": crawler.operator,
                "purpose": crawler.purpose,
                "crawler_rule": rule,
                "crawler_token": token,
                "results": results,
            }
        )
    return rows
