#!/usr/bin/python3
"""A robots.txt server for tests: every behaviour a fetcher must survive, chosen by the
first label of the Host header, so one server on 127.0.0.1 plays many origins (the
client maps names to it with libcurl's CONNECT_TO).

  status-NNN     answers NNN with RULES (a 3xx without Location)
  maxage-N       200 with RULES and "Cache-Control: max-age=N"
  redirect-N     N redirects (/robots.txt -> /hop/1 -> ... -> /hop/N), then 200 RULES
  slow-N         as redirect-N, each answer 0.5 s late
  held-ANYTHING  RULES after 0.3 s; GET /__peak/held answers how many held requests were
                 in progress at once at most (a bound on concurrent fetches shows there)
  loop           /robots.txt -> /other -> /robots.txt
  cross          301 to the same path on the host named target (cross.test -> target.test)
  target         200 with "Disallow: /from-target"
  big            600,000 bytes: "Disallow: /early" first, "Disallow: /late" past 512,000
  gzip, deflate  RULES with that Content-Encoding
  chunked        RULES in several chunks
  brokenchunk    a chunk cut short, then the connection closes
  stall          sends nothing until the client gives up
  reset          resets the connection (RST) without answering
  ua             "Disallow: /ua/<User-Agent header>"
  gzipcut        a 46 KB gzip body whose last rule is "Disallow: /private", cut after a
                 third of the compressed bytes (no Content-Length, then the connection ends)
  shortbody      Content-Length 100, 33 bytes sent, then the connection ends
  twolengths     two Content-Length headers that disagree
  utf8encoding   RULES with "Content-Encoding: utf-8" (a coding that does not exist)
  notmodified    304 Not Modified, although the request was not conditional
  spaced         301 to "/robots 2.txt"; "/robots%202.txt" answers RULES
  spacedabsolute 301 to "http://spaced.test:PORT/robots 2.txt" (the same, absolute)
  userinfo       301 to http://robot:s3cret@auth.test/robots.txt
  auth           "Disallow: /auth/<Authorization header, or none>"
  mailto         301 to mailto:webmaster@example.com
  hugelocation   301 with a 1 MB Location
  hugestatus     a 200 KB status line
  anything else  --body FILE if given, else --redirect-to URL if given, else RULES

GET /__count/LABEL answers how many requests LABEL has received so far. The server binds
127.0.0.1 on an ephemeral port, prints the port on the first line of stdout, and runs
until it is terminated. --tls CERT KEY serves HTTPS instead.
"""
import argparse
import gzip
import http.server
import socket
import ssl
import struct
import sys
import threading
import time
import urllib.parse
import zlib

RULES = b"User-agent: *\nDisallow: /private\n"

counts = {}
counts_lock = threading.Lock()
held_now = 0
held_peak = 0
options = None


def gzipcut_body():
    # Comment lines of pseudo-random letters compress poorly, so the compressed stream is
    # long enough to cut; the rule that matters comes last.
    state = 12345
    lines = [b"User-agent: *\n"]
    size = 0
    while size < 46000:
        letters = bytearray()
        for _ in range(70):
            state = (state * 1103515245 + 12345) % 2147483648
            letters.append(97 + state % 26)
        lines.append(b"# " + bytes(letters) + b"\n")
        size += 73
    lines.append(b"Disallow: /private\n")
    return b"".join(lines)


