"""robotstxt.protego.Protego against the cases of Protego's own test suite.

The cases of Protego's tests/test_protego.py (scrapy/protego, version 0.6.1) are restated
here as tables of facts: robots.txt, URL, user agent, Protego's expected answer, ours.
Ours is Google's (docs/semantics.md); where it differs from Protego's, the row says why,
in one phrase naming the rule of docs/semantics.md. docs/python.md, "Switching from Protego", sums the
differences up. Not restated: the tests of Protego's private helpers and counters
(_parse_time_period, _total_line_seen), which are not part of its interface.
"""

from __future__ import annotations

import datetime
import pickle

import pytest

from robotstxt.protego import Protego, RequestRate, VisitTime

ALLOWED_1 = 'User-agent: * \nDisallow: /disallowed \nAllow: /allowed \nCrawl-delay: 10'
ALLOWED_2 = 'User-agent: * \nDisallow: /d \nCrawl-delay: 10'
MALFORMED_DISALLOW_1 = 'User-agent: * \nDisallow: /one \nDissallow: /two \nDissalow: /three \nDisalow: /four \nDiasllow: /five \nDisallaw: /six \n'
LENGTH_BASED_PRECEDENCE_1 = 'User-agent: * \nDisallow: / \nAllow: /page'
LENGTH_BASED_PRECEDENCE_2 = 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n'
LENGTH_BASED_PRECEDENCE_3 = 'user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n'
LENGTH_BASED_PRECEDENCE_4 = 'user-agent: FooBot\ndisallow: \nallow: \n'
LENGTH_BASED_PRECEDENCE_5 = 'user-agent: FooBot\ndisallow: /\nallow: /\n'
LENGTH_BASED_PRECEDENCE_6 = 'user-agent: FooBot\ndisallow: /x\nallow: /x/\n'
LENGTH_BASED_PRECEDENCE_7 = 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n'
LENGTH_BASED_PRECEDENCE_8 = 'user-agent: FooBot\nallow: /page\ndisallow: /*.html\n'
LENGTH_BASED_PRECEDENCE_9 = 'user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n'
LENGTH_BASED_PRECEDENCE_10 = 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n'
LENGTH_BASED_PRECEDENCE_11 = 'user-agent: FooBot\nallow: /p\ndisallow: /\n'
LENGTH_BASED_PRECEDENCE_12 = 'user-agent: FooBot\nallow: /folder\ndisallow: /folder\n'
LENGTH_BASED_PRECEDENCE_13 = 'user-agent: FooBot\ndisallow: /folder\nallow: /folder\n'
LENGTH_BASED_PRECEDENCE_14 = 'user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n'
LENGTH_BASED_PRECEDENCE_15 = 'user-agent: FooBot\nallow: /$\ndisallow: /\n'
ESCAPED_URL_1 = 'User-agent: * \nDisallow: / \nAllow: /a%3cd.html'
ESCAPED_URL_2 = 'User-agent: * \nDisallow: / \nAllow: /a%3c*'
UNESCAPED_URL_1 = 'User-agent: * \nDisallow: / \nAllow: /a<d.html'
UNESCAPED_URL_2 = 'User-agent: * \nDisallow: / \nAllow: /a<*'
URL_PARTS_1 = 'User-agent: * \nDisallow: /path;params?query \n'
URL_PARTS_2 = 'User-agent: * \nDisallow: /? \n'
URL_PARTS_3 = 'User-agent: * \nDisallow: /; \n'
EMPTY_RESPONSE_1 = ''
ALLOWED_WILDCARDS_1 = 'User-agent: first\n                     Disallow: /disallowed/*/end$\n                     Disallow: /protego*work\n\n                     User-agent: second\n                     Allow: /*allowed\n                     Disallow: /\n                '
ALLOWED_WILDCARDS_2 = '\n        # robots.txt for http://www.example.com/\n\n        User-agent: Rule1TestBot\n        Disallow:  /foo*\n\n        User-agent: Rule2TestBot\n        Disallow:  /foo*/bar.html\n\n        # Disallows anything containing the letter m!\n        User-agent: Rule3TestBot\n        Disallow:  *m\n\n        User-agent: Rule4TestBot\n        Allow:  /foo/bar.html\n        Disallow: *\n\n        User-agent: Rule5TestBot\n        Disallow:  /foo*/*bar.html\n\n        User-agent: Rule6TestBot\n        Allow:  /foo$\n        Disallow:  /foo\n\n        # Exercise excessive wildcards\n        # https://bitbucket.org/philip_semanchuk/robotexclusionrulesparser/issues/1\n        User-agent: Rule7TestBot\n        Allow: *****************/****.js\n\n        '
ALLOWED_WILDCARDS_3 = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n'
ALLOWED_WILDCARDS_4 = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n'
UNICODE_URL_AND_USERAGENT_1 = '\n        User-Agent: *\n        Disallow: /admin/\n        Disallow: /static/\n        # taken from https://en.wikipedia.org/robots.txt\n        Disallow: /wiki/K%C3%A4ytt%C3%A4j%C3%A4:\n        Disallow: /wiki/K\u00e4ytt\u00e4j\u00e4:\n        Disallow: /wiki/Keskustelu_k\u00e4ytt\u00e4j\u00e4st\u00e4:\n        User-Agent: Unic\u00f6deB\u00f6t\n        Disallow: /some/randome/page.html'
UNICODE_URL_AND_USERAGENT_2 = '\n        # robots.txt for http://www.example.com/\n\n        User-Agent: J\u00e4vla-Foobot\n        Disallow: /\n\n        User-Agent: \u041b\u044c\u0432\u0456\u0432-bot\n        Disallow: /totalitarianism/\n\n        '
NO_LEADING_USER_AGENT_1 = '\n        Disallow: /withoutUA\n        Allow: /withoutUA/exception\n        Crawl-delay: 5.2\n        User-Agent: testbot\n        Disallow: /withUA\n        '
DEFAULT_USER_AGENT_1 = '\n        User-Agent: robot\n        Disallow: /ro-bot\n\n        User-Agent: *\n        Disallow: /default-UA\n\n        User-Agent: testbot\n        Disallow: /testbot\n        '
USER_AGENT_CASE_INSENSITIVITY_1 = '\n        User-Agent: testbot\n        Disallow: /testbot\n\n        User-Agent: *\n        Disallow: /default-UA\n        '
USER_AGENT_GROUPING_1 = '\n        User-Agent: one\n        User-Agent: two\n        Disallow: /success\n        User-Agent: *\n        Disallow: /failure\n        '
USER_AGENT_GROUPING_2 = 'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n'
COMMENTS_1 = '\n        # comment 1\n        User-Agent: one # comment 2\n        # comment 3\n        User-Agent: two\n        Disallow: /one-two-bot\n        # Disallow: /commented\n        # comment 4\n        User-Agent: *\n        Disallow: /default-ua\n        '
COMMENTS_2 = 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n'
SKIP_UNKNOWN_DIRECTIVES_1 = '\n        User-Agent: one\n        Disallow: /bot-one\n        Harry: Potter\n        User-Agent: two\n        Disallow: /bot-two\n        '
SKIP_MALFORMED_LINE_1 = '\n        User-Agent: one\n        Disallow: /bot-one\n        Harry Potter\n        User-Agent: two\n        Disallow: /bot-two\n        '
EMPTY_DISALLOW_ALLOW_DIRECTIVES_1 = '\n        User-Agent: one\n        Disallow:\n\n        User-Agent: two\n        Allow:\n        '
EMPTY_RECORD_GROUP_1 = '\n        User-Agent: harrybot\n        Disallow: /\n        User-Agent: testbot\n        '
RFC1994_EXAMPLE_1 = '\n        # robots.txt for http://www.example.com/\n        User-agent: *\n        Disallow: /cyberworld/map/ # This is an infinite virtual URL space\n        Disallow: /tmp/ # these will soon disappear\n        Disallow: /foo.html\n        '
RFC1996_EXAMPLES_1 = '\n        # robots.txt for http://www.example.com/\n\n        User-agent: 1bot\n        Allow: /tmp\n        Disallow: /\n\n        User-agent: 2bot\n        Allow: /tmp/\n        Disallow: /\n\n        User-agent: 3bot\n        Allow: /a%3cd.html\n        Disallow: /\n\n        User-agent: 4bot\n        Allow: /a%3Cd.html\n        Disallow: /\n\n        User-agent: 5bot\n        Allow: /a%2fb.html\n        Disallow: /\n\n        User-agent: 6bot\n        Allow: /a/b.html\n        Disallow: /\n\n        User-agent: 7bot\n        Allow: /%7ejoe/index.html\n        Disallow: /\n\n        User-agent: 8bot\n        Allow: /~joe/index.html\n        Disallow: /\n        '
RFC1996_EXAMPLES_2 = '\n        # /robots.txt for http://www.example.org/\n        # comments to webmaster@example.org\n\n        User-agent: unhipbot\n        Disallow: /\n\n        User-agent: webcrawler\n        User-agent: excite\n        Disallow:\n\n        User-agent: *\n        Disallow: /org/plans.html\n        Allow: /org/\n        Allow: /serv\n        Allow: /~mak\n        Disallow: /\n        '
IMPLICIT_ALLOW_1 = '\n        # robots.txt for http://www.example.com/\n\n        User-agent: *\n        Disallow:    /\n\n        User-agent: foobot\n        Disallow:\n        '
GROUPING_UNKNOWN_KEYS_1 = '\n        User-agent: abc\n        Disallow: /content/2/\n        User-agent: *\n        Invalid_directive: /gb.html\n        Invalid_directive: /content/2/\n        User-agent: ia_archiver\n        Disallow: /\n        '
GENEROSITY_1 = '\n        Foo: Foobot\n        Bar: /'
GENEROSITY_2 = '\n        user-agent foobot\n        disallow /\n        user agent harry potter\n        disallow /horcrux\n        request rate 1/10s 1820-1940\n        '
GENEROSITY_3 = '\n        user-agent: foo*bot\n        disallow: /myprofile\n        '
DIRECTIVE_CASE_INSENSITIVITY_1 = '\n        USER-AGENT: onebot\n        ALLOW: /x\n        DISALLOW: /\n\n        user-agent: twobot\n        allow: /x\n        disallow: /\n\n        uSEr-aGEnT: threeBot\n        AlLoW: /x\n        DIsALlOw: /\n        '
INDEX_HTML_IS_DIRECTORY_1 = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n'
PERCENTAGE_ENCODING_1 = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n'
PERCENTAGE_ENCODING_2 = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/\u30c4\n'
PERCENTAGE_ENCODING_3 = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n'
PERCENTAGE_ENCODING_4 = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n'
URL_CASE_SENSITIVITY_1 = 'user-agent: FooBot\ndisallow: /x/\n'
URL_CASE_SENSITIVITY_2 = 'user-agent: FooBot\ndisallow: /X/\n'
NONTERMINAL_DOLLAR_1 = 'user-agent: FooBot\ndisallow: /x$/abc\ndisallow: /y/abc$\ndisallow: /x*x$/abc\ndisallow: /y*y/abc$\n'
ESCAPED_SPECIAL_SYMBOLS_1 = 'user-agent: FooBot\ndisallow: /x/abc%24\ndisallow: /x%2Ax/abc\n'
SPECIAL_SYMBOLS_DUAL_BEHAVIOUR_1 = 'user-agent: FooBot\ndisallow: /x/abc$\ndisallow: /x*x/abc\n'
WITH_ABSOLUTE_URLS_1 = 'user-agent: *\ndisallow: http://ms-web00.walkerplus.com/\n'
DISALLOW_TARGET_URL_PATH_IS_MISSING_1 = 'User-Agent: *\nDisallow: /\n'
LEADING_DOUBLE_SLASH_IN_PATTERN_1 = 'User-Agent: *\nDisallow: //folder/*\n'
DISALLOW_QUERY_WILDCARD_1 = 'User-agent: * \nDisallow: /*s='

