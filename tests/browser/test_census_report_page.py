"""The census report page (python3 -m robotstxt.census report) in headless Chromium.

The page is made from the hand-written summaries of tests/python/census_summaries (two
labelled crawls, so that the trend is drawn too) and opened from a file:// URL: it must
work as a file on a disk, with nothing fetched. Every test saves a screenshot into the
build directory.

Environment: PYTHONPATH (the built package), ROBOTSTXT_SCREENSHOT_DIR (where screenshots go).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as DriverService
from selenium.webdriver.common.by import By

SUMMARIES = pathlib.Path(__file__).resolve().parent.parent / "python" / "census_summaries"
SCREENSHOTS = pathlib.Path(os.environ.get("ROBOTSTXT_SCREENSHOT_DIR", tempfile.gettempdir()))
NARROW_WIDTH = 360
CHARTS = 4  # crawlers, purposes, usage, trend


@pytest.fixture(scope="module")
def report_url(tmp_path_factory) -> str:
    output = tmp_path_factory.mktemp("report") / "report.html"
    subprocess.run([sys.executable, "-m", "robotstxt.census", "report",
                    str(SUMMARIES / "crawl-2026-05"), str(SUMMARIES / "crawl-2026-40"),
                    "-o", str(output)], check=True, timeout=120)
    return output.as_uri()


@pytest.fixture()
def browser(request):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    profile = tempfile.TemporaryDirectory(prefix="robotstxt-chromium-")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-default-apps",
                     "--window-size=1280,1000", "--user-data-dir=" + profile.name]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=DriverService("/usr/bin/chromedriver"), options=options)
    try:
        yield driver
    finally:
        try:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(SCREENSHOTS / f"census-{request.node.name}.png"))
        finally:
            driver.quit()
            profile.cleanup()


def image_sizes(driver) -> list[dict]:
    return driver.execute_script(
        "return Array.from(document.images, image => ({complete: image.complete, "
        "natural: image.naturalWidth, shown: image.getBoundingClientRect().width, "
        "alt: image.alt}))")


def test_census_report_shows_every_chart(browser, report_url):
    browser.get(report_url)
    images = image_sizes(browser)
    assert len(images) == CHARTS
    for image in images:
        assert image["complete"] and image["natural"] > 0, image
        assert image["alt"]
    headings = [element.text for element in browser.find_elements(By.CSS_SELECTOR, "h1, h2")]
    assert headings == ["robots.txt census: CC-MAIN-2026-40", "Crawlers", "Purposes",
                        "Usage preferences", "Trend"]


def open_narrow(browser, url):
    # The viewport itself, not the window around it: exactly 360 CSS pixels.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": NARROW_WIDTH, "height": 800, "deviceScaleFactor": 1,
                             "mobile": True})
    browser.get(url)


def assert_no_sideways_scrolling(browser):
    width = browser.execute_script("return document.documentElement.clientWidth")
    overflow = browser.execute_script("return document.documentElement.scrollWidth")
    assert overflow <= width, (overflow, width)


def test_census_report_fits_a_narrow_screen(browser, report_url):
    open_narrow(browser, report_url)
    assert browser.execute_script("return window.innerWidth") == NARROW_WIDTH
    images = image_sizes(browser)
    assert len(images) == CHARTS
    for image in images:
        assert image["complete"] and image["natural"] > 0, image
        assert 0 < image["shown"] <= NARROW_WIDTH, image
    assert_no_sideways_scrolling(browser)


def test_census_report_long_label_fits_a_narrow_screen(browser, tmp_path):
    summary = json.loads((SUMMARIES / "crawl-2026-40" / "summary.json").read_text("utf-8"))
    summary["label"] = "CC-MAIN-" + "x" * 80  # no place to break a line
    (tmp_path / "long").mkdir()
    (tmp_path / "long" / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "robotstxt.census", "report", str(tmp_path / "long"),
                    "-o", str(tmp_path / "report.html")], check=True, timeout=120)
    open_narrow(browser, (tmp_path / "report.html").as_uri())
    assert_no_sideways_scrolling(browser)
