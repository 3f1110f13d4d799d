#!/usr/bin/python3
"""A forward HTTP proxy for tests that never forwards: it answers every proxied request
(absolute-form, "GET http://HOST/robots.txt") itself with

  User-agent: *
  Disallow: /through-proxy

so an answer shows that a fetch went through the proxy, and it counts the requests per
target (the first label of HOST, as robots_server.py counts per Host label). Nothing
leaves the machine whatever the target is.

GET /__count/LABEL (origin-form, sent to the proxy as to a server) answers how many
proxied requests LABEL has had; /__count/ALL counts them all. Binds 127.0.0.1 on an
ephemeral port, prints the port on the first line of stdout, and runs until it is
terminated.
"""
import http.server
import sys
import threading
import urllib.parse

RULES = b"User-agent: *\nDisallow: /through-proxy\n"

counts = {}
counts_lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/__count/"):
            with counts_lock:
                count = counts.get(self.path[len("/__count/"):], 0)
            self.answer(str(count).encode())
            return
        host = urllib.parse.urlsplit(self.path).hostname or ""
        label = host.split(".")[0]
        with counts_lock:
            counts[label] = counts.get(label, 0) + 1
            counts["ALL"] = counts.get("ALL", 0) + 1
        self.answer(RULES)

    def answer(self, content):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
