"""The Python package as a pip user gets it: installed into a fresh virtual environment
with `pip install --no-build-isolation --no-index`, then the Python tests run against the
installed copy; and `pip wheel` makes a wheel with the extension and every module.

Usage: pip_install_test.py SOURCE_DIR WORK_DIR
WORK_DIR keeps pip's CMake build between runs (ccache makes a fresh one quick too); the
virtual environment and the wheel are made anew each run.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import zipfile


def run(command: list, **options) -> subprocess.CompletedProcess:
    print("+", " ".join(str(part) for part in command), flush=True)
    return subprocess.run([str(part) for part in command], check=True, **options)


def clean_environment(work: pathlib.Path) -> dict[str, str]:
    """No PYTHONPATH (it would point at a build tree); pip's by-products under `work`."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    environment.update(ROBOTSTXT_PIP_BUILD_DIR=str(work / "pip-build"), PIP_NO_INPUT="1",
                       PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                       PYTHONDONTWRITEBYTECODE="1")
    return environment


def expected_wheel_files(source: pathlib.Path) -> set[str]:
    modules = {f"robotstxt/{path.name}" for path in (source / "python" / "robotstxt").iterdir()
               if path.suffix in (".py", ".pyi") or path.name == "py.typed"}
    extension = "_robotstxt" + sysconfig.get_config_var("EXT_SUFFIX")
    return modules | {"robotstxt/_build_info.py", f"robotstxt/{extension}"}


def main() -> int:
    source, work = (pathlib.Path(argument).resolve() for argument in sys.argv[1:3])
    venv, wheelhouse = work / "venv", work / "wheelhouse"
    for stale in (venv, wheelhouse):
        shutil.rmtree(stale, ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    environment = clean_environment(work)
    version = (source / "VERSION").read_text(encoding="ascii").strip()

    run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    python = venv / "bin" / "python"
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", source],
        env=environment, cwd=work)

    # The installed copy, not a build tree: the tests fail at once if it is imported from
    # anywhere else (tests/python/conftest.py reads ROBOTSTXT_TEST_INSTALLED_IN).
    location = run([python, "-c", "import robotstxt; print(robotstxt.__file__)"],
                   env=environment, cwd=work, capture_output=True, text=True).stdout.strip()
    site_packages = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    assert pathlib.Path(location).is_relative_to(site_packages), location
    run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", source / "tests" / "python"],
        env=dict(environment, ROBOTSTXT_TEST_INSTALLED_IN=str(venv)), cwd=work)

    run([python, "-m", "pip", "wheel", "--no-build-isolation", "--no-index", "--no-deps",
         "--wheel-dir", wheelhouse, source], env=environment, cwd=work)
    wheels = list(wheelhouse.glob("*.whl"))
    python_tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform_tag = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert [wheel.name for wheel in wheels] == [
        f"robotstxt-{version}-{python_tag}-{python_tag}-{platform_tag}.whl"], wheels
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"robotstxt-{version}.dist-info/METADATA").decode()
    missing = expected_wheel_files(source) - names
    assert not missing, f"the wheel lacks {sorted(missing)}"
    assert f"Version: {version}\n" in metadata and "License: Apache-2.0\n" in metadata

    # pip's by-products stay out of the source tree (they went to ROBOTSTXT_PIP_BUILD_DIR).
    assert not list((source / "python").glob("*.egg-info")), "egg-info in python/"
    print(f"installed {location}, wheel {wheels[0].name}: all good")
    return 0


if __name__ == "__main__":
    sys.exit(main())
