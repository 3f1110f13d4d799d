"""The result types of robotstxt: plain immutable tuples, built by the compiled module.

Named tuples rather than compiled classes: they compare, unpack, pickle and print like
any Python value, and there is no half-built state for the compiled code to guard against.
"""

from typing import NamedTuple, Optional


class Verdict(NamedTuple):
    """The answer to "may these agents fetch this URL?", with the reason: the fields of
    schemas/answer.schema.json "verdict", the same in every language.

    Returned by RobotsTxt.verdict() (for product tokens and for a Crawler alike) and
    carried by Decision. Text fields are str; bytes that are not UTF-8 come through as
    surrogate escapes (``.encode("utf-8", "surrogateescape")`` restores them).
    """

    allowed: bool
    line: int
    kind: Optional[str]
    pattern: Optional[str]
    strength: int
    via_index_htm: bool
    applied: str
    rule: Optional[str]
    crawler_rule: Optional[str]
    crawler_token: Optional[str]


class Directive(NamedTuple):
    """A line that is not user-agent, allow, disallow or sitemap (Crawl-delay, Host...).

    Google ignores these for access; crawlers and site owners still ask for them.
    """

    line: int
    key: str
    value: str
    group: Optional[int]


class Crawler(NamedTuple):
    """A crawler of the catalogue (docs/semantics.md 8), as data: who asks, and how it picks its
    group. Pass one wherever an agent is accepted to ask as that crawler does.

    Returned by robotstxt.crawlers() and robotstxt.find_crawler().
    """

    name: str
    tokens: tuple[str, ...]
    ignores_global_group: bool
    obeys_robots_txt: bool
    operator: str
    purpose: str
    sources: tuple[str, ...]
    verified: bool
    notes: str
    user_agent_substring: Optional[str]


class UsagePreferences(NamedTuple):
    """AI usage preferences (docs/semantics.md 9): each category 'allowed', 'disallowed' or
    'unknown', and the robots.txt lines that decided.

    Returned by RobotsTxt.usage(), parse_content_usage() and combine().
    """

    train_ai: str
    search: str
    lines: tuple[int, ...]


class ContentSignal(NamedTuple):
    """One Content-Signal line of a group that applies (docs/semantics.md 9.7): its own
    vocabulary, never merged into UsagePreferences.

    Returned by RobotsTxt.content_signals().
    """

    line: int
    value: str
    parsed: tuple[tuple[str, str], ...]


_FIELD_DOCS = {
    Verdict: {
        "allowed": "True if the URL may be fetched.",
        "line": "Line number of the decisive rule; 0 when no rule decided.",
        "kind": "'allow' or 'disallow': the kind of the decisive rule; None when none did.",
        "pattern": "The decisive rule's pattern, percent-escapes normalised (for an "
        "index.htm rewrite, the whole rule, e.g. '/a/index.html'); None when none.",
        "strength": "Strength of the decisive rule (length of its normalised pattern); "
        "0 when none.",
        "via_index_htm": "True if the decisive allow matched only through the /index.htm "
        "rewrite.",
        "applied": "Whose rules applied: 'specific' (groups naming the agent), 'global' "
        "(the '*' groups) or 'none' (no group applied: everything is allowed).",
        "rule": "The decisive rule's value as written in the file (kind says allow or "
        "disallow), e.g. '/caf\u00e9' where the pattern is '/caf%C3%A9'; None when none.",
        "crawler_rule": "How a crawler's groups were chosen: 'own-token', 'fallback-token', "
        "'global', 'global-ignored', 'no-groups' or 'not-subject'; None when product tokens "
        "asked.",
        "crawler_token": "The token whose groups applied; None when no token's did.",
    },
    Crawler: {
        "name": "Its name, unique ignoring case, e.g. 'Googlebot-Image'.",
        "tokens": "Product tokens it obeys, most specific first: the first that some group "
        "names decides alone.",
        "ignores_global_group": "True if '*' never applies to it: it must be named.",
        "obeys_robots_txt": "False for fetchers robots.txt does not bind (always allowed).",
        "operator": "Who runs it.",
        "purpose": "'search', 'ads', 'ai-training', 'ai-search', 'user-triggered' or 'other'.",
        "sources": "Pages the facts come from, the operator's own first.",
        "verified": "True if every fact was read on the operator's page.",
        "notes": "What is worth knowing, e.g. which fact could not be checked.",
        "user_agent_substring": "Text found in its User-Agent header, when documented.",
    },
    UsagePreferences: {
        "train_ai": "Training AI models: 'allowed', 'disallowed' or 'unknown'.",
        "search": "Use in search: 'allowed', 'disallowed' or 'unknown'.",
        "lines": "The robots.txt lines that decided, in file order; () when no rule matched "
        "or for a parsed header.",
    },
    ContentSignal: {
        "line": "Line number in the file (1-based).",
        "value": "The value as written, e.g. 'search=yes, ai-train=no'.",
        "parsed": "(key, value) pairs, trimmed; '' for an entry without '='.",
    },
    Directive: {
        "line": "Line number in the file (1-based).",
        "key": "The key as written, e.g. 'Crawl-delay'.",
        "value": "The value as written.",
        "group": "Index of the group the line sits in (file order, from 0); None when it "
        "comes before any user-agent line.",
    },
}
for _type, _docs in _FIELD_DOCS.items():
    for _field, _doc in _docs.items():
        getattr(_type, _field).__doc__ = _doc


class Decision(NamedTuple):
    """RobotsClient's answer for one URL, with everything behind it: the fields of
    schemas/answer.schema.json "decision", the same in every language.

    ``allowed`` is always ``verdict.allowed``. ``access`` is "full-allow",
    "full-disallow", "rules" or "undecided" (the fetch failed on this machine: nothing
    is known, so ``allowed`` is False; ask again later); ``access_reason`` says why, one
    word per row of docs/semantics.md 7 ("parsed", "no-robots-txt",
    "recent-server-error", ...). ``url_error`` names what is wrong with a URL that has no
    origin ("not-absolute", "invalid-host", ...): then nothing is looked up, ``allowed``
    is False and ``access``, ``access_reason``, ``robots_url`` and ``cache_tier`` are
    None. ``status`` is the HTTP status of the robots.txt fetch (0 when no response
    arrived). ``cache_tier`` says where the robots.txt came from: "memory" (this
    process's cache), "shared" (the Redis tier: another client or serve instance fetched
    it) or "fetched" (fetched for this call). ``fetch_error`` says why the fetch failed,
    None when it did not.
    """

    allowed: bool
    url_error: Optional[str]
    robots_url: Optional[str]
    access: Optional[str]
    access_reason: Optional[str]
    verdict: Verdict
    status: int
    cache_tier: Optional[str]
    fetch_error: Optional[str]
