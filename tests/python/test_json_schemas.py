"""Every --json output of the CLI validates against its schema in schemas/.

The schemas are the written form of the vocabulary in docs/cli.md "JSON output": a renamed
or added key fails here (additionalProperties is false wherever the shape is fixed).
Outputs come from the real binary on the examples, a few corpus files and, for fetch
and serve, a loopback robots.txt server (tests/support/robots_server.py) started here.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile

import jsonschema
import pytest

from conftest import DATA_DIR, SOURCE_DIR

SCHEMAS = SOURCE_DIR / "schemas"
EXAMPLES = SOURCE_DIR / "examples"


def cli_path() -> str:
    """The built binary: ROBOTSTXT_CLI, else next to the Python module ctest points at."""
    if "ROBOTSTXT_CLI" in os.environ:
        return os.environ["ROBOTSTXT_CLI"]
    import robotstxt

    return str(pathlib.Path(robotstxt.__file__).resolve().parents[2] / "robotstxt")


def validator(name: str) -> jsonschema.Draft202012Validator:
    path = SCHEMAS / f"{name}.schema.json"
    schema = json.loads(path.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    # vocabulary.schema.json is referred to relatively: resolve it from schemas/.
    resolver = jsonschema.RefResolver(base_uri=path.as_uri(), referrer=schema)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def run(*args: str, stdin: str = "") -> list[dict]:
    """The JSON objects the CLI printed, one per line; exit codes 0 and 1 are answers."""
    result = subprocess.run([cli_path(), *args], input=stdin.encode(), capture_output=True,
                            timeout=120, check=False)
    assert result.returncode in (0, 1), (args, result.stderr.decode())
    lines = result.stdout.decode().splitlines()
    assert lines, args
    return [json.loads(line) for line in lines]


def corpus_files() -> list[pathlib.Path]:
    robots = DATA_DIR / "corpus" / "robots"
    wanted = ["github.com", "4chan.org", "9gag.com"]
    found = [robots / name for name in wanted if (robots / name).is_file()]
    assert found, f"no corpus files in {robots}"
    return found


def robots_files() -> list[str]:
    return [str(EXAMPLES / "robots.txt"), str(EXAMPLES / "needs-work.txt"),
            str(EXAMPLES / "usage.txt"), *map(str, corpus_files())]


URLS = ["https://example.com/", "https://example.com/private/a", "https://example.com/x.pdf",
        "https://example.com/drafts/index.html", "https://example.com/search?q=1",
        "https://example.com/never/a", "https://example.com/ai-ok/a"]


def outputs() -> dict[str, list[dict]]:
    """Every JSON output this test knows how to produce, by schema name."""
    found: dict[str, list[dict]] = {name: [] for name in
                                    ("check", "explain", "info", "diff", "lint", "audit",
                                     "crawlers")}
    for robots in robots_files():
        for url in URLS:
            found["check"] += run("check", "--json", robots, "Googlebot", url)
            found["check"] += run("check", "--json", "--agent", "bingbot,FooBot", robots, url)
            for crawler in ("Googlebot-Image", "AdsBot-Google", "ChatGPT-User"):
                found["check"] += run("check", "--json", "--crawler", crawler, robots, url)
                found["explain"] += run("explain", "--json", "--crawler", crawler, robots, url)
            found["explain"] += run("explain", "--json", robots, "Googlebot", url)
        found["check"] += run("check", "--json", robots, "Googlebot", "-", stdin="\n".join(URLS))
        found["check"] += run("check", "--json", robots, "Googlebot,bingbot", URLS[0])
        found["info"] += run("info", "--json", robots)
        found["info"] += run("info", "--json", robots, "--agent", "Googlebot", "-a", "x")
        for crawler in ("Googlebot-Image", "AdsBot-Google", "ChatGPT-User"):
            found["info"] += run("info", "--json", robots, "--crawler", crawler)
        found["lint"] += run("lint", "--json", robots)
        found["audit"] += run("audit", "--json", robots, *URLS)
        found["audit"] += run("audit", "--json", robots, *URLS, "--agent", "Googlebot,bingbot")
        found["audit"] += run("audit", "--json", robots, URLS[0], "--crawlers", "ai",
                              "--crawler", "Googlebot-Image")
    found["crawlers"] += run("crawlers", "--json")
    old, new = str(EXAMPLES / "robots-old.txt"), str(EXAMPLES / "robots-new.txt")
    found["diff"] += run("diff", "--json", old, new)
    found["diff"] += run("diff", "--json", old, new, "--urls", str(EXAMPLES / "urls.txt"),
                         "--agent", "Googlebot")
    for merge in ([], ["--merge"]):
        found["diff"] += run("diff", "--json", old, new, "--urls", str(EXAMPLES / "urls.txt"),
                             "--agent", "Googlebot,bingbot", *merge)
    found["diff"] += run("diff", "--json", old, new, "--urls", str(EXAMPLES / "urls.txt"),
                         "--crawler", "Googlebot-Image")
    # A file longer than the 512,000 bytes crawlers read, and the same with a block
    # appended there: every answer says what lies past the limit.
    big = DATA_DIR / "corpus" / "robots" / "docs.oracle.com"
    assert big.stat().st_size > 512_000
    with tempfile.TemporaryDirectory() as scratch:
        appended = pathlib.Path(scratch) / "appended.txt"
        appended.write_bytes(big.read_bytes() + b"\nUser-agent: GPTBot\nDisallow: /\n")
        found["check"] += run("check", "--json", str(appended), "GPTBot", URLS[0])
        found["explain"] += run("explain", "--json", str(appended), "GPTBot", URLS[0])
        found["audit"] += run("audit", "--json", str(appended), "--crawler", "GPTBot")
        found["diff"] += run("diff", "--json", str(big), str(appended))
        found["diff"] += run("diff", "--json", str(big), str(appended), "--urls",
                             str(EXAMPLES / "urls.txt"), "--agent", "GPTBot")
    for name in ("check", "explain", "audit"):
        assert any("bytes_past_limit" in value for value in found[name]), name
    assert any(value.get("changed_only_past_limit") for value in found["diff"])
    with tempfile.TemporaryDirectory() as scratch:
        own_groups = pathlib.Path(scratch) / "own-groups.txt"
        own_groups.write_text("User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n")
        one_group = pathlib.Path(scratch) / "one-group.txt"
        one_group.write_text("User-agent: *\nDisallow: /x\n")
        # Agents moving into, then out of, one group: its rules are listed once, in "groups".
        found["diff"] += run("diff", "--json", str(own_groups), str(one_group))
        found["diff"] += run("diff", "--json", str(one_group), str(own_groups))
    assert any(diff.get("groups") for diff in found["diff"])
    return found


@pytest.fixture(scope="module")
def local_outputs() -> dict[str, list[dict]]:
    return outputs()


@pytest.mark.parametrize("name", ["check", "explain", "info", "diff", "lint", "audit",
                                  "crawlers"])
def test_every_output_validates(local_outputs, name):
    checker = validator(name)
    for value in local_outputs[name]:
        checker.validate(value)


@pytest.fixture(scope="module")
def robots_server():
    script = SOURCE_DIR / "tests" / "support" / "robots_server.py"
    server = subprocess.Popen(["/usr/bin/python3", str(script)], stdout=subprocess.PIPE)
    try:
        port = int(server.stdout.readline())
        yield f"::127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_fetch_outputs_validate(robots_server):
    one, stream = validator("fetch"), validator("fetch-stream")
    urls = ["http://plain.test/private", "http://plain.test/open", "http://status-404.test/x",
            "http://status-503.test/x", "http://redirect-2.test/private"]
    for url in urls:
        for who in (["FooBot"], ["--agent", "a,b"], ["--crawler", "Googlebot-Image"],
                    ["--crawler", "ChatGPT-User"]):
            for value in run("fetch", "--json", "--connect-to", robots_server, url, *who):
                one.validate(value)
    for who in (["--agent", "FooBot"], ["--crawler", "AdsBot-Google"]):
        lines = run("fetch", "-", "--json", "--connect-to", robots_server, *who,
                    stdin="\n".join(urls) + "\n")
        assert len(lines) == len(urls)
        for value in lines:
            stream.validate(value)


def test_serve_check_outputs_validate(robots_server):
    """GET and POST /v1/check of `robotstxt serve` speak the same vocabulary as fetch -."""
    import urllib.parse
    import urllib.request

    check = validator("serve-check")
    service = subprocess.Popen([cli_path(), "serve", "--listen", "127.0.0.1:0", "--allow-private",
                                "--connect-to", robots_server], stdout=subprocess.PIPE)
    try:
        base = "http://" + service.stdout.readline().decode().split()[-1]
        urls = ["http://plain.test/private", "http://status-404.test/x",
                "http://status-503.test/x", "not a url"]
        for url in urls[:3]:
            for who in ("agent=FooBot", "crawler=Googlebot-Image"):
                query = f"{base}/v1/check?url={urllib.parse.quote(url, safe='')}&{who}"
                check.validate(json.loads(urllib.request.urlopen(query).read()))
        body = json.dumps({"crawler": "AdsBot-Google", "urls": urls}).encode()
        answer = json.loads(urllib.request.urlopen(f"{base}/v1/check", data=body).read())
        assert len(answer["results"]) == len(urls)
        for value in answer["results"]:
            check.validate(value)
    finally:
        service.terminate()
        assert service.wait(timeout=30) == 0


def test_serve_evaluate_and_live_robots_txt_validate(robots_server):
    """POST /v1/evaluate (one agent, one crawler, every crawler) and GET /v1/robots.txt."""
    import urllib.parse
    import urllib.request

    evaluate, live = validator("serve-evaluate"), validator("serve-robots-txt")
    service = subprocess.Popen([cli_path(), "serve", "--listen", "127.0.0.1:0", "--allow-private",
                                "--connect-to", robots_server], stdout=subprocess.PIPE)
    try:
        base = "http://" + service.stdout.readline().decode().split()[-1]
        body = (EXAMPLES / "usage.txt").read_text()
        urls = ["https://example.com/", "https://example.com/private/a", "not a url"]
        for who in ({"agent": "FooBot"}, {"crawler": "GPTBot"}, {"crawlers": "all"}):
            request = json.dumps({"robots_txt": body, "urls": urls, **who}).encode()
            answer = json.loads(urllib.request.urlopen(f"{base}/v1/evaluate", data=request).read())
            assert answer["results"]
            evaluate.validate(answer)
        unexplained = dict(answer["results"][0])
        del unexplained["verdict_explanation"]
        with pytest.raises(jsonschema.ValidationError):
            evaluate.validate({**answer, "results": [unexplained]})
        for url in ["http://redirect-2.test/", "http://status-404.test/", "http://status-503.test/"]:
            query = f"{base}/v1/robots.txt?url={urllib.parse.quote(url, safe='')}"
            live.validate(json.loads(urllib.request.urlopen(query).read()))
    finally:
        service.terminate()
        assert service.wait(timeout=30) == 0


def test_a_renamed_key_fails(local_outputs):
    """The schemas can fail: the old names of the vocabulary are rejected."""
    value = dict(local_outputs["check"][0])
    value["group"] = value.pop("applied")
    with pytest.raises(jsonschema.ValidationError):
        validator("check").validate(value)
    value = dict(local_outputs["check"][0])
    value["extra"] = 1
    with pytest.raises(jsonschema.ValidationError):
        validator("check").validate(value)
    value = dict(local_outputs["check"][0])
    value["token"] = value.pop("crawler_token")  # the name before one answer had one name
    with pytest.raises(jsonschema.ValidationError):
        validator("check").validate(value)


def test_every_fixed_value_is_spelled_one_way():
    """Values from a fixed set are lower-case words joined by hyphens, in every schema."""
    import re

    word = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

    def enums(node):
        if isinstance(node, dict):
            if "enum" in node:
                yield from node["enum"]
            for value in node.values():
                yield from enums(value)
        elif isinstance(node, list):
            for value in node:
                yield from enums(value)

    found = [value for path in SCHEMAS.glob("*.schema.json")
             for value in enums(json.loads(path.read_text())) if value is not None]
    assert "full-allow" in found and "own-token" in found
    assert [value for value in found if not word.fullmatch(value)] == []


def test_the_old_reason_key_fails(local_outputs):
    """explain's "reason" is now "verdict_reason": an output with the old key is rejected."""
    explained = dict(local_outputs["explain"][0])
    explained["reason"] = explained.pop("verdict_reason")
    with pytest.raises(jsonschema.ValidationError):
        validator("explain").validate(explained)

def test_content_usage_is_exercised_and_checked(local_outputs):
    """examples/usage.txt gives both forms of "content_usage"; a wrong word fails."""
    usages = [value["content_usage"] for value in local_outputs["check"]]
    assert None in usages
    decided = next(u for u in usages if u is not None and u["lines"])
    assert decided["train-ai"] in ("allowed", "disallowed")
    value = dict(next(v for v in local_outputs["check"] if v["content_usage"] is decided))
    value["content_usage"] = {**decided, "train-ai": "n"}  # the token, not the word
    with pytest.raises(jsonschema.ValidationError):
        validator("check").validate(value)
    value["content_usage"] = {**decided, "ai-train": "allowed"}  # not this vocabulary
    with pytest.raises(jsonschema.ValidationError):
        validator("check").validate(value)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
