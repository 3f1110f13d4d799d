"""The tester page's icon: served by the service itself, so that loading the page logs no
404 (a browser asks for /favicon.ico whatever the page says), in headless Chromium.

The service and the browser come from test_tester_page.py's fixtures: each test starts
its own and stops them whatever happens.
"""

from __future__ import annotations

import pathlib
import sys
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_tester_page import (browser, open_page, replace_text, run_test,  # noqa: E402,F401
                              service)


def test_the_icon_is_served(service):
    with urllib.request.urlopen(service + "/favicon.ico") as icon:
        assert icon.status == 200
        assert icon.headers["Content-Type"] == "image/x-icon"
        # An ICO file: reserved 0, type 1 (icon), then how many images it holds.
        assert icon.read(4) == b"\x00\x00\x01\x00"


def test_loading_and_testing_log_nothing_to_the_console(browser, service):
    open_page(browser, service)
    replace_text(browser, "url-input", "https://a.example/private/x")
    run_test(browser, 1)
    logged = browser.get_log("browser")
    assert not [entry for entry in logged if "404" in entry["message"]], logged
    # Nothing else went wrong either (Chromium's advice on forms is not an error).
    assert not [entry for entry in logged if entry["level"] in ("SEVERE", "WARNING")], logged
