#!/usr/bin/python3
"""An anonymous, read-only FTP server for tests (pyftpdlib). Serves DIRECTORY, binds
127.0.0.1 on an ephemeral port, prints the port on the first line of stdout, and runs
until it is terminated."""
import logging
import sys

from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer


def main():
    logging.basicConfig(level=logging.ERROR)
    authorizer = DummyAuthorizer()
    authorizer.add_anonymous(sys.argv[1])
    handler = FTPHandler
    handler.authorizer = authorizer
    handler.masquerade_address = None
    server = FTPServer(("127.0.0.1", 0), handler)
    print(server.socket.getsockname()[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
