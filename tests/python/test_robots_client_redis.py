"""robotstxt.RobotsClient(redis=...): the shared cache tier from Python.

Two clients on one Redis stand for two crawler processes of a fleet: the origin must see
one robots.txt request between them. Redis (tests/support/redis_server.py) and the
sites (tests/support/counting_site.py) are started on 127.0.0.1 by the tests and stopped
whatever happens.
"""

from __future__ import annotations

import pytest

import robotstxt
from counting_site import CountingSite
from redis_server import REDIS_SERVER, RedisServer

ROBOTS_TXT = b"User-agent: *\nDisallow: /private\n"


@pytest.fixture
def redis():
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed (scripts/install-deps installs it)")
    with RedisServer() as server:
        yield server


def client(**options) -> robotstxt.RobotsClient:
    return robotstxt.RobotsClient(user_agent="robotstxt-tests", **options)


def test_a_second_client_on_the_same_redis_does_not_fetch_again(redis):
    with CountingSite(ROBOTS_TXT) as site:
        first = client(redis=redis.url).decide(site.base_url + "/private/a", "MyBot")
        second_client = client(redis=redis.url)
        second = second_client.decide(site.base_url + "/private/a", "MyBot")
        again = second_client.decide(site.base_url + "/public", "MyBot")
        assert site.requested_paths() == {"/robots.txt": 1}
    assert first.cache_tier == "fetched"
    assert second.cache_tier == "shared"
    assert again.cache_tier == "memory"  # the shared answer is kept in this process too
    # The shared copy answers exactly as the fetched one did.
    assert (second.allowed, second.access, second.status, second.verdict) == (
        first.allowed, first.access, first.status, first.verdict)
    assert again.allowed is True
    stats = second_client.shared_tier_stats
    assert stats["hits"] == 1 and stats["errors"] == 0


def test_the_batch_form_uses_the_shared_tier(redis):
    with CountingSite(ROBOTS_TXT) as first, CountingSite(b"User-agent: *\nDisallow: /\n") as second:
        urls = [first.base_url + "/a", second.base_url + "/a", first.base_url + "/private"]
        fetched = client(redis=redis.url).decide_many(urls, "MyBot")
        shared = client(redis=redis.url).decide_many(urls, "MyBot")
        assert first.requested_paths() == {"/robots.txt": 1}
        assert second.requested_paths() == {"/robots.txt": 1}
    assert [decision.cache_tier for decision in fetched] == ["fetched", "fetched", "fetched"]
    assert [decision.cache_tier for decision in shared] == ["shared", "shared", "shared"]
    assert [decision.allowed for decision in shared] == [True, False, False]


def test_answers_go_on_when_redis_stops(redis):
    with CountingSite(ROBOTS_TXT) as site, CountingSite(ROBOTS_TXT) as later_site:
        robots = client(redis=redis.url)
        assert robots.decide(site.base_url + "/a", "MyBot").cache_tier == "fetched"
        redis.stop()
        # What this process holds still answers from memory...
        assert robots.decide(site.base_url + "/private", "MyBot").allowed is False
        # ...and what it does not is fetched here, without the shared tier.
        decision = robots.decide(later_site.base_url + "/private", "MyBot")
        assert decision.cache_tier == "fetched" and decision.allowed is False
        newcomer = client(redis=redis.url)
        assert newcomer.decide(site.base_url + "/a", "MyBot").cache_tier == "fetched"
        assert site.requested_paths() == {"/robots.txt": 2}
        assert later_site.requested_paths() == {"/robots.txt": 1}
    assert robots.shared_tier_stats["errors"] >= 1
    assert newcomer.shared_tier_stats["errors"] >= 1


def test_without_redis_there_is_no_shared_tier():
    with CountingSite(ROBOTS_TXT) as site:
        robots = client()
        assert robots.decide(site.base_url + "/a", "MyBot").cache_tier == "fetched"
        assert robots.decide(site.base_url + "/b", "MyBot").cache_tier == "memory"
        assert client(redis=None).decide(site.base_url + "/a", "MyBot").cache_tier == "fetched"
        assert site.requested_paths() == {"/robots.txt": 2}
    assert robots.shared_tier_stats is None


@pytest.mark.parametrize("url, message", [
    ("http://127.0.0.1:6379/0", "redis: a Redis URL starts with redis://"),
    ("redis://127.0.0.1:99999/0", "redis: the Redis port must be a number from 1 to 65535"),
    ("redis://127.0.0.1:6379/x", "redis: the Redis database must be a number"),
    ("redis://:6379/0", "redis: the Redis URL names no host"),
])
def test_a_bad_redis_url_raises_the_parsers_message(url, message):
    with pytest.raises(ValueError) as raised:
        client(redis=url)
    assert str(raised.value).startswith(message)


def test_redis_is_a_string():
    with pytest.raises(TypeError):
        client(redis=6379)


def test_the_password_file_authenticates(redis, tmp_path):
    """redis_password_file as serve's --redis-password-file: read once, newline dropped."""
    import socket
    with socket.create_connection(("127.0.0.1", int(redis.url.split(":")[2].split("/")[0]))) as s:
        s.sendall(b"CONFIG SET requirepass s3cret-Word42\r\n")
        assert s.recv(64).startswith(b"+OK")
    password = tmp_path / "password"
    password.write_text("s3cret-Word42\n")
    with CountingSite(ROBOTS_TXT) as site:
        robots = client(redis=redis.url, redis_password_file=str(password))
        assert robots.decide(site.base_url + "/private", "MyBot").cache_tier == "fetched"
        assert robots.shared_tier_stats["errors"] == 0
        assert client(redis=redis.url, redis_password_file=str(password)).decide(
            site.base_url + "/private", "MyBot").cache_tier == "shared"


@pytest.mark.parametrize("options, message", [
    ({"redis_sentinel": "127.0.0.1:26379"}, "redis_master: is needed with redis_sentinel"),
    ({"redis_master": "fleet"}, "redis_master: names a Sentinel master: it needs redis_sentinel"),
    ({"redis": "redis://127.0.0.1:6379/0", "redis_password_file": "/nonexistent/password"},
     "redis_password_file: cannot read it"),
])
def test_the_sentinel_and_password_options_name_what_is_wrong(options, message):
    with pytest.raises(ValueError) as raised:
        client(**options)
    assert str(raised.value).startswith(message)
