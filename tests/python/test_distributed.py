"""Checking URLs on a dask.distributed cluster gives exactly the single-process verdicts.

This is how billions of URLs get checked: group the URLs by origin, send each group to a
worker together with its origin's robots.txt (the body, or the parsed RobotsTxt, which
pickles), and add up what comes back. The cluster here is two worker processes on
loopback, started and closed by the test.
"""

from __future__ import annotations

import logging
import urllib.parse

import pytest

import robotstxt

distributed = pytest.importorskip("distributed", reason="needs python3-distributed")
# Debian 12's distributed 2022.12 calls a tornado API that tornado 6.2 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

AGENT = "Googlebot"
PARTITIONS = 16


def origin_of(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def urls_by_origin(corpus_hosts) -> dict[str, tuple[bytes, list[str]]]:
    """origin -> (its robots.txt body, its URLs), as a crawler's frontier would hold them."""
    groups: dict[str, tuple[bytes, list[str]]] = {}
    for body, urls in corpus_hosts:
        for url in urls:
            known_body, origin_urls = groups.setdefault(origin_of(url), (body, []))
            assert known_body == body, f"two robots.txt bodies for {origin_of(url)}"
            origin_urls.append(url)
    return groups


def verdict_counts_from_bodies(partition):
    """Runs on a worker: parses each body there, then counts (allowed, disallowed)."""
    return {origin: count(robotstxt.RobotsTxt(body), urls)
            for origin, body, urls in partition}


def verdict_counts_from_parsed(partition):
    """Runs on a worker: the RobotsTxt objects arrive parsed (pickled by the client)."""
    return {origin: count(robots, urls) for origin, robots, urls in partition}


def count(robots, urls) -> tuple[int, int]:
    allowed = sum(robots.allowed_many(urls, AGENT))
    return allowed, len(urls) - allowed


def single_process_counts(groups) -> dict[str, tuple[int, int]]:
    """The reference: one process, one allowed() call per URL."""
    counts = {}
    for origin, (body, urls) in groups.items():
        robots = robotstxt.RobotsTxt(body)
        allowed = sum(1 for url in urls if robots.allowed(url, AGENT))
        counts[origin] = (allowed, len(urls) - allowed)
    return counts


def partitions_of(items: list, parts: int) -> list[list]:
    return [items[index::parts] for index in range(parts)]


@pytest.fixture(scope="module")
def client():
    # Two worker processes on loopback, no dashboard; the context managers close the client
    # and stop the workers and the scheduler however the test ends.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        with distributed.Client(cluster) as dask_client:
            dask_client.wait_for_workers(2)
            yield dask_client


@pytest.fixture(scope="module")
def groups(corpus_hosts):
    return urls_by_origin(corpus_hosts)


def distributed_counts(client, worker_function, partitions) -> dict[str, tuple[int, int]]:
    # scatter() sends each partition to a worker once, ahead of the tasks, instead of
    # packing megabytes of robots.txt into the task graph.
    futures = client.map(worker_function, client.scatter(partitions), pure=False)
    counts: dict[str, tuple[int, int]] = {}
    for partition_counts in client.gather(futures):
        assert counts.keys().isdisjoint(partition_counts), "an origin was checked twice"
        counts.update(partition_counts)
    return counts


def test_cluster_has_two_worker_processes(client):
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    assert all(address.startswith("tcp://127.0.0.1:") for address in workers)


def test_bodies_shipped_to_workers_give_the_single_process_counts(client, groups):
    shipped = [(origin, body, urls) for origin, (body, urls) in groups.items()]
    counts = distributed_counts(client, verdict_counts_from_bodies,
                                partitions_of(shipped, PARTITIONS))
    expected = single_process_counts(groups)
    assert counts == expected
    totals = [sum(column) for column in zip(*counts.values())]
    assert totals[0] > 0 and totals[1] > 0, "the corpus should have both verdicts"


def test_parsed_robots_shipped_to_workers_give_the_single_process_counts(client, groups):
    shipped = [(origin, robotstxt.RobotsTxt(body), urls)
               for origin, (body, urls) in groups.items()]
    counts = distributed_counts(client, verdict_counts_from_parsed,
                                partitions_of(shipped, PARTITIONS))
    assert counts == single_process_counts(groups)

