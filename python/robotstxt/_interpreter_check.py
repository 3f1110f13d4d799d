"""Why the compiled part did not load, when the reason is the Python that is running.

An extension module is built for one Python ABI, and its file name says which
(_robotstxt.cpython-311-x86_64-linux-gnu.so). Another Python looks for another name, finds
nothing and reports only "No module named 'robotstxt._robotstxt'", which sends people
looking for a missing file instead of a rebuild.
"""

from __future__ import annotations

import importlib.machinery
import platform
import sys


def raise_if_built_for_another_python(error: ImportError) -> None:
    """Raises an ImportError naming both Pythons and the fix if the compiled part was built
    for another Python; returns when this Python is the one it was built for (or the build
    recorded nothing), so that the caller re-raises `error`, the original."""
    try:
        from . import _build_info
    except ImportError:
        return
    names_this_python_loads = {
        "_robotstxt" + suffix for suffix in importlib.machinery.EXTENSION_SUFFIXES
    }
    if _build_info.EXTENSION_FILE in names_this_python_loads:
        return
    raise ImportError(
        f"robotstxt's compiled part ({_build_info.EXTENSION_FILE}) was built for Python "
        f"{_build_info.PYTHON_VERSION} ({_build_info.PYTHON_EXECUTABLE}), but this is Python "
        f"{platform.python_version()} ({sys.executable}), which cannot load it. Rebuild it "
        f"for this Python: `{sys.executable} -m pip install --no-build-isolation .` in the "
        f"source tree, or configure CMake with -DPython3_EXECUTABLE={sys.executable}",
        name="robotstxt._robotstxt",
    ) from error
