"""The census report: summaries drawn with matplotlib into one static HTML page.

``python3 -m robotstxt.census report DIR... -o report.html`` reads each DIR/summary.json
(written by ``robotstxt census --out DIR`` or ``--merge``), draws the last one (shares per
crawler and purpose, usage-preference adoption) and, given several labelled summaries,
the trend per crawler, crawls in label order. The images are PNGs inside the page as data: URIs: one
file, no script, nothing fetched. Every chart has alt text and a table of its counts.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import pathlib
import re
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
# One colour per meaning, the same in every chart, and no two meanings alike: a reader who
# has learnt that red is "blocked fully" in one chart may trust it in the next.
MEANING_COLOURS = {
    "blocked fully": "#c44e52",
    "blocked partly": "#dd8452",
    "named": "#4c72b0",
    "block one fully": "#8c1c13",
    "block all fully": "#e377c2",
    "name one": "#17becf",
    "hosts stating preferences": "#937860",
    "allowed": "#55a868",
    "disallowed": "#8172b3",
    "ranks 1-1000": "#08306b",
    "ranks 1001-10000": "#3f7fbf",
    "ranks 10001-100000": "#9ecae1",
    "ranks 100001-1000000": "#c7a76c",
    "unranked": "#bdbdbd",
    "started blocking fully": "#a50f15",
    "stopped blocking fully": "#74c476",
    "started blocking partly": "#fd8d3c",
    "stopped blocking partly": "#bcbddc",
}
STRATA = ["1-1000", "1001-10000", "10001-100000", "100001-1000000", "unranked"]
# The changed hosts listed on a diff's page; changes.jsonl has them all.
DIFF_HOSTS_LISTED = 100
DIFF_KINDS = ["started_blocking_fully", "stopped_blocking_fully", "started_blocking_partly",
              "stopped_blocking_partly", "started_naming", "stopped_naming"]
# The trend has a line per crawler: its colours are none of the meanings above.
CRAWLER_COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                   "#7f7f7f", "#bcbd22"]
# Lines that coincide stay visible: each has its own marker and dash, and the markers
# shrink line by line so that an earlier one shows around a later one on top of it.
CRAWLER_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
CRAWLER_DASHES = ["-", "--", "-.", ":"]


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
    if "strata" in summary:
        strata = summary["strata"]
        if not isinstance(strata, list) or [stratum.get("stratum") if isinstance(stratum, dict)
                                            else None for stratum in strata] != STRATA:
            raise ReportError(f"{where}: \"strata\" is not the strata {', '.join(STRATA)}")
        for stratum in strata:
            inside = f"{where}: stratum {stratum['stratum']}"
            stratum_hosts = _count(stratum, "hosts", inside)
            crawlers = _object(stratum, "per_crawler", inside)
            for name in _object(summary, "per_crawler", where):
                if _count(crawlers.get(name), "blocked_fully", f"{inside}: crawler {name!r}") \
                        > stratum_hosts:
                    raise ReportError(f"{inside}: crawler {name!r}: \"blocked_fully\" is more "
                                      "than the hosts")
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


def _label_key(label: str) -> list[tuple[int, Any]]:
    """A label's sort key: its runs of digits compared as numbers ("crawl-9" < "crawl-10")."""
    return [(0, int(part)) if part.isdigit() else (1, part)
            for part in re.split(r"(\d+)", label) if part]


def _label_form(label: str) -> str:
    return re.sub(r"\d+", "#", label)


