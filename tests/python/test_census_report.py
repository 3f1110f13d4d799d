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


def test_labelled_summaries_add_a_trend_in_label_order(tmp_path):
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


# --- The charts, read from their matplotlib figures (no pixels compared) ------------------

def census_report():
    from robotstxt import census_report as module

    return module


def zero_summary() -> dict:
    summary = summary_of(LATE)
    for crawler in summary["per_crawler"].values():
        crawler.update(named=0, blocked_fully=0, blocked_partly=0, allowed=summary["hosts"])
    for purpose in summary["per_purpose"].values():
        purpose.update(hosts_blocking_any_fully=0, hosts_blocking_all_fully=0, hosts_naming_any=0)
    usage = summary["usage"]
    usage.update(hosts_with_content_usage=0, hosts_with_content_signal=0)
    for key in ("train_ai", "search"):
        usage[key] = {"allowed": 0, "disallowed": 0, "unknown": summary["hosts"]}
    return summary


def with_strata(summary: dict) -> dict:
    """The summary with five strata, each a share of its hosts."""
    summary = json.loads(json.dumps(summary))
    summary["strata"] = []
    for index, key in enumerate(["1-1000", "1001-10000", "10001-100000", "100001-1000000",
                                 "unranked"]):
        stratum = {"stratum": key, "hosts": 10,
                   "per_crawler": {name: dict(counts, blocked_fully=min(index, 10))
                                   for name, counts in summary["per_crawler"].items()}}
        summary["strata"].append(stratum)
    return summary


def diff_summary(changes: int) -> dict:
    kinds = ["started_blocking_fully", "stopped_blocking_fully", "started_blocking_partly",
             "stopped_blocking_partly", "started_naming", "stopped_naming"]
    return {"format": 1, "diff": {"old": "crawl-1", "new": "crawl-2"}, "paths": ["/"],
            "crawlers": ["GPTBot", "ClaudeBot"],
            "hosts": {"old": 20, "new": 21, "both": 19, "changed": changes, "appeared": 2,
                      "disappeared": 1, "duplicates": 0},
            "per_crawler": {name: {"purpose": "ai-training",
                                   **{kind: changes for kind in kinds}}
                            for name in ("GPTBot", "ClaudeBot")},
            "per_purpose": {"ai-training": {kind: changes for kind in kinds}},
            "usage": {"hosts_changed": 0, "train_ai_changed": 0, "search_changed": 0,
                      "content_signal_changed": 0}}


def all_figures(module, summary: dict, trend: list, changes: int) -> list:
    names = module.crawlers_by_blocking(summary)
    return [module.crawler_figure(summary), module.purpose_figure(summary),
            module.usage_figure(summary), module.strata_figure(with_strata(summary)),
            module.diff_figure(diff_summary(changes)), module.trend_figure(trend, names)]


def test_a_share_of_zero_draws_no_negative_axis():
    module = census_report()
    zero = zero_summary()
    early = dict(zero, label="a-1")
    for figure in all_figures(module, zero, [early, dict(zero, label="a-2")], 0):
        for axes in figure.axes:
            # The share axis: x for the horizontal bars, y for the others.
            horizontal = axes.get_xlabel() == "share of hosts (%)"
            low, high = axes.get_xlim() if horizontal else axes.get_ylim()
            assert low == 0, (axes.get_title(), low)
            assert high >= 1, (axes.get_title(), high)
    # Nor with real shares: every share axis starts at 0.
    for figure in all_figures(module, summary_of(LATE), [summary_of(EARLY), summary_of(LATE)], 3):
        for axes in figure.axes:
            horizontal = axes.get_xlabel() == "share of hosts (%)"
            assert (axes.get_xlim() if horizontal else axes.get_ylim())[0] == 0


def test_each_meaning_has_one_colour_in_every_chart():
    from matplotlib.colors import to_hex

    module = census_report()
    colours = module.MEANING_COLOURS
    assert len(set(colours.values())) == len(colours)
    seen = {}
    for figure in all_figures(module, summary_of(LATE), [summary_of(EARLY), summary_of(LATE)],
                              3)[:-1]:
        for axes in figure.axes:
            for container in axes.containers:
                label = container.get_label()
                if label in colours:
                    drawn = {to_hex(bar.get_facecolor()) for bar in container}
                    assert drawn == {colours[label]}, label
                    seen[label] = drawn
                else:
                    # The adoption bars have no legend: theirs is one meaning too.
                    drawn = {to_hex(bar.get_facecolor()) for bar in container}
                    assert drawn == {colours["hosts stating preferences"]}
                    seen["hosts stating preferences"] = drawn
    assert set(seen) == set(colours)
    trend = module.trend_figure([summary_of(EARLY), summary_of(LATE)],
                                module.crawlers_by_blocking(summary_of(LATE)))
    lines = trend.axes[0].get_lines()
    line_colours = [to_hex(line.get_color()) for line in lines]
    assert len(set(line_colours)) == len(lines) == 3
    assert not set(line_colours) & set(colours.values())


