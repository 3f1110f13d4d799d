#!/usr/bin/python3
"""A website on 127.0.0.1 that records when each request arrives, for politeness tests.

  /robots.txt          the --robots-txt text (default: empty, everything allowed)
  /status/NNN          answers NNN; with ?retry_after=V also "Retry-After: V"
  /redirect/NNN?to=P   answers NNN (a 3xx) with "Location: P"
  /__arrivals          JSON: [[seconds since the epoch, path], ...] of every other request,
                       in arrival order (these requests are not recorded)
  anything else        200, a small HTML page

As a script it prints its port on the first line and runs until terminated (C++ tests
start it with FixtureServer); Python tests use ArrivalsSite as a context manager.
"""

from __future__ import annotations

import argparse
import http.server
import json
import sys
import threading
import time
import urllib.parse


class ArrivalsSite:
    """A threaded HTTP server on an ephemeral loopback port; a context manager."""

    def __init__(self, robots_txt: str = "") -> None:
        self._robots_txt = robots_txt.encode()
        self._arrivals: list[tuple[float, str]] = []
        self._lock = threading.Lock()
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def arrivals(self) -> list[tuple[float, str]]:
        """(time.time(), path) of every page request so far, in arrival order."""
        with self._lock:
            return list(self._arrivals)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def __enter__(self) -> "ArrivalsSite":
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _handler_class(self) -> type:
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                parsed = urllib.parse.urlsplit(self.path)
                if parsed.path == "/robots.txt":
                    self._answer(200, site._robots_txt, "text/plain")
                    return
                if parsed.path == "/__arrivals":
                    with site._lock:
                        body = json.dumps(site._arrivals).encode()
                    self._answer(200, body, "application/json")
                    return
                with site._lock:
                    site._arrivals.append((time.time(), self.path))
                if parsed.path.startswith("/redirect/"):
                    status = int(parsed.path.split("/")[2])
                    target = urllib.parse.parse_qs(parsed.query).get("to", ["/"])[0]
                    self._answer(status, b"", "text/plain", {"Location": target})
                    return
                if parsed.path.startswith("/status/"):
                    status = int(parsed.path.split("/")[2])
                    query = urllib.parse.parse_qs(parsed.query)
                    headers = {}
                    if "retry_after" in query:
                        headers["Retry-After"] = query["retry_after"][0]
                    self._answer(status, b"", "text/plain", headers)
                    return
                self._answer(200, b"<html><body>page</body></html>", "text/html")

            def _answer(self, status: int, body: bytes, content_type: str,
                        headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--robots-txt", default="")
    arguments = parser.parse_args()
    site = ArrivalsSite(arguments.robots_txt.replace("\\n", "\n"))
    site.start()
    print(site.port, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        site.stop()
    sys.exit(0)


if __name__ == "__main__":
    main()
