"""Importing the package under a Python it was not built for says so, and how to fix it.

Each test copies the installed package to a temporary directory and makes the compiled
part unloadable there, as it is for another Python: its file name carries the ABI tag of
the Python it was built for, which another Python does not look for.
"""

from __future__ import annotations

import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys

import robotstxt
from robotstxt import _build_info

PACKAGE_DIR = pathlib.Path(robotstxt.__file__).parent


def copy_package(destination: pathlib.Path) -> pathlib.Path:
    copy = destination / "robotstxt"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def import_error_of(path: pathlib.Path) -> str:
    """The stderr of `import robotstxt` with only `path` providing the package."""
    environment = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1")
    result = subprocess.run([sys.executable, "-c", "import robotstxt"], cwd=path,
                            env=environment, capture_output=True, text=True, check=False)
    assert result.returncode != 0, "the import should have failed"
    return result.stderr


def pretend_built_for_python_3_99(package: pathlib.Path) -> None:
    other_file = re.sub(r"cpython-\d+", "cpython-399", _build_info.EXTENSION_FILE)
    assert other_file != _build_info.EXTENSION_FILE
    (package / _build_info.EXTENSION_FILE).rename(package / other_file)
    info = package / "_build_info.py"
    text = info.read_text(encoding="utf-8")
    text = text.replace(_build_info.EXTENSION_FILE, other_file)
    text = text.replace(f'"{_build_info.PYTHON_VERSION}"', '"3.99.0"')
    info.write_text(text, encoding="utf-8")


def test_the_build_records_this_python():
    assert _build_info.PYTHON_VERSION == platform.python_version()
    assert (PACKAGE_DIR / _build_info.EXTENSION_FILE).is_file()


def test_another_pythons_build_names_both_pythons_and_the_fix(tmp_path):
    pretend_built_for_python_3_99(copy_package(tmp_path))
    message = import_error_of(tmp_path).strip().splitlines()[-1]
    assert message.startswith("ImportError: ")
    assert "built for Python 3.99.0" in message
    assert f"this is Python {platform.python_version()}" in message
    assert sys.executable in message
    assert "pip install --no-build-isolation ." in message
    assert "-DPython3_EXECUTABLE=" in message


def test_a_missing_extension_for_this_python_keeps_the_original_error(tmp_path):
    package = copy_package(tmp_path)
    (package / _build_info.EXTENSION_FILE).unlink()
    message = import_error_of(tmp_path).strip().splitlines()[-1]
    assert "_robotstxt" in message
    assert "built for Python" not in message
