"""The robots.txt tester page of `robotstxt serve`, driven in headless Chromium.

Each test starts its own `robotstxt serve --listen 127.0.0.1:0 --allow-private` and a
loopback site (tests/support/counting_site.py) that serves the live robots.txt, and stops
both whatever happens. Every test saves a screenshot into the build directory.

Environment: ROBOTSTXT_CLI (the binary), ROBOTSTXT_SCREENSHOT_DIR (where screenshots go).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service as DriverService
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "support"))
from counting_site import CountingSite  # noqa: E402

LIVE_ROBOTS = b"User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n"
SCREENSHOTS = pathlib.Path(os.environ.get("ROBOTSTXT_SCREENSHOT_DIR", tempfile.gettempdir()))
# A guard against a hang, not a measure: every wait ends as soon as its condition holds.
WAIT_SECONDS = 30
# The status line while a test runs (the page writes an ellipsis).
TESTING = "Testing\u2026"


@pytest.fixture()
def site():
    with CountingSite(robots_txt=LIVE_ROBOTS, pages=["/"]) as served:
        yield served


@pytest.fixture()
def service():
    process = subprocess.Popen(
        [os.environ["ROBOTSTXT_CLI"], "serve", "--listen", "127.0.0.1:0", "--allow-private"],
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


@pytest.fixture()
def browser(request):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # The console, for the tests that read what the page logged.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    profile = tempfile.TemporaryDirectory(prefix="robotstxt-chromium-")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-default-apps",
                     "--window-size=1280,1000", "--user-data-dir=" + profile.name]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=DriverService("/usr/bin/chromedriver"), options=options)
    try:
        yield driver
    finally:
        try:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(SCREENSHOTS / f"tester-{request.node.name}.png"))
        finally:
            driver.quit()
            profile.cleanup()


def wait_until(driver, condition):
    """Waits for the condition, asking again when the page redrew an element while it was read
    (the grid is replaced whole on every test)."""
    return WebDriverWait(driver, WAIT_SECONDS,
                         ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def by_id(driver, element_id):
    return driver.find_element(By.ID, element_id)


def open_page(driver, service, fragment=""):
    driver.get(service + "/" + fragment)
    wait_until(
        driver,
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")


def replace_text(driver, element_id, text):
    field = by_id(driver, element_id)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    field.send_keys(text)


def load_live_file(driver, service, site):
    """Opens the page and loads the fixture site's robots.txt into the editor."""
    open_page(driver, service)
    replace_text(driver, "site-input", site.base_url)
    by_id(driver, "fetch-button").click()
    wait_until(
        driver,
        lambda d: by_id(d, "robots-input").get_attribute("value") == LIVE_ROBOTS.decode())


def append_to_editor(driver, text):
    editor = by_id(driver, "robots-input")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys(text)


def cells(driver):
    """The answers in the grid, row by row (crawlers), each row URL by URL."""
    return driver.find_elements(By.CSS_SELECTOR, "#results td.result")


def run_test(driver, expected_cells):
    """Runs the test and returns the grid it drew: the click sets the status to TESTING before
    it returns, and the status changes again only when the grid is complete."""
    by_id(driver, "test-button").click()
    wait_until(driver, lambda d: by_id(d, "test-status").text != TESTING
               and len(cells(d)) == expected_cells)
    return cells(driver)


def decisive_lines(driver):
    return {int(line.get_attribute("data-line"))
            for line in driver.find_elements(By.CSS_SELECTOR, "#robots-render .decisive")}


def test_paste_and_test(browser, service):
    open_page(browser, service)
    replace_text(browser, "robots-input",
                 "User-agent: *\nDisallow: /private/\nAllow: /private/open\n")
    replace_text(browser, "site-input", "https://shop.example")
    replace_text(browser, "url-input", "/private/x\n/private/open\nhttps://other.example/public")
    Select(by_id(browser, "crawler-select")).select_by_value("")
    replace_text(browser, "agent-input", "Googlebot")
    found = run_test(browser, 3)
    assert [r.get_attribute("data-url") for r in found] == [
        "https://shop.example/private/x", "https://shop.example/private/open",
        "https://other.example/public"]
    assert [r.get_attribute("data-verdict") for r in found] == ["disallowed", "allowed", "allowed"]
    assert [r.get_attribute("data-line") for r in found] == ["2", "3", ""]
    assert all(r.get_attribute("data-agent") == "Googlebot" for r in found)
    assert decisive_lines(browser) == {2, 3}
    found[0].click()
    assert "longest match" in by_id(browser, "explanation").text


