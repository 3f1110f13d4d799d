"""Python's answer types against the one description, schemas/answer.schema.json: the same
fields as every other language, and only the schema's words for every enumeration."""

import json
import pathlib

import pytest

import robotstxt
from robotstxt._results import Decision, Verdict

from counting_site import CountingSite

SCHEMA = json.loads(
    (pathlib.Path(__file__).resolve().parents[2] / "schemas" / "answer.schema.json").read_text()
)
DEFS = SCHEMA["$defs"]


def words(enumeration):
    return set(DEFS[enumeration]["enum"])


def test_the_verdict_has_exactly_the_schemas_fields_in_its_order():
    assert list(Verdict._fields) == list(DEFS["verdict"]["properties"])


def test_the_decision_has_exactly_the_schemas_fields_in_its_order():
    assert list(Decision._fields) == list(DEFS["decision"]["properties"])


def test_there_is_one_verdict_type():
    assert not hasattr(robotstxt, "CrawlerVerdict")


def check_verdict_words(verdict):
    assert verdict.applied in words("applied_groups")
    assert verdict.kind is None or verdict.kind in words("rule_kind")
    assert verdict.crawler_rule is None or verdict.crawler_rule in words("crawler_rule")


def test_a_fallback_crawler_gets_the_same_answer_as_every_language():
    robots = robotstxt.RobotsTxt("User-agent: Googlebot\nDisallow: /drafts/\n")
    verdict = robots.verdict(
        "https://example.com/drafts/a", robotstxt.find_crawler("Googlebot-Image")
    )
    assert verdict == Verdict(
        allowed=False,
        line=2,
        kind="disallow",
        pattern="/drafts/",
        strength=8,
        via_index_htm=False,
        applied="specific",
        rule="/drafts/",
        crawler_rule="fallback-token",
        crawler_token="Googlebot",
    )
    check_verdict_words(verdict)


def test_the_rule_is_the_value_as_written_and_the_pattern_as_matched():
    robots = robotstxt.RobotsTxt("User-agent: *\nDisallow: /caf\u00e9\n")
    verdict = robots.verdict("https://example.com/caf%C3%A9", "bot")
    assert (verdict.rule, verdict.pattern) == ("/caf\u00e9", "/caf%C3%A9")
    none = robots.verdict("https://example.com/other", "bot")
    assert (none.line, none.kind, none.pattern, none.rule) == (0, None, None, None)
    assert (none.crawler_rule, none.crawler_token) == (None, None)


@pytest.mark.parametrize(
    "crawler, crawler_rule",
    [("AdsBot-Google", "global-ignored"), ("Googlebot", "global")],
)
def test_crawler_rules_are_schema_words(crawler, crawler_rule):
    robots = robotstxt.RobotsTxt("User-agent: *\nDisallow: /x\n")
    verdict = robots.verdict("https://example.com/x", robotstxt.find_crawler(crawler))
    assert verdict.crawler_rule == crawler_rule
    check_verdict_words(verdict)


def test_a_url_with_no_origin_is_not_allowed_in_any_field_and_claims_no_access():
    decision = robotstxt.RobotsClient().decide("not a url", "Googlebot")
    assert decision.allowed is False and decision.verdict.allowed is False
    assert decision.url_error in words("url_error")
    assert (decision.access, decision.access_reason, decision.cache_tier) == (None, None, None)
    assert decision.robots_url is None and decision.status == 0


@pytest.mark.parametrize(
    "status, access, access_reason",
    [
        (200, "rules", "parsed"),
        (404, "full-allow", "no-robots-txt"),
        (503, "full-disallow", "recent-server-error"),
    ],
)
def test_decisions_give_schema_words_and_one_answer(status, access, access_reason):
    with CountingSite(b"User-agent: *\nDisallow: /private\n", robots_status=status) as site:
        decision = robotstxt.RobotsClient(user_agent="robotstxt-tests").decide(
            site.base_url + "/private/a", "MyBot"
        )
    assert (decision.access, decision.access_reason) == (access, access_reason)
    assert decision.access in words("access")
    assert decision.access_reason in words("access_reason")
    assert decision.cache_tier in words("cache_tier")
    assert decision.allowed == decision.verdict.allowed
    assert decision.status == status
    check_verdict_words(decision.verdict)
