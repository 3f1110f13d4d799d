"""Debian's redis-server on a free 127.0.0.1 port, without persistence, for the tests of
the shared cache tier from Python (tests/support/redis_server.cc is the C++ tests' twin).

    with RedisServer() as redis:
        robotstxt.RobotsClient(redis=redis.url)
        redis.stop()  # as a crash would: SIGKILL

The server is killed when the block ends, whatever happened in it.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from typing import Optional

REDIS_SERVER = shutil.which("redis-server")

# A guard against a server that never comes up, not a measure of anything.
_START_LIMIT_SECONDS = 30.0


def _unused_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """A context manager; `url` is its redis://127.0.0.1:PORT/0."""

    def __init__(self) -> None:
        if REDIS_SERVER is None:
            raise RuntimeError("redis-server is not installed (Debian: redis-server)")
        self.port = _unused_port()
        self._process: Optional[subprocess.Popen[bytes]] = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> "RedisServer":
        self._process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + _START_LIMIT_SECONDS
            while not _answers_ping(self.port):
                if self._process.poll() is not None:
                    raise RuntimeError(f"redis-server exited with {self._process.returncode}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not answer on port {self.port}")
                time.sleep(0.05)
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Kills the server and waits until it is gone (nothing persisted)."""
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