def test_urls_are_matched_as_a_crawler_requests_them(browser, service):
    """A URL typed with non-ASCII bytes and a space is matched percent-encoded, and the grid
    shows that form; "as written" matches it as typed, as Google's matcher is given it."""
    open_page(browser, service)
    replace_text(browser, "robots-input", "User-agent: *\nDisallow: /caf%C3%A9\n")
    replace_text(browser, "url-input", "https://a.example/caf\u00e9 menu")
    Select(by_id(browser, "crawler-select")).select_by_value("")
    replace_text(browser, "agent-input", "Googlebot")
    found = run_test(browser, 1)
    assert found[0].get_attribute("data-url") == "https://a.example/caf%C3%A9%20menu"
    assert found[0].get_attribute("data-verdict") == "disallowed"
    heading = browser.find_element(By.CSS_SELECTOR, "#results th.url")
    assert heading.get_attribute("data-url") == "https://a.example/caf%C3%A9%20menu"
    by_id(browser, "as-written-input").click()
    by_id(browser, "test-button").click()
    wait_until(browser, lambda d: cells(d)[0].get_attribute("data-verdict") == "allowed")
    assert cells(browser)[0].get_attribute("data-url") == "https://a.example/caf\u00e9 menu"


def test_a_user_agent_header_answers_for_its_crawler(browser, service):
    """A whole header typed as product tokens is refused with the service's words; typed as a
    User-Agent header it answers for the crawler it names."""
    header = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
    open_page(browser, service)
    replace_text(browser, "robots-input", "User-agent: Googlebot\nDisallow: /g\n")
    replace_text(browser, "url-input", "https://a.example/g")
    Select(by_id(browser, "crawler-select")).select_by_value("")
    replace_text(browser, "agent-input", header)
    by_id(browser, "test-button").click()
    wait_until(browser, lambda d: "user_agent" in by_id(d, "test-status").text)
    assert "Googlebot" in by_id(browser, "test-status").text
    replace_text(browser, "user-agent-input", header)
    found = run_test(browser, 1)
    assert found[0].get_attribute("data-crawler") == "Googlebot"
    assert found[0].get_attribute("data-verdict") == "disallowed"


def test_load_live_and_test(browser, service, site):
    load_live_file(browser, service, site)
    status = by_id(browser, "fetch-status").text
    assert "HTTP 200" in status and "access: rules" in status, status
    replace_text(browser, "url-input", "/private/a\n/open")
    Select(by_id(browser, "crawler-select")).select_by_value("Googlebot")
    found = run_test(browser, 2)
    assert [r.get_attribute("data-verdict") for r in found] == ["disallowed", "allowed"]
    assert found[0].get_attribute("data-crawler") == "Googlebot"
    assert found[0].get_attribute("data-url") == site.base_url + "/private/a"
    assert site.requested_paths().get("/robots.txt") == 1


def test_all_crawlers_at_once(browser, service):
    catalogue = json.load(urllib.request.urlopen(service + "/v1/crawlers"))["crawlers"]
    open_page(browser, service)
    replace_text(browser, "robots-input", LIVE_ROBOTS.decode())
    replace_text(browser, "url-input", "https://a.example/page")
    Select(by_id(browser, "crawler-select")).select_by_value("all")
    found = run_test(browser, len(catalogue))
    verdicts = {r.get_attribute("data-crawler"): r.get_attribute("data-verdict") for r in found}
    assert set(verdicts) == {crawler["name"] for crawler in catalogue}
    assert verdicts["GPTBot"] == "disallowed"
    assert verdicts["Googlebot"] == "allowed"
    assert 5 in decisive_lines(browser)


