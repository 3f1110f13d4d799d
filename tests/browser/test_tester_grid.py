"""The tester page's answers as a grid, as `audit` prints them: one row per crawler or
agent, one column per URL, each cell the verdict and its decisive line; on a desktop and
on a phone-wide screen, in headless Chromium.

The service and the browser come from test_tester_page.py's fixtures: each test starts
its own and stops them whatever happens.
"""

from __future__ import annotations

import json
import pathlib
import sys
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_tester_page import (LIVE_ROBOTS, browser, by_id, cells,  # noqa: E402,F401
                              open_page, replace_text, run_test, service)

TWO_GROUPS = "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: Bingbot\nDisallow: /b\n"
LONG_URLS = [
    "https://www.example-outfitters.example/collections/summer-sale/products/linen-shirt"
    "?colour=blue&size=medium",
    "https://www.example-outfitters.example/journal/2024/how-we-choose-our-suppliers",
    "https://www.example-outfitters.example/private/checkout/confirmation?order=123456",
    "https://www.example-outfitters.example/search?q=waterproof+hiking+boots&sort=price",
]


def grid_rows(driver):
    """{crawler or agent: [verdict of each URL]}, in the grid's order."""
    found = {}
    for row in driver.find_elements(By.CSS_SELECTOR, "#results tbody tr"):
        name = row.get_attribute("data-crawler") or row.get_attribute("data-agent")
        found[name] = [cell.get_attribute("data-verdict")
                       for cell in row.find_elements(By.CSS_SELECTOR, "td.result")]
    return found


def column_urls(driver):
    return [heading.get_attribute("data-url")
            for heading in driver.find_elements(By.CSS_SELECTOR, "#results thead th.url")]


def test_many_crawlers_by_many_urls_is_one_row_per_crawler(browser, service):
    catalogue = json.load(urllib.request.urlopen(service + "/v1/crawlers"))["crawlers"]
    urls = ["https://a.example/", "https://a.example/private/x", "https://a.example/open"]
    open_page(browser, service)
    replace_text(browser, "robots-input", LIVE_ROBOTS.decode())
    replace_text(browser, "url-input", "\n".join(urls))
    Select(by_id(browser, "crawler-select")).select_by_value("all")
    run_test(browser, len(catalogue) * len(urls))
    assert column_urls(browser) == urls
    # One site: its paths head the columns, the site is said once.
    headings = browser.find_elements(By.CSS_SELECTOR, "#results thead th.url")
    assert [heading.text for heading in headings] == ["/", "/private/x", "/open"]
    assert "on https://a.example;" in browser.find_element(By.CSS_SELECTOR, "#results caption").text
    rows = grid_rows(browser)
    assert list(rows) == [crawler["name"] for crawler in catalogue]
    assert rows["GPTBot"] == ["disallowed"] * 3
    assert rows["Googlebot"] == ["allowed", "disallowed", "allowed"]
    gptbot = browser.find_elements(By.CSS_SELECTOR, '#results td.result[data-crawler="GPTBot"]')
    assert [cell.text for cell in gptbot] == ["disallowed L5"] * 3
    # Nothing is known of the usage preferences here: the grid does not say so 65 times.
    assert "unknown" not in by_id(browser, "results").text


def test_each_typed_token_is_its_own_row(browser, service):
    open_page(browser, service)
    replace_text(browser, "robots-input", TWO_GROUPS)
    replace_text(browser, "url-input", "https://a.example/g\nhttps://a.example/b")
    Select(by_id(browser, "crawler-select")).select_by_value("")
    replace_text(browser, "agent-input", "Googlebot, Bingbot")
    run_test(browser, 4)
    assert grid_rows(browser) == {"Googlebot": ["disallowed", "allowed"],
                                  "Bingbot": ["allowed", "disallowed"]}


