"""robotstxt.census.census() on a dask.distributed cluster gives the single-process census.

The corpus is written as five WARC.gz files (scripts/corpus-to-warc), as a crawl stores
its robots.txt responses. One `robotstxt census` over all five is the reference; the
cluster runs one task per file and merges the parts with `robotstxt census --merge`. The
summary must be equal key for key, and hosts.jsonl byte for byte. The cluster is two
worker processes on loopback, started and closed by the test; an alarm bounds the run.
"""

from __future__ import annotations

import json
import logging
import os
import pathlib
import signal
import subprocess
import sys

import pytest

from robotstxt.census import CensusError, census

distributed = pytest.importorskip("distributed", reason="needs python3-distributed")
# Debian 12's distributed 2022.12 calls a tornado API that tornado 6.2 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("ROBOTSTXT_CLI") or str(SOURCE_DIR / "build" / "robotstxt")
FILES = 5
PATHS = ("/", "/search")
CRAWLERS = "Googlebot,Googlebot-Image,AdsBot-Google,GPTBot,ClaudeBot,CCBot"
LABEL = "corpus"
# A guard against a hang, not a measure: the whole module takes a few seconds.
ALARM_SECONDS = 240


@pytest.fixture(scope="module", autouse=True)
def bounded_in_time():
    def give_up(signum, frame):
        raise TimeoutError(f"the census tests took more than {ALARM_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(ALARM_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def warc_files(tmp_path_factory) -> list[pathlib.Path]:
    folder = tmp_path_factory.mktemp("warc")
    subprocess.run([sys.executable, str(SOURCE_DIR / "scripts" / "corpus-to-warc"),
                    str(SOURCE_DIR / "tests" / "data" / "corpus" / "robots"), str(folder),
                    "--parts", str(FILES)], check=True, timeout=120)
    files = sorted(folder.glob("*.warc.gz"))
    assert len(files) == FILES
    return files


@pytest.fixture(scope="module")
def single_process(warc_files, tmp_path_factory) -> pathlib.Path:
    """The reference: one `robotstxt census` over every file."""
    out = tmp_path_factory.mktemp("single")
    subprocess.run([CLI, "census", *map(str, warc_files), "--paths", ",".join(PATHS),
                    "--crawlers", CRAWLERS, "--label", LABEL, "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL, timeout=120)
    return out


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


def read_summary(directory: pathlib.Path) -> dict:
    return json.loads((directory / "summary.json").read_text(encoding="utf-8"))


def run_census(warc_files, out, client=None) -> dict:
    return census(warc_files, out, client=client, paths_asked=PATHS,
                  crawlers=CRAWLERS.split(","), label=LABEL, cli=CLI)


def test_two_workers_give_the_single_process_summary(client, warc_files, single_process,
                                                     tmp_path):
    with distributed.get_task_stream(client) as tasks:
        summary = run_census(warc_files, tmp_path, client)
    expected = read_summary(single_process)
    assert summary == expected
    assert read_summary(tmp_path) == expected
    # Not a trivial equality: the corpus has many hosts and crawlers blocked on some.
    assert summary["inputs"]["files"] == FILES
    assert summary["hosts"] > 1000
    assert summary["per_crawler"]["GPTBot"]["blocked_fully"] > 0
    assert summary["label"] == LABEL and summary["paths"] == list(PATHS)
    # One task per file, and both workers took some.
    assert len(tasks.data) == FILES
    assert len({task["worker"] for task in tasks.data}) == 2


def test_two_workers_give_the_single_process_host_lines_in_input_order(
        client, warc_files, single_process, tmp_path):
    run_census(warc_files, tmp_path, client)
    assert (tmp_path / "hosts.jsonl").read_bytes() == \
        (single_process / "hosts.jsonl").read_bytes()
    assert sorted(path.name for path in (tmp_path / "parts").iterdir()) == \
        [f"{index:06d}" for index in range(FILES)]


def test_without_a_client_the_files_run_here_with_the_same_result(warc_files, single_process,
                                                                 tmp_path):
    assert run_census(warc_files, tmp_path) == read_summary(single_process)
    assert (tmp_path / "hosts.jsonl").read_bytes() == \
        (single_process / "hosts.jsonl").read_bytes()


def test_without_host_lines_only_the_summary_is_written(client, warc_files, single_process,
                                                        tmp_path):
    summary = census(warc_files, tmp_path, client=client, paths_asked=PATHS,
                     crawlers=CRAWLERS, label=LABEL, cli=CLI, keep_hosts=False)
    assert summary == read_summary(single_process)
    assert not (tmp_path / "hosts.jsonl").exists()


def test_a_failing_file_raises_the_commands_message(client, warc_files, tmp_path):
    missing = tmp_path / "missing.warc.gz"
    run_census(warc_files[:1], tmp_path / "out", client)
    with pytest.raises(CensusError, match="missing.warc.gz"):
        run_census([warc_files[0], missing], tmp_path / "out", client)
    # The earlier run's results are gone: nothing looks like this run's.
    assert not (tmp_path / "out" / "summary.json").exists()
    assert not (tmp_path / "out" / "hosts.jsonl").exists()
    # The cluster is still there for the next census.
    assert run_census(warc_files[:1], tmp_path / "again", client)["inputs"]["files"] == 1


def test_paths_and_crawlers_may_be_given_as_the_commands_text(warc_files, single_process,
                                                              tmp_path):
    summary = census(warc_files, tmp_path, paths_asked=",".join(PATHS), crawlers=CRAWLERS,
                     label=LABEL, cli=CLI)
    assert summary == read_summary(single_process)


def test_no_inputs_is_an_error(tmp_path):
    with pytest.raises(ValueError):
        census([], tmp_path, cli=CLI)


def test_ranks_give_the_single_process_strata(client, warc_files, tmp_path):
    ranks = tmp_path / "ranks.csv"
    hosts = sorted(os.listdir(SOURCE_DIR / "tests" / "data" / "corpus" / "robots"))
    # Every stratum gets hosts: ranks spread from 1 to past a million.
    ranks.write_text("".join(f"{1 + index * 997},{host}\n"
                             for index, host in enumerate(hosts[::2])), encoding="utf-8")
    single = tmp_path / "single"
    subprocess.run([CLI, "census", *map(str, warc_files), "--paths", ",".join(PATHS),
                    "--crawlers", CRAWLERS, "--label", LABEL, "--ranks", str(ranks), "--out",
                    str(single)], check=True, stdout=subprocess.DEVNULL, timeout=120)
    summary = census(warc_files, tmp_path / "out", client=client, paths_asked=PATHS,
                     crawlers=CRAWLERS, label=LABEL, cli=CLI, ranks=ranks)
    assert summary == read_summary(single)
    assert all(stratum["hosts"] > 0 for stratum in summary["strata"])


def warc_response(host: str, http: bytes) -> bytes:
    """One gzipped WARC response record for https://HOST/robots.txt."""
    import gzip

    head = (f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://{host}/robots.txt\r\n"
            f"Content-Length: {len(http)}\r\n\r\n")
    return gzip.compress(head.encode() + http + b"\r\n\r\n", mtime=0)


def test_a_redirect_from_one_file_takes_its_targets_rules_from_another(client, tmp_path):
    moved = b"HTTP/1.1 301 Moved\r\nLocation: https://dst.example/robots.txt\r\n\r\n"
    files = [tmp_path / "a.warc.gz", tmp_path / "b.warc.gz"]
    files[0].write_bytes(warc_response("src.example", moved))
    files[1].write_bytes(warc_response("dst.example",
                                       b"HTTP/1.1 200 OK\r\n\r\nUser-agent: GPTBot\nDisallow: /\n"))
    single = tmp_path / "single"
    subprocess.run([CLI, "census", *map(str, files), "--paths", ",".join(PATHS), "--crawlers",
                    CRAWLERS, "--label", LABEL, "--out", str(single)], check=True,
                   stdout=subprocess.DEVNULL, timeout=120)
    expected = read_summary(single)
    assert expected["redirects"]["followed"] == 1
    assert expected["per_crawler"]["GPTBot"]["blocked_fully"] == 2
    # One task per file: the source and its target are read by different tasks.
    assert run_census(files, tmp_path / "cluster", client) == expected
    assert run_census(files, tmp_path / "here") == expected
