"""One parsed RobotsTxt shared by many threads gives every thread the serial answers.

allowed_many() and the constructor release the GIL, so these threads really do run the
C++ matcher at the same time; allowed() and verdict() interleave between bytecodes.
"""

from __future__ import annotations

import concurrent.futures
import threading

import robotstxt

AGENTS = ["googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"]


def biggest_hosts(corpus_hosts, count):
    return sorted(corpus_hosts, key=lambda host: len(host[1]), reverse=True)[:count]


def test_shared_object_answers_like_serial_calls_under_a_thread_pool(corpus_hosts):
    hosts = [(robotstxt.RobotsTxt(body), urls) for body, urls in biggest_hosts(corpus_hosts, 20)]
    expected = [[[robots.allowed(url, agent) for url in urls] for agent in AGENTS]
                for robots, urls in hosts]

    def check(task):
        host, agent_index, style = task
        robots, urls = hosts[host]
        agent = AGENTS[agent_index]
        if style == 0:
            return robots.allowed_many(urls, agent)
        if style == 1:
            return [robots.allowed(url, [agent]) for url in urls]
        return [robots.verdict(url, agent).allowed for url in urls]

    tasks = [(host, agent, style) for host in range(len(hosts)) for agent in range(len(AGENTS))
             for style in range(3)] * 4
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(check, tasks))
    for (host, agent, _), result in zip(tasks, results):
        assert result == expected[host][agent], (host, AGENTS[agent])


def test_parsing_in_threads_gives_the_same_objects(corpus_hosts):
    hosts = biggest_hosts(corpus_hosts, 40)

    def parse_and_check(host):
        body, urls = host
        return robotstxt.RobotsTxt(body).allowed_many(urls, AGENTS)

    serial = [parse_and_check(host) for host in hosts]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(parse_and_check, hosts * 3)) == serial * 3


def test_list_changed_by_another_thread_during_allowed_many_is_safe():
    # allowed_many() snapshots its argument before releasing the GIL, so a thread
    # emptying the list meanwhile cannot free a URL the matcher is reading.
    robots = robotstxt.RobotsTxt(b"User-agent: *\nDisallow: /x\n")
    urls = [f"http://a/{'x' if i % 2 else 'y'}/{i}" for i in range(200_000)]
    expected = [i % 2 == 0 for i in range(len(urls))]
    stop = threading.Event()

    def churn(shared):
        while not stop.is_set():
            shared.clear()
            shared.extend(urls)

    for _ in range(20):
        shared = list(urls)
        churner = threading.Thread(target=churn, args=(shared,))
        churner.start()
        try:
            result = robots.allowed_many(shared, "a")
        finally:
            stop.set()
            churner.join()
            stop.clear()
        # The churner only ever empties or refills the list, so the snapshot is a prefix.
        assert result == expected[: len(result)]
