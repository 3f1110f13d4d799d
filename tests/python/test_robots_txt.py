"""robotstxt.RobotsTxt from Python: verdict details, text handling, and errors.

The matching rules themselves are covered by the C++ tests and the conformance cases;
these check what the bindings add: argument conversion, copies of views, exceptions.
"""

from __future__ import annotations

import random

import pytest

import robotstxt

BODY = b"""Sitemap: https://example.com/sitemap-1.xml
Host: example.com
User-agent: FooBot
User-agent: BarBot
Crawl-delay: 7
Disallow: /private/
Allow: /private/index.html
Disallow: /caf\xc3\xa9

User-agent: *
Crawl-delay: 2.5
Disallow: /
Sitemap: https://example.com/sitemap-2.xml
"""


@pytest.fixture(scope="module")
def robots() -> robotstxt.RobotsTxt:
    return robotstxt.RobotsTxt(BODY)


def test_disallow_verdict_names_its_rule(robots):
    verdict = robots.verdict("https://example.com/private/a", "FooBot")
    assert verdict.allowed is False
    assert verdict.line == 6
    assert verdict.kind == "disallow"
    assert verdict.pattern == "/private/"
    assert verdict.strength == len("/private/")
    assert verdict.via_index_htm is False
    assert verdict.applied == "specific"


def test_index_htm_allow_is_reported_as_the_rewrite(robots):
    verdict = robots.verdict("https://example.com/private/", "FooBot")
    assert verdict.allowed is True
    assert verdict.line == 7
    assert verdict.kind == "allow"
    assert verdict.via_index_htm is True


def test_pattern_is_the_normalised_rule(robots):
    verdict = robots.verdict("https://example.com/caf%C3%A9", "BarBot")
    assert (verdict.allowed, verdict.line, verdict.pattern) == (False, 8, "/caf%C3%A9")


def test_no_decisive_rule_gives_line_zero_and_no_kind(robots):
    verdict = robots.verdict("https://example.com/public", "FooBot")
    assert verdict.allowed is True
    assert (verdict.line, verdict.kind, verdict.pattern, verdict.strength) == (0, None, None, 0)
    assert verdict.applied == "specific"
    assert robotstxt.RobotsTxt(b"").verdict("https://example.com/", "FooBot").applied == "none"


def test_unnamed_agent_gets_the_global_group(robots):
    verdict = robots.verdict("https://example.com/public", "OtherBot")
    assert (verdict.allowed, verdict.line, verdict.applied) == (False, 12, "global")


def test_verdict_outlives_its_robots_txt():
    verdict = robotstxt.RobotsTxt(b"User-agent: *\nDisallow: /gone\n").verdict("http://a/gone", "x")
    # The RobotsTxt is gone; the verdict holds copies, not views.
    assert verdict == robotstxt.Verdict(
        False, 2, "disallow", "/gone", 5, False, "global", "/gone", None, None
    )
    assert repr(verdict).startswith("Verdict(allowed=False, line=2, kind='disallow'")


def test_agent_sequence_matches_any_of_its_names(robots):
    assert robots.allowed("https://example.com/public", ["NoSuchBot", "barbot"]) is True
    assert robots.allowed("https://example.com/public", ("NoSuchBot",)) is False


def test_agent_names_compare_ignoring_case(robots):
    assert robots.allowed("https://example.com/private/x", "FOOBOT") is False
    assert robots.allowed("https://example.com/public", "foobot") is True


def test_str_and_bytes_arguments_are_the_same_bytes(robots):
    urls = ["https://example.com/private/x", "https://example.com/public"]
    for url in urls:
        expected = robots.allowed(url, "FooBot")
        assert robots.allowed(url.encode(), b"FooBot") is expected
        assert robots.allowed(bytearray(url.encode()), "FooBot") is expected
    for same_body in (BODY.decode("utf-8"), memoryview(BODY), bytearray(BODY)):
        parsed = robotstxt.RobotsTxt(same_body)
        assert parsed.allowed("https://example.com/caf%C3%A9", "FooBot") is False


def test_raw_non_ascii_url_is_utf8_and_not_percent_encoded(robots):
    # docs/semantics.md 4.1: the URL is used as given; a raw e-acute does not match the same
    # character in a rule, which is normalised to %C3%A9.
    assert robots.allowed("https://example.com/caf\u00e9", "FooBot") is True
    assert robots.allowed("https://example.com/caf%C3%A9", "FooBot") is False


def test_surrogate_escaped_text_round_trips_to_its_bytes():
    body = b"User-agent: *\nDisallow: /\xff\n"
    robots = robotstxt.RobotsTxt(body.decode("utf-8", "surrogateescape"))
    # The byte 0xFF is normalised to %FF in the pattern, as with a bytes body.
    assert robots.verdict("http://a/%FF", "x").pattern == "/%FF"
    sitemap = robotstxt.RobotsTxt(b"Sitemap: http://a/\xff.xml\n").sitemaps[0]
    assert sitemap.encode("utf-8", "surrogateescape") == b"http://a/\xff.xml"