def in_label_order(summaries: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The summaries ordered by label (crawls are drawn in that order), and warnings when
    the order looks wrong: given in another order, or labels of different forms whose
    order says nothing of time."""
    if len(summaries) < 2:
        return summaries, []
    ordered = sorted(summaries, key=lambda summary: _label_key(summary["label"]))
    warnings = []
    if ordered != summaries:
        warnings.append("crawls drawn in label order: "
                        + ", ".join(summary["label"] for summary in ordered)
                        + " (given: " + ", ".join(summary["label"] for summary in summaries)
                        + ")")
    forms = sorted({_label_form(summary["label"]) for summary in summaries})
    if len(forms) > 1:
        warnings.append("labels of different forms (" + ", ".join(forms) + "): their order "
                        "may not be the crawls' order in time")
    return ordered, warnings


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
    """A figure of horizontal bars, a row per name and a bar per series (a meaning)."""
    rows = max(len(names), 1)
    figure = _new_figure(8, 1.8 + 0.13 * rows * len(series))
    axes = figure.add_subplot()
    height = 0.8 / len(series)
    for index, (series_name, values) in enumerate(series):
        positions = [row + (index - (len(series) - 1) / 2) * height for row in range(len(names))]
        bars = axes.barh(positions, values, height=height, label=series_name,
                         color=MEANING_COLOURS[series_name])
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
    return figure


def crawler_figure(summary: dict[str, Any]):
    hosts = summary["hosts"]
    names = crawlers_by_blocking(summary)[:BAR_CHART_CRAWLERS]
    per_crawler = summary["per_crawler"]
    series = [(label, [share(per_crawler[name][key], hosts) for name in names])
              for label, key in (("blocked fully", "blocked_fully"),
                                 ("blocked partly", "blocked_partly"), ("named", "named"))]
    return _grouped_bars("Hosts blocking or naming each crawler", names, series)


def purpose_figure(summary: dict[str, Any]):
    hosts = summary["hosts"]
    names = purposes_in_order(summary)
    per_purpose = summary["per_purpose"]
    series = [(label, [share(per_purpose[name][key], hosts) for name in names])
              for label, key in (("block one fully", "hosts_blocking_any_fully"),
                                 ("block all fully", "hosts_blocking_all_fully"),
                                 ("name one", "hosts_naming_any"))]
    return _grouped_bars("Hosts blocking the crawlers of each purpose", names, series)


def strata_figure(summary: dict[str, Any]):
    """Per crawler, the share of each stratum's hosts that block it fully."""
    names = crawlers_by_blocking(summary)[:BAR_CHART_CRAWLERS]
    series = [(f"ranks {stratum['stratum']}" if stratum["stratum"] != "unranked" else "unranked",
               [share(stratum["per_crawler"][name]["blocked_fully"], stratum["hosts"])
                for name in names])
              for stratum in summary["strata"]]
    return _grouped_bars("Hosts blocking each crawler fully, per stratum of popularity", names,
                         series)


def usage_figure(summary: dict[str, Any]):
    hosts = summary["hosts"]
    usage = summary["usage"]
    figure = _new_figure(8, 3.2)
    adoption, preferences = figure.subplots(1, 2)
    adopted = [share(usage["hosts_with_content_usage"], hosts),
               share(usage["hosts_with_content_signal"], hosts)]
    bars = adoption.bar(["Content-Usage", "Content-Signal"], adopted,
                        color=MEANING_COLOURS["hosts stating preferences"])
    adoption.bar_label(bars, fmt="%.1f", fontsize="x-small", padding=2)
    _share_axis(adoption.set_ylim, adopted)
    adoption.set_ylabel("share of hosts (%)")
    adoption.set_title("Hosts with usage preferences", fontsize="medium")
    adoption.grid(axis="y", alpha=0.3)
    # The hosts that say nothing are most of them: drawn, they would flatten the others
    # (their count is in the table).
    width = 0.38
    drawn = []
    for index, key in enumerate(("allowed", "disallowed")):
        values = [share(usage[name][key], hosts) for name in ("train_ai", "search")]
        drawn += values
        bars = preferences.bar([position + (index - 0.5) * width for position in (0, 1)], values,
                               width=width, label=key, color=MEANING_COLOURS[key])
        preferences.bar_label(bars, fmt="%.1f", fontsize="x-small", padding=2)
    preferences.set_xticks([0, 1], ["train-ai", "search"])
    _share_axis(preferences.set_ylim, drawn)
    preferences.set_title("Preference for / and every crawler", fontsize="medium")
    preferences.grid(axis="y", alpha=0.3)
    preferences.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncols=2,
                       fontsize="small", frameon=False)
    return figure


