"""The tester page's draft editor, in headless Chromium: the decisive line's marker lies
beside the text, and the lint list says what to do before there is anything in it.

The service and the browser come from test_tester_page.py's fixtures: each test starts
its own and stops them whatever happens.
"""

from __future__ import annotations

import pathlib
import sys

from selenium.webdriver.common.by import By

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_tester_page import (browser, by_id, open_page, replace_text,  # noqa: E402,F401
                              run_test, service)

# Where the first letter of a rendered line starts, where the line's marker ends, and
# where the textarea (transparent, over the rendering) puts its text.
GEOMETRY = """
  const line = arguments[0];
  const range = document.createRange();
  range.setStart(line.firstChild, 0);
  range.setEnd(line.firstChild, 1);
  const shadow = getComputedStyle(line).boxShadow;
  const marker = shadow === 'none' ? 0 : parseFloat(shadow.match(/(-?[0-9.]+)px/)[1]);
  const editor = document.getElementById('robots-input');
  const style = getComputedStyle(editor);
  return {
    letter: range.getBoundingClientRect().left,
    markerEnd: line.getBoundingClientRect().left + marker,
    marker: marker,
    textarea: editor.getBoundingClientRect().left + parseFloat(style.borderLeftWidth) +
              parseFloat(style.paddingLeft),
  };"""


def test_the_decisive_marker_leaves_the_first_letter_visible(browser, service):
    open_page(browser, service)
    replace_text(browser, "robots-input", "User-agent: *\nDisallow: /private/\n")
    replace_text(browser, "url-input", "https://a.example/private/x")
    run_test(browser, 1)
    line = browser.find_element(By.CSS_SELECTOR, '#robots-render .line[data-line="2"]')
    assert "decisive" in line.get_attribute("class").split()
    geometry = browser.execute_script(GEOMETRY, line)
    assert geometry["marker"] > 0, geometry
    assert geometry["letter"] >= geometry["markerEnd"], geometry
    # The rendering stays under the textarea's text, letter for letter.
    assert abs(geometry["letter"] - geometry["textarea"]) < 0.5, geometry


def test_the_lint_list_says_what_to_do_before_the_first_test(browser, service):
    open_page(browser, service)
    before = by_id(browser, "lint")
    assert before.is_displayed()
    assert "Test" in before.text and "Ctrl+Enter" in before.text, before.text
    replace_text(browser, "robots-input", "User-agent: Googlebot\nDisallow: /private/\n")
    replace_text(browser, "url-input", "https://a.example/")
    run_test(browser, 1)
    assert by_id(browser, "lint").text == "No findings."
