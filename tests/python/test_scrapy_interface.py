"""robotstxt.scrapy.RobotParser against the cases of Scrapy's own parser-interface tests.

Scrapy checks every parser backend with the same cases (BaseRobotParserTest in Scrapy's
tests/test_robotstxt_interface.py, version of August 2026, which added crawl_delay()).
They are restated here as a table of facts: robots.txt, URL, user agent, Scrapy's
expected answer, ours. Ours differs only where Google's semantics differ, and each such
row says why (the rule of docs/semantics.md).
"""

from __future__ import annotations

import pytest

from robotstxt.scrapy import RobotParser

BASIC = b"User-agent: * \nDisallow: /disallowed \nAllow: /allowed \nCrawl-delay: 10"
WILDCARDS = b"""User-agent: first
                                Disallow: /disallowed/*/end$

                                User-agent: second
                                Allow: /*allowed
                                Disallow: /
                                """
PRECEDENCE = b"User-agent: * \nDisallow: / \nAllow: /page"
GARBAGE = b"GIF89a\xd3\x00\xfe\x00\xa2"
UNICODE = """
        User-Agent: *
        Disallow: /admin/
        Disallow: /static/
        # taken from https://en.wikipedia.org/robots.txt
        Disallow: /wiki/K%C3%A4ytt%C3%A4j%C3%A4:
        Disallow: /wiki/K\u00e4ytt\u00e4j\u00e4:

        User-Agent: Unic\u00f6deB\u00f6t
        Disallow: /some/randome/page.html""".encode()

LENGTH_WINS = "5.1: the longest matching rule decides, not the first in the file"

# (Scrapy's test, body, URL, user agent, Scrapy's expectation, ours, why they differ)
ALLOWED_CASES = [
    ("test_allowed", BASIC, "https://www.site.local/allowed", "*", True, True, None),
    ("test_allowed", BASIC, "https://www.site.local/disallowed", "*", False, False, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/disallowed", "first",
     True, True, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/disallowed/xyz/end", "first",
     False, False, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/disallowed/abc/end", "first",
     False, False, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/disallowed/xyz/endinglater",
     "first", True, True, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/allowed", "second",
     True, True, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/is_still_allowed", "second",
     True, True, None),
    ("test_allowed_wildcards", WILDCARDS, "https://www.site.local/is_allowed_too", "second",
     True, True, None),
    ("test_length_based_precedence", PRECEDENCE, "https://www.site.local/page", "*",
     True, True, None),
    # Scrapy runs this case only for backends that take the first matching rule, and the
    # length case above only for those that take the longest; Google's is the longest.
    ("test_order_based_precedence", PRECEDENCE, "https://www.site.local/page", "*",
     False, True, LENGTH_WINS),
    ("test_empty_response", b"", "https://site.local/", "*", True, True, None),
    ("test_empty_response", b"", "https://site.local/", "chrome", True, True, None),
    ("test_empty_response", b"", "https://site.local/index.html", "*", True, True, None),
    ("test_empty_response", b"", "https://site.local/disallowed", "*", True, True, None),
    ("test_garbage_response", GARBAGE, "https://site.local/", "*", True, True, None),
    ("test_garbage_response", GARBAGE, "https://site.local/", "chrome", True, True, None),
    ("test_garbage_response", GARBAGE, "https://site.local/index.html", "*", True, True, None),
    ("test_garbage_response", GARBAGE, "https://site.local/disallowed", "*", True, True, None),
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/", "*", True, True, None),
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/admin/", "*",
     False, False, None),
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/static/", "*",
     False, False, None),
    # Same answer for a Google reason: both the line and the query become the product
    # token "Unic" (2.4), so the group of that user-agent line is found.
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/admin/",
     "Unic\u00f6deB\u00f6t", True, True, None),
    ("test_unicode_url_and_useragent", UNICODE,
     "https://site.local/wiki/K%C3%A4ytt%C3%A4j%C3%A4:", "*", False, False, None),
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/wiki/K\u00e4ytt\u00e4j\u00e4:",
     "*", False, False, None),
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/some/randome/page.html", "*",
     True, True, None),
    ("test_unicode_url_and_useragent", UNICODE, "https://site.local/some/randome/page.html",
     "Unic\u00f6deB\u00f6t", False, False, None),
]

# (Scrapy's test, body, user agent, Scrapy's expectation, ours)
CRAWL_DELAY_CASES = [
    ("test_crawl_delay", b"User-agent: *\nDisallow: /private\nCrawl-delay: 10\n", "*", 10.0, 10.0),
    ("test_crawl_delay_unset", b"User-agent: *\nDisallow: /private\n", "*", None, None),
]


@pytest.mark.parametrize("name, body, url, user_agent, scrapy_expects, ours, reason",
                         ALLOWED_CASES, ids=[case[0] for case in ALLOWED_CASES])
def test_scrapy_allowed_case(name, body, url, user_agent, scrapy_expects, ours, reason):
    # Scrapy builds every backend through from_crawler(), with no crawler in its tests.
    parser = RobotParser.from_crawler(None, body)
    assert parser.allowed(url, user_agent) is ours
    assert (ours == scrapy_expects) == (reason is None), "a difference needs its reason"


@pytest.mark.parametrize("name, body, user_agent, scrapy_expects, ours", CRAWL_DELAY_CASES,
                         ids=[case[0] for case in CRAWL_DELAY_CASES])
def test_scrapy_crawl_delay_case(name, body, user_agent, scrapy_expects, ours):
    parser = RobotParser.from_crawler(None, body)
    assert parser.crawl_delay(user_agent) == ours == scrapy_expects
    assert parser.crawl_delay(user_agent.encode()) == ours


def test_crawl_delay_follows_the_groups_of_the_product_token():
    body = (b"User-agent: *\nCrawl-delay: 10\nDisallow: /y\n\n"
            b"User-agent: MyBot\nCrawl-delay: 2.5\nDisallow: /x\n")
    parser = RobotParser.from_crawler(None, body)
    assert parser.crawl_delay("MyBot/1.0 (+https://example.com/bot)") == 2.5
    assert parser.crawl_delay(b"OtherBot") == 10.0
    assert isinstance(parser.crawl_delay("MyBot"), float)


def test_a_user_agent_without_a_product_token_names_no_group():
    # "*" and "2bot" start with no product token (docs/semantics.md 2.4); neither may pick up the
    # groups whose own token is empty ("User-agent: 1bot"): they name no group (8.5).
    body = b"User-agent: 1bot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n"
    parser = RobotParser.from_crawler(None, body)
    for user_agent in ("*", "2bot", b"*"):
        assert parser.allowed("https://site.local/page", user_agent)
        assert not parser.allowed("https://site.local/private", user_agent)


def test_it_overrides_the_interface_method():
    scrapy_robotstxt = pytest.importorskip("scrapy.robotstxt")
    assert issubclass(RobotParser, scrapy_robotstxt.RobotParser)
    assert RobotParser.crawl_delay is not getattr(scrapy_robotstxt.RobotParser, "crawl_delay", None)
