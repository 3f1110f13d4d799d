"""robotstxt.RobotsClient: fetching, caching and deciding (docs/semantics.md 7), from Python.

Every site is a server on 127.0.0.1 started by the test (tests/support/counting_site.py),
which counts the requests it gets, and is stopped whatever happens.
"""

from __future__ import annotations

import pickle
import threading

import pytest

import robotstxt
from counting_site import CountingSite

ROBOTS_TXT = b"User-agent: *\nDisallow: /private\n\nUser-agent: MyBot\nDisallow: /mine\n"


def client(**options) -> robotstxt.RobotsClient:
    return robotstxt.RobotsClient(user_agent="robotstxt-tests", **options)


def test_verdicts_follow_the_fetched_robots_txt():
    with CountingSite(ROBOTS_TXT) as site:
        robots = client()
        assert robots.allowed(site.base_url + "/public", "OtherBot")
        assert not robots.allowed(site.base_url + "/private/a", "OtherBot")
        assert robots.allowed(site.base_url + "/private/a", "MyBot")
        assert not robots.allowed(site.base_url + "/mine", ["Foo", "MyBot"])
        assert site.requested_paths() == {"/robots.txt": 1}  # the cache was used


def test_decide_says_what_lies_behind_the_answer():
    with CountingSite(ROBOTS_TXT) as site:
        decision = client().decide(site.base_url + "/private/a", "OtherBot")
    assert isinstance(decision, robotstxt.Decision)
    assert decision.allowed is False
    assert decision.url_error is None
    assert decision.robots_url == site.base_url + "/robots.txt"
    assert decision.access == "rules"
    assert decision.status == 200
    assert decision.verdict.line == 2 and decision.verdict.pattern == "/private"
    assert decision.verdict.crawler_rule is None


def test_a_crawler_follows_its_precedence():
    googlebot_image = robotstxt.find_crawler("Googlebot-Image")
    body = b"User-agent: googlebot\nDisallow: /photos\n\nUser-agent: *\nDisallow: /\n"
    with CountingSite(body) as site:
        decision = client().decide(site.base_url + "/photos/a.jpg", googlebot_image)
        assert client().allowed(site.base_url + "/other", googlebot_image)
    assert decision.allowed is False
    assert decision.verdict.crawler_rule == "fallback-token"
    assert decision.verdict.crawler_token == "Googlebot"  # the crawler's own token, as it spells it


def test_a_batch_fetches_each_origin_once():
    with CountingSite(ROBOTS_TXT) as first, CountingSite(b"User-agent: *\nDisallow: /\n") as second:
        urls = [first.base_url + "/a", second.base_url + "/a", first.base_url + "/private",
                second.base_url + "/b", first.base_url + "/c"]
        robots = client()
        assert robots.allowed_many(urls, "OtherBot") == [True, False, False, False, True]
        decisions = robots.decide_many(urls, "OtherBot")
        assert [decision.allowed for decision in decisions] == [True, False, False, False, True]
        assert first.requested_paths() == {"/robots.txt": 1}
        assert second.requested_paths() == {"/robots.txt": 1}
        assert robots.cached_origins == 2


def test_no_robots_txt_allows_everything():
    # docs/semantics.md 7: 4xx except 429 means there is no robots.txt.
    with CountingSite(b"User-agent: *\nDisallow: /\n", robots_status=404) as site:
        decision = client().decide(site.base_url + "/anything", "MyBot")
    assert decision.allowed is True
    assert decision.access == "full-allow"
    assert decision.status == 404


@pytest.mark.parametrize("status", [500, 503, 429])
def test_a_server_error_disallows_everything(status):
    # docs/semantics.md 7: a server error makes the site fully disallowed for the first 12 hours.
    with CountingSite(b"", robots_status=status) as site:
        decision = client().decide(site.base_url + "/anything", "MyBot")
    assert decision.allowed is False
    assert decision.access == "full-disallow"
    assert decision.status == status


def test_a_url_without_an_origin_is_not_allowed_and_fetches_nothing():
    decision = client().decide("not a url", "MyBot")
    assert decision.allowed is False
    assert decision.url_error is not None
    assert client().allowed_many(["ftp//x", "mailto:a@b"], "MyBot") == [False, False]


def test_other_python_threads_run_while_a_fetch_is_in_flight():
    # The robots.txt answer is held back until the main thread has run Python code
    # while the fetch waits for it. With the GIL held during the fetch, neither the
    # server's handler nor this thread could run until the fetch gave up.
    release = threading.Event()
    with CountingSite(ROBOTS_TXT, hold_robots=release) as site:
        robots = client(total_timeout=120)
        answers = []
        fetching = threading.Thread(
            target=lambda: answers.append(robots.allowed(site.base_url + "/public", "MyBot")))
        fetching.start()
        try:
            assert site.robots_requested.wait(timeout=60)
            assert fetching.is_alive() and not answers  # the fetch is still in flight
            squares = sum(i * i for i in range(10000))  # Python work meanwhile
        finally:
            release.set()
            fetching.join(timeout=120)
    assert squares == 333283335000
    assert answers == [True]


def test_options_are_checked():
    with pytest.raises(ValueError):
        robotstxt.RobotsClient(total_timeout=0)
    with pytest.raises(ValueError):
        robotstxt.RobotsClient(cache_max_entries=0)
    with pytest.raises(TypeError):
        robotstxt.RobotsClient("positional")  # every option is a keyword
    with pytest.raises(TypeError):
        client().allowed(42, "MyBot")


def test_connect_to_sends_a_host_elsewhere():
    with CountingSite(ROBOTS_TXT) as site:
        port = site.base_url.rsplit(":", 1)[1]
        robots = client(connect_to=[f"robots.example:80:127.0.0.1:{port}"])
        assert not robots.allowed("http://robots.example/private", "OtherBot")
        assert site.requested_paths() == {"/robots.txt": 1}


def test_the_decision_pickles():
    with CountingSite(ROBOTS_TXT) as site:
        decision = client().decide(site.base_url + "/private", "OtherBot")
    assert pickle.loads(pickle.dumps(decision)) == decision


def test_the_reason_of_a_server_error_is_the_policy_word():
    with CountingSite(b"", robots_status=503) as site:
        decision = client().decide(site.base_url + "/", "MyBot")
    assert decision.access_reason == "recent-server-error"