def test_sitemaps_in_file_order(robots):
    assert robots.sitemaps == [
        "https://example.com/sitemap-1.xml",
        "https://example.com/sitemap-2.xml",
    ]


def test_directives_with_their_groups(robots):
    found = [(d.line, d.key, d.value, d.group) for d in robots.directives]
    assert found == [
        (2, "Host", "example.com", None),
        (5, "Crawl-delay", "7", 0),
        (11, "Crawl-delay", "2.5", 1),
    ]


def test_crawl_delay_prefers_the_agents_own_group(robots):
    assert robots.crawl_delay("barbot") == 7.0
    assert robots.crawl_delay(b"OtherBot") == 2.5
    assert robotstxt.RobotsTxt(b"User-agent: a\nDisallow: /\n").crawl_delay("a") is None


def test_allowed_many_matches_allowed_one_by_one(robots, corpus_hosts):
    for body, urls in corpus_hosts[:200]:
        parsed = robotstxt.RobotsTxt(body)
        agents = ["googlebot", "Googlebot-Image"]
        assert parsed.allowed_many(urls, agents) == [parsed.allowed(url, agents) for url in urls]
    assert robots.allowed_many(iter(["https://example.com/a"]), "FooBot") == [True]
    assert robots.allowed_many([], "FooBot") == []


@pytest.mark.parametrize("size", [1, 31, 32, 500])  # both sides of the GIL-release batch size
def test_allowed_many_of_every_text_type_matches_allowed(robots, size):
    # bytearray, memoryview and surrogate-escaped str are copied, str and bytes viewed in
    # place; every copy must live until its URL is matched.
    kinds = [
        lambda path: "https://example.com" + path,
        lambda path: ("https://example.com" + path).encode(),
        lambda path: bytearray(("https://example.com" + path).encode()),
        lambda path: memoryview(("https://example.com" + path).encode()),
        lambda path: "https://example.com" + path + "\udcff",
        lambda path: "https://example.com/caf\u00e9" + path,
    ]
    paths = ["/private/a", "/private/index.html", "/caf%C3%A9", "/public", "/private/"]
    urls = [kinds[i % len(kinds)](paths[i % len(paths)] + str(i)) for i in range(size)]
    for agent in ("FooBot", ["BarBot", "nobody"], b"OtherBot"):
        assert robots.allowed_many(urls, agent) == [robots.allowed(url, agent) for url in urls]
    assert robots.allowed_many(urls=tuple(urls), agent="FooBot") == robots.allowed_many(
        urls, "FooBot")


def test_line_count_and_repr(robots):
    # docs/semantics.md 1.3 counts the (empty) line after the final line feed.
    assert robots.line_count == BODY.count(b"\n") + 1
    assert repr(robots) == "<RobotsTxt 14 lines, 2 groups, 2 sitemaps>"
    assert robots.memory_usage > 0


def test_module_exports_and_limits():
    assert robotstxt.MAX_BODY_BYTES == 512000
    assert set(robotstxt.__all__) == {
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
    }
    for documented in (robotstxt, robotstxt.RobotsTxt, robotstxt.RobotsTxt.allowed,
                       robotstxt.RobotsTxt.allowed_many, robotstxt.Verdict.line):
        assert documented.__doc__, documented


@pytest.mark.parametrize("body", [None, 42, 1.5, ["User-agent: *"], object()])
def test_non_text_body_raises_type_error(body):
    with pytest.raises(TypeError, match="body must be str or bytes"):
        robotstxt.RobotsTxt(body)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda r: r.allowed(None, "a"), "url must be str or bytes, not NoneType"),
        (lambda r: r.allowed("http://a/", 7), "agent must be str, bytes or a sequence"),
        (lambda r: r.allowed("http://a/", ["a", None]), r"agent\[1\] must be str or bytes"),
        (lambda r: r.verdict(b"http://a/", {"a": 1}.keys()), None),
        (lambda r: r.allowed_many("http://a/", "a"), "urls must be a sequence of str or bytes"),
        (lambda r: r.allowed_many([1], "a"), r"urls\[0\] must be str or bytes, not int"),
        (lambda r: r.crawl_delay(["a"]), "agent must be str or bytes, not list"),
    ],
)
def test_wrong_argument_types_raise_type_error(robots, call, message):
    if message is None:  # a sequence of valid names is accepted, whatever its type
        call(robots)
        return
    with pytest.raises(TypeError, match=message):
        call(robots)


def test_empty_agent_sequence_raises_value_error(robots):
    with pytest.raises(ValueError, match="at least one agent"):
        robots.allowed("http://a/", [])
    with pytest.raises(ValueError, match="at least one agent"):
        robots.allowed_many(["http://a/"], ())


def test_unencodable_str_raises_unicode_error(robots):
    # A lone surrogate outside the surrogateescape range has no bytes.
    with pytest.raises(UnicodeEncodeError):
        robots.allowed("http://a/\ud800", "a")


def test_objects_are_immutable(robots):
    with pytest.raises(AttributeError):
        robots.sitemaps = []
    verdict = robots.verdict("http://a/", "a")
    with pytest.raises(AttributeError):
        verdict.allowed = False


