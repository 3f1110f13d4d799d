"""The npm package (robotstxt-wasm) in headless Chromium, answering the conformance cases.

The package is the one `npm install` put into ROBOTSTXT_JS_INSTALL_DIR (tests/js/
install_package.sh); a server on loopback serves its files, the 400 cases of
tests/data/conformance and a page that imports the package as an ES module, so nothing
comes from outside the machine. The page runs every case and writes the failures into
the document, which the test reads. Skipped, saying why, when the package could not be
built here (no emscripten).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import pathlib
import shutil
import tempfile
import threading

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as DriverService
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

INSTALL_DIR = pathlib.Path(os.environ.get("ROBOTSTXT_JS_INSTALL_DIR", "/nonexistent"))
DATA_DIR = pathlib.Path(os.environ.get("ROBOTSTXT_TEST_DATA_DIR",
                                       pathlib.Path(__file__).resolve().parents[1] / "data"))
# A guard against a hang, not a measure: the wait ends as soon as the page has answered.
WAIT_SECONDS = 60

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>robotstxt-wasm conformance</title>
<pre id="result"></pre>
<script type="module">
import { parse } from "./robotstxt-wasm/index.js";
const result = document.getElementById("result");
try {
  const text = await (await fetch("./spec-test.jsonl")).text();
  const cases = text.split("\\n").filter((line) => line !== "").map((line) => JSON.parse(line));
  const failures = [];
  for (const testCase of cases) {
    const bytes = Uint8Array.from(atob(testCase.robotstxt_b64), (c) => c.charCodeAt(0));
    const robots = parse(bytes);
    const allowed = robots.isAllowed(testCase.url, testCase.agent);
    robots.free();
    if (allowed !== (testCase.expected === "allowed")) failures.push(testCase.file + " " + testCase.url);
  }
  result.textContent = JSON.stringify({ cases: cases.length, failures });
} catch (error) {
  result.textContent = JSON.stringify({ error: String(error) });
}
</script>
"""


@pytest.fixture()
def site():
    package = INSTALL_DIR / "node_modules" / "robotstxt-wasm"
    if (INSTALL_DIR / "SKIPPED").exists() or not package.is_dir():
        pytest.skip("the npm package was not built here: " +
                    ((INSTALL_DIR / "SKIPPED").read_text().strip()
                     if (INSTALL_DIR / "SKIPPED").exists() else "run js_install first"))
    root = tempfile.TemporaryDirectory(prefix="robotstxt-npm-page-")
    served = pathlib.Path(root.name)
    shutil.copytree(package, served / "robotstxt-wasm")
    shutil.copy(DATA_DIR / "conformance" / "spec-test.jsonl", served / "spec-test.jsonl")
    (served / "index.html").write_text(PAGE, encoding="utf-8")

    class Handler(http.server.SimpleHTTPRequestHandler):
        # Module scripts need a JavaScript MIME type, .mjs included.
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".js": "text/javascript", ".mjs": "text/javascript"}

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(served)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
        root.cleanup()


@pytest.fixture()
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    profile = tempfile.TemporaryDirectory(prefix="robotstxt-chromium-")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-default-apps",
                     "--user-data-dir=" + profile.name]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=DriverService("/usr/bin/chromedriver"), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        profile.cleanup()


def test_package_answers_conformance_cases_in_chromium(site, browser):
    browser.get(site + "/index.html")
    WebDriverWait(browser, WAIT_SECONDS).until(
        lambda d: d.find_element(By.ID, "result").text != "")
    result = json.loads(browser.find_element(By.ID, "result").text)
    assert result.get("error") is None, result
    assert result["cases"] == sum(
        1 for line in (DATA_DIR / "conformance" / "spec-test.jsonl").read_text().splitlines()
        if line)
    assert result["failures"] == []
