"""docs/semantics.md 8 from Python: the catalogue as data, a crawler wherever an agent is
accepted, and the audit as plain data."""

import pytest

import robotstxt

BOTH_GROUPS = b"User-agent: googlebot\nDisallow: /private\nUser-agent: googlebot-image\nDisallow: /photos\n"


def test_catalogue_is_plain_data_with_sources():
    crawlers = robotstxt.crawlers()
    assert len({c.name.lower() for c in crawlers}) == len(crawlers)
    for crawler in crawlers:
        assert crawler.tokens and crawler.sources, crawler.name
    image = robotstxt.find_crawler("GOOGLEBOT-IMAGE")
    assert image.tokens == ("Googlebot-Image", "Googlebot")
    assert robotstxt.find_crawler("Googlebot-Images") is None


def test_crawler_follows_its_own_group_where_an_agent_list_merges():
    robots = robotstxt.RobotsTxt(BOTH_GROUPS)
    image = robotstxt.find_crawler("Googlebot-Image")
    assert robots.allowed("https://a.com/private/a.png", image) is True
    assert robots.allowed("https://a.com/photos/a.png", image) is False
    assert robots.allowed("https://a.com/private/a.png", ["Googlebot-Image", "Googlebot"]) is False
    verdict = robots.verdict("https://a.com/photos/a.png", image)
    assert (verdict.line, verdict.crawler_rule, verdict.crawler_token) == (
        4,
        "own-token",
        "Googlebot-Image",
    )
    urls = ["https://a.com/private/a.png", "https://a.com/photos/a.png"] * 20
    assert robots.allowed_many(urls, image) == [robots.allowed(u, image) for u in urls]


def test_adsbot_ignores_star_and_user_fetchers_are_not_subject():
    robots = robotstxt.RobotsTxt(b"User-agent: *\nDisallow: /\n")
    adsbot = robotstxt.find_crawler("AdsBot-Google")
    assert robots.verdict("/x", adsbot).crawler_rule == "global-ignored"
    assert robots.allowed("/x", adsbot) is True
    assert robots.allowed("/x", robotstxt.find_crawler("ChatGPT-User")) is True
    assert robots.allowed("/x", robotstxt.find_crawler("GPTBot")) is False


def test_crawl_delay_for_a_crawler_follows_its_groups():
    robots = robotstxt.RobotsTxt(
        b"User-agent: *\nCrawl-delay: 9\nDisallow: /x\nUser-agent: googlebot\nCrawl-delay: 2\n"
        b"Disallow: /y\n"
    )
    assert robots.crawl_delay(robotstxt.find_crawler("Applebot")) == 2.0
    assert robots.crawl_delay(robotstxt.find_crawler("AdsBot-Google")) is None


def test_audit_returns_plain_data():
    robots = robotstxt.RobotsTxt(b"User-agent: *\nDisallow: /\nUser-agent: googlebot\nAllow: /\n")
    rows = robotstxt.audit(robots, ["/a"], ["Applebot", robotstxt.find_crawler("GPTBot")])
    assert rows == [
        {
            "crawler": "Applebot",
            "operator": rows[0]["operator"],
            "purpose": "search",
            "crawler_rule": "fallback-token",
            "crawler_token": "Googlebot",
            "results": [
                {
                    "url": "/a",
                    "allowed": True,
                    "line": 4,
                    "content_usage": {"train-ai": "unknown", "search": "unknown", "lines": []},
                }
            ],
        },
        {
            "crawler": "GPTBot",
            "operator": "OpenAI",
            "purpose": "ai-training",
            "crawler_rule": "global",
            "crawler_token": None,
            "results": [{"url": "/a", "allowed": False, "line": 2, "content_usage": None}],
        },
    ]
    assert len(robotstxt.audit(robots)) == len(robotstxt.crawlers())
    with pytest.raises(ValueError, match="no crawler named 'Nobody'"):
        robotstxt.audit(robots, ["/"], ["Nobody"])


def test_audit_carries_usage_preferences():
    robots = robotstxt.RobotsTxt(
        b"User-agent: *\nContent-Usage: train-ai=n\nDisallow: /never/\n"
        b"Content-Usage: /ai-ok/ train-ai=y\n"
    )
    (row,) = robotstxt.audit(robots, ["/test", "/never/x", "/ai-ok/x"], ["GPTBot"])
    assert [r["content_usage"] for r in row["results"]] == [
        {"train-ai": "disallowed", "search": "unknown", "lines": [2]},
        None,
        {"train-ai": "allowed", "search": "unknown", "lines": [4]},
    ]


def test_product_token_is_the_librarys_rule():
    assert robotstxt.product_token("  MyBot/1.0 (+https://example.com)") == "MyBot"
    assert robotstxt.product_token(b"MJ12bot") == "MJ"
    assert robotstxt.product_token("*bot") == ""
    with pytest.raises(TypeError):
        robotstxt.product_token(3)
