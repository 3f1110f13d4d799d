"""Python numbers groups from 0 and says "no rule" with line 0, where the CLI and JSON say
"group 1" and null: each side keeps its own convention (docs/python.md), pinned here
against the CLI on the same file so that neither drifts unnoticed."""

from __future__ import annotations

import json
import subprocess

import robotstxt
from test_json_schemas import cli_path

BODY = "Crawl-delay: 9\nUser-agent: a\nCrawl-delay: 5\nDisallow: /x\n"


def run_cli(tmp_path, command: str, *rest: str) -> str:
    """`robotstxt COMMAND ROBOTS_FILE REST...` on BODY: what it printed."""
    robots_file = tmp_path / "robots.txt"
    robots_file.write_text(BODY)
    return subprocess.run([cli_path(), command, str(robots_file), *rest], capture_output=True,
                          text=True, timeout=30, check=False).stdout


def test_directive_group_indexes_from_zero_where_the_cli_says_group_1(tmp_path):
    before_any_group, in_first_group = robotstxt.RobotsTxt(BODY).directives
    assert before_any_group == robotstxt.Directive(1, "Crawl-delay", "9", None)
    assert in_first_group == robotstxt.Directive(3, "Crawl-delay", "5", 0)
    assert "line 3  Crawl-delay: 5  (group 1)" in run_cli(tmp_path, "info")


def test_no_decisive_rule_is_line_0_in_python_and_null_in_json(tmp_path):
    verdict = robotstxt.RobotsTxt(BODY).verdict("https://example.com/open", "a")
    assert verdict.allowed
    assert (verdict.line, verdict.kind, verdict.pattern, verdict.strength) == (0, None, None, 0)
    answer = json.loads(run_cli(tmp_path, "check", "a", "https://example.com/open", "--json"))
    assert answer["line"] is None and answer["rule"] is None


def test_a_decisive_rule_has_the_same_line_on_both_sides(tmp_path):
    verdict = robotstxt.RobotsTxt(BODY).verdict("https://example.com/x", "a")
    assert (verdict.line, verdict.kind, verdict.pattern) == (4, "disallow", "/x")
    answer = json.loads(run_cli(tmp_path, "check", "a", "https://example.com/x", "--json"))
    assert answer["line"] == 4