def test_lines_that_coincide_stay_visible():
    module = census_report()
    early, late = summary_of(EARLY), summary_of(LATE)
    for summary in (early, late):
        # Two crawlers blocked by the same hosts: their lines lie on each other.
        summary["per_crawler"]["ClaudeBot"] = dict(summary["per_crawler"]["GPTBot"])
    lines = module.trend_figure([early, late], ["GPTBot", "ClaudeBot"]).axes[0].get_lines()
    assert list(lines[0].get_ydata()) == list(lines[1].get_ydata())
    assert lines[0].get_marker() != lines[1].get_marker()
    assert lines[0].get_linestyle() != lines[1].get_linestyle()
    # The one drawn first shows around the one on top of it.
    assert lines[0].get_markersize() > lines[1].get_markersize()


def test_crawls_are_drawn_in_label_order_with_a_warning(tmp_path):
    output = tmp_path / "report.html"
    completed = run_report(str(LATE), str(EARLY), "-o", str(output))
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == (
        "robotstxt census report: warning: crawls drawn in label order: CC-MAIN-2026-05, "
        "CC-MAIN-2026-40 (given: CC-MAIN-2026-40, CC-MAIN-2026-05)\n")
    page = Page(output.read_text(encoding="utf-8"))
    assert page.tables["trend-table"][0] == ["Crawler", "CC-MAIN-2026-05", "CC-MAIN-2026-40"]
    assert page.headings[0] == ("h1", "robots.txt census: CC-MAIN-2026-40")


def test_labels_order_by_their_numbers_and_mixed_forms_are_warned_of():
    module = census_report()
    crawls = [dict(summary_of(LATE), label=label) for label in ("crawl-10", "crawl-9")]
    ordered, warnings = module.in_label_order(crawls)
    assert [summary["label"] for summary in ordered] == ["crawl-9", "crawl-10"]
    assert len(warnings) == 1 and "given: crawl-10, crawl-9" in warnings[0]
    ordered, warnings = module.in_label_order(list(reversed(crawls)))
    assert warnings == []
    mixed = [dict(summary_of(LATE), label=label) for label in ("2026-05", "autumn")]
    _, warnings = module.in_label_order(mixed)
    assert warnings == ["labels of different forms (#-#, autumn): their order may not be the "
                        "crawls' order in time"]


def test_strata_are_drawn_with_their_counts(tmp_path):
    directory = tmp_path / "ranked"
    directory.mkdir()
    summary = with_strata(summary_of(LATE))
    (directory / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    page = report(tmp_path, directory)
    assert ("h2", "Strata of popularity") in page.headings
    table = page.tables["strata-table"]
    assert table[0] == ["Crawler", "1-1000", "1001-10000", "10001-100000", "100001-1000000",
                        "unranked"]
    assert rows_by_name(table)["GPTBot"] == ["0 of 10", "1 of 10", "2 of 10", "3 of 10",
                                             "4 of 10"]
    summary["strata"][4]["per_crawler"]["GPTBot"]["blocked_fully"] = 11
    (directory / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    completed = run_report(str(directory), "-o", str(tmp_path / "bad.html"))
    assert completed.returncode == 2 and "stratum unranked" in completed.stderr


def test_a_diff_folder_shows_what_changed(tmp_path):
    directory = tmp_path / "diff"
    directory.mkdir()
    (directory / "summary.json").write_text(json.dumps(diff_summary(2)), encoding="utf-8")
    (directory / "changes.jsonl").write_text(
        json.dumps({"host": "a.example", "changes": ["started-blocking-fully"],
                    "crawlers": {"GPTBot": ["started-blocking-fully"]}}) + "\n"
        + json.dumps({"host": "b.example", "changes": ["appeared"]}) + "\n", encoding="utf-8")
    page = report(tmp_path, directory)
    assert page.headings[0] == ("h1", "robots.txt census: what changed from crawl-1 to crawl-2")
    assert rows_by_name(page.tables["diff-crawler-table"])["GPTBot"] == [
        "ai-training", "2", "2", "2", "2", "2", "2"]
    assert rows_by_name(page.tables["diff-host-table"]) == {
        "a.example": ["GPTBot: started-blocking-fully"], "b.example": ["appeared"]}
    (directory / "changes.jsonl").write_text("{broken\n", encoding="utf-8")
    completed = run_report(str(directory), "-o", str(tmp_path / "bad.html"))
    assert completed.returncode == 2
    assert "changes.jsonl' line 1 is no change line" in completed.stderr