URL_AS_GIVEN = "4.1: the URL is matched as given, '<' and '%3c' are not '%3C'"
RULE_TOKEN = "2.4: every 'RuleNTestBot' is the token 'Rule', so their groups merge"
J_TOKEN = "2.4: 'J\u00e4vla-Foobot' and 'j\u00e4vla-fanbot' are both the token 'J'"
MOZILLA = "2.4: the agent is its leading token 'Mozilla', not a substring"
NBOT = "2.4: 'Nbot' starts with no product token, so no group names it"
TILDE = "4.1: the rule's '~' is not the URL's '%7E'"
UNKNOWN_KEYS = "2.2: other lines end no group, '*' shares ia_archiver's 'Disallow: /'"
THREE_WORDS = '1.6: a colon-less line of more than two words is ignored'
STAR_TOKEN = "2.4: 'foo*bot' is the token 'foo', not a pattern"
ESCAPES_KEPT = "4.1: escapes are not decoded, '%62%61%7A' is not 'baz'"
DOLLAR_LITERAL = "4.2: a '$' inside a rule is a literal '$', not the URL's '%24'"
ESCAPE_LITERAL = "4.1: the rule's '%24' or '%2A' is not the URL's '$' or '*'"
DOLLAR_ANCHOR = "4.2: a final '$' anchors the end, it matches no '$' character"
ANCHORED = "4.2: a rule is anchored at the path's start, 'http://...' never matches it"

