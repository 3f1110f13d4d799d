"""The census of many crawl files, one task per file, on a dask.distributed cluster.

Every task runs ``robotstxt census FILE --out PART`` (the C++ command does all the
reading and counting); the parts are added up by ``robotstxt census --merge``, so that the
result is, count for count, the summary of one ``robotstxt census`` over all the files
(docs/census-python.md).

    python3 -m robotstxt.census report DIR... -o report.html

draws summaries as a static HTML page (robotstxt/census_report.py).
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
from typing import Any, Iterable, Optional, Sequence, Union

PathLike = Union[str, os.PathLike]

# A summary.json is a few kilobytes per crawler asked; anything far larger is no summary.
MAX_SUMMARY_BYTES = 16 * 1024 * 1024


class CensusError(RuntimeError):
    """A census task or the merge failed; the message is the command's own line."""


def default_cli() -> str:
    """The robotstxt command: $ROBOTSTXT_CLI, else `robotstxt` as found on PATH.

    Resolved where the command runs (on each worker), so that a cluster whose machines
    install it in different places still works.
    """
    return os.environ.get("ROBOTSTXT_CLI") or "robotstxt"


def _run(command: list[str]) -> None:
    completed = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, check=False)
    if completed.returncode != 0:
        lines = completed.stderr.decode("utf-8", "replace").strip().splitlines()
        raise CensusError(lines[-1] if lines else
                          f"{command[0]} {command[1]} exited with {completed.returncode}")


def census_of_file(path: str, paths_asked: str, crawlers: str, label: Optional[str],
                   cli: str, keep_hosts: bool,
                   ranks: Optional[str] = None) -> tuple[bytes, bytes, bytes, bytes]:
    """One task: the census of one input, returned as (summary.json, hosts.jsonl,
    responses.jsonl, unresolved.jsonl) bytes; the last two let the merge follow a
    redirect of one input to another (docs/census.md "Redirects across parts").

    The part lives in a temporary folder of the worker, so that workers need no shared
    file system; only its files travel back.
    """
    with tempfile.TemporaryDirectory(prefix="robotstxt-census-part-") as part:
        command = [cli, "census", path, "--paths", paths_asked, "--crawlers", crawlers,
                   "--out", part]
        if label is not None:
            command += ["--label", label]
        if ranks is not None:
            command += ["--ranks", ranks]
        _run(command)
        part_dir = pathlib.Path(part)
        summary = (part_dir / "summary.json").read_bytes()
        hosts = (part_dir / "hosts.jsonl").read_bytes() if keep_hosts else b""
        return (summary, hosts, (part_dir / "responses.jsonl").read_bytes(),
                (part_dir / "unresolved.jsonl").read_bytes())


