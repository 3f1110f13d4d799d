"""Building the package without the 'wheel' module (setuptools before 70.1 needs it) stops
with a sentence naming it and the Debian package, not "invalid command 'bdist_wheel'"."""

from __future__ import annotations

import subprocess
import sys

from conftest import SOURCE_DIR

# Runs setup.py as pip's build backend does for a wheel, with `import wheel` failing.
WITHOUT_WHEEL = """
import runpy, sys
sys.modules["wheel"] = None
sys.modules["setuptools.command.bdist_wheel"] = None
sys.argv = ["setup.py", "bdist_wheel"]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def test_a_missing_wheel_module_is_named(tmp_path):
    result = subprocess.run([sys.executable, "-c", WITHOUT_WHEEL], cwd=SOURCE_DIR,
                            env={"ROBOTSTXT_PIP_BUILD_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert "needs the 'wheel' module" in result.stderr, result.stderr
    assert "python3-wheel" in result.stderr
    assert "--system-site-packages" in result.stderr
    # It stopped before CMake: nothing was configured or built.
    assert not any(tmp_path.iterdir())