CAN_FETCH_CASES = [
    ('allowed', ALLOWED_1, 'https://www.site.local/allowed', '*', True, True, None),
    ('allowed', ALLOWED_1, 'https://www.site.local/disallowed', '*', False, False, None),
    ('allowed', ALLOWED_2, 'https://www.site.local/abc/d', '*', True, True, None),
    ('allowed', ALLOWED_2, 'https://www.site.local/disallowed', '*', False, False, None),
    ('malformed_disallow', MALFORMED_DISALLOW_1, 'https://www.site.local/one', '*', False, False, None),
    ('malformed_disallow', MALFORMED_DISALLOW_1, 'https://www.site.local/two', '*', False, False, None),
    ('malformed_disallow', MALFORMED_DISALLOW_1, 'https://www.site.local/three', '*', False, False, None),
    ('malformed_disallow', MALFORMED_DISALLOW_1, 'https://www.site.local/four', '*', False, False, None),
    ('malformed_disallow', MALFORMED_DISALLOW_1, 'https://www.site.local/five', '*', False, False, None),
    ('malformed_disallow', MALFORMED_DISALLOW_1, 'https://www.site.local/six', '*', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_1, 'https://www.site.local/page', '*', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_1, 'https://www.site.local/elsewhere', '*', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_2, 'http://foo.bar/x/page.html', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_3, 'http://foo.bar/x/page.html', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_3, 'http://foo.bar/x/', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_4, 'http://foo.bar/x/page.html', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_5, 'http://foo.bar/x/page.html', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_6, 'http://foo.bar/x/', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_6, 'http://foo.bar/x', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_7, 'http://foo.bar/x/page.html', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_8, 'http://foo.bar/page', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_8, 'http://foo.bar/page.html', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_9, 'http://foo.bar/x/page.html', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_9, 'http://foo.bar/x/y.html', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_10, 'http://foo.bar/x/page', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_10, 'http://foo.bar/y/page', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_11, 'http://example.com/page', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_12, 'http://example.com/folder/page', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_13, 'http://example.com/folder/page', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_14, 'http://example.com/page.htm', 'FooBot', False, False, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_15, 'http://example.com/', 'FooBot', True, True, None),
    ('length_based_precedence', LENGTH_BASED_PRECEDENCE_15, 'http://example.com/page.html', 'FooBot', False, False, None),
    ('escaped_url', ESCAPED_URL_1, 'https://www.site.local/a<d.html', '*', True, False, URL_AS_GIVEN),
    ('escaped_url', ESCAPED_URL_1, 'https://www.site.local/a%3cd.html', '*', True, False, URL_AS_GIVEN),
    ('escaped_url', ESCAPED_URL_2, 'https://www.site.local/a<d.html', '*', True, False, URL_AS_GIVEN),
    ('escaped_url', ESCAPED_URL_2, 'https://www.site.local/a%3cd.html', '*', True, False, URL_AS_GIVEN),
    ('unescaped_url', UNESCAPED_URL_1, 'https://www.site.local/a<d.html', '*', True, True, None),
    ('unescaped_url', UNESCAPED_URL_1, 'https://www.site.local/a%3cd.html', '*', True, False, URL_AS_GIVEN),
    ('unescaped_url', UNESCAPED_URL_2, 'https://www.site.local/a<d.html', '*', True, True, None),
    ('unescaped_url', UNESCAPED_URL_2, 'https://www.site.local/a%3cd.html', '*', True, False, URL_AS_GIVEN),
    ('url_parts', URL_PARTS_1, 'http://userinfo@exmaple.com:10/path;params?query#fragment', '*', False, False, None),
    ('url_parts', URL_PARTS_2, '/?query', '*', False, False, None),
    ('url_parts', URL_PARTS_2, '/', '*', True, True, None),
    ('url_parts', URL_PARTS_3, '/;params', '*', False, False, None),
    ('url_parts', URL_PARTS_3, '/', '*', True, True, None),
    ('empty_response', EMPTY_RESPONSE_1, 'https://site.local/', '*', True, True, None),
    ('empty_response', EMPTY_RESPONSE_1, 'https://site.local/', 'chrome', True, True, None),
    ('empty_response', EMPTY_RESPONSE_1, 'https://site.local/index.html', '*', True, True, None),
    ('empty_response', EMPTY_RESPONSE_1, 'https://site.local/disallowed', '*', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/disallowed', 'first', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/disallowed/xyz/end', 'first', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/disallowed/abc/end', 'first', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/disallowed/xyz/endinglater', 'first', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/protegoworks', 'first', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/protego_works', 'first', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/protego/works', 'first', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/protego_does_work', 'first', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/rotego_does_work', 'first', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/protego_does_wor', 'first', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/allowed', 'second', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/is_still_allowed', 'second', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_1, 'https://www.site.local/is_allowed_too', 'second', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/fo.html', 'Rule1TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo.html', 'Rule1TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/food', 'Rule1TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.html', 'Rule1TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/fo.html', 'Rule2TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.html', 'Rule2TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/food/bar.html', 'Rule2TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/a/b/c/x/y/z/bar.html', 'Rule2TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/food/xyz.html', 'Rule2TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo.htm', 'Rule3TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo.html', 'Rule3TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo', 'Rule3TestBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foom', 'Rule3TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/moo', 'Rule3TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.html', 'Rule3TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.txt', 'Rule3TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/fo.html', 'Rule4TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo.html', 'Rule4TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo', 'Rule4TestBot', False, True, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.html', 'Rule4TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.txt', 'Rule4TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.html', 'Rule5TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/food/rebar.html', 'Rule5TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/food/rebarf.html', 'Rule5TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/a/b/c/rebar.html', 'Rule5TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/a/b/c/bar.html', 'Rule5TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo', 'Rule6TestBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/', 'Rule6TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/foo/bar.html', 'Rule6TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/fooey', 'Rule6TestBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, 'xyz/foo.js', 'Rule7TestBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_2, '/inlife/daily/fashion-20160727/', 'Rule7TestBot', True, False, RULE_TOKEN),
    ('allowed_wildcards', ALLOWED_WILDCARDS_3, 'http://foo.bar/foo/bar/quz', 'FooBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_3, 'http://foo.bar/foo/quz', 'FooBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_3, 'http://foo.bar/foo//quz', 'FooBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_3, 'http://foo.bar/foo/bax/quz', 'FooBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_4, 'http://foo.bar/foo/bar', 'FooBot', False, False, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_4, 'http://foo.bar/foo/bar/qux', 'FooBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_4, 'http://foo.bar/foo/bar/', 'FooBot', True, True, None),
    ('allowed_wildcards', ALLOWED_WILDCARDS_4, 'http://foo.bar/foo/bar/baz', 'FooBot', True, True, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/', '*', True, True, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/admin/', '*', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/static/', '*', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/admin/', 'Unic\u00f6deB\u00f6t', True, True, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/wiki/K%C3%A4ytt%C3%A4j%C3%A4:', '*', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/wiki/K\u00e4ytt\u00e4j\u00e4:', '*', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/wiki/Keskustelu_k%C3%A4ytt%C3%A4j%C3%A4st%C3%A4:', '*', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/wiki/Keskustelu_k\u00e4ytt\u00e4j\u00e4st\u00e4:', '*', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/some/randome/page.html', '*', True, True, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_1, 'https://site.local/some/randome/page.html', 'Unic\u00f6deB\u00f6t', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_2, '/foo/bar.html', 'j\u00e4vla-fanbot', True, False, J_TOKEN),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_2, '/foo/bar.html', 'j\u00e4vla-foobot', False, False, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_2, '/', 'foobot', True, True, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_2, '/', 'Mozilla/5.0 (compatible; \u041b\u044c\u0432\u0456\u0432-bot/1.1)', True, True, None),
    ('unicode_url_and_useragent', UNICODE_URL_AND_USERAGENT_2, '/totalitarianism/foo.htm', 'Mozilla/5.0 (compatible; \u041b\u044c\u0432\u0456\u0432-bot/1.1)', False, True, MOZILLA),
    ('no_leading_user_agent', NO_LEADING_USER_AGENT_1, 'https://site.local/withoutUA', 'mybot', True, True, None),
    ('no_leading_user_agent', NO_LEADING_USER_AGENT_1, 'https://site.local/withoutUA', 'testbot', True, True, None),
    ('no_leading_user_agent', NO_LEADING_USER_AGENT_1, 'https://site.local/withoutUA', '*', True, True, None),
    ('no_leading_user_agent', NO_LEADING_USER_AGENT_1, 'https://site.local/withUA', 'mybot', True, True, None),
    ('no_leading_user_agent', NO_LEADING_USER_AGENT_1, 'https://site.local/withUA', 'testbot', False, False, None),
    ('default_user_agent', DEFAULT_USER_AGENT_1, 'https://site.local/default-UA', 'mybot', False, False, None),
    ('default_user_agent', DEFAULT_USER_AGENT_1, 'https://site.local/default-UA', 'testbot', True, True, None),
    ('default_user_agent', DEFAULT_USER_AGENT_1, 'https://site.local/default-UA', 'robot', True, True, None),
    ('user_agent_case_insensitivity', USER_AGENT_CASE_INSENSITIVITY_1, 'https://site.local/testbot', 'TESTbot', False, False, None),
    ('user_agent_case_insensitivity', USER_AGENT_CASE_INSENSITIVITY_1, 'https://site.local/default-UA', 'TESTbot', True, True, None),
    ('user_agent_case_insensitivity', USER_AGENT_CASE_INSENSITIVITY_1, 'https://site.local/testbot', 'testbot', False, False, None),
    ('user_agent_case_insensitivity', USER_AGENT_CASE_INSENSITIVITY_1, 'https://site.local/default-UA', 'testbot', True, True, None),
    ('user_agent_case_insensitivity', USER_AGENT_CASE_INSENSITIVITY_1, 'https://site.local/testbot', 'tEStbOt', False, False, None),
    ('user_agent_case_insensitivity', USER_AGENT_CASE_INSENSITIVITY_1, 'https://site.local/default-UA', 'tEStbOt', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_1, 'https://site.local/success', 'one', False, False, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_1, 'https://site.local/success', 'two', False, False, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_1, 'https://site.local/failure', 'one', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_1, 'https://site.local/failure', 'two', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/x/b', 'FooBot', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/z/d', 'FooBot', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/y/c', 'FooBot', False, False, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/y/c', 'BarBot', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/w/a', 'BarBot', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/z/d', 'BarBot', False, False, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/z/d', 'BazBot', True, True, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/foo/bar/', 'FooBot', False, False, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/foo/bar/', 'BarBot', False, False, None),
    ('user_agent_grouping', USER_AGENT_GROUPING_2, 'http://foo.bar/foo/bar/', 'BazBot', False, False, None),
    ('comments', COMMENTS_1, 'https://site.local/one-two-bot', 'one', False, False, None),
    ('comments', COMMENTS_1, 'https://site.local/one-two-bot', 'two', False, False, None),
    ('comments', COMMENTS_1, 'https://site.local/commented', 'one', True, True, None),
    ('comments', COMMENTS_1, 'https://site.local/commented', 'two', True, True, None),
    ('comments', COMMENTS_1, 'https://site.local/default-ua', 'one', True, True, None),
    ('comments', COMMENTS_1, 'https://site.local/default-ua', 'two', True, True, None),
    ('comments', COMMENTS_2, 'http://foo.bar/foo/bar', 'FooBot', True, True, None),
    ('comments', COMMENTS_2, 'http://foo.bar/foo/quz', 'FooBot', False, False, None),
    ('skip_unknown_directives', SKIP_UNKNOWN_DIRECTIVES_1, 'https://site.local/bot-one', 'one', False, False, None),
    ('skip_unknown_directives', SKIP_UNKNOWN_DIRECTIVES_1, 'https://site.local/bot-two', 'one', True, True, None),
    ('skip_unknown_directives', SKIP_UNKNOWN_DIRECTIVES_1, 'https://site.local/bot-two', 'two', False, False, None),
    ('skip_unknown_directives', SKIP_UNKNOWN_DIRECTIVES_1, 'https://site.local/bot-one', 'two', True, True, None),
    ('skip_malformed_line', SKIP_MALFORMED_LINE_1, 'https://site.local/bot-one', 'one', False, False, None),
    ('skip_malformed_line', SKIP_MALFORMED_LINE_1, 'https://site.local/bot-two', 'one', True, True, None),
    ('skip_malformed_line', SKIP_MALFORMED_LINE_1, 'https://site.local/bot-two', 'two', False, False, None),
    ('skip_malformed_line', SKIP_MALFORMED_LINE_1, 'https://site.local/bot-one', 'two', True, True, None),
    ('empty_disallow_allow_directives', EMPTY_DISALLOW_ALLOW_DIRECTIVES_1, 'https://site.local/path1', 'one', True, True, None),
    ('empty_disallow_allow_directives', EMPTY_DISALLOW_ALLOW_DIRECTIVES_1, 'https://site.local/path2', 'one', True, True, None),
    ('empty_disallow_allow_directives', EMPTY_DISALLOW_ALLOW_DIRECTIVES_1, 'https://site.local/path1', 'two', True, True, None),
    ('empty_disallow_allow_directives', EMPTY_DISALLOW_ALLOW_DIRECTIVES_1, 'https://site.local/path2', 'two', True, True, None),
    ('empty_record_group', EMPTY_RECORD_GROUP_1, 'https://site.local/path1', 'testbot', True, True, None),
    ('empty_record_group', EMPTY_RECORD_GROUP_1, 'https://site.local/path2', 'testbot', True, True, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/', 'CrunchyFrogBot', True, True, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/foo.htm', 'CrunchyFrogBot', True, True, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/foo.shtml', 'CrunchyFrogBot', True, True, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/foo.htmlx', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/cyberworld/index.html', 'CrunchyFrogBot', True, True, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, '/tmp/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, 'http://example.com/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, 'http://www.example.com/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, 'http://www.example.org/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, 'https://www.example.org/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1994rfc_example', RFC1994_EXAMPLE_1, 'ftp://example.net/foo.html', 'CrunchyFrogBot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/tmp.html', '1bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/tmp', '1bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/tmp/a.html', '1bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/tmp', '2bot', False, True, NBOT),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/tmp/', '2bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/tmp/a.html', '2bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a%3cd.html', '3bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a%3Cd.html', '3bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a%3cd.html', '4bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a%3Cd.html', '4bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a%2fb.html', '5bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a/b.html', '5bot', False, True, NBOT),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a%2fb.html', '6bot', False, True, NBOT),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/a/b.html', '6bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/~joe/index.html', '7bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_1, '/%7Ejoe/index.html', '8bot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/', 'OtherBot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/index.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/index.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/index.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/index.html', 'OtherBot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/server.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/server.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/server.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/server.html', 'OtherBot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/fast.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/fast.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/fast.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/fast.html', 'OtherBot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/slow.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/slow.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/slow.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/services/slow.html', 'OtherBot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/orgo.gif', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/orgo.gif', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/orgo.gif', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/orgo.gif', 'OtherBot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/about.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/about.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/about.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/about.html', 'OtherBot', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/plans.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/plans.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/plans.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/org/plans.html', 'OtherBot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Ejim/jim.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Ejim/jim.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Ejim/jim.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Ejim/jim.html', 'OtherBot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Emak/mak.html', 'unhipbot', False, False, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Emak/mak.html', 'webcrawler', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Emak/mak.html', 'excite', True, True, None),
    ('1996rfc_examples', RFC1996_EXAMPLES_2, 'http://www.example.org/%7Emak/mak.html', 'OtherBot', True, False, TILDE),
    ('implicit_allow', IMPLICIT_ALLOW_1, '/', 'foobot', True, True, None),
    ('implicit_allow', IMPLICIT_ALLOW_1, '/bar.html', 'foobot', True, True, None),
    ('implicit_allow', IMPLICIT_ALLOW_1, '/', 'SomeOtherBot', False, False, None),
    ('implicit_allow', IMPLICIT_ALLOW_1, '/blahblahblah', 'SomeOtherBot', False, False, None),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/foo', 'agent', True, False, UNKNOWN_KEYS),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/foobar', 'agent', True, False, UNKNOWN_KEYS),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/content/2', 'agent', True, False, UNKNOWN_KEYS),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/bar', 'ia_archiver', False, False, None),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/foo', 'ia_archiver', False, False, None),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/foobar', 'ia_archiver', False, False, None),
    ('grouping_unknown_keys', GROUPING_UNKNOWN_KEYS_1, '/content/2', 'ia_archiver', False, False, None),
    ('generosity', GENEROSITY_1, 'http://foo.bar/x/y', 'FooBot', True, True, None),
    ('generosity', GENEROSITY_2, 'http://foo.bar/x/y', 'FooBot', False, False, None),
    ('generosity', GENEROSITY_2, 'http://foo.bar/horcrux', 'harry potter', False, True, THREE_WORDS),
    ('generosity', GENEROSITY_2, 'http://foo.bar/abc', 'harry potter', True, True, None),
    ('generosity', GENEROSITY_3, 'http://foo.bar/myprofile', 'foo*bot', False, False, None),
    ('generosity', GENEROSITY_3, 'http://foo.bar/myprofile', 'foobot', False, True, STAR_TOKEN),
    ('directive_case_insensitivity', DIRECTIVE_CASE_INSENSITIVITY_1, 'http://foo.bar/x/y', 'onebot', True, True, None),
    ('directive_case_insensitivity', DIRECTIVE_CASE_INSENSITIVITY_1, 'http://foo.bar/a/b', 'onebot', False, False, None),
    ('directive_case_insensitivity', DIRECTIVE_CASE_INSENSITIVITY_1, 'http://foo.bar/x/y', 'twobot', True, True, None),
    ('directive_case_insensitivity', DIRECTIVE_CASE_INSENSITIVITY_1, 'http://foo.bar/a/b', 'onebot', False, False, None),
    ('directive_case_insensitivity', DIRECTIVE_CASE_INSENSITIVITY_1, 'http://foo.bar/x/y', 'threebot', True, True, None),
    ('directive_case_insensitivity', DIRECTIVE_CASE_INSENSITIVITY_1, 'http://foo.bar/a/b', 'onebot', False, False, None),
    ('index_html_is_directory', INDEX_HTML_IS_DIRECTORY_1, 'http://foo.com/allowed-slash/', 'footbot', True, True, None),
    ('index_html_is_directory', INDEX_HTML_IS_DIRECTORY_1, 'http://foo.com/allowed-slash/index.html', 'footbot', True, True, None),
    ('index_html_is_directory', INDEX_HTML_IS_DIRECTORY_1, 'http://foo.com/allowed-slash/index.htm', 'footbot', False, False, None),
    ('index_html_is_directory', INDEX_HTML_IS_DIRECTORY_1, 'http://foo.com/anyother-url', 'footbot', False, False, None),
    ('percentage_encoding', PERCENTAGE_ENCODING_1, 'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par', 'FooBot', True, True, None),
    ('percentage_encoding', PERCENTAGE_ENCODING_2, 'http://foo.bar/foo/bar/%E3%83%84', 'FooBot', True, True, None),
    ('percentage_encoding', PERCENTAGE_ENCODING_2, 'http://foo.bar/foo/bar/\u30c4', 'FooBot', True, True, None),
    ('percentage_encoding', PERCENTAGE_ENCODING_3, 'http://foo.bar/foo/bar/%E3%83%84', 'FooBot', True, True, None),
    ('percentage_encoding', PERCENTAGE_ENCODING_3, 'http://foo.bar/foo/bar/\u30c4', 'FooBot', True, True, None),
    ('percentage_encoding', PERCENTAGE_ENCODING_4, 'http://foo.bar/foo/bar/baz', 'FooBot', True, False, ESCAPES_KEPT),
    ('percentage_encoding', PERCENTAGE_ENCODING_4, 'http://foo.bar/foo/bar/%62%61%7A', 'FooBot', True, True, None),
    ('url_case_sensitivity', URL_CASE_SENSITIVITY_1, 'http://foo.bar/x/y', 'FooBot', False, False, None),
    ('url_case_sensitivity', URL_CASE_SENSITIVITY_2, 'http://foo.bar/x/y', 'FooBot', True, True, None),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/x$/abcdef', 'FooBot', False, False, None),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/x%24/abcdef', 'FooBot', False, True, DOLLAR_LITERAL),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/y/abcdef', 'FooBot', True, True, None),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/y/abc', 'FooBot', False, False, None),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/xabcx$/abcdef', 'FooBot', False, False, None),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/xabcx%24/abcdef', 'FooBot', False, True, DOLLAR_LITERAL),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/yabcy/abc', 'FooBot', False, False, None),
    ('nonterminal_dollar', NONTERMINAL_DOLLAR_1, 'http://foo.bar/yabcy/abcdef', 'FooBot', True, True, None),
    ('escaped_special_symbols', ESCAPED_SPECIAL_SYMBOLS_1, 'http://foo.bar/x/abc$abc', 'FooBot', False, True, ESCAPE_LITERAL),
    ('escaped_special_symbols', ESCAPED_SPECIAL_SYMBOLS_1, 'http://foo.bar/x/abc$', 'FooBot', False, True, ESCAPE_LITERAL),
    ('escaped_special_symbols', ESCAPED_SPECIAL_SYMBOLS_1, 'http://foo.bar/x/abc', 'FooBot', True, True, None),
    ('escaped_special_symbols', ESCAPED_SPECIAL_SYMBOLS_1, 'http://foo.bar/x*x/abc', 'FooBot', False, True, ESCAPE_LITERAL),
    ('escaped_special_symbols', ESCAPED_SPECIAL_SYMBOLS_1, 'http://foo.bar/x*x/abcdef', 'FooBot', False, True, ESCAPE_LITERAL),
    ('escaped_special_symbols', ESCAPED_SPECIAL_SYMBOLS_1, 'http://foo.bar/xabcx/abc', 'FooBot', True, True, None),
    ('special_symbols_dual_behaviour', SPECIAL_SYMBOLS_DUAL_BEHAVIOUR_1, 'http://foo.bar/x*x/abc', 'FooBot', False, False, None),
    ('special_symbols_dual_behaviour', SPECIAL_SYMBOLS_DUAL_BEHAVIOUR_1, 'http://foo.bar/x/abc$', 'FooBot', False, True, DOLLAR_ANCHOR),
    ('special_symbols_dual_behaviour', SPECIAL_SYMBOLS_DUAL_BEHAVIOUR_1, 'http://foo.bar/x/abc%24', 'FooBot', False, True, DOLLAR_ANCHOR),
    ('with_absolute_urls', WITH_ABSOLUTE_URLS_1, 'http://foo.bar/', 'FooBot', True, True, None),
    ('with_absolute_urls', WITH_ABSOLUTE_URLS_1, 'http://foo.bar/http://ms-web00.walkerplus.com/', 'FooBot', False, True, ANCHORED),
    ('disallow_target_url_path_is_missing', DISALLOW_TARGET_URL_PATH_IS_MISSING_1, 'http://example.com/', 'FooBot', False, False, None),
    ('disallow_target_url_path_is_missing', DISALLOW_TARGET_URL_PATH_IS_MISSING_1, 'http://example.com', 'FooBot', False, False, None),
    ('leading_double_slash_in_pattern', LEADING_DOUBLE_SLASH_IN_PATTERN_1, 'http://example.com/', 'FooBot', True, True, None),
    ('leading_double_slash_in_pattern', LEADING_DOUBLE_SLASH_IN_PATTERN_1, 'http://example.com/folder', 'FooBot', True, True, None),
    ('leading_double_slash_in_pattern', LEADING_DOUBLE_SLASH_IN_PATTERN_1, 'http://example.com/folder/', 'FooBot', True, True, None),
    ('leading_double_slash_in_pattern', LEADING_DOUBLE_SLASH_IN_PATTERN_1, 'http://example.com/folder/page', 'FooBot', True, True, None),
    ('leading_double_slash_in_pattern', LEADING_DOUBLE_SLASH_IN_PATTERN_1, 'http://example.com//folder', 'FooBot', True, True, None),
    ('leading_double_slash_in_pattern', LEADING_DOUBLE_SLASH_IN_PATTERN_1, 'http://example.com//folder/page', 'FooBot', False, False, None),
    ('disallow_query_wildcard', DISALLOW_QUERY_WILDCARD_1, 'https://www.site.local/', '*', True, True, None),
    ('disallow_query_wildcard', DISALLOW_QUERY_WILDCARD_1, 'https://www.site.local/s/', '*', True, True, None),
    ('disallow_query_wildcard', DISALLOW_QUERY_WILDCARD_1, 'https://www.site.local/?s=asd', '*', False, False, None),
]


