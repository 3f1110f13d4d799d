"""`robotstxt serve` on a free 127.0.0.1 port for the Python tests (the C++ tests' twin
is service_process.h), stopped when the block ends, whatever happened in it.

    with ServeProcess("--allow-private") as service:
        urllib.request.urlopen(service.base_url + "/healthz")
"""

from __future__ import annotations

import os
import pathlib
import subprocess
from typing import Optional


def cli_path() -> str:
    """The built binary: ROBOTSTXT_CLI, else next to the Python module ctest points at."""
    if "ROBOTSTXT_CLI" in os.environ:
        return os.environ["ROBOTSTXT_CLI"]
    import robotstxt

    return str(pathlib.Path(robotstxt.__file__).resolve().parents[2] / "robotstxt")


class ServeProcess:
    """A context manager; ``base_url`` is "http://127.0.0.1:PORT"."""

    def __init__(self, *args: str) -> None:
        self._args = args
        self._process: Optional[subprocess.Popen[bytes]] = None
        self.base_url = ""

    def __enter__(self) -> "ServeProcess":
        self._process = subprocess.Popen(
            [cli_path(), "serve", "--listen", "127.0.0.1:0", *self._args],
            stdout=subprocess.PIPE)
        # The first line says where it listens ("listening on 127.0.0.1:PORT"); a process
        # that fails to start closes its output instead.
        line = self._process.stdout.readline().decode()
        if not line.startswith("listening on "):
            self.__exit__()
            raise RuntimeError(f"robotstxt serve did not start: {line!r}")
        self.base_url = "http://" + line.split()[-1]
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._process is not None and self._process.stdout is not None:
            self._process.stdout.close()
