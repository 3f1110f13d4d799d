"""robotstxt.scrapy.RobotParser: Scrapy's robots.txt parser interface with Google's verdicts.

The crawl tests run real Scrapy crawls (in a subprocess) against a site served on
127.0.0.1 whose robots.txt holds rules where Protego, Scrapy's default parser, and
Google disagree; the server counts what was actually requested.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

scrapy_robotstxt = pytest.importorskip("scrapy.robotstxt")

import robotstxt  # noqa: E402
from conftest import SOURCE_DIR  # noqa: E402
from counting_site import CountingSite  # noqa: E402
from robotstxt.scrapy import RobotParser, product_token  # noqa: E402

# Each rule is one of Google's leniencies or strictnesses that Protego (2.x) reads
# differently; the comments give the Google reading (the rule of docs/semantics.md).
ROBOTS_TXT = b"""# Groups joined across other lines (2.2): OtherBot and MyBot share the rules below.
User-agent: OtherBot
Crawl-delay: 5
User-agent: MyBot
Disallow: /private/
Allow: /private/index.html
Disallow /no-colon
Disallow: /%7Etilde
Disallow: /caf%C3%A9
Disallow: /page
Allow: /page
Dissallow: /typo

User-agent: bot
Disallow: /substring
"""

# Path -> may MyBot fetch it, by docs/semantics.md, worked out by hand.
GOOGLE_VERDICTS = {
    "/": True,
    "/public": True,
    "/private/": True,  # 4.4: "Allow: /private/index.html" also allows /private/
    "/private/index.html": True,
    "/private/secret": False,
    "/no-colon": False,  # 1.6: "Disallow /no-colon" is a disallow without its colon
    "/~tilde": True,  # 4.1: the URL is not normalised; "~" is not "%7E"
    "/%7etilde": True,  # 1.8 upper-cases the rule's escapes, not the URL's
    "/%7Etilde": False,
    "/caf%C3%A9": False,
    "/caf%c3%a9": True,  # as for %7e
    "/page": True,  # 5.2: equally strong allow and disallow: allow wins
    "/typo": False,  # 1.7: "Dissallow" is an accepted typo
    "/substring": True,  # 2.5: "bot" names the agent "bot", not "MyBot"
}
ALLOWED_PATHS = {path for path, allowed in GOOGLE_VERDICTS.items() if allowed}


def test_fixture_verdicts_match_the_module():
    robots = robotstxt.RobotsTxt(ROBOTS_TXT)
    assert {path: robots.allowed("http://127.0.0.1" + path, "MyBot")
            for path in GOOGLE_VERDICTS} == GOOGLE_VERDICTS


def test_fixture_has_rules_protego_reads_differently():
    # Guards the crawl test's point: if Protego agreed everywhere, it would prove nothing.
    protego = pytest.importorskip("protego")
    parsed = protego.Protego.parse(ROBOTS_TXT.decode("utf-8"))
    differ = {path for path, allowed in GOOGLE_VERDICTS.items()
              if parsed.can_fetch("http://127.0.0.1" + path, "MyBot") != allowed}
    assert len(differ) >= 3, differ


@pytest.mark.parametrize("user_agent, token", [
    ("MyBot/1.0 (+https://example.com/bot)", "MyBot"),
    (b"MyBot/1.0 (+https://example.com/bot)", "MyBot"),
    ("Googlebot-Image/1.0", "Googlebot-Image"),
    ("  my_bot", "my_bot"),
    ("Mozilla/5.0 (compatible; Googlebot/2.1)", "Mozilla"),
    ("*", ""),
    ("", ""),
])
def test_product_token_is_the_leading_run_of_letters_dashes_and_underscores(user_agent, token):
    assert product_token(user_agent) == token


def test_product_token_rejects_non_text():
    with pytest.raises(TypeError, match="user_agent must be str or bytes"):
        product_token(None)


def test_parser_implements_scrapys_interface():
    assert issubclass(RobotParser, scrapy_robotstxt.RobotParser)
    parser = RobotParser.from_crawler(None, ROBOTS_TXT)
    assert parser.spider is None
    for path, allowed in GOOGLE_VERDICTS.items():
        url = "http://127.0.0.1:8000" + path
        assert parser.allowed(url, "MyBot/1.0 (+https://example.com/bot)") is allowed, path
        assert parser.allowed(url.encode(), b"MyBot/1.0") is allowed, path


def test_parser_changes_token_when_the_user_agent_changes():
    parser = RobotParser.from_crawler(None, b"User-agent: a\nDisallow: /\n")
    assert parser.allowed("http://h/x", "a/1.0") is False
    assert parser.allowed("http://h/x", "b/1.0") is True
    assert parser.allowed("http://h/x", b"a") is False


def test_non_utf8_body_keeps_its_rules():
    # Scrapy's own parsers drop a body that is not UTF-8 (allow all); Google reads bytes.
    parser = RobotParser.from_crawler(None, b"# caf\xe9\nUser-agent: *\nDisallow: /x\n")
    assert parser.allowed("http://h/x", "MyBot") is False
    assert parser.allowed("http://h/y", "MyBot") is True


def test_non_ascii_url_is_matched_as_sent():
    parser = RobotParser.from_crawler(None, "User-agent: *\nDisallow: /caf\u00e9\n".encode())
    assert parser.allowed("http://h/caf\u00e9", "MyBot") is False
    assert parser.allowed("http://h/caf%C3%A9", "MyBot") is False
    assert parser.allowed("http://h/cafe", "MyBot") is True


def crawl(site: CountingSite, parser: str, user_agent: str, robotstxt_user_agent: str = "") -> dict:
    config = {
        "urls": [site.base_url + path for path in GOOGLE_VERDICTS],
        "parser": parser,
        "user_agent": user_agent,
        "robotstxt_user_agent": robotstxt_user_agent,
    }
    script = SOURCE_DIR / "tests" / "support" / "scrapy_crawl.py"
    result = subprocess.run([sys.executable, str(script), json.dumps(config)],
                            capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def page_requests(site: CountingSite) -> dict[str, int]:
    return {path: count for path, count in site.requested_paths().items() if path != "/robots.txt"}


@pytest.mark.parametrize("user_agent, robotstxt_user_agent", [
    ("MyBot/1.0 (+http://127.0.0.1/bot)", ""),  # token taken from the User-Agent header
    ("Mozilla/5.0 (compatible; MyBot/1.0)", "MyBot"),  # the documented setting
])
def test_scrapy_crawl_fetches_exactly_the_pages_google_allows(user_agent, robotstxt_user_agent):
    with CountingSite(ROBOTS_TXT, GOOGLE_VERDICTS) as site:
        report = crawl(site, "robotstxt.scrapy.RobotParser", user_agent, robotstxt_user_agent)
        assert site.requested_paths().get("/robots.txt") == 1
        assert page_requests(site) == {path: 1 for path in ALLOWED_PATHS}
    assert report["forbidden"] == len(GOOGLE_VERDICTS) - len(ALLOWED_PATHS)
    assert len(report["fetched"]) == len(ALLOWED_PATHS)


def test_scrapy_crawl_with_protego_fetches_other_pages():
    # The same crawl with Scrapy's default parser: the difference is what this package fixes.
    with CountingSite(ROBOTS_TXT, GOOGLE_VERDICTS) as site:
        crawl(site, "scrapy.robotstxt.ProtegoRobotParser", "MyBot/1.0 (+http://127.0.0.1/bot)")
        assert set(page_requests(site)) != ALLOWED_PATHS


def test_module_imports_and_works_without_scrapy():
    # robotstxt.scrapy subclasses Scrapy's interface only when Scrapy is installed.
    code = (
        "import sys; sys.modules['scrapy'] = None\n"
        "from robotstxt.scrapy import RobotParser\n"
        "parser = RobotParser.from_crawler(None, b'User-agent: *\\nDisallow: /x\\n')\n"
        "print(parser.allowed('http://h/x', 'MyBot'), parser.allowed('http://h/y', 'MyBot'))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True"]