@pytest.mark.parametrize(
    "test, body, url, user_agent, protego_expects, ours, reason", CAN_FETCH_CASES,
    ids=[f"{case[0]}-{number}" for number, case in enumerate(CAN_FETCH_CASES)])
def test_protego_can_fetch_case(test, body, url, user_agent, protego_expects, ours, reason):
    assert Protego.parse(body).can_fetch(url, user_agent) is ours
    assert (ours == protego_expects) == (reason is None), "a difference needs its reason"


def test_most_cases_agree():
    # Guards the table: the differences are the exceptions it documents.
    differ = [case for case in CAN_FETCH_CASES if case[4] != case[5]]
    assert len(CAN_FETCH_CASES) == 301
    assert len(differ) == 35


RATES = (
    "User-agent: one\nRequest-rate: 1/10s\nUser-agent: two\nRequest-rate: 100/15m\n"
    "User-agent: three\nRequest-rate: 400/1h\nUser-agent: four\nRequest-rate: 9000/1d\n"
    "User-agent: five\nRequest-rate: 1/10s 1820-1940\n"
)
BARE_RATES = (
    "User-agent: one\nRequest-rate: 1/60\nUser-agent: two\nRequest-rate: 10/60\n"
    "User-agent: three\nRequest-rate: 90/180\nUser-agent: four\nRequest-rate: 1/5\n"
    "User-agent: five\nRequest-rate: 1/10 0600-0845\n"
)
NO_RATE = "User-agent: one\nRequest-rate: 1/10s\nUser-agent: two\nDisallow: /\n"
CRAWL_DELAYS = (
    "User-agent: * \nDisallow: /disallowed \nAllow: /allowed \nCrawl-delay: 10 \n"
    "User-agent: testbot\nCrawl-delay: 15 \n"
)
NO_LEADING_USER_AGENT = (
    "Disallow: /withoutUA\nAllow: /withoutUA/exception\nCrawl-delay: 5.2\n"
    "User-Agent: testbot\nDisallow: /withUA\n"
)
VISIT_TIME = "User-Agent: *\nVisit-time: 0200 0630\nUser-Agent: NoTime"
T = datetime.time
ONE_GROUP = "2.2: no rule between the user-agent lines, so they are one group: its first value"
NOT_A_LINE = "1.6: a colon-less line of more than two words is ignored"

