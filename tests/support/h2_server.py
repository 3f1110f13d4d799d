#!/usr/bin/python3
"""An HTTPS server that speaks HTTP/2 (Debian's nghttpd), for tests.

Usage: h2_server.py DOCROOT KEY CERT. nghttpd cannot report an ephemeral port, so this
wrapper picks a free port on 127.0.0.1, starts nghttpd on it, waits until it accepts
connections, prints the port on the first line of stdout, and stops nghttpd when it is
terminated itself."""
import signal
import socket
import subprocess
import sys
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    docroot, key, cert = sys.argv[1:4]
    port = free_port()
    server = subprocess.Popen(
        ["/usr/sbin/nghttpd", "--address=127.0.0.1", "--htdocs=" + docroot, str(port), key, cert],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    # Only pass the end on (nghttpd has nothing to save): the main thread is inside
    # server.wait(), which returns once nghttpd is gone; waiting here as well would
    # deadlock on Popen's lock.
    signal.signal(signal.SIGTERM, lambda *_: server.kill())
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    print(port, flush=True)
    server.wait()


if __name__ == "__main__":
    main()
