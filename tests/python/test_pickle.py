"""A parsed RobotsTxt survives pickle, copy and a trip to another process unchanged.

Checking billions of URLs means shipping parsed files to worker processes
(multiprocessing, Dask, Spark), which pickle what they send. The object that comes back
must give the same verdict, rule for rule, as the one that left.
"""

from __future__ import annotations

import copy
import multiprocessing
import pickle

import pytest

import robotstxt

AGENTS = ["Googlebot", "Bingbot", "FooBot"]


def same_object(a: robotstxt.RobotsTxt, b: robotstxt.RobotsTxt, urls: list[str]) -> None:
    assert a.line_count == b.line_count
    assert a.sitemaps == b.sitemaps
    assert a.directives == b.directives
    for agent in AGENTS:
        assert [a.verdict(url, agent) for url in urls] == [b.verdict(url, agent) for url in urls]
        assert a.crawl_delay(agent) == b.crawl_delay(agent)


def test_pickled_corpus_files_give_the_same_verdicts(corpus_hosts):
    for body, urls in corpus_hosts:
        robots = robotstxt.RobotsTxt(body)
        for protocol in (2, pickle.HIGHEST_PROTOCOL):
            loaded = pickle.loads(pickle.dumps(robots, protocol=protocol))
            assert type(loaded) is robotstxt.RobotsTxt
            same_object(robots, loaded, urls)


def test_a_str_body_pickles_as_its_utf8_bytes():
    robots = robotstxt.RobotsTxt("User-agent: *\nDisallow: /caf\u00e9\n")
    loaded = pickle.loads(pickle.dumps(robots))
    same_object(robots, loaded, ["http://a/caf%C3%A9", "http://a/cafe"])
    assert not loaded.allowed("http://a/caf%C3%A9", "x")


def test_an_oversized_body_pickles_only_the_bytes_that_count():
    # The cut falls inside a rule (docs/semantics.md 1.1): the partial line must come back as
    # it was parsed, and the bytes after the limit need not travel at all.
    head = b"User-agent: *\n" + b"#" * (robotstxt.MAX_BODY_BYTES - 14 - 1 - 17) + b"\n"
    body = head + b"Disallow: /secret-page\nDisallow: /tail\n"
    robots = robotstxt.RobotsTxt(body)
    assert not robots.allowed("http://a/secret-other", "x")  # the cut left "/secret"
    assert robots.allowed("http://a/tail", "x")
    data = pickle.dumps(robots, protocol=pickle.HIGHEST_PROTOCOL)
    assert len(data) < robotstxt.MAX_BODY_BYTES + 200
    loaded = pickle.loads(data)
    same_object(robots, loaded, ["http://a/secret", "http://a/sec", "http://a/tail", "http://a/"])


def test_copies_are_the_same_immutable_object():
    robots = robotstxt.RobotsTxt(b"User-agent: *\nDisallow: /x\n")
    assert copy.copy(robots) is robots
    assert copy.deepcopy(robots) is robots
    assert copy.deepcopy([robots])[0].allowed("http://a/x", "a") is False


def test_worker_processes_get_the_same_answers(corpus_hosts):
    hosts = corpus_hosts[:40]
    parsed = [robotstxt.RobotsTxt(body) for body, _ in hosts]
    expected = [robots.allowed_many(urls, "Googlebot") for robots, (_, urls) in zip(parsed, hosts)]
    # spawn, not fork: the workers hold nothing but what pickle sent them.
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        answers = pool.starmap(
            robotstxt.RobotsTxt.allowed_many,
            [(robots, urls, "Googlebot") for robots, (_, urls) in zip(parsed, hosts)],
        )
    assert answers == expected
    assert any(False in answer for answer in answers)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_pickle_protocol(protocol):
    robots = robotstxt.RobotsTxt(b"Sitemap: http://a/s.xml\nUser-agent: a\nDisallow: /b\n")
    loaded = pickle.loads(pickle.dumps(robots, protocol=protocol))
    same_object(robots, loaded, ["http://a/b", "http://a/c"])