def trend_figure(summaries: list[dict[str, Any]], names: list[str]):
    labels = [chart_text(summary["label"]) for summary in summaries]
    figure = _new_figure(8, 4.2)
    axes = figure.add_subplot()
    drawn = []
    for index, name in enumerate(names):
        values = [share(summary["per_crawler"][name]["blocked_fully"], summary["hosts"])
                  if name in summary["per_crawler"] else float("nan")
                  for summary in summaries]
        drawn += [value for value in values if value == value]
        axes.plot(labels, values, label=chart_text(name),
                  color=CRAWLER_COLOURS[index % len(CRAWLER_COLOURS)],
                  marker=CRAWLER_MARKERS[index % len(CRAWLER_MARKERS)],
                  markersize=10 - 0.8 * (index % len(CRAWLER_MARKERS)),
                  linestyle=CRAWLER_DASHES[index % len(CRAWLER_DASHES)], linewidth=1.6,
                  alpha=0.85)
    axes.set_ylabel("hosts blocking fully (%)")
    _share_axis(axes.set_ylim, drawn)
    axes.set_title("Hosts blocking each crawler fully, crawl by crawl")
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    for tick in axes.get_xticklabels():
        tick.set_rotation(20)
        tick.set_horizontalalignment("right")
    return figure


def _share_axis(set_limits, values: list[float]) -> None:
    """A share axis from 0 (never below, even when every share is 0) to a little above the
    largest, so that the bars' labels fit."""
    set_limits(0, min(100.0, max(1.0, max(values, default=0.0) * 1.2)))


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
        _figure(_png(crawler_figure(latest)),
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
        _figure(_png(purpose_figure(latest)),
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
        _figure(_png(usage_figure(latest)),
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
    if "strata" in latest:
        strata = latest["strata"]
        parts += [
            "<h2>Strata of popularity</h2>\n",
            _figure(_png(strata_figure(latest)),
                    "Bar chart, per crawler, of the share of hosts blocking it fully in each "
                    "stratum of the rank list (" + ", ".join(STRATA) + "). The counts are in "
                    "the table below.",
                    "Share of hosts blocking each crawler fully, per stratum of popularity.",
                    "strata-chart"),
            _table("Hosts blocking each crawler fully, per stratum (ranks)",
                   ["Crawler", *STRATA],
                   [[name, *(f"{stratum['per_crawler'][name]['blocked_fully']} of "
                             f"{stratum['hosts']}" for stratum in strata)] for name in names],
                   "strata-table"),
        ]
    if len(summaries) > 1:
        labels = [summary["label"] for summary in summaries]
        drawn = names[:TREND_CHART_CRAWLERS]
        every_name = names + sorted({name for summary in summaries
                                     for name in summary["per_crawler"]} - set(names))
        parts += [
            "<h2>Trend</h2>\n",
            _figure(_png(trend_figure(summaries, drawn)),
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


def checked_diff(summary: dict[str, Any], where: str) -> dict[str, Any]:
    """A diff's summary (robotstxt census --diff) if it holds what the page reads."""
    if summary.get("format") != SUMMARY_FORMAT:
        raise ReportError(f"{where}: format {summary.get('format')!r} is not census diff "
                          f"format {SUMMARY_FORMAT}")
    for side in ("old", "new"):
        label = _object(summary, "diff", where).get(side)
        if label is not None and not isinstance(label, str):
            raise ReportError(f"{where}: the {side} label is neither a string nor null")
    hosts = _object(summary, "hosts", where)
    for key in ("old", "new", "both", "changed", "appeared", "disappeared"):
        _count(hosts, key, f"{where}: hosts")
    for key in ("per_crawler", "per_purpose"):
        if len(_object(summary, key, where)) > MAX_NAMES:
            raise ReportError(f"{where}: \"{key}\" has more than {MAX_NAMES} names")
        for name, kinds in _object(summary, key, where).items():
            for kind in DIFF_KINDS:
                if _count(kinds, kind, f"{where}: {name!r}") > hosts["both"]:
                    raise ReportError(f"{where}: {name!r}: \"{kind}\" is more than the hosts")
    _count(_object(summary, "usage", where), "hosts_changed", f"{where}: usage")
    return summary


def changed_hosts(directory: str, limit: int) -> list[tuple[str, str]]:
    """The first `limit` lines of DIR/changes.jsonl: (host, what changed)."""
    rows = []
    try:
        with open(pathlib.Path(directory) / "changes.jsonl", "rb") as file:
            for number, line in enumerate(file, 1):
                if number > limit:
                    break
                try:
                    change = json.loads(line)
                    host = change["host"]
                    kinds = change.get("crawlers", {})
                    what = "; ".join(f"{name}: {', '.join(words)}" for name, words in kinds.items())
                    others = [word for word in change["changes"]
                              if word in ("appeared", "disappeared", "changed-usage")]
                    rows.append((str(host), "; ".join(filter(None, [*others, what]))))
                except (ValueError, KeyError, TypeError, AttributeError):
                    raise ReportError(f"'{directory}/changes.jsonl' line {number} is no change "
                                      "line") from None
    except OSError as error:
        raise ReportError(f"cannot read '{directory}/changes.jsonl': {error.strerror}") from None
    return rows


def diff_figure(summary: dict[str, Any]):
    names = list(summary["per_crawler"])[:BAR_CHART_CRAWLERS]
    both = summary["hosts"]["both"]
    series = [(key.replace("_", " "), [share(summary["per_crawler"][name][key], both)
                                       for name in names])
              for key in DIFF_KINDS[:4]]
    return _grouped_bars("Hosts that started or stopped blocking each crawler", names, series)


def render_diff(summary: dict[str, Any], hosts: list[tuple[str, str]]) -> str:
    old = summary["diff"].get("old") or "old"
    new = summary["diff"].get("new") or "new"
    title = f"robots.txt census: what changed from {old} to {new}"
    counts = summary["hosts"]
    per_crawler = summary["per_crawler"]
    kind_headers = [kind.replace("_", " ").capitalize() for kind in DIFF_KINDS]
    parts = [
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        f"<main>\n<h1>{html.escape(title)}</h1>\n",
        f'<p id="overview">{counts["both"]:,} hosts in both crawls, {counts["changed"]:,} of '
        f'them changed; {counts["appeared"]:,} appeared, {counts["disappeared"]:,} '
        f'disappeared; usage preferences changed on {summary["usage"]["hosts_changed"]:,}.</p>\n',
        "<h2>Crawlers</h2>\n",
        _figure(_png(diff_figure(summary)),
                f"Bar chart, per crawler, of the share of the {counts['both']} hosts in both "
                "crawls that started or stopped blocking it, fully or partly. The counts are "
                "in the table below.",
                "Hosts that started or stopped blocking each crawler.", "diff-chart"),
        _table(f"Hosts that changed, per crawler (of {counts['both']} in both crawls)",
               ["Crawler", "Purpose", *kind_headers],
               [[name, per_crawler[name].get("purpose", ""),
                 *(per_crawler[name][kind] for kind in DIFF_KINDS)] for name in per_crawler],
               "diff-crawler-table"),
        "<h2>Purposes</h2>\n",
        _table("Hosts with a change for a crawler of the purpose", ["Purpose", *kind_headers],
               [[name, *(kinds[kind] for kind in DIFF_KINDS)]
                for name, kinds in summary["per_purpose"].items()], "diff-purpose-table"),
        "<h2>Hosts</h2>\n",
        _table(f"The first {len(hosts)} hosts that changed (changes.jsonl has them all)",
               ["Host", "What changed"], [list(row) for row in hosts], "diff-host-table"),
        "</main>\n</body>\n</html>\n",
    ]
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
                    "page. With several DIRs, each labelled: they are drawn in label order "
                    "(digits compared as numbers; a warning when that is not the order given), "
                    "the last in detail, all of them in the trend.")
    parser.add_argument("directories", metavar="DIR", nargs="+",
                        help="census output folders holding summary.json, or one folder "
                             "written by robotstxt census --diff")
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
        if len(options.directories) == 1 and pathlib.Path(options.directories[0]).is_dir():
            directory = options.directories[0]
            try:
                summary = read_summary(directory)
            except CensusError as error:
                raise ReportError(str(error)) from None
            if "diff" in summary:
                page = render_diff(checked_diff(summary, f"{directory}/summary.json"),
                                   changed_hosts(directory, DIFF_HOSTS_LISTED))
                return _write_page(options.output, page)
        summaries, warnings = in_label_order(load_summaries(options.directories))
        for warning in warnings:
            print(f"robotstxt census report: warning: {warning}", file=sys.stderr)
        page = render(summaries)
    except ReportError as error:
        print(f"robotstxt census report: {error}", file=sys.stderr)
        return 2
    return _write_page(options.output, page)


def _write_page(output: str, page: str) -> int:
    try:
        pathlib.Path(output).write_text(page, encoding="utf-8")
    except OSError as error:
        print(f"robotstxt census report: cannot write '{output}': {error.strerror}",
              file=sys.stderr)
        return 2
    return 0
