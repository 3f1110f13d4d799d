"""AI usage preferences from Python (docs/semantics.md 9): RobotsTxt.usage(),
RobotsTxt.content_signals(), parse_content_usage() and combine(), as plain values."""

import pytest

import robotstxt
from robotstxt import ContentSignal, RobotsTxt, UsagePreferences, combine, parse_content_usage

# The example of the attach draft: a default for the site, a disallowed part, and a part
# where training is welcome.
DRAFT = RobotsTxt(
    b"User-agent: *\n"
    b"Content-Usage: train-ai=n\n"
    b"Disallow: /never/\n"
    b"Content-Usage: /ai-ok/ train-ai=y\n"
)


def test_the_site_default_applies_where_no_path_rule_matches():
    assert DRAFT.usage("https://example.com/test", "FooBot") == UsagePreferences(
        "disallowed", "unknown", (2,)
    )


def test_a_disallowed_url_has_no_preferences():
    assert DRAFT.usage("https://example.com/never/test", "FooBot") is None


def test_the_longer_path_rule_decides():
    usage = DRAFT.usage("https://example.com/ai-ok/test", "FooBot")
    assert usage.train_ai == "allowed"
    assert usage.search == "unknown"
    assert usage.lines == (4,)


def test_no_rule_leaves_every_category_unknown():
    robots = RobotsTxt(b"User-agent: *\nDisallow: /x\n")
    assert robots.usage("https://example.com/a", "FooBot") == UsagePreferences(
        "unknown", "unknown", ()
    )


def test_a_crawler_follows_its_own_groups():
    robots = RobotsTxt(
        b"User-agent: *\nContent-Usage: train-ai=y\nDisallow: /x\n\n"
        b"User-agent: GPTBot\nContent-Usage: train-ai=n\nDisallow: /y\n"
    )
    gptbot = robotstxt.find_crawler("GPTBot")
    assert robots.usage("https://example.com/a", gptbot).train_ai == "disallowed"
    assert robots.usage("https://example.com/a", "FooBot").train_ai == "allowed"
    assert robots.usage("https://example.com/y", gptbot) is None


def test_an_agent_list_merges_groups():
    robots = RobotsTxt(
        b"User-agent: a\nContent-Usage: search=y\n\nUser-agent: b\nContent-Usage: train-ai=n\n"
    )
    usage = robots.usage("https://example.com/", ["a", "b"])
    assert (usage.train_ai, usage.search, usage.lines) == ("disallowed", "allowed", (2, 5))


def test_parse_content_usage_reads_a_header():
    assert parse_content_usage("train-ai=n, search=y") == UsagePreferences(
        "disallowed", "allowed", ()
    )
    assert parse_content_usage(b"search=n") == UsagePreferences("unknown", "disallowed", ())
    # Keys are case-sensitive: the whole dictionary fails, so nothing is known.
    assert parse_content_usage("Train-AI=n") == UsagePreferences("unknown", "unknown", ())
    with pytest.raises(TypeError):
        parse_content_usage(3)


def test_combine_keeps_the_most_restrictive():
    file = DRAFT.usage("https://example.com/ai-ok/test", "FooBot")
    header = parse_content_usage("train-ai=n, search=y")
    combined = combine(file, header)
    assert combined == UsagePreferences("disallowed", "allowed", (4,))
    assert combine(header, file) == combined
    assert combine(
        UsagePreferences("unknown", "unknown", (7, 3)), UsagePreferences("allowed", "unknown", (3,))
    ) == UsagePreferences("allowed", "unknown", (3, 7))


def test_combine_refuses_what_is_not_a_preference():
    with pytest.raises(ValueError):
        combine(
            UsagePreferences("maybe", "unknown", ()), UsagePreferences("unknown", "unknown", ())
        )
    with pytest.raises(TypeError):
        combine(("allowed", "unknown", ()), UsagePreferences("unknown", "unknown", ()))


def test_content_signals_as_written_and_parsed():
    robots = RobotsTxt(
        b"User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\n"
        b"User-agent: Other\nContent-Signal: search=no\nDisallow: /\n"
    )
    assert robots.content_signals("FooBot") == [
        ContentSignal(2, "search=yes, ai-train=no", (("search", "yes"), ("ai-train", "no")))
    ]
    assert robots.content_signals("Other") == [ContentSignal(6, "search=no", (("search", "no"),))]
    assert robots.content_signals(robotstxt.find_crawler("GPTBot"))[0].line == 2
