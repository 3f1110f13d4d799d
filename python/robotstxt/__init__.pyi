"""Type stubs for robotstxt (the compiled module robotstxt._robotstxt)."""

from typing import Any, Iterable, Literal, NamedTuple, Optional, Sequence, Union

_Text = Union[str, bytes, bytearray, memoryview]
_CrawlerRule = Literal[
    "own-token", "fallback-token", "global", "global-ignored", "no-groups", "not-subject"
]

MAX_BODY_BYTES: int
"""Only this many bytes of a body count (500 KiB)."""

__version__: str
"""The version, "MAJOR.MINOR.PATCH": the same as `robotstxt --version` prints."""

class Verdict(NamedTuple):
    """The answer to "may these agents fetch this URL?", with the reason.

    Text fields are str; bytes that are not UTF-8 come through as surrogate escapes
    (errors="surrogateescape"), so ``.encode("utf-8", "surrogateescape")`` restores them.
    """

    allowed: bool
    """True if the URL may be fetched."""
    line: int
    """Line number of the decisive rule; 0 when no rule decided."""
    kind: Literal["allow", "disallow"] | None
    """Kind of the decisive rule; None when no rule decided."""
    pattern: Optional[str]
    """The decisive rule's pattern, normalised; for an index.htm rewrite the whole rule;
    None when no rule decided."""
    strength: int
    """Strength of the decisive rule (length of its normalised pattern); 0 when none."""
    via_index_htm: bool
    """True if the decisive allow matched only through the /index.htm rewrite."""
    applied: Literal["specific", "global", "none"]
    """Whose rules applied: groups naming the agent, the '*' groups, or none."""
    rule: Optional[str]
    """The decisive rule's value as written in the file; None when no rule decided."""
    crawler_rule: Optional[_CrawlerRule]
    """Asked for a Crawler: how its groups were chosen; else None."""
    crawler_token: Optional[str]
    """The token whose groups applied; None when no token's did."""

class Directive(NamedTuple):
    """A line that is not user-agent, allow, disallow or sitemap (Crawl-delay, Host...)."""

    line: int
    """Line number in the file (1-based)."""
    key: str
    """The key as written, e.g. 'Crawl-delay'."""
    value: str
    """The value as written."""
    group: int | None
    """Index of the group the line sits in; None before any user-agent line."""

class Crawler(NamedTuple):
    """A crawler of the catalogue (docs/semantics.md 8): pass one wherever an agent is accepted."""

    name: str
    """Its name, unique ignoring case, e.g. 'Googlebot-Image'."""
    tokens: tuple[str, ...]
    """Product tokens it obeys, most specific first: the first some group names decides."""
    ignores_global_group: bool
    """True if '*' never applies to it: it must be named."""
    obeys_robots_txt: bool
    """False for fetchers robots.txt does not bind (always allowed)."""
    operator: str
    """Who runs it."""
    purpose: Literal["search", "ads", "ai-training", "ai-search", "user-triggered", "other"]
    """What it fetches for."""
    sources: tuple[str, ...]
    """Pages the facts come from, the operator's own first."""
    verified: bool
    """True if every fact was read on the operator's page."""
    notes: str
    """What is worth knowing, e.g. which fact could not be checked."""
    user_agent_substring: Optional[str]
    """Text found in its User-Agent header, when documented."""

class Decision(NamedTuple):
    """RobotsClient's answer for one URL, with everything behind it."""

    allowed: bool
    """Always verdict.allowed; False when undecided or when the URL has no origin."""
    url_error: Optional[
        Literal["not-absolute", "unsupported-scheme", "invalid-host", "invalid-port", "invalid-idn"]
    ]
    """Why the URL has no origin (nothing looked up, not allowed); None when it has one."""
    robots_url: Optional[str]
    """None when the URL has no origin."""
    access: Optional[Literal["full-allow", "full-disallow", "rules", "undecided"]]
    """What the robots.txt fetch means for the origin (docs/semantics.md 7); None when the
    URL has no origin."""
    access_reason: Optional[str]
    """Why: one word per row of docs/semantics.md 7 ("parsed", "no-robots-txt", ...)."""
    verdict: Verdict
    """The matcher's verdict when access is "rules"; else just allowed."""
    status: int
    """HTTP status of the robots.txt fetch; 0 when no response arrived."""
    cache_tier: Optional[Literal["memory", "shared", "fetched"]]
    """Where the robots.txt came from: this process's cache, the shared (Redis) tier, or
    fetched for this call; None when the URL has no origin."""
    fetch_error: Optional[str]
    """Why the fetch failed, in a line; None when it did not."""

_Preference = Literal["allowed", "disallowed", "unknown"]

class UsagePreferences(NamedTuple):
    """AI usage preferences (docs/semantics.md 9), per category, and the lines that decided."""

    train_ai: _Preference
    """Training AI models."""
    search: _Preference
    """Use in search."""
    lines: tuple[int, ...]
    """The robots.txt lines that decided, in file order; () when none or for a header."""

class ContentSignal(NamedTuple):
    """One Content-Signal line of a group that applies (docs/semantics.md 9.7)."""

    line: int
    """Line number in the file (1-based)."""
    value: str
    """The value as written, e.g. 'search=yes, ai-train=no'."""
    parsed: tuple[tuple[str, str], ...]
    """(key, value) pairs, trimmed; '' for an entry without '='."""

_Agents = Union[str, bytes, Sequence[Union[str, bytes]], Crawler]

