"""`python3 -m robotstxt.census report`: the page's structure, its numbers, its errors.

The summaries are small hand-written files (tests/python/census_summaries): the report
needs no census run. The numbers in the page's tables must be the summary's counts.
"""

from __future__ import annotations

import base64
import html.parser
import json
import os
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("matplotlib", reason="needs python3-matplotlib")

SUMMARIES = pathlib.Path(__file__).resolve().parent / "census_summaries"
EARLY = SUMMARIES / "crawl-2026-05"
LATE = SUMMARIES / "crawl-2026-40"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Page(html.parser.HTMLParser):
    """What the tests read from the page: headings, images, tables (rows of cell texts)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self.images: list[dict[str, str]] = []
        self.tables: dict[str, list[list[str]]] = {}
        self.scripts = 0
        self.links: list[str] = []
        self.lang = None
        self._heading = None
        self._table = None
        self._cell = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        elif tag in ("h1", "h2"):
            self._heading = [tag, ""]
        elif tag == "img":
            self.images.append(attributes)
        elif tag == "script":
            self.scripts += 1
        elif tag == "link":
            self.links.append(attributes.get("href", ""))
        elif tag == "table":
            self._table = attributes["id"]
            self.tables[self._table] = []
        elif tag == "tr" and self._table:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table:
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("h1", "h2") and self._heading:
            self.headings.append(tuple(self._heading))
            self._heading = None
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[self._table][-1].append(self._cell)
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._heading is not None:
            self._heading[1] += data
        if self._cell is not None:
            self._cell += data


def run_report(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "robotstxt.census", "report", *arguments],
                          capture_output=True, text=True, timeout=120, env=dict(os.environ),
                          check=False)


def report(tmp_path, *directories: pathlib.Path) -> Page:
    output = tmp_path / "report.html"
    completed = run_report(*map(str, directories), "-o", str(output))
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return Page(output.read_text(encoding="utf-8"))


def summary_of(directory: pathlib.Path) -> dict:
    return json.loads((directory / "summary.json").read_text(encoding="utf-8"))


def rows_by_name(table: list[list[str]]) -> dict[str, list[str]]:
    return {row[0]: row[1:] for row in table[1:]}


def test_one_summary_makes_a_page_with_headings_images_and_alt_text(tmp_path):
    page = report(tmp_path, LATE)
    assert page.lang == "en"
    assert page.headings == [("h1", "robots.txt census: CC-MAIN-2026-40"), ("h2", "Crawlers"),
                             ("h2", "Purposes"), ("h2", "Usage preferences")]
    assert len(page.images) == 3
    for image in page.images:
        # Embedded, nothing fetched: the page is one file that works offline.
        assert image["src"].startswith("data:image/png;base64,")
        assert base64.b64decode(image["src"].split(",", 1)[1]).startswith(PNG_SIGNATURE)
        assert len(image["alt"]) > 80
    assert page.scripts == 0 and page.links == []
    assert "GPTBot 26.0%" in page.images[0]["alt"]  # 13 of 50 hosts, the most blocked


def test_crawler_table_holds_the_summarys_counts(tmp_path):
    summary = summary_of(LATE)
    table = report(tmp_path, LATE).tables["crawler-table"]
    assert table[0] == ["Crawler", "Purpose", "Blocked fully", "Blocked partly", "Named",
                        "Allowed", "Blocked fully (%)"]
    # Most blocked first.
    assert [row[0] for row in table[1:]] == ["GPTBot", "ClaudeBot", "Googlebot"]
    for name, cells in rows_by_name(table).items():
        counts = summary["per_crawler"][name]
        assert cells[:6] == [counts["purpose"], str(counts["blocked_fully"]),
                             str(counts["blocked_partly"]), str(counts["named"]),
                             str(counts["allowed"]),
                             f"{100 * counts['blocked_fully'] / summary['hosts']:.1f}%"]


def test_purpose_and_usage_tables_hold_the_summarys_counts(tmp_path):
    summary = summary_of(LATE)
    page = report(tmp_path, LATE)
    purposes = rows_by_name(page.tables["purpose-table"])
    assert list(purposes) == ["search", "ai-training"]
    for name, cells in purposes.items():
        counts = summary["per_purpose"][name]
        assert cells == [str(counts[key]) for key in
                         ("crawlers", "hosts_blocking_any_fully", "hosts_blocking_all_fully",
                          "hosts_naming_any")]
    usage = rows_by_name(page.tables["usage-table"])
    for label, key in (("train-ai", "train_ai"), ("search", "search")):
        assert usage[label] == [str(summary["usage"][key][preference])
                                for preference in ("allowed", "disallowed", "unknown")]


def test_labelled_summaries_add_a_trend_in_the_order_given(tmp_path):
    page = report(tmp_path, EARLY, LATE)
    assert page.headings[-1] == ("h2", "Trend")
    assert len(page.images) == 4
    assert "CC-MAIN-2026-05, CC-MAIN-2026-40" in page.images[3]["alt"]
    trend = page.tables["trend-table"]
    assert trend[0] == ["Crawler", "CC-MAIN-2026-05", "CC-MAIN-2026-40"]
    early, late = summary_of(EARLY), summary_of(LATE)
    for name, cells in rows_by_name(trend).items():
        assert cells == [f"{early['per_crawler'][name]['blocked_fully']} of {early['hosts']}",
                         f"{late['per_crawler'][name]['blocked_fully']} of {late['hosts']}"]
    # The bars show the last crawl given.
    assert page.headings[0] == ("h1", "robots.txt census: CC-MAIN-2026-40")


def test_names_from_the_summary_are_escaped_and_drawn_as_text(tmp_path):
    summary = summary_of(LATE)
    # Between dollar signs matplotlib would parse mathtext, and fail on an unknown command.
    hostile = "<b>$\\nosuchcommand{x}$"
    summary["per_crawler"][hostile] = summary["per_crawler"].pop("GPTBot")
    summary["label"] = "<script>alert(1)</script>"
    directory = tmp_path / "hostile"
    directory.mkdir()
    (directory / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    page = report(tmp_path, directory)
    assert page.scripts == 0
    assert len(page.images) == 3
    assert hostile in rows_by_name(page.tables["crawler-table"])


@pytest.mark.parametrize("arguments, message", [
    (["MISSING"], "robotstxt census report: no census folder 'MISSING'\n"),
    ([str(SUMMARIES / "format-2")],
     f"robotstxt census report: {SUMMARIES}/format-2/summary.json: format 2 is not census "
     "summary format 1\n"),
    ([str(EARLY), str(SUMMARIES / "unlabelled")],
     f"robotstxt census report: '{SUMMARIES}/unlabelled/summary.json' has no label: several "
     "summaries need one each (robotstxt census --label)\n"),
    ([str(LATE), str(LATE)],
     "robotstxt census report: two summaries have the label 'CC-MAIN-2026-40'\n"),
    ([str(SUMMARIES)], f"robotstxt census report: cannot read '{SUMMARIES}/summary.json': "
                       "No such file or directory\n"),
    ([], "robotstxt census report: the following arguments are required: DIR\n"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, arguments, message):
    output = tmp_path / "report.html"
    completed = run_report(*arguments, "-o", str(output))
    assert (completed.returncode, completed.stderr) == (2, message)
    assert not output.exists()


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(hosts=-1), '"hosts" is not a count'),
    (lambda s: s["per_crawler"]["GPTBot"].update(named=True), '"named" is not a count'),
    (lambda s: s["per_crawler"]["GPTBot"].update(blocked_fully=51),
     '"blocked_fully" is more than the hosts'),
    (lambda s: s.update(usage=[]), '"usage" is not an object'),
    (lambda s: s.update(label=7), '"label" is neither a string nor null'),
])
def test_a_summary_with_wrong_types_is_refused(tmp_path, change, message):
    summary = summary_of(LATE)
    change(summary)
    directory = tmp_path / "bad"
    directory.mkdir()
    (directory / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    completed = run_report(str(directory), "-o", str(tmp_path / "report.html"))
    assert completed.returncode == 2
    assert message in completed.stderr and completed.stderr.count("\n") == 1


def png_height(image: dict[str, str]) -> int:
    data = base64.b64decode(image["src"].split(",", 1)[1])
    return int.from_bytes(data[20:24], "big")  # in the IHDR chunk, after the width


def write_summary_with_crawlers(directory: pathlib.Path, crawlers: int) -> None:
    summary = summary_of(LATE)
    template = summary["per_crawler"]["GPTBot"]
    summary["per_crawler"] = {f"Bot{index:04d}": dict(template, blocked_fully=index % 50)
                              for index in range(crawlers)}
    directory.mkdir()
    (directory / "summary.json").write_text(json.dumps(summary), encoding="utf-8")


def test_the_bar_chart_draws_the_most_blocked_crawlers_the_table_all(tmp_path):
    write_summary_with_crawlers(tmp_path / "many", 75)
    page = report(tmp_path, tmp_path / "many")
    assert "each of the 60 most blocked of 75 crawlers" in page.images[0]["alt"]
    # The chart's height grows with its rows: a row per crawler drawn would make it taller.
    assert png_height(page.images[0]) == png_height(report(tmp_path, LATE).images[0]) + 57 * 39
    assert len(page.tables["crawler-table"]) == 1 + 75


def test_a_summary_with_endless_crawlers_is_refused(tmp_path):
    write_summary_with_crawlers(tmp_path / "endless", 1001)
    completed = run_report(str(tmp_path / "endless"), "-o", str(tmp_path / "report.html"))
    assert completed.returncode == 2
    assert '"per_crawler" has more than 1000 names' in completed.stderr


def test_only_the_report_command_exists(tmp_path):
    completed = subprocess.run([sys.executable, "-m", "robotstxt.census", "draw"],
                               capture_output=True, text=True, timeout=60, check=False)
    assert completed.returncode == 2
    assert completed.stderr.count("\n") == 1 and "the only command is 'report'" in completed.stderr


def test_a_file_that_is_no_json_is_refused(tmp_path):
    (tmp_path / "summary.json").write_bytes(b"\xff{not json")
    completed = run_report(str(tmp_path), "-o", str(tmp_path / "report.html"))
    assert completed.returncode == 2
    assert completed.stderr.startswith(f"robotstxt census report: '{tmp_path}/summary.json' "
                                       "is not JSON")


def test_without_matplotlib_the_report_says_so_in_one_line(tmp_path):
    hidden = tmp_path / "hidden" / "matplotlib"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text("raise ImportError('hidden by the test')\n")
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [*filter(None, [environment.get("PYTHONPATH")]), str(hidden.parent)])
    completed = subprocess.run(
        [sys.executable, "-m", "robotstxt.census", "report", str(LATE), "-o",
         str(tmp_path / "report.html")],
        capture_output=True, text=True, timeout=60, env=environment, check=False)
    assert (completed.returncode, completed.stderr) == (
        2, "robotstxt census report: needs matplotlib (Debian: python3-matplotlib)\n")
