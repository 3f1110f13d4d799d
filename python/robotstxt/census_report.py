"""The census report: summaries drawn with matplotlib into one static HTML page.

``python3 -m robotstxt.census report DIR... -o report.html`` reads each DIR/summary.json
(written by ``robotstxt census --out DIR`` or ``--merge``), draws the last one (shares per
crawler and purpose, usage-preference adoption) and, given several labelled summaries in
date order, the trend per crawler. The images are PNGs inside the page as data: URIs: one
file, no script, nothing fetched. Every chart has alt text and a table of its counts.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import pathlib
import sys
from typing import Any, NoReturn, Optional, Sequence

from .census import CensusError, read_summary

SUMMARY_FORMAT = 1
# The trend chart stays legible with this many lines; the trend table has every crawler.
TREND_CHART_CRAWLERS = 8
# The bar chart has a row per crawler up to this many (the catalogue has fewer), the most
# blocked; the table has them all.
BAR_CHART_CRAWLERS = 60
# A summary names the crawlers asked, from the catalogue: a file with more than this is
# no summary, and would make pages and charts without end.
MAX_NAMES = 1000
# Crawler names and labels come from files: long ones are cut in charts (not in tables).
CHART_TEXT_CHARS = 40
PURPOSE_ORDER = ["search", "ads", "ai-training", "ai-search", "user-triggered", "other"]
PREFERENCE_KEYS = ["allowed", "disallowed", "unknown"]


class ReportError(Exception):
    """Input the report cannot draw; the message is the one line the command prints."""


def _count(mapping: Any, key: str, where: str) -> int:
    value = mapping.get(key) if isinstance(mapping, dict) else None
    # bool is an int in Python, never a count in JSON.
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ReportError(f"{where}: \"{key}\" is not a count")
    return value


def _object(mapping: Any, key: str, where: str) -> dict[str, Any]:
    value = mapping.get(key) if isinstance(mapping, dict) else None
    if not isinstance(value, dict):
        raise ReportError(f"{where}: \"{key}\" is not an object")
    return value


def checked_summary(summary: dict[str, Any], where: str) -> dict[str, Any]:
    """The summary if it holds what the report reads with the right types, else ReportError.

    Only the keys drawn are checked: the others may grow without breaking the report.
    """
    if summary.get("format") != SUMMARY_FORMAT:
        raise ReportError(f"{where}: format {summary.get('format')!r} is not census summary "
                          f"format {SUMMARY_FORMAT}")
    label = summary.get("label")
    if label is not None and not isinstance(label, str):
        raise ReportError(f"{where}: \"label\" is neither a string nor null")
    hosts = _count(summary, "hosts", where)
    for key in ("per_crawler", "per_purpose"):
        if len(_object(summary, key, where)) > MAX_NAMES:
            raise ReportError(f"{where}: \"{key}\" has more than {MAX_NAMES} names")
    for name, crawler in _object(summary, "per_crawler", where).items():
        inside = f"{where}: crawler {name!r}"
        if not isinstance(crawler, dict) or not isinstance(crawler.get("purpose"), str):
            raise ReportError(f"{inside} has no purpose")
        for key in ("named", "blocked_fully", "blocked_partly", "allowed"):
            if _count(crawler, key, inside) > hosts:
                raise ReportError(f"{inside}: \"{key}\" is more than the hosts")
    for name, purpose in _object(summary, "per_purpose", where).items():
        for key in ("crawlers", "hosts_blocking_any_fully", "hosts_blocking_all_fully",
                    "hosts_naming_any"):
            _count(purpose, key, f"{where}: purpose {name!r}")
    usage = _object(summary, "usage", where)
    for key in ("hosts_with_content_usage", "hosts_with_content_signal"):
        _count(usage, key, where)
    for preference in ("train_ai", "search"):
        for key in PREFERENCE_KEYS:
            _count(_object(usage, preference, where), key, f"{where}: usage {preference}")
    _count(_object(summary, "inputs", where), "files", f"{where}: inputs")
    return summary


def load_summaries(directories: Sequence[str]) -> list[dict[str, Any]]:
    """The summaries of these census folders, checked; several must have distinct labels."""
    summaries = []
    for directory in directories:
        if not pathlib.Path(directory).is_dir():
            raise ReportError(f"no census folder '{directory}'")
        try:
            summary = read_summary(directory)
        except CensusError as error:
            raise ReportError(str(error)) from None
        summaries.append(checked_summary(summary, f"{directory}/summary.json"))
    if len(summaries) > 1:
        for directory, summary in zip(directories, summaries):
            if not summary.get("label"):
                raise ReportError(f"'{directory}/summary.json' has no label: several summaries "
                                  "need one each (robotstxt census --label)")
        labels = [summary["label"] for summary in summaries]
        repeated = sorted({label for label in labels if labels.count(label) > 1})
        if repeated:
            raise ReportError(f"two summaries have the label '{repeated[0]}'")
    return summaries


def share(count: int, total: int) -> float:
    return 100.0 * count / total if total else 0.0


def percent(count: int, total: int) -> str:
    return f"{share(count, total):.1f}%"


def chart_text(text: str) -> str:
    """A name as matplotlib may draw it: printable, cut, and `$` not taken for mathtext."""
    text = "".join(character if character.isprintable() else "?" for character in text)
    if len(text) > CHART_TEXT_CHARS:
        text = text[:CHART_TEXT_CHARS - 1] + "\u2026"
    return text.replace("$", r"\$")


def crawlers_by_blocking(summary: dict[str, Any]) -> list[str]:
    """Crawler names, most blocked fully first (then as the summary lists them)."""
    per_crawler = summary["per_crawler"]
    names = list(per_crawler)
    return sorted(names, key=lambda name: -per_crawler[name]["blocked_fully"])


def purposes_in_order(summary: dict[str, Any]) -> list[str]:
    known = [name for name in PURPOSE_ORDER if name in summary["per_purpose"]]
    return known + sorted(name for name in summary["per_purpose"] if name not in known)


# --- Charts --------------------------------------------------------------------------------

def _png(figure) -> str:
    buffer = io.BytesIO()
    # No date or version in the file: the same summary gives the same bytes.
    figure.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _new_figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    # Figure + Agg canvas, not pyplot: no global state and no display, whatever
    # MPLBACKEND says.
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _grouped_bars(title: str, names: list[str], series: list[tuple[str, list[float]]]):
    rows = max(len(names), 1)
    figure = _new_figure(8, 1.8 + 0.13 * rows * len(series))
    axes = figure.add_subplot()
    height = 0.8 / len(series)
    for index, (series_name, values) in enumerate(series):
        positions = [row + (index - (len(series) - 1) / 2) * height for row in range(len(names))]
        bars = axes.barh(positions, values, height=height, label=series_name)
        axes.bar_label(bars, fmt="%.1f", fontsize="x-small", padding=2)
    axes.set_yticks(range(len(names)), [chart_text(name) for name in names])
    axes.invert_yaxis()
    # Shares of a few percent are the usual case: a fixed 0-100 axis would hide them.
    largest = max((value for _, values in series for value in values), default=0.0)
    axes.set_xlim(0, min(100.0, max(1.0, largest * 1.15)))
    axes.set_xlabel("share of hosts (%)")
    axes.set_title(title)
    axes.grid(axis="x", alpha=0.3)
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1 - 0.4 / rows), ncols=len(series),
                fontsize="small", frameon=False)
    return _png(figure)


def crawler_chart(summary: dict[str, Any]) -> str:
    hosts = summary["hosts"]
    names = crawlers_by_blocking(summary)[:BAR_CHART_CRAWLERS]
    per_crawler = summary["per_crawler"]
    series = [(label, [share(per_crawler[name][key], hosts) for name in names])
              for label, key in (("blocked fully", "blocked_fully"),
                                 ("blocked partly", "blocked_partly"), ("named", "named"))]
    return _grouped_bars("Hosts blocking or naming each crawler", names, series)


def purpose_chart(summary: dict[str, Any]) -> str:
    hosts = summary["hosts"]
    names = purposes_in_order(summary)
    per_purpose = summary["per_purpose"]
    series = [(label, [share(per_purpose[name][key], hosts) for name in names])
              for label, key in (("block one fully", "hosts_blocking_any_fully"),
                                 ("block all fully", "hosts_blocking_all_fully"),
                                 ("name one", "hosts_naming_any"))]
    return _grouped_bars("Hosts blocking the crawlers of each purpose", names, series)


def usage_chart(summary: dict[str, Any]) -> str:
    hosts = summary["hosts"]
    usage = summary["usage"]
    figure = _new_figure(8, 3.2)
    adoption, preferences = figure.subplots(1, 2)
    bars = adoption.bar(["Content-Usage", "Content-Signal"],
                        [share(usage["hosts_with_content_usage"], hosts),
                         share(usage["hosts_with_content_signal"], hosts)], color="#4c72b0")
    adoption.bar_label(bars, fmt="%.1f", fontsize="x-small", padding=2)
    adoption.margins(y=0.15)  # room for the labels above the bars
    adoption.set_ylabel("share of hosts (%)")
    adoption.set_title("Hosts with usage preferences", fontsize="medium")
    adoption.grid(axis="y", alpha=0.3)
    # The hosts that say nothing are most of them: drawn, they would flatten the others
    # (their count is in the table).
    width = 0.38
    colours = {"allowed": "#55a868", "disallowed": "#c44e52"}
    for index, key in enumerate(("allowed", "disallowed")):
        values = [share(usage[name][key], hosts) for name in ("train_ai", "search")]
        bars = preferences.bar([position + (index - 0.5) * width for position in (0, 1)], values,
                               width=width, label=key, color=colours[key])
        preferences.bar_label(bars, fmt="%.1f", fontsize="x-small", padding=2)
    preferences.set_xticks([0, 1], ["train-ai", "search"])
    preferences.margins(y=0.15)
    preferences.set_title("Preference for / and every crawler", fontsize="medium")
    preferences.grid(axis="y", alpha=0.3)
    preferences.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncols=2,
                       fontsize="small", frameon=False)
    return _png(figure)


def trend_chart(summaries: list[dict[str, Any]], names: list[str]) -> str:
    labels = [chart_text(summary["label"]) for summary in summaries]
    figure = _new_figure(8, 4.2)
    axes = figure.add_subplot()
    for name in names:
        values = [share(summary["per_crawler"][name]["blocked_fully"], summary["hosts"])
                  if name in summary["per_crawler"] else float("nan")
                  for summary in summaries]
        axes.plot(labels, values, marker="o", label=chart_text(name))
    axes.set_ylabel("hosts blocking fully (%)")
    axes.set_ylim(bottom=0)
    axes.set_title("Hosts blocking each crawler fully, crawl by crawl")
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    for tick in axes.get_xticklabels():
        tick.set_rotation(20)
        tick.set_horizontalalignment("right")
    return _png(figure)


# --- The page ------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
       line-height: 1.4; color: #1a1a1a; }
h1 { font-size: 1.6rem; overflow-wrap: anywhere; }
h2 { font-size: 1.3rem; }
figure { margin: 1rem 0; }
img { max-width: 100%; height: auto; display: block; }
.table { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { padding: 0.2rem 0.5rem; border-bottom: 1px solid #ddd; text-align: right; }
/* A wide table scrolls inside its box; a long name breaks only where nothing else fits. */
th:first-child, td:first-child { text-align: left; overflow-wrap: break-word; }
caption { text-align: left; font-weight: bold; padding: 0.3rem 0; }
"""


