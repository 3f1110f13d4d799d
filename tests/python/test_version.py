"""robotstxt.__version__ is the VERSION file's, as compiled into the extension."""

from __future__ import annotations

import pathlib

import robotstxt
import robotstxt._robotstxt

VERSION_FILE = pathlib.Path(__file__).resolve().parents[2] / "VERSION"


def test_version_is_the_version_file():
    assert robotstxt.__version__ == VERSION_FILE.read_text(encoding="ascii").strip()


def test_version_comes_from_the_compiled_library():
    # The C++ library's robotstxt::kVersion, so the module and the CLI cannot disagree.
    assert robotstxt._robotstxt.__version__ is robotstxt.__version__
