"""Builds the Python package's extension with this project's CMake build.

pyproject.toml holds the metadata; this file only teaches setuptools' build_ext to run
CMake (python/CMakeLists.txt builds robotstxt._robotstxt) for the Python that runs pip, in
a build directory of its own, build-pip/ ($ROBOTSTXT_PIP_BUILD_DIR to move it), so that
the developers' build/ is left as it was. Everything pip produces lands there too.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = pathlib.Path(__file__).resolve().parent
BUILD_BASE = pathlib.Path(os.environ.get("ROBOTSTXT_PIP_BUILD_DIR", SOURCE_DIR / "build-pip"))


class CMakeBuiltPackage(Extension):
    """The compiled part; CMake knows its sources, so setuptools is given none."""

    def __init__(self) -> None:
        super().__init__("robotstxt._robotstxt", sources=[])


class BuildWithCMake(build_ext):
    def build_extension(self, ext: Extension) -> None:
        cmake = shutil.which("cmake")
        if cmake is None:
            sys.exit("robotstxt: building the extension needs CMake (Debian: cmake)")
        # One CMake build per Python ABI, reused across pip runs (ccache does the rest).
        build_dir = BUILD_BASE / f"cmake-{sys.implementation.cache_tag}"
        # Only what the package needs: no tests, benchmarks, fuzz targets or CLI.
        # robotstxt::fetch stays on for the package's fetching client. Warnings stay
        # warnings: another compiler's new warning must not stop an install.
        subprocess.run([cmake, "-S", str(SOURCE_DIR), "-B", str(build_dir),
                        "-DCMAKE_BUILD_TYPE=Release",
                        f"-DPython3_EXECUTABLE={sys.executable}",
                        "-DROBOTSTXT_BUILD_PYTHON=ON", "-DROBOTSTXT_BUILD_FETCH=ON",
                        "-DROBOTSTXT_BUILD_TOOLS=OFF", "-DROBOTSTXT_BUILD_TESTS=OFF",
                        "-DROBOTSTXT_BUILD_BENCH=OFF", "-DROBOTSTXT_BUILD_FUZZ=OFF",
                        "-DROBOTSTXT_BUILD_JAVA=OFF",
                        "-DROBOTSTXT_WERROR=OFF"], check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run([cmake, "--build", str(build_dir), "--target", "robotstxt_python",
                        "--parallel", jobs], check=True)
        built_package = build_dir / "python" / "robotstxt"
        if not (built_package / "_build_info.py").is_file():
            sys.exit("robotstxt: CMake did not build the Python module; its configure "
                     "output above says what is missing (Debian: python3-dev "
                     "python3-pybind11)")
        # The whole package as CMake laid it out: the extension, the generated
        # _build_info.py and the pure-Python files, exactly as the tests run them.
        destination = pathlib.Path(self.get_ext_fullpath(ext.name)).parent
        if not self.inplace:
            # build_lib outlives a run: a module deleted from the sources would linger.
            shutil.rmtree(destination, ignore_errors=True)
        shutil.copytree(built_package, destination, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__"))


def version() -> str:
    return (SOURCE_DIR / "VERSION").read_text(encoding="ascii").strip()


def wheel_is_missing() -> bool:
    """setuptools before 70.1 makes wheels with the separate 'wheel' package; without it,
    its only words are "invalid command 'bdist_wheel'"."""
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (setuptools 70.1 and later)
        return False
    except ImportError:
        pass
    try:
        import wheel  # noqa: F401
        return False
    except ImportError:
        return True


if "bdist_wheel" in sys.argv[1:] and wheel_is_missing():
    sys.exit(f"robotstxt: building the package needs the 'wheel' module for {sys.executable} "
             "(Debian: python3-wheel). In a virtual environment made with "
             "--system-site-packages, Debian's wheel, setuptools and pybind11 are seen; "
             "otherwise install wheel into it first.")

# setuptools' own build/ and egg-info directories would land in build/ and python/.
BUILD_BASE.mkdir(parents=True, exist_ok=True)
setup(
    version=version(),
    ext_modules=[CMakeBuiltPackage()],
    cmdclass={"build_ext": BuildWithCMake},
    options={"build": {"build_base": str(BUILD_BASE / "setuptools")},
             "egg_info": {"egg_base": str(BUILD_BASE)}},
)
