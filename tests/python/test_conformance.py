"""The conformance cases of tests/data/conformance/spec-test.jsonl, through Python.

Each case gives a body (base64, since some are not UTF-8), a URL, an agent and the
verdict Google's parser gives. The body goes in as bytes, unchanged.
"""

from __future__ import annotations

import base64
import json

import pytest

import robotstxt
from conftest import DATA_DIR


def load_cases() -> list[dict]:
    path = DATA_DIR / "conformance" / "spec-test.jsonl"
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


CASES = load_cases()


def test_every_case_is_loaded():
    # Counted from the file itself, so that a new version of the cases needs no edit here.
    path = DATA_DIR / "conformance" / "spec-test.jsonl"
    with open(path, "rb") as lines:
        expected = sum(1 for line in lines if line.strip())
    assert expected > 0
    assert len(CASES) == expected


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{case['file']}#{number}" for number, case in enumerate(CASES)]
)
def test_conformance_case(case):
    robots = robotstxt.RobotsTxt(base64.b64decode(case["robotstxt_b64"]))
    expected = case["expected"] == "allowed"
    assert robots.allowed(case["url"], case["agent"]) is expected
    # The full verdict and the batch call must give the same answer as the fast form.
    assert robots.verdict(case["url"], case["agent"]).allowed is expected
    assert robots.allowed_many([case["url"]], case["agent"]) == [expected]
