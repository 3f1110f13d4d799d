"""robotstxt.politeness.PolitenessClient against a real `robotstxt serve` on loopback
(docs/semantics.md "Politeness"): slots, batches, reports and the service's refusals."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request

import pytest

from arrivals_site import ArrivalsSite  # noqa: E402 (conftest puts tests/support first)
from robotstxt.politeness import PolitenessClient, PolitenessError, Slot
from serve_process import ServeProcess, cli_path

ROBOTS_TXT = "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n"


@pytest.fixture(scope="module")
def site():
    with ArrivalsSite(ROBOTS_TXT) as running:
        yield running


@pytest.fixture()
def service():
    with ServeProcess("--allow-private", "--polite-spacing", "0.05") as running:
        yield running


@pytest.fixture()
def client(service):
    return PolitenessClient(service.base_url)


def test_p1_p6_slots_of_one_origin_are_one_crawl_delay_apart(site, client):
    first = client.acquire(site.base_url + "/a", agent="PyBot")
    second = client.acquire(site.base_url + "/b", agent="PyBot")
    assert first.reserved and second.reserved
    assert second.not_before - first.not_before == 200
    assert second.spacing_source == "crawl-delay"
    assert second.seconds_to_wait(now=second.not_before / 1000.0) == 0.0


def test_p6_batch_answers_in_order_and_reserves_nothing_for_a_disallowed_url(site, client):
    slots = client.acquire_all([site.base_url + "/a", site.base_url + "/private/x",
                                site.base_url + "/c"], crawler="Bingbot")
    assert [slot.allowed for slot in slots] == [True, False, True]
    assert slots[1] == Slot(url=site.base_url + "/private/x", allowed=False, reserved=False)
    assert slots[2].not_before - slots[0].not_before == 200


def test_p4_p5_reports_raise_and_lower_the_back_off(site, client):
    url = site.base_url + "/status/429?retry_after=1"
    raised = client.report(url, 429, "1")
    assert raised["back_off_ms"] == 1000
    assert client.acquire(url, agent="PyBot").spacing_source == "back-off"
    # A success inside the Retry-After is not believed; after it, it halves the back-off.
    assert client.report(url, 200)["back_off_ms"] == 1000
    time.sleep(max(0.0, raised["not_before"] / 1000.0 - time.time()) + 0.005)
    assert client.report(url, 200)["back_off_ms"] == 500


def test_refusals_raise_with_the_services_message(site, client):
    with pytest.raises(PolitenessError, match="unknown crawler"):
        client.acquire(site.base_url + "/a", crawler="NoSuchBot")
    with pytest.raises(PolitenessError, match="status"):
        client.report(site.base_url + "/a", 42)
    with pytest.raises(ValueError, match="agent"):
        client.acquire(site.base_url + "/a")


def test_answers_validate_against_their_schemas(site, service):
    """serve-acquire.schema.json for /v1/acquire; fetch-stream's "slot" for fetch --polite."""
    jsonschema = pytest.importorskip("jsonschema")
    from test_json_schemas import validator

    acquire = validator("serve-acquire")
    body = json.dumps({"urls": [site.base_url + "/a", site.base_url + "/private/b", "nowhere"],
                       "agent": "PyBot"}).encode()
    answer = json.loads(urllib.request.urlopen(service.base_url + "/v1/acquire", data=body).read())
    assert len(answer["slots"]) == 3
    for slot in answer["slots"]:
        acquire.validate(slot)
    with pytest.raises(jsonschema.ValidationError):
        acquire.validate({**answer["slots"][0], "wait": 0})
    stream = validator("fetch-stream")
    result = subprocess.run(
        [cli_path(), "fetch", "-", "PyBot", "--polite", "--json", "--polite-spacing", "0"],
        input=f"{site.base_url}/x\n{site.base_url}/private/y\n".encode(), capture_output=True,
        timeout=60, check=True)
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert "slot" in lines[0] and "slot" not in lines[1]
    for line in lines:
        stream.validate(line)


def test_p4_a_429_makes_the_slots_acquired_before_it_void(site, client):
    """Slots reserved before a 429 was reported were spaced without its back-off: wait()
    asks again for them instead of letting them be used inside the Retry-After."""
    url = site.base_url + "/void/a"
    earlier = [client.acquire(url, agent="VoidBot") for _ in range(3)]
    assert all(slot.reserved for slot in earlier)
    reported = client.report(url, 429, "1")
    assert reported["not_before"] is not None
    assert all(client.is_void(slot) for slot in earlier)
    again = client.wait(earlier[1])
    assert again.reserved and again.url == url
    assert again.not_before >= reported["not_before"]
    assert again.spacing_source == "back-off"
    assert not client.is_void(again)
    # A slot of another origin is untouched.
    other = client.acquire(site.base_url.replace("127.0.0.1", "localhost") + "/x",
                           agent="VoidBot")
    assert not client.is_void(other)


def test_p4_a_slot_acquired_while_a_429_report_is_on_its_way_is_void(site, client):
    """An acquire sent after a report left may reach the service before it: its slot is
    void until the report's answer has come."""
    url = site.base_url + "/void/crossing"
    post = client._post
    crossing = []

    def post_after_an_acquire(path, body):
        if path == "/v1/report":
            crossing.append(client.acquire(url, agent="VoidBot"))
        return post(path, body)

    client._post = post_after_an_acquire
    try:
        client.report(url, 429, "1")
    finally:
        client._post = post
    assert crossing[0].reserved
    assert client.is_void(crossing[0])


def test_p4_a_429_reported_by_another_thread_wakes_a_waiting_slot(site, client):
    import threading

    url = site.base_url + "/void/b"
    first = client.acquire(url, agent="WakeBot")
    waiting = client.acquire(url, agent="WakeBot")  # one Crawl-delay (0.2 s) later
    assert waiting.not_before - first.not_before == 200
    got: list = []
    waiter = threading.Thread(target=lambda: got.append(client.wait(waiting)))
    waiter.start()
    reported = client.report(url, 429, "1")
    waiter.join(timeout=10)
    assert not waiter.is_alive()
    assert got[0].not_before >= reported["not_before"] > waiting.not_before