def parse_content_usage(value: Union[str, bytes]) -> UsagePreferences:
    """One preference string (e.g. a Content-Usage header): 'y' allowed, 'n' disallowed,
    anything else, or a string that does not parse, unknown."""

def combine(a: UsagePreferences, b: UsagePreferences) -> UsagePreferences:
    """The most restrictive of two statements, per category; the lines of both."""

def crawlers() -> list[Crawler]:
    """The crawler catalogue, in the data file's order."""

def find_crawler(name: str) -> Crawler | None:
    """The crawler named `name`, ignoring case; None when the catalogue has none."""

def product_token(user_agent: Union[str, bytes]) -> str:
    """The product token a User-Agent starts with ('MyBot' for 'MyBot/1.0 (+url)')."""

def audit(
    robots: RobotsTxt,
    urls: Iterable[Union[str, bytes]] = ("/",),
    who: Optional[Sequence[Union[Crawler, str]]] = None,
) -> list[dict[str, Any]]:
    """One dict per crawler: crawler, operator, purpose, crawler_rule, crawler_token, results."""

class RobotsTxt:
    """A robots.txt parsed once and compiled for matching, Google's way.

    Immutable and thread-safe. Agents are product tokens ('Googlebot'), compared
    ignoring ASCII case. URLs are matched exactly as given: percent-encode them first.
    str arguments are encoded as UTF-8; bytes are used as they are.
    """

    def __init__(self, body: _Text) -> None:
        """Parse `body`; any content is accepted, only the first MAX_BODY_BYTES count.

        Raises TypeError if `body` is not str or bytes, and when called again on an object
        already initialised: the object is immutable, so make a new RobotsTxt instead.
        """
    def allowed(self, url: _Text, agent: _Agents) -> bool:
        """May `agent` fetch `url`? One name, names merged as Google's matcher merges them,
        or a Crawler, which follows its own precedence (docs/semantics.md 8).

        Raises TypeError for non-text arguments, ValueError for an empty sequence.
        """
    def verdict(self, url: _Text, agent: _Agents) -> Verdict:
        """Like allowed(), with the decisive rule and, for a Crawler, how its groups
        were chosen."""
    def allowed_many(self, urls: Iterable[_Text], agent: _Agents) -> list[bool]:
        """allowed() for every URL, in order, at no more cost per URL than allowed().

        Releases the GIL while matching a batch of 32 URLs or more.
        """
    def crawl_delay(self, agent: Union[str, bytes, Crawler]) -> float | None:
        """Crawl-delay in seconds for `agent`: first valid value of the groups that decide
        its access (its own, else '*')."""
    def directives_for(self, key: _Text, agent: _Agents) -> list[Directive]:
        """The directives named `key` (ignoring ASCII case) in the groups that decide
        `agent`'s access (its own, else '*'), in file order."""
    def usage(self, url: _Text, agent: _Agents) -> UsagePreferences | None:
        """AI usage preferences for `url` from the content-usage rules of the groups that
        apply; None when `url` may not be fetched (docs/semantics.md 9.4)."""
    def content_signals(self, agent: _Agents) -> list[ContentSignal]:
        """The Content-Signal lines of the groups that apply, as written and parsed."""
    @property
    def sitemaps(self) -> list[str]:
        """Sitemap URLs in file order, as written."""
    @property
    def directives(self) -> list[Directive]:
        """Every other directive, in file order."""
    @property
    def line_count(self) -> int:
        """Number of lines in the body."""
    @property
    def memory_usage(self) -> int:
        """Bytes this object holds in memory, the body it was parsed from included."""

class RobotsClient:
    """Fetches, caches and asks robots.txt files (docs/semantics.md 7): one fetch per origin
    shared by every thread; the GIL is released while fetching. Thread-safe."""

    def __init__(
        self,
        *,
        user_agent: str = ...,
        connect_timeout: float = 10.0,
        total_timeout: float = 30.0,
        max_concurrent_transfers: int = 200,
        max_redirects: int = 5,
        ca_file: str = "",
        connect_to: str | Sequence[str] = (),
        cache_max_entries: int = 100000,
        cache_max_bytes: int = 536870912,
        redis: Optional[str] = None,
        redis_sentinel: Optional[str] = None,
        redis_master: Optional[str] = None,
        redis_password_file: Optional[str] = None,
    ) -> None:
        """Options of the fetches (User-Agent header, timeouts in seconds...), the cache,
        and the shared Redis tier ('redis://HOST:PORT/DB'; None: this process only), or
        its master found through Sentinel (redis_sentinel 'HOST:PORT,HOST:PORT' and
        redis_master 'NAME'); redis_password_file holds the password, read once.

        Raises ValueError for a bad option or Redis URL.

        Raises RuntimeError when the package was built without its fetch library.
        """
    def allowed(self, url: _Text, agent: _Agents) -> bool:
        """May `agent` fetch `url`? Fetches the origin's robots.txt unless cached."""
    def allowed_many(self, urls: Sequence[_Text], agent: _Agents) -> list[bool]:
        """allowed() for every URL, each origin fetched at most once, all at once."""
    def decide(self, url: _Text, agent: _Agents) -> Decision:
        """Like allowed(), with everything behind the answer."""
    def decide_many(self, urls: Sequence[_Text], agent: _Agents) -> list[Decision]:
        """decide() for every URL, fetching as allowed_many() does."""
    @property
    def cached_origins(self) -> int:
        """Number of origins the cache holds."""
    @property
    def shared_tier_stats(self) -> Optional[dict[str, int]]:
        """The Redis tier's counters (hits, misses, waits, wait_timeouts, writes, errors,
        bad_records); None without the redis option."""
