"""A small website on 127.0.0.1 that counts the requests it serves, for crawl tests.

    with CountingSite(robots_txt=b"...", pages=["/", "/a"]) as site:
        ...crawl site.base_url...
        site.requested_paths()  # {"/robots.txt": 1, "/": 1, ...}

Paths are counted exactly as they arrive on the wire (no percent-decoding), so a test
can tell /%7Etilde from /~tilde. Every listed page answers 200 with a small HTML body;
anything else answers 404 (and is counted too). /robots.txt answers `robots_status`;
with `hold_robots`, its answer waits until that event is set (`robots_requested` is set
when the request has arrived), for tests of what happens while a fetch is in flight.
"""

from __future__ import annotations

import collections
import http.server
import threading
from typing import Iterable, Optional


class CountingSite:
    """A threaded HTTP server on an ephemeral loopback port; a context manager."""

    def __init__(self, robots_txt: bytes, pages: Iterable[str] = (), robots_status: int = 200,
                 hold_robots: Optional[threading.Event] = None) -> None:
        self._robots_txt = robots_txt
        self._robots_status = robots_status
        self._hold_robots = hold_robots
        self.robots_requested = threading.Event()
        self._pages = set(pages)
        self._counts: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def requested_paths(self) -> dict[str, int]:
        """How many times each path was requested so far."""
        with self._lock:
            return dict(self._counts)

    def __enter__(self) -> "CountingSite":
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._hold_robots is not None:
            self._hold_robots.set()  # never leave a request hanging at shutdown
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def _handler_class(self) -> type:
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the name http.server dispatches to
                with site._lock:
                    site._counts[self.path] += 1
                if self.path == "/robots.txt":
                    site.robots_requested.set()
                    if site._hold_robots is not None:
                        site._hold_robots.wait()
                    self._reply(site._robots_status, "text/plain", site._robots_txt)
                elif self.path in site._pages:
                    self._reply(200, "text/html", b"<html><body>page</body></html>")
                else:
                    self._reply(404, "text/plain", b"not found")

            def _reply(self, status: int, content_type: str, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass  # keep test output quiet

        return Handler