def census(
    inputs: Iterable[PathLike],
    out: PathLike,
    *,
    client: Any = None,
    paths_asked: Union[str, Sequence[str]] = ("/",),
    crawlers: Union[str, Sequence[str]] = "all",
    label: Optional[str] = None,
    cli: Optional[str] = None,
    keep_hosts: bool = True,
    ranks: Optional[PathLike] = None,
) -> dict[str, Any]:
    """The census of ``inputs`` (WARC files or folders of files named by host) into ``out``.

    With a ``distributed.Client``, one task per input runs on the cluster; without one,
    the inputs are taken one after the other in this process. ``out`` gets
    ``summary.json`` (the parts merged by ``robotstxt census --merge``), ``hosts.jsonl``
    (the parts' host lines in input order; skipped with ``keep_hosts=False``, which
    leaves only the summaries to travel back) and ``parts/`` (one summary per input).
    Returns the merged summary as a dict. ``paths_asked`` and ``crawlers`` are the
    command's ``--paths`` and ``--crawlers`` (lists, or the comma-separated text), ``ranks``
    its ``--ranks`` (a CSV of ``rank,host`` that every worker can read); ``cli``
    the robotstxt command on the
    workers (default: $ROBOTSTXT_CLI, else ``robotstxt`` on PATH).

    Input paths must name the same files on every worker. Raises CensusError with the
    command's message when a task or the merge fails, ValueError for no inputs.
    """
    inputs = [os.fspath(path) for path in inputs]
    if not inputs:
        raise ValueError("census: no inputs")
    out_dir = pathlib.Path(out)
    parts_dir = out_dir / "parts"
    if parts_dir.exists():
        # Parts of an earlier run would be merged with this one's.
        shutil.rmtree(parts_dir)
    parts_dir.mkdir(parents=True)
    # Nor may an earlier run's results stay, as if this run's, when this one fails.
    for earlier in ("summary.json", "hosts.jsonl"):
        (out_dir / earlier).unlink(missing_ok=True)
    paths_text = paths_asked if isinstance(paths_asked, str) else ",".join(paths_asked)
    crawlers_text = crawlers if isinstance(crawlers, str) else ",".join(crawlers)
    cli = cli or default_cli()
    arguments = (paths_text, crawlers_text, label, cli, keep_hosts,
                 None if ranks is None else os.fspath(ranks))

    part_dirs = [parts_dir / f"{index:06d}" for index in range(len(inputs))]
    if client is None:
        for path, part_dir in zip(inputs, part_dirs):
            _write_part(part_dir, census_of_file(path, *arguments))
    else:
        futures = [client.submit(census_of_file, path, *arguments, pure=False)
                   for path in inputs]
        from distributed import as_completed

        # Each result is written as soon as it arrives and then dropped: the client holds
        # one part at a time, whatever the number of files.
        index_of = {future.key: index for index, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                _write_part(part_dirs[index_of[future.key]], future.result())
                future.release()
        finally:
            client.cancel(futures)

    if keep_hosts:
        with open(out_dir / "hosts.jsonl", "wb") as hosts:
            for part_dir in part_dirs:
                with open(part_dir / "hosts.jsonl", "rb") as part_hosts:
                    shutil.copyfileobj(part_hosts, hosts)
                (part_dir / "hosts.jsonl").unlink()
    merge = [cli, "census", "--merge", *map(str, part_dirs), "--out", str(out_dir)]
    if label is not None:
        merge += ["--label", label]
    _run(merge)
    return read_summary(out_dir)


def _write_part(part_dir: pathlib.Path, part: tuple[bytes, bytes, bytes, bytes]) -> None:
    summary, hosts, responses, unresolved = part
    part_dir.mkdir()
    (part_dir / "summary.json").write_bytes(summary)
    (part_dir / "hosts.jsonl").write_bytes(hosts)
    (part_dir / "responses.jsonl").write_bytes(responses)
    (part_dir / "unresolved.jsonl").write_bytes(unresolved)


def read_summary(directory: PathLike) -> dict[str, Any]:
    """DIR/summary.json as a dict; CensusError when it is missing, too large or no JSON."""
    path = pathlib.Path(directory) / "summary.json"
    try:
        with open(path, "rb") as file:
            text = file.read(MAX_SUMMARY_BYTES + 1)
    except OSError as error:
        raise CensusError(f"cannot read '{path}': {error.strerror}") from None
    if len(text) > MAX_SUMMARY_BYTES:
        raise CensusError(f"'{path}' is larger than {MAX_SUMMARY_BYTES} bytes: no summary")
    try:
        summary = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise CensusError(f"'{path}' is not JSON: {error}") from None
    if not isinstance(summary, dict):
        raise CensusError(f"'{path}' is not a census summary")
    return summary


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python3 -m robotstxt.census report DIR... -o report.html``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] != "report":
        if argv and argv[0] in ("-h", "--help"):
            print("usage: python3 -m robotstxt.census report DIR... -o report.html")
            return 0
        print("robotstxt.census: the only command is 'report' "
              "(python3 -m robotstxt.census report DIR... -o report.html)", file=sys.stderr)
        return 2
    from .census_report import main as report_main

    return report_main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
