"""Shared setup for the Python tests: where the module, the fixtures and the test data are.

ctest runs these with PYTHONPATH=<build dir>/python. Run by hand,
`/usr/bin/python3 -m pytest tests/python` finds ./build/python. The conformance cases and
the corpus are in tests/data (tests/data/README.md).
"""

from __future__ import annotations

import os
import pathlib
import sys

import pytest

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(SOURCE_DIR / "tests" / "support"))
try:
    import robotstxt  # noqa: F401
except ImportError:
    sys.path.insert(0, str(SOURCE_DIR / "build" / "python"))

# The installed-package test (tests/packaging/pip_install_test.py) runs these tests in a
# virtual environment: a copy imported from anywhere else would make the run prove nothing.
_installed_in = os.environ.get("ROBOTSTXT_TEST_INSTALLED_IN")
if _installed_in:
    import robotstxt

    if not pathlib.Path(robotstxt.__file__).resolve().is_relative_to(
            pathlib.Path(_installed_in).resolve()):
        pytest.exit(f"robotstxt came from {robotstxt.__file__}, not from {_installed_in}",
                    returncode=1)


# The conformance cases and the corpus, in the tree.
DATA_DIR = SOURCE_DIR / "tests" / "data"


@pytest.fixture(scope="session")
def corpus_hosts() -> list[tuple[bytes, list[str]]]:
    """(robots.txt body, URLs) for every corpus host that has both files."""
    robots_dir = DATA_DIR / "corpus" / "robots"
    urls_dir = DATA_DIR / "corpus" / "urls"
    hosts = []
    for robots_file in sorted(robots_dir.iterdir()):
        urls_file = urls_dir / robots_file.name
        if urls_file.is_file():
            text = urls_file.read_text("utf-8", "surrogateescape")
            urls = [line for line in text.splitlines() if line]
            hosts.append((robots_file.read_bytes(), urls))
    if not hosts:
        pytest.fail(f"no corpus under {DATA_DIR}")
    return hosts