def test_merged_tokens_are_one_crawler(browser, service):
    open_page(browser, service)
    replace_text(browser, "robots-input", TWO_GROUPS)
    replace_text(browser, "url-input", "https://a.example/g\nhttps://a.example/b")
    Select(by_id(browser, "crawler-select")).select_by_value("")
    replace_text(browser, "agent-input", "Googlebot, Bingbot")
    by_id(browser, "merge-input").click()
    run_test(browser, 2)
    # One crawler named by both tokens: both groups apply to it.
    assert grid_rows(browser) == {"Googlebot, Bingbot": ["disallowed", "disallowed"]}


# Where each URL heading wraps: the two characters around every line break.
LINE_BREAKS = """
  return [...document.querySelectorAll('#results thead th.url')].map((heading) => {
    const characters = [];
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; ++i) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        characters.push({ text: node.data[i], top: range.getBoundingClientRect().top });
      }
    }
    const breaks = [];
    for (let i = 1; i < characters.length; ++i) {
      if (characters[i].top > characters[i - 1].top + 1) {
        breaks.push(characters[i - 1].text + characters[i].text);
      }
    }
    return breaks;
  });"""


def test_urls_wrap_between_names_on_a_desktop(browser, service):
    browser.set_window_size(1280, 900)
    open_page(browser, service)
    replace_text(browser, "url-input", "\n".join(LONG_URLS))
    replace_text(browser, "agent-input", "Googlebot, Bingbot")
    run_test(browser, 2 * len(LONG_URLS))
    breaks = browser.execute_script(LINE_BREAKS)
    assert len(breaks) == len(LONG_URLS)
    assert any(breaks), "no URL heading wraps: the test shows nothing"
    for pair in (pair for heading in breaks for pair in heading):
        # After a slash, an equals sign, a hyphen, a question mark, a plus or a comma, or
        # before a query, a parameter or a fragment: never inside a name.
        assert pair[0] in "/=-?+," or pair[1] in "?&#", breaks


# Whether an element is on screen from its left edge to its right, nothing over it.
IN_SIGHT = """
  const box = arguments[0].getBoundingClientRect();
  const y = box.top + box.height / 2;
  return [box.left + 2, box.left + box.width / 2, box.right - 2].every((x) =>
    x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight &&
    arguments[0].contains(document.elementFromPoint(x, y)));"""


def test_a_phone_wide_screen_keeps_the_chosen_answer_in_context(browser, service):
    catalogue = json.load(urllib.request.urlopen(service + "/v1/crawlers"))["crawlers"]
    browser.set_window_size(360, 800)
    open_page(browser, service)
    replace_text(browser, "robots-input", LIVE_ROBOTS.decode())
    replace_text(browser, "url-input", "\n".join(LONG_URLS))
    Select(by_id(browser, "crawler-select")).select_by_value("all")
    found = run_test(browser, len(catalogue) * len(LONG_URLS))
    # The last answer: the last crawler's, for the last URL, far down and to the right,
    # scrolled to as a reader would (beside the sticky headings), then chosen.
    chosen = found[-1]
    browser.execute_script(
        "arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'})", chosen)
    chosen.click()
    assert "chosen" in chosen.get_attribute("class").split()
    heading = browser.find_elements(By.CSS_SELECTOR, "#results thead th.url")[-1]
    crawler = browser.find_elements(By.CSS_SELECTOR, "#results tbody th.asker")[-1]
    assert heading.get_attribute("data-url") == LONG_URLS[-1]
    assert browser.execute_script(IN_SIGHT, chosen)
    assert browser.execute_script(IN_SIGHT, heading), "the chosen answer's URL is out of sight"
    assert browser.execute_script(IN_SIGHT, crawler), "the chosen answer's crawler is out of sight"
    assert LONG_URLS[-1] in by_id(browser, "explanation").text
    width = browser.execute_script("return document.documentElement.clientWidth")
    scroll_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll_width <= width, (scroll_width, width)
