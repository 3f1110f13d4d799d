"""RobotsClient(connect_to=...): one entry as a str, or a list or tuple of them; anything
else is a TypeError that names the argument, not a binding's overload listing."""

from __future__ import annotations

import pytest

import robotstxt
from counting_site import CountingSite

ROBOTS_TXT = b"User-agent: *\nDisallow: /private\n"


@pytest.mark.parametrize("as_given", [str, lambda entry: [entry], lambda entry: (entry,)])
def test_one_entry_as_a_str_or_in_a_list_sends_the_host_elsewhere(as_given):
    with CountingSite(ROBOTS_TXT) as site:
        port = site.base_url.rsplit(":", 1)[1]
        # '::HOST:PORT' sends every host elsewhere.
        robots = robotstxt.RobotsClient(connect_to=as_given(f"::127.0.0.1:{port}"))
        assert not robots.allowed("http://robots.example/private", "OtherBot")
        assert site.requested_paths() == {"/robots.txt": 1}


@pytest.mark.parametrize("wrong, message", [
    (5, "connect_to must be str or a list of str, not int"),
    ({"::127.0.0.1:1"}, "connect_to must be str or a list of str, not set"),
    (["::127.0.0.1:1", 3], "connect_to[1] must be str or bytes, not int"),
    (None, "connect_to must be str or a list of str, not NoneType"),
])
def test_anything_else_is_a_type_error_naming_the_argument(wrong, message):
    with pytest.raises(TypeError) as raised:
        robotstxt.RobotsClient(connect_to=wrong)
    assert str(raised.value) == message
