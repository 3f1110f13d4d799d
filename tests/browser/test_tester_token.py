"""The tester page of a `robotstxt serve` started with --token-file, in headless Chromium.

The crawler catalogue is loaded once the token is typed (not only at start, when no
token can have been typed), and a shared link, which never holds the token, runs its
test once the token is given. Each test starts its own service and stops it whatever
happens.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tempfile
import urllib.parse

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_tester_page import (WAIT_SECONDS, browser, by_id, cells,  # noqa: E402,F401
                              open_page, wait_until)

TOKEN = "s3cret-token"


@pytest.fixture()
def service_with_token():
    with tempfile.TemporaryDirectory(prefix="robotstxt-token-") as directory:
        token_file = pathlib.Path(directory) / "token"
        token_file.write_text(TOKEN + "\n")
        process = subprocess.Popen(
            [os.environ["ROBOTSTXT_CLI"], "serve", "--listen", "127.0.0.1:0",
             "--token-file", str(token_file)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            first = process.stdout.readline().strip()
            assert first.startswith("listening on "), first + process.stderr.read()
            yield "http://" + first[len("listening on "):]
        finally:
            process.terminate()
            try:
                process.wait(timeout=WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def crawler_names(driver):
    return [option.get_attribute("value")
            for option in Select(by_id(driver, "crawler-select")).options]


def type_token(driver):
    driver.execute_script("document.getElementById('token-input').closest('details').open = true")
    by_id(driver, "token-input").send_keys(TOKEN, Keys.ENTER)


def test_catalogue_loads_when_the_token_is_typed(browser, service_with_token):
    open_page(browser, service_with_token)
    assert "Googlebot" not in crawler_names(browser)
    type_token(browser)
    wait_until(browser, lambda d: "Googlebot" in crawler_names(d))
    assert TOKEN not in browser.current_url


def test_shared_link_runs_once_the_token_is_given(browser, service_with_token):
    state = urllib.parse.urlencode({
        "robots": "User-agent: Googlebot-Image\nDisallow: /img/\n",
        "urls": "https://a.example/img/1.png",
        "crawler": "Googlebot-Image",
        "agent": "",
        "site": "",
    })
    open_page(browser, service_with_token, "#" + state)
    assert cells(browser) == []
    assert "access token" in by_id(browser, "test-status").text
    type_token(browser)
    wait_until(browser, lambda d: len(cells(d)) == 1)
    row = cells(browser)[0]
    assert row.get_attribute("data-verdict") == "disallowed"
    assert row.get_attribute("data-crawler") == "Googlebot-Image"
    # The link is the page's state, never its token.
    assert TOKEN not in browser.current_url