def test_lint_markers(browser, service):
    open_page(browser, service)
    replace_text(browser, "robots-input",
                 "User-agent: *\nDisalow: /typo\nSitemap: /sitemap.xml\n")
    replace_text(browser, "url-input", "https://a.example/")
    run_test(browser, 1)
    items = browser.find_elements(By.CSS_SELECTOR, "#lint li[data-code]")
    by_line = {int(item.get_attribute("data-line")): item.get_attribute("data-code") for item in items}
    assert by_line.get(3) == "sitemap-not-absolute", by_line
    assert 2 in by_line, by_line
    for line in by_line:
        marked = browser.find_element(By.CSS_SELECTOR, f'#robots-render [data-line="{line}"]')
        assert "has-lint" in marked.get_attribute("class").split()
        assert by_line[line] in marked.get_attribute("data-lint")
    for line in browser.find_elements(By.CSS_SELECTOR, "#robots-render .line"):
        if int(line.get_attribute("data-line")) not in by_line:
            assert "has-lint" not in line.get_attribute("class").split()


def test_diff_draft_against_live(browser, service, site):
    load_live_file(browser, service, site)
    append_to_editor(browser, "\nUser-agent: *\nDisallow: /drafts\n")
    replace_text(browser, "url-input", "/drafts/a\n/private/b\n/open")
    Select(by_id(browser, "crawler-select")).select_by_value("search")
    by_id(browser, "test-button").click()
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#diff tr.change"))
    changes = browser.find_elements(By.CSS_SELECTOR, "#diff tr.change")
    assert {c.get_attribute("data-url") for c in changes} == {site.base_url + "/drafts/a"}
    assert all(c.get_attribute("data-before") == "allowed" for c in changes)
    assert all(c.get_attribute("data-after") == "disallowed" for c in changes)
    assert "Googlebot" in {c.get_attribute("data-crawler") for c in changes}


def test_usage_preferences(browser, service):
    open_page(browser, service)
    replace_text(browser, "robots-input",
                 "User-agent: *\nDisallow: /private\nContent-Usage: train-ai=n\n"
                 "Content-Usage: /news/ train-ai=y, search=y\n")
    replace_text(browser, "url-input", "https://a.example/page\nhttps://a.example/news/1\n"
                 "https://a.example/private/x")
    found = run_test(browser, 3)
    usage = [cell.find_elements(By.CSS_SELECTOR, ".usage") for cell in found]
    assert usage[0][0].get_attribute("data-train-ai") == "disallowed"
    assert usage[0][0].text == "train-ai=n"
    assert usage[1][0].get_attribute("data-train-ai") == "allowed"
    assert usage[1][0].get_attribute("data-search") == "allowed"
    assert found[2].get_attribute("data-verdict") == "disallowed"
    # A disallowed URL has no usage preferences: the cell says none, not "unknown".
    assert usage[2] == [] and "unknown" not in found[2].text


def test_shared_link_restores_state(browser, service):
    open_page(browser, service)
    draft = "User-agent: Googlebot-Image\nDisallow: /img/\n"
    replace_text(browser, "robots-input", draft)
    replace_text(browser, "url-input", "https://a.example/img/1.png")
    Select(by_id(browser, "crawler-select")).select_by_value("Googlebot-Image")
    run_test(browser, 1)
    link = browser.current_url
    assert "#" in link and service in link
    browser.get("about:blank")
    browser.get(link)
    wait_until(browser, lambda d: len(cells(d)) == 1)
    assert by_id(browser, "robots-input").get_attribute("value") == draft
    assert by_id(browser, "url-input").get_attribute("value") == "https://a.example/img/1.png"
    assert Select(by_id(browser, "crawler-select")).first_selected_option.get_attribute("value") \
        == "Googlebot-Image"
    row = cells(browser)[0]
    assert row.get_attribute("data-verdict") == "disallowed"
    assert row.get_attribute("data-crawler") == "Googlebot-Image"
    assert decisive_lines(browser) == {2}


