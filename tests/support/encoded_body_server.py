#!/usr/bin/python3
"""An origin that serves one compressed robots.txt, for tests of Content-Encoding: the
test compresses the body itself (Debian's python3 has no Brotli module by default) and
passes the compressed bytes in a file.

  --body FILE        the compressed bytes
  --encoding CODING  their Content-Encoding (br, gzip, deflate)

Every path but /__count/ answers 200 with FILE and "Content-Encoding: CODING", with its
Content-Length, when the request's Accept-Encoding offers CODING; when it does not, the
answer is the plain "User-agent: *\\nDisallow: /not-negotiated\\n", as a server that
negotiates would send. Under the host label `cut` (cut.test, through CONNECT_TO) only
the first half of FILE is sent, without Content-Length, and the connection closes: a
compressed stream cut short.

GET /__count/LABEL answers how many requests LABEL (the first label of Host) has had.
Binds 127.0.0.1 on an ephemeral port, prints the port on the first line of stdout, and
runs until it is terminated.
"""
import argparse
import http.server
import sys
import threading

NOT_NEGOTIATED = b"User-agent: *\nDisallow: /not-negotiated\n"

counts = {}
counts_lock = threading.Lock()
options = None
body = b""


def offered(accept_encoding, coding):
    for item in accept_encoding.split(","):
        if item.split(";")[0].strip().lower() == coding:
            return True
    return False


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def label(self):
        return self.headers.get("Host", "").split(".")[0].split(":")[0]

    def do_GET(self):
        if self.path.startswith("/__count/"):
            with counts_lock:
                count = counts.get(self.path[len("/__count/"):], 0)
            self.answer(str(count).encode(), ())
            return
        label = self.label()
        with counts_lock:
            counts[label] = counts.get(label, 0) + 1
        if not offered(self.headers.get("Accept-Encoding", ""), options.encoding):
            self.answer(NOT_NEGOTIATED, ())
            return
        if label == "cut":
            self.send_response(200)
            self.send_header("Content-Encoding", options.encoding)
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.answer(body, (("Content-Encoding", options.encoding),))

    def answer(self, content, headers):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(content)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(content)


def main():
    global options, body
    parser = argparse.ArgumentParser()
    parser.add_argument("--body", required=True)
    parser.add_argument("--encoding", required=True)
    options = parser.parse_args()
    with open(options.body, "rb") as file:
        body = file.read()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