# (Protego's test, body, method, user agent, Protego's expectation, ours, why they differ)
OTHER_CASES = [
    ("crawl_delay", CRAWL_DELAYS, "crawl_delay", "*", 10.0, 10.0, None),
    ("crawl_delay", CRAWL_DELAYS, "crawl_delay", "testbot", 15.0, 15.0, None),
    ("malformed_crawl_delay", ALLOWED_1.replace("10", "random_word"), "crawl_delay", "*",
     None, None, None),
    ("no_crawl_delay", "User-agent: * \nDisallow: /disallowed \nAllow: /allowed",
     "crawl_delay", "*", None, None, None),
    ("no_leading_user_agent", NO_LEADING_USER_AGENT, "crawl_delay", "testbot", None, None, None),
    ("no_leading_user_agent", NO_LEADING_USER_AGENT, "crawl_delay", "*", None, None, None),
    ("request_rate", RATES, "request_rate", "one", RequestRate(1, 10, None, None),
     RequestRate(1, 10, None, None), None),
    ("request_rate", RATES, "request_rate", "two", RequestRate(100, 900, None, None),
     RequestRate(1, 10, None, None), ONE_GROUP),
    ("request_rate", RATES, "request_rate", "three", RequestRate(400, 3600, None, None),
     RequestRate(1, 10, None, None), ONE_GROUP),
    ("request_rate", RATES, "request_rate", "four", RequestRate(9000, 86400, None, None),
     RequestRate(1, 10, None, None), ONE_GROUP),
    ("request_rate", RATES, "request_rate", "five", RequestRate(1, 10, T(18, 20), T(19, 40)),
     RequestRate(1, 10, None, None), ONE_GROUP),
    ("request_rate_bare_number", BARE_RATES, "request_rate", "one",
     RequestRate(1, 60, None, None), RequestRate(1, 60, None, None), None),
    ("request_rate_bare_number", BARE_RATES, "request_rate", "two",
     RequestRate(10, 60, None, None), RequestRate(1, 60, None, None), ONE_GROUP),
    ("request_rate_bare_number", BARE_RATES, "request_rate", "three",
     RequestRate(90, 180, None, None), RequestRate(1, 60, None, None), ONE_GROUP),
    ("request_rate_bare_number", BARE_RATES, "request_rate", "four",
     RequestRate(1, 5, None, None), RequestRate(1, 60, None, None), ONE_GROUP),
    ("request_rate_bare_number", BARE_RATES, "request_rate", "five",
     RequestRate(1, 10, T(6, 0), T(8, 45)), RequestRate(1, 60, None, None), ONE_GROUP),
    ("no_request_rate", NO_RATE, "request_rate", "two", None, RequestRate(1, 10, None, None),
     ONE_GROUP),
    ("generosity", GENEROSITY_2, "request_rate", "harry potter",
     RequestRate(1, 10, T(18, 20), T(19, 40)), None, NOT_A_LINE),
    ("visit_time", VISIT_TIME, "visit_time", "FooBoot", VisitTime(T(2, 0), T(6, 30)),
     VisitTime(T(2, 0), T(6, 30)), None),
    ("visit_time", VISIT_TIME, "visit_time", "NoTime", None, VisitTime(T(2, 0), T(6, 30)),
     "2.2: 'NoTime' follows no rule, so it shares the '*' group"),
]


