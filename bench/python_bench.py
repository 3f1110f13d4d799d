#!/usr/bin/env python3
"""Corpus benchmark from Python: robotstxt against Protego and urllib.robotparser.

For every corpus host with both a robots.txt and a URL list, parse the file, then check
every URL for five agents (556,075 checks on the corpus in tests/data), with each parser in the
same run, single-threaded. Prints parse time, checks/s, nanoseconds per check, the
speed-up of robotstxt, and how often each other parser disagrees with robotstxt (Google's
verdicts). The two robotstxt rows compare a loop of allowed() with allowed_many(), one
batch per host and agent (the corpus's URL lists: 90 URLs on average, many far fewer).

Usage (after the normal build):
    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [DATA_DIR] [--repeats N]
        [--robotstxt-only] [--batch N]

Timing is best of N runs. Protego and urllib get the body decoded as UTF-8 (bad bytes
replaced), as Scrapy does for them; robotstxt gets the bytes.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
import urllib.robotparser
from typing import Callable

import robotstxt

try:
    from protego import Protego
except ImportError:  # reported, not fatal: the rest still runs
    Protego = None

AGENTS = ["googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"]


def load_corpus(data_dir: pathlib.Path) -> list[tuple[bytes, list[str]]]:
    robots_dir, urls_dir = data_dir / "corpus" / "robots", data_dir / "corpus" / "urls"
    hosts = []
    for robots_file in sorted(robots_dir.iterdir()):
        urls_file = urls_dir / robots_file.name
        if urls_file.is_file():
            text = urls_file.read_bytes().decode("utf-8", "surrogateescape")
            hosts.append((robots_file.read_bytes(), [url for url in text.splitlines() if url]))
    return hosts


# Each contender: parse(body) -> object, check(object, urls) -> list of verdicts, the
# URLs checked agent by agent in AGENTS order.
def robotstxt_parse(body: bytes):
    return robotstxt.RobotsTxt(body)


def robotstxt_check(robots, urls):
    allowed = robots.allowed
    return [allowed(url, agent) for agent in AGENTS for url in urls]


BATCH_SIZE = 0  # --batch: URLs per allowed_many() call; 0 for each host's whole list


def robotstxt_check_batch(robots, urls):
    result = []
    size = BATCH_SIZE or max(len(urls), 1)
    for agent in AGENTS:
        for start in range(0, len(urls), size):
            result += robots.allowed_many(urls[start:start + size], agent)
    return result


def protego_parse(body: bytes):
    return Protego.parse(body.decode("utf-8", "replace"))


def protego_check(robots, urls):
    can_fetch = robots.can_fetch
    return [can_fetch(url, agent) for agent in AGENTS for url in urls]


def urllib_parse(body: bytes):
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(body.decode("utf-8", "replace").splitlines())
    return parser


def urllib_check(robots, urls):
    can_fetch = robots.can_fetch
    return [can_fetch(agent, url) for agent in AGENTS for url in urls]


def measure(hosts, parse: Callable, check: Callable, repeats: int):
    best_parse = best_check = float("inf")
    verdicts: list[bool] = []
    for _ in range(repeats):
        start = time.perf_counter()
        parsed = [parse(body) for body, _ in hosts]
        middle = time.perf_counter()
        verdicts = []
        for robots, (_, urls) in zip(parsed, hosts):
            verdicts += check(robots, urls)
        end = time.perf_counter()
        best_parse, best_check = min(best_parse, middle - start), min(best_check, end - middle)
    return best_parse, best_check, verdicts


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_data = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data"
    arguments.add_argument("data_dir", nargs="?", type=pathlib.Path, default=default_data,
                           help="the folder that holds corpus/ (default: tests/data)")
    arguments.add_argument("--repeats", type=int, default=3, help="best of N runs (default 3)")
    arguments.add_argument("--robotstxt-only", action="store_true",
                           help="only the allowed() loop and allowed_many(), not the others")
    arguments.add_argument("--batch", type=int, default=0,
                           help="URLs per allowed_many() call (default: a host's whole list)")
    options = arguments.parse_args()
    global BATCH_SIZE
    BATCH_SIZE = options.batch

    hosts = load_corpus(options.data_dir)
    if not hosts:
        print(f"python_bench: no corpus under {options.data_dir}/corpus", file=sys.stderr)
        return 2
    checks = sum(len(urls) for _, urls in hosts) * len(AGENTS)
    print(f"{len(hosts)} hosts, {checks:,} checks ({len(AGENTS)} agents), "
          f"best of {options.repeats}, Python {sys.version.split()[0]}")

    contenders = [
        ("robotstxt allowed()", robotstxt_parse, robotstxt_check),
        ("robotstxt allowed_many()", robotstxt_parse, robotstxt_check_batch),
    ]
    if not options.robotstxt_only:
        if Protego is not None:
            contenders.append(("Protego", protego_parse, protego_check))
        else:
            print("Protego not installed (Debian: python3-protego); skipped")
        contenders.append(("urllib.robotparser", urllib_parse, urllib_check))

    results = {}
    for name, parse, check in contenders:
        results[name] = measure(hosts, parse, check, options.repeats)

    reference = results["robotstxt allowed()"][2]
    baseline_key = next((name for name in ("Protego", "urllib.robotparser") if name in results),
                        "robotstxt allowed()")
    baseline = results[baseline_key]
    baseline_name = baseline_key.split(".")[0].split()[0]
    print(f"{'parser':25} {'parse s':>8} {'check s':>8} {'checks/s':>11} {'ns/check':>9} "
          f"{'with parse':>11} {'vs ' + baseline_name:>11} {'differs from robotstxt':>23}")
    for name, (parse_seconds, check_seconds, verdicts) in results.items():
        speedup = (baseline[0] + baseline[1]) / (parse_seconds + check_seconds)
        differ = sum(a != b for a, b in zip(verdicts, reference))
        print(f"{name:25} {parse_seconds:8.3f} {check_seconds:8.3f} "
              f"{checks / check_seconds:11,.0f} {check_seconds / checks * 1e9:9.0f} "
              f"{checks / (parse_seconds + check_seconds):11,.0f} "
              f"{speedup:10.1f}x {differ / checks:22.2%}")
    print(f"checks/s and ns/check: checks only; with parse: parsing included. "
          f"vs {baseline_name}: speed-up in the whole run (parse + checks).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