def test_init_again_raises_and_keeps_the_rules():
    # An object is immutable and may be shared by threads, so a second __init__ must not
    # re-parse it under them; nor may it be silently ignored, leaving the caller to
    # believe the new rules apply.
    robots = robotstxt.RobotsTxt(b"User-agent: *\nDisallow: /old\n")
    for again in (lambda: robots.__init__(b"User-agent: *\nDisallow: /new\n"),
                  lambda: robotstxt.RobotsTxt.__init__(robots, body=b""),
                  lambda: robots.__init__(42)):
        with pytest.raises(TypeError, match="already initialised"):
            again()
    assert robots.allowed("http://a/old", "a") is False
    assert robots.allowed("http://a/new", "a") is True
    assert robots.line_count == 3


def test_init_runs_once_on_a_blank_or_subclassed_object():
    blank = robotstxt.RobotsTxt.__new__(robotstxt.RobotsTxt)
    blank.__init__(b"User-agent: *\nDisallow: /x\n")
    assert blank.allowed("http://a/x", "a") is False

    class Named(robotstxt.RobotsTxt):
        def __init__(self, body, name):
            super().__init__(body)
            self.name = name

    named = Named(body=b"User-agent: *\nDisallow: /y\n", name="site")
    assert (named.name, named.allowed("http://a/y", "a")) == ("site", False)
    for bad in (lambda: robotstxt.RobotsTxt(), lambda: robotstxt.RobotsTxt(b"", b""),
                lambda: robotstxt.RobotsTxt(text=b"")):
        with pytest.raises(TypeError):
            bad()


def test_uninitialised_or_foreign_self_raises_type_error():
    # pybind11 would hand the methods unconstructed memory; they must refuse it.
    blank = robotstxt.RobotsTxt.__new__(robotstxt.RobotsTxt)
    calls = [
        lambda: blank.allowed("http://a/", "a"),
        lambda: blank.verdict("http://a/", "a"),
        lambda: blank.allowed_many(["http://a/"], "a"),
        lambda: blank.crawl_delay("a"),
        lambda: blank.sitemaps,
        lambda: blank.directives,
        lambda: blank.line_count,
        lambda: repr(blank),
    ]
    for call in calls:
        with pytest.raises(TypeError, match="never initialised"):
            call()
    with pytest.raises(TypeError):
        robotstxt.RobotsTxt.allowed(42, "http://a/", "a")
    with pytest.raises(TypeError):
        robotstxt.RobotsTxt.verdict("not a RobotsTxt", "http://a/", "a")


def test_allowed_takes_its_arguments_by_keyword_too(robots):
    assert robots.allowed(url="https://example.com/private/x", agent="FooBot") is False
    assert robots.allowed("https://example.com/private/x", agent=["FooBot"]) is False
    for bad in (lambda: robots.allowed("u"), lambda: robots.allowed("u", "a", "b"),
                lambda: robots.allowed("u", "a", url="u"), lambda: robots.allowed("u", agents="a")):
        with pytest.raises(TypeError):
            bad()


def test_results_are_plain_values():
    import pickle

    robots = robotstxt.RobotsTxt(b"User-agent: *\nCrawl-delay: 1\nDisallow: /x\n")
    verdict = robots.verdict("http://a/x", "a")
    assert pickle.loads(pickle.dumps(verdict)) == verdict
    allowed, line, kind, *_ = verdict
    assert (allowed, line, kind) == (False, 3, "disallow")
    assert robots.directives == [robotstxt.Directive(2, "Crawl-delay", "1", 0)]


def test_random_bytes_never_crash_the_interpreter():
    generator = random.Random(20261122)
    alphabet = b"User-agent:*Disallow Allow:/$#%?\x00\xff\r\n\t index.htm"
    for _ in range(2000):
        body = bytes(generator.choice(alphabet) for _ in range(generator.randrange(200)))
        url = "http://a" + bytes(generator.choice(alphabet) for _ in range(30)).decode("latin-1")
        parsed = robotstxt.RobotsTxt(body)
        assert parsed.verdict(url, "a").allowed is parsed.allowed(url, "a")


def test_directives_for_reads_the_groups_that_decide_access():
    # docs/semantics.md 2.2 and 3: Host and Request-rate lines of the agent's own groups, else '*'.
    robots = robotstxt.RobotsTxt(
        b"User-agent: *\nRequest-rate: 1/5s\nDisallow: /x\n\n"
        b"User-agent: MyBot\nrequest-RATE: 2/1m\nRequest-rate: 3/1h\nDisallow: /y\n")
    mine = robots.directives_for("Request-Rate", "MyBot")
    assert [(d.line, d.key, d.value, d.group) for d in mine] == [
        (6, "request-RATE", "2/1m", 1), (7, "Request-rate", "3/1h", 1)]
    assert [d.value for d in robots.directives_for(b"request-rate", "Other")] == ["1/5s"]
    assert robots.directives_for("crawl-delay", "MyBot") == []
    with pytest.raises(TypeError):
        robots.directives_for(["request-rate"], "MyBot")