@pytest.mark.parametrize(
    "test, body, method, user_agent, protego_expects, ours, reason", OTHER_CASES,
    ids=[f"{case[0]}-{case[3]}" for case in OTHER_CASES])
def test_protego_other_case(test, body, method, user_agent, protego_expects, ours, reason):
    answer = getattr(Protego.parse(body), method)(user_agent)
    assert answer == ours
    assert type(answer) is type(ours)
    assert (ours == protego_expects) == (reason is None), "a difference needs its reason"


def test_request_rate_units_and_windows_in_separate_groups():
    # Our own case: Protego's request-rate values, each in a group of its own.
    body = "".join(f"User-agent: {agent}\nRequest-rate: {value}\nDisallow: /x\n"
                   for agent, value in [("one", "1/10s"), ("two", "100/15m"),
                                        ("three", "400/1h"), ("four", "9000/1d"),
                                        ("five", "1/10 0600-0845"), ("six", "bad 1/5s")])
    rp = Protego.parse(body)
    assert rp.request_rate("one") == RequestRate(1, 10, None, None)
    assert rp.request_rate("two") == RequestRate(100, 900, None, None)
    assert rp.request_rate("three") == RequestRate(400, 3600, None, None)
    assert rp.request_rate("four") == RequestRate(9000, 86400, None, None)
    assert rp.request_rate("five") == RequestRate(1, 10, T(6, 0), T(8, 45))
    assert rp.request_rate("six") is None
    assert rp.request_rate("seven") is None
    assert type(rp.request_rate("one").requests) is int