def _table(caption: str, headers: list[str], rows: list[list[Any]], table_id: str) -> str:
    head = "".join(f'<th scope="col">{html.escape(header)}</th>' for header in headers)
    body = "".join(
        "<tr>" + f'<th scope="row">{html.escape(str(row[0]))}</th>'
        + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row[1:]) + "</tr>\n"
        for row in rows)
    # A box that may scroll is a focusable region, so that a keyboard can scroll it too.
    return (f'<div class="table" role="region" tabindex="0" aria-label="{html.escape(caption)}">'
            f'<table id="{table_id}"><caption>{html.escape(caption)}'
            f"</caption>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody></table></div>\n")


def _figure(source: str, alt: str, caption: str, figure_id: str) -> str:
    return (f'<figure id="{figure_id}"><img src="{source}" alt="{html.escape(alt)}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>\n")


def _crawlers_drawn_text(crawlers: int) -> str:
    if crawlers <= BAR_CHART_CRAWLERS:
        return f"{crawlers} crawlers"
    return f"the {BAR_CHART_CRAWLERS} most blocked of {crawlers} crawlers"


def _most_blocked_text(summary: dict[str, Any], names: list[str]) -> str:
    hosts = summary["hosts"]
    top = [f"{name} {percent(summary['per_crawler'][name]['blocked_fully'], hosts)}"
           for name in names[:3]]
    return ", ".join(top) if top else "no crawler asked"


def render(summaries: list[dict[str, Any]]) -> str:
    """The page for these checked summaries (the last one drawn; all of them in the trend)."""
    latest = summaries[-1]
    hosts = latest["hosts"]
    title = "robots.txt census" + (f": {latest['label']}" if latest.get("label") else "")
    names = crawlers_by_blocking(latest)
    per_crawler = latest["per_crawler"]
    purposes = purposes_in_order(latest)
    usage = latest["usage"]
    files = latest["inputs"]["files"]
    paths = ", ".join(str(path) for path in latest.get("paths", []) if isinstance(path, str))

    parts = [
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        f"<main>\n<h1>{html.escape(title)}</h1>\n",
        f'<p id="overview">{hosts:,} hosts from {files:,} files; paths asked: '
        f"{html.escape(paths) or 'none'}. A crawler is blocked fully on a host when every "
        "path asked is disallowed to it, partly when some are; named when a group names "
        "one of its tokens.</p>\n",
        "<h2>Crawlers</h2>\n",
        _figure(crawler_chart(latest),
                f"Bar chart of the share of {hosts} hosts that block each of "
                f"{_crawlers_drawn_text(len(names))} fully, partly, or name it. Most blocked "
                "fully: "
                f"{_most_blocked_text(latest, names)}. The counts are in the table below.",
                "Share of hosts blocking or naming each crawler, most blocked first.",
                "crawler-chart"),
        _table(f"Hosts per crawler (of {hosts})",
               ["Crawler", "Purpose", "Blocked fully", "Blocked partly", "Named", "Allowed",
                "Blocked fully (%)"],
               [[name, per_crawler[name]["purpose"], per_crawler[name]["blocked_fully"],
                 per_crawler[name]["blocked_partly"], per_crawler[name]["named"],
                 per_crawler[name]["allowed"], percent(per_crawler[name]["blocked_fully"], hosts)]
                for name in names], "crawler-table"),
        "<h2>Purposes</h2>\n",
        _figure(purpose_chart(latest),
                f"Bar chart, per purpose of crawler ({', '.join(purposes) or 'none'}), of the "
                f"share of {hosts} hosts that block one of its crawlers fully, all of them "
                "fully, or name one. The counts are in the table below.",
                "Share of hosts blocking the crawlers of each purpose.", "purpose-chart"),
        _table(f"Hosts per purpose (of {hosts})",
               ["Purpose", "Crawlers asked", "Blocking one fully", "Blocking all fully",
                "Naming one"],
               [[name, latest["per_purpose"][name]["crawlers"],
                 latest["per_purpose"][name]["hosts_blocking_any_fully"],
                 latest["per_purpose"][name]["hosts_blocking_all_fully"],
                 latest["per_purpose"][name]["hosts_naming_any"]] for name in purposes],
               "purpose-table"),
        "<h2>Usage preferences</h2>\n",
        _figure(usage_chart(latest),
                f"Two bar charts: the share of {hosts} hosts with a Content-Usage line "
                f"({percent(usage['hosts_with_content_usage'], hosts)}) and with a "
                f"Content-Signal line ({percent(usage['hosts_with_content_signal'], hosts)}); "
                "and for train-ai and search, the share of hosts that allow or disallow it "
                "for / and every crawler (the others say nothing). The counts are in the table "
                "below.",
                "Adoption of usage preferences (Content-Usage, Content-Signal).",
                "usage-chart"),
        _table(f"Usage preferences (of {hosts} hosts)",
               ["Preference", "Allowed", "Disallowed", "Unknown"],
               [[label, *(usage[key][preference] for preference in PREFERENCE_KEYS)]
                for label, key in (("train-ai", "train_ai"), ("search", "search"))],
               "usage-table"),
        f'<p id="usage-adoption">Hosts with Content-Usage: {usage["hosts_with_content_usage"]}; '
        f'with Content-Signal: {usage["hosts_with_content_signal"]}.</p>\n',
    ]
    if len(summaries) > 1:
        labels = [summary["label"] for summary in summaries]
        drawn = names[:TREND_CHART_CRAWLERS]
        every_name = names + sorted({name for summary in summaries
                                     for name in summary["per_crawler"]} - set(names))
        parts += [
            "<h2>Trend</h2>\n",
            _figure(trend_chart(summaries, drawn),
                    f"Line chart of the share of hosts blocking fully each of the "
                    f"{len(drawn)} most blocked crawlers in {labels[-1]}, over the crawls "
                    f"{', '.join(labels)}. The counts are in the table below.",
                    "Share of hosts blocking each crawler fully, crawl by crawl.",
                    "trend-chart"),
            _table("Hosts blocking each crawler fully, per crawl",
                   ["Crawler", *labels],
                   [[name, *(f"{summary['per_crawler'][name]['blocked_fully']} of "
                             f"{summary['hosts']}" if name in summary["per_crawler"] else "-"
                             for summary in summaries)] for name in every_name],
                   "trend-table"),
        ]
    parts.append("</main>\n</body>\n</html>\n")
    return "".join(parts)


class _OneLineParser(argparse.ArgumentParser):
    """argparse whose errors are one line on stderr and exit 2, as the commands' are."""

    def error(self, message: str) -> NoReturn:
        print(f"robotstxt census report: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _OneLineParser(
        prog="python3 -m robotstxt.census report",
        description="Draw census summaries (robotstxt census --out DIR) into one static HTML "
                    "page. With several DIRs, give them in date order, each labelled: the "
                    "last is drawn, all of them make the trend.")
    parser.add_argument("directories", metavar="DIR", nargs="+",
                        help="census output folders holding summary.json")
    parser.add_argument("-o", "--output", required=True, metavar="FILE",
                        help="the HTML page to write")
    options = parser.parse_args(argv)
    try:
        import matplotlib  # noqa: F401  (drawn later; missing, it is one line here)
    except ImportError:
        print("robotstxt census report: needs matplotlib (Debian: python3-matplotlib)",
              file=sys.stderr)
        return 2
    try:
        page = render(load_summaries(options.directories))
    except ReportError as error:
        print(f"robotstxt census report: {error}", file=sys.stderr)
        return 2
    try:
        pathlib.Path(options.output).write_text(page, encoding="utf-8")
    except OSError as error:
        print(f"robotstxt census report: cannot write '{options.output}': {error.strerror}",
              file=sys.stderr)
        return 2
    return 0