def focus_by_tab(driver, element_id, presses=25):
    """Presses Tab until the element has the focus; False if it never gets it."""
    for _ in range(presses):
        if driver.switch_to.active_element.get_attribute("id") == element_id:
            return True
        webdriver.ActionChains(driver).send_keys(Keys.TAB).perform()
    return driver.switch_to.active_element.get_attribute("id") == element_id


def test_keyboard_only_flow(browser, service):
    open_page(browser, service)
    # Every control has a name a screen reader can say.
    unlabelled = browser.execute_script("""
        return [...document.querySelectorAll('input, select, textarea, button')].filter(c =>
          !(c.labels && c.labels.length) && !c.getAttribute('aria-label') && !c.textContent.trim()
        ).map(c => c.id);""")
    assert unlabelled == []
    assert focus_by_tab(browser, "robots-input")
    active = browser.switch_to.active_element
    active.send_keys(Keys.CONTROL, "a")
    active.send_keys("User-agent: *\nDisallow: /k\n")
    assert focus_by_tab(browser, "url-input")
    active = browser.switch_to.active_element
    active.send_keys(Keys.CONTROL, "a")
    active.send_keys("https://a.example/k\nhttps://a.example/j")
    assert focus_by_tab(browser, "agent-input")
    assert focus_by_tab(browser, "test-button")
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait_until(browser, lambda d: len(cells(d)) == 2)
    assert focus_by_tab(browser, "share-button")
    webdriver.ActionChains(browser).send_keys(Keys.TAB).perform()
    first = browser.switch_to.active_element
    assert first.get_attribute("class").split()[0] == "result"
    first.send_keys(Keys.ENTER)
    assert "longest match" in by_id(browser, "explanation").text
    assert [r.get_attribute("data-verdict") for r in cells(browser)] == ["disallowed", "allowed"]


def test_no_request_leaves_the_service_origin(browser, service, site):
    open_page(browser, service)
    replace_text(browser, "site-input", site.base_url)
    by_id(browser, "fetch-button").click()
    wait_until(browser, lambda d: "HTTP 200" in by_id(d, "fetch-status").text)
    replace_text(browser, "url-input", "/private/x")
    Select(by_id(browser, "crawler-select")).select_by_value("all")
    by_id(browser, "test-button").click()
    wait_until(browser, lambda d: len(cells(d)) > 1)
    names = browser.execute_script(
        "return performance.getEntries().map(e => e.name).filter(n => n.includes('://'));")
    assert any("/v1/evaluate" in name for name in names), names
    assert any("/v1/robots.txt" in name for name in names), names
    assert [name for name in names if not name.startswith(service + "/")] == []
    # The live file was fetched by the service, not by the browser: one request only.
    assert site.requested_paths() == {"/robots.txt": 1}


def test_page_headers_and_narrow_screen(browser, service):
    with urllib.request.urlopen(service + "/") as page:
        assert page.headers["Content-Type"] == "text/html; charset=utf-8"
        policy = page.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy
    with urllib.request.urlopen(service + "/tester.js") as script:
        assert script.headers["Content-Type"].startswith("text/javascript")
    browser.set_window_size(360, 800)
    open_page(browser, service)
    replace_text(browser, "url-input", "https://a.example/private/a-rather-long-path/to/wrap")
    run_test(browser, 1)
    width = browser.execute_script("return document.documentElement.clientWidth")
    overflow = browser.execute_script("return document.documentElement.scrollWidth")
    assert overflow <= width, (overflow, width)


def test_desktop_screenshot(browser, service, site):
    """The picture in the README: a live file loaded, edited, every AI crawler tested."""
    browser.set_window_size(1280, 900)
    load_live_file(browser, service, site)
    append_to_editor(browser, "\nUser-agent: Google-Extended\nDisallow: /articles/\n"
                              "Content-Usage: train-ai=n\nSitemap: /sitemap.xml\n")
    replace_text(browser, "url-input", "/articles/today\n/private/cart\n/about")
    Select(by_id(browser, "crawler-select")).select_by_value("ai")
    by_id(browser, "test-button").click()
    wait_until(browser, lambda d: len(cells(d)) > 3)
    cells(browser)[0].click()
    assert browser.find_elements(By.CSS_SELECTOR, "#diff tr.change")