def test_the_first_valid_value_of_the_groups_counts():
    body = ("User-agent: a\nVisit-time: soon\nVisit-time: 0100 0200\nVisit-time: 0300 0400\n"
            "Request-rate: x/y\nRequest-rate: 2/8s\nDisallow: /\n")
    rp = Protego.parse(body)
    assert rp.visit_time("a") == VisitTime(T(1, 0), T(2, 0))
    assert rp.request_rate("a") == RequestRate(2, 8, None, None)


def test_sitemaps_as_protego_gives_them():
    body = ("User-agent: * \nDisallow: /disallowed \nAllow: /allowed \n"
            "Sitemap: https://site.local/sitemap.xml \nAllow: /another_allowed \n"
            "User-agent: testbot \nSitemap: https://site.local/sitemap2.xml")
    sitemaps = Protego.parse(body).sitemaps
    assert iter(sitemaps) is sitemaps  # an iterator, as Protego returns
    assert list(sitemaps) == ["https://site.local/sitemap.xml", "https://site.local/sitemap2.xml"]
    assert list(Protego.parse(ALLOWED_1).sitemaps) == []
    first = "Sitemap: https://www.foo.bar/sitmap.xml\nUser-Agent: FootBot\nDisallow: /something"
    assert list(Protego.parse(first).sitemaps) == ["https://www.foo.bar/sitmap.xml"]


def test_preferred_host():
    assert Protego.parse(ALLOWED_1).preferred_host is None
    body = "Host: first.example\nUser-agent: *\nHost: second.example\nDisallow: /x\n"
    assert Protego.parse(body).preferred_host == "first.example"


def test_bytes_are_accepted_other_types_refused():
    # Protego refuses bytes (its test_bytestrings); Google reads the body as bytes, so
    # the bytes a server sent are accepted as they are. Other types: ValueError as Protego.
    rp = Protego.parse(b"User-Agent: FootBot\nDisallow: /something")
    assert not rp.can_fetch("http://a/something", "FootBot")
    with pytest.raises(ValueError, match="Protego.parse expects str, got int"):
        Protego.parse(42)


def test_it_pickles_with_its_answers():
    rp = pickle.loads(pickle.dumps(Protego.parse(CRAWL_DELAYS)))
    assert rp.crawl_delay("testbot") == 15.0
    assert not rp.can_fetch("http://a/disallowed", "other")