def big_body():
    head = b"User-agent: *\nDisallow: /early\n"
    filler_line = b"# " + b"x" * 97 + b"\n"
    body = bytearray(head)
    while len(body) < 590000:
        body += filler_line
    body += b"Disallow: /late\n"
    while len(body) < 600000:
        body += b"#\n"
    return bytes(body)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def label(self):
        host = self.headers.get("Host", "")
        host = host.rsplit(":", 1)[0] if not host.startswith("[") else host
        return host.split(".")[0].lower()

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def redirect(self, location, status=301):
        self.send(status, b"moved\n", [("Location", location)])

    def hold(self):
        global held_now, held_peak
        with counts_lock:
            held_now += 1
            held_peak = max(held_peak, held_now)
        time.sleep(0.3)
        with counts_lock:
            held_now -= 1
        self.send(200, RULES)

    def do_GET(self):
        if self.path == "/__peak/held":
            with counts_lock:
                peak = held_peak
            self.send(200, str(peak).encode())
            return
        if self.path.startswith("/__count/"):
            label = self.path[len("/__count/"):]
            with counts_lock:
                count = counts.get(label, 0)
            self.send(200, str(count).encode())
            return
        label = self.label()
        with counts_lock:
            counts[label] = counts.get(label, 0) + 1
        if label.startswith("status-"):
            self.send(int(label[len("status-"):]), RULES)
        elif label.startswith("maxage-"):
            self.send(200, RULES, [("Cache-Control", "max-age=" + label[len("maxage-"):])])
        elif label.startswith("held-"):
            self.hold()
        elif label.startswith("redirect-") or label.startswith("slow-"):
            if label.startswith("slow-"):
                time.sleep(0.5)
            hops = int(label.split("-", 1)[1])
            step = 0 if self.path == "/robots.txt" else int(self.path.rsplit("/", 1)[1])
            if step < hops:
                self.redirect("/hop/%d" % (step + 1), 301 if step % 2 == 0 else 302)
            else:
                self.send(200, RULES)
        elif label == "loop":
            self.redirect("/other" if self.path == "/robots.txt" else "/robots.txt")
        elif label == "cross":
            host = self.headers["Host"]
            self.redirect("http://target" + host[len("cross"):] + self.path)
        elif label == "target":
            self.send(200, b"User-agent: *\nDisallow: /from-target\n")
        elif label == "big":
            self.send(200, big_body())
        elif label == "gzip":
            self.send(200, gzip.compress(RULES), [("Content-Encoding", "gzip")])
        elif label == "deflate":
            self.send(200, zlib.compress(RULES), [("Content-Encoding", "deflate")])
        elif label == "chunked":
            self.chunked([RULES[:10], RULES[10:20], RULES[20:]])
        elif label == "brokenchunk":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.write(b"40\r\nUser-agent: *\nDis")
            self.wfile.flush()
            self.close_connection = True
        elif label == "stall":
            time.sleep(30)
            self.close_connection = True
        elif label == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                       struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
        elif label == "gzipcut":
            compressed = gzip.compress(gzipcut_body())
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(compressed[:len(compressed) // 3])
            self.close_connection = True
        elif label == "shortbody":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(RULES)
            self.close_connection = True
        elif label == "twolengths":
            self.send_response(200)
            self.send_header("Content-Length", str(len(RULES)))
            self.send_header("Content-Length", "10")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(RULES)
            self.close_connection = True
        elif label == "utf8encoding":
            self.send(200, RULES, [("Content-Encoding", "utf-8")])
        elif label == "notmodified":
            self.send_response(304)
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
        elif label == "spaced":
            if self.path == "/robots%202.txt":
                self.send(200, RULES)
            else:
                self.redirect("/robots 2.txt")
        elif label == "spacedabsolute":
            port = self.server.server_address[1]
            self.redirect("http://spaced.test:%d/robots 2.txt" % port)
        elif label == "userinfo":
            port = self.server.server_address[1]
            self.redirect("http://robot:s3cret@auth.test:%d/robots.txt" % port)
        elif label == "auth":
            authorization = self.headers.get("Authorization", "none")
            self.send(200, b"User-agent: *\nDisallow: /auth/" +
                      urllib.parse.quote(authorization, safe="").encode() + b"\n")
        elif label == "mailto":
            self.redirect("mailto:webmaster@example.com")
        elif label == "hugelocation":
            self.redirect("/" + "x" * 1000000)
        elif label == "hugestatus":
            self.wfile.write(b"HTTP/1.1 200 " + b"O" * 200000 + b"\r\n\r\n")
            self.close_connection = True
        elif label == "ua":
            agent = urllib.parse.quote(self.headers.get("User-Agent", ""), safe="")
            self.send(200, b"User-agent: *\nDisallow: /ua/" + agent.encode() + b"\n")
        elif options.body is not None:
            with open(options.body, "rb") as body:
                self.send(200, body.read())
        elif options.redirect_to is not None:
            self.redirect(options.redirect_to)
        else:
            self.send(200, RULES)

    def chunked(self, parts):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        for part in parts:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.close_connection = True


class Server(http.server.ThreadingHTTPServer):
    # Hundreds of fetches at once (bench/serve_bench.sh) must not overflow the listen
    # backlog (5 by default): a dropped connection costs its client a 1 s retransmission.
    request_queue_size = 1024
    daemon_threads = True


def main():
    global options
    parser = argparse.ArgumentParser()
    parser.add_argument("--body")
    parser.add_argument("--redirect-to")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    options = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    if options.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.tls[0], options.tls[1])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
