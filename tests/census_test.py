"""`robotstxt census` end to end: the corpus written as WARC files gives, host by host,
what `robotstxt audit --json` says of each file; the summary's counts are the sums of
the host lines; the output is the same for any --jobs; summaries of parts merged equal
the summary of the whole, and parts that asked different questions do not merge; the
status of a response decides access as the fetch policy says.

Usage: census_test.py ROBOTSTXT_CLI SOURCE_DIR
"""

import collections
import gzip
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import unittest
import warnings

import jsonschema

CLI = sys.argv[1]
SOURCE = sys.argv[2]
CORPUS = os.path.join(SOURCE, "tests", "data", "corpus", "robots")
PATHS = ["/", "/news/"]


def run(*args, expect=0, stdin=None):
    done = subprocess.run([CLI, *args], capture_output=True, text=True, input=stdin, timeout=300)
    if done.returncode != expect:
        raise AssertionError(f"robotstxt {' '.join(args)}: exit {done.returncode}\n{done.stderr}")
    return done


def validator(name):
    """The validator of schemas/NAME.schema.json (its vocabulary resolved from schemas/)."""
    path = os.path.join(SOURCE, "schemas", f"{name}.schema.json")
    with open(path) as file:
        schema = json.load(file)
    resolver = jsonschema.RefResolver(base_uri=pathlib.Path(path).resolve().as_uri(), referrer=schema)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def census(out, *inputs, extra=()):
    """Runs the census into OUT; its summary and host lines, each held to its schema."""
    run("census", *inputs, "--paths", ",".join(PATHS), "--out", out, *extra)
    with open(os.path.join(out, "summary.json")) as file:
        summary = json.load(file)
    with open(os.path.join(out, "hosts.jsonl")) as file:
        hosts = [json.loads(line) for line in file]
    SUMMARY_SCHEMA.validate(summary)
    for host in hosts:
        HOST_SCHEMA.validate(host)
    return summary, hosts


with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # RefResolver, as Debian ships it
    SUMMARY_SCHEMA = validator("census-summary")
    HOST_SCHEMA = validator("census-host")
    RESPONSE_SCHEMA = validator("census-response")
    UNRESOLVED_SCHEMA = validator("census-unresolved")

def validate(schema_name, value):
    """Holds an output to its schema in schemas/ (skipped where jsonschema is missing)."""
    try:
        import jsonschema
    except ImportError:
        return
    path = os.path.join(SOURCE, "schemas", schema_name + ".schema.json")
    with open(path) as file:
        schema = json.load(file)
    # vocabulary.schema.json is referred to relatively: resolved from schemas/.
    resolver = jsonschema.RefResolver(base_uri=pathlib.Path(path).resolve().as_uri(),
                                      referrer=schema)
    jsonschema.Draft202012Validator(schema, resolver=resolver).validate(value)


def warc_record(fields, block):
    head = "WARC/1.1\r\n" + "".join(f"{name}: {value}\r\n" for name, value in fields)
    head += f"Content-Length: {len(block)}\r\n\r\n"
    return gzip.compress(head.encode() + block + b"\r\n\r\n", mtime=0)


def response(host, http):
    return warc_record([("WARC-Type", "response"), ("WARC-Target-URI", f"https://{host}/robots.txt")],
                       http)


def write_crawl(path, bodies):
    """A WARC file with a 200 response per host, in the order given: {host: body bytes}."""
    with open(path, "wb") as file:
        for host, body in bodies.items():
            file.write(response(host, b"HTTP/1.1 200 OK\r\n\r\n" + body))
    return path


class CensusTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.temp = tempfile.TemporaryDirectory()
        cls.warc = os.path.join(cls.temp.name, "warc")
        subprocess.run([os.path.join(SOURCE, "scripts", "corpus-to-warc"), CORPUS, cls.warc,
                        "--parts", "4"], check=True)
        cls.parts = sorted(os.path.join(cls.warc, name) for name in os.listdir(cls.warc))
        cls.summary, cls.hosts = census(os.path.join(cls.temp.name, "whole"), *cls.parts,
                                        extra=("--jobs", "2"))

    @classmethod
    def tearDownClass(cls):
        cls.temp.cleanup()

    def test_every_host_is_what_audit_says_of_its_file(self):
        self.assertEqual([host["host"] for host in self.hosts], sorted(os.listdir(CORPUS)))
        for host in self.hosts:
            audit = json.loads(run("audit", "--json", os.path.join(CORPUS, host["host"]),
                                   *PATHS).stdout)
            for row in audit["crawlers"]:
                ours = host["crawlers"][row["crawler"]]
                where = f"{host['host']} {row['crawler']}"
                self.assertEqual(ours["crawler_rule"], row["crawler_rule"], where)
                self.assertEqual(ours["crawler_token"], row["crawler_token"], where)
                self.assertEqual(PATHS, [r["url"] for r in row["results"]])
                self.assertEqual(list(zip(ours["allowed"], ours["line"])),
                                 [(r["allowed"], r["line"]) for r in row["results"]], where)
            self.assertEqual(len(audit["crawlers"]), len(host["crawlers"]))

    def test_the_folder_gives_the_same_host_lines_as_its_warc_files(self):
        _, hosts = census(os.path.join(self.temp.name, "folder"), CORPUS)
        # Compared without assertEqual's diff, which takes minutes on 1,613 long lines.
        self.assertEqual([host["host"] for host in hosts], [host["host"] for host in self.hosts])
        self.assertTrue(hosts == self.hosts, "the host lines differ")

    def test_a_file_with_more_lines_than_memory_holds_gives_the_same_lines(self):
        # One file of the whole corpus gives about 9 MB of host lines: more than the 8 MiB
        # a file may hold in memory, written out while the file is still being read.
        single = os.path.join(self.temp.name, "single")
        subprocess.run([os.path.join(SOURCE, "scripts", "corpus-to-warc"), CORPUS, single],
                       check=True)
        out = os.path.join(self.temp.name, "single-out")
        _, hosts = census(out, os.path.join(single, "part-00000.warc.gz"))
        self.assertGreater(os.path.getsize(os.path.join(out, "hosts.jsonl")), 8 << 20)
        self.assertTrue(hosts == self.hosts, "the host lines differ")

    def test_lines_that_wait_for_an_earlier_file_keep_their_place(self):
        # With two jobs, the second file's lines wait while the first, four times its
        # length, is read: past 8 MiB they wait in a temporary file.
        single = os.path.join(self.temp.name, "waiting")
        subprocess.run([os.path.join(SOURCE, "scripts", "corpus-to-warc"), CORPUS, single],
                       check=True)
        one = os.path.join(single, "part-00000.warc.gz")
        four = os.path.join(single, "four.warc.gz")
        with open(one, "rb") as file:
            members = file.read()
        with open(four, "wb") as file:
            file.write(members * 4)
        out = os.path.join(self.temp.name, "waiting-out")
        _, hosts = census(out, four, one, extra=("--jobs", "2"))
        self.assertEqual(len(hosts), 5 * len(self.hosts))
        self.assertTrue(hosts == self.hosts * 5, "the host lines differ")

    def test_files_an_earlier_run_left_are_replaced_not_written_through(self):
        # A file left in the folder may be linked from elsewhere (a copy kept by a hard
        # link): the run gives the folder new files and leaves that copy's bytes alone.
        out = os.path.join(self.temp.name, "again")
        os.makedirs(out)
        earlier = "a line of an earlier run\n" * 1000
        kept = {}
        for name in ("hosts.jsonl", "responses.jsonl", "unresolved.jsonl"):
            kept[name] = os.path.join(self.temp.name, "kept-" + name)
            with open(kept[name], "w") as file:
                file.write(earlier)
            os.link(kept[name], os.path.join(out, name))
        crawl = write_crawl(os.path.join(self.temp.name, "again.warc.gz"),
                            {"a.example": b"User-agent: *\nDisallow: /x\n"})
        _, hosts = census(out, crawl)
        self.assertEqual([host["host"] for host in hosts], ["a.example"])
        for name, path in kept.items():
            with open(path) as file:
                self.assertEqual(file.read(), earlier, name)
        # The earlier files were moved aside and removed before the command returned.
        self.assertEqual(sorted(os.listdir(out)), ["hosts.jsonl", "responses.jsonl",
                                                   "summary.json", "unresolved.jsonl"])

    def test_summary_counts_are_the_sums_of_the_host_lines(self):
        summary, hosts = self.summary, self.hosts
        self.assertEqual(summary["hosts"], len(hosts))
        self.assertEqual(summary["inputs"]["responses"], len(hosts))
        self.assertEqual(summary["inputs"]["files"], 4)
        # Each host has a request and a response record; each file one warcinfo record.
        self.assertEqual(summary["inputs"]["records"], 2 * len(hosts) + 4)
        self.assertEqual(summary["inputs"]["skipped_records"], len(hosts) + 4)
        self.assertEqual(summary["status"]["2xx"], len(hosts))
        self.assertEqual(summary["access"]["rules"], len(hosts))
        for key in ("groups", "rules", "sitemaps"):
            self.assertEqual(summary[key], sum(host[key] for host in hosts), key)
        self.assertEqual(summary["hosts_with_sitemaps"], sum(host["sitemaps"] > 0 for host in hosts))
        self.assertEqual(summary["html_bodies"], sum(host["html"] for host in hosts))
        self.assertEqual(summary["bytes"]["total"], sum(host["bytes"] for host in hosts))
        self.assertEqual(sum(summary["bytes"]["buckets"].values()), len(hosts))
        lint = collections.Counter(code for host in hosts for code in host["lint"])
        self.assertEqual(summary["lint"], dict(lint))
        for name, counts in summary["per_crawler"].items():
            answers = [host["crawlers"][name] for host in hosts]
            disallowed = [sum(not allowed for allowed in a["allowed"]) for a in answers]
            self.assertEqual(counts["blocked_fully"], sum(d == len(PATHS) for d in disallowed), name)
            self.assertEqual(counts["blocked_partly"],
                             sum(0 < d < len(PATHS) for d in disallowed), name)
            self.assertEqual(counts["allowed"], sum(d == 0 for d in disallowed), name)
            self.assertEqual(counts["named"], sum(a["crawler_rule"] in ("own-token", "fallback-token")
                                                  for a in answers), name)
            self.assertEqual(counts["crawler_rule"],
                             {rule: sum(a["crawler_rule"] == rule for a in answers)
                              for rule in counts["crawler_rule"]}, name)
            for index, path in enumerate(PATHS):
                verdicts = [a["allowed"][index] for a in answers]
                self.assertEqual(counts["paths"][path],
                                 {"allowed": verdicts.count(True),
                                  "disallowed": verdicts.count(False),
                                  "undecided": verdicts.count(None)}, name)
        for purpose, counts in summary["per_purpose"].items():
            names = [n for n, c in summary["per_crawler"].items() if c["purpose"] == purpose]
            self.assertEqual(counts["crawlers"], len(names))
            fully = [[not any(host["crawlers"][n]["allowed"]) for n in names]
                     for host in hosts]
            self.assertEqual(counts["hosts_blocking_any_fully"], sum(any(f) for f in fully), purpose)
            self.assertEqual(counts["hosts_blocking_all_fully"], sum(all(f) for f in fully), purpose)

    def test_the_output_is_the_same_for_any_number_of_jobs(self):
        one = os.path.join(self.temp.name, "jobs1")
        summary, _ = census(one, *self.parts, extra=("--jobs", "1"))
        self.assertEqual(summary, self.summary)
        with open(os.path.join(one, "hosts.jsonl"), "rb") as file:
            lines_one = file.read()
        with open(os.path.join(self.temp.name, "whole", "hosts.jsonl"), "rb") as file:
            self.assertTrue(lines_one == file.read(), "hosts.jsonl differs with --jobs 1 and 2")

    def test_parts_merged_equal_the_whole(self):
        outs = []
        for index, part in enumerate(self.parts):
            outs.append(os.path.join(self.temp.name, f"part{index}"))
            census(outs[-1], part)
        merged = os.path.join(self.temp.name, "merged")
        run("census", "--merge", *outs, "--out", merged)
        with open(os.path.join(merged, "summary.json")) as file:
            self.assertEqual(json.load(file), self.summary)

    def test_parts_that_asked_differently_do_not_merge(self):
        base = os.path.join(self.temp.name, "base")
        run("census", self.parts[0], "--crawlers", "GPTBot", "--out", base)
        for differing in (("--crawlers", "GPTBot", "--paths", "/x"), ("--crawlers", "ClaudeBot")):
            other = os.path.join(self.temp.name, "other" + differing[-1].replace("/", ""))
            run("census", self.parts[0], *differing, "--out", other)
            done = run("census", "--merge", base, other, expect=2)
            self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
            self.assertIn("different", done.stderr)

    def test_a_summary_that_is_not_one_is_refused(self):
        base = os.path.join(self.temp.name, "hostile")
        run("census", self.parts[0], "--crawlers", "GPTBot", "--out", base)
        path = os.path.join(base, "summary.json")
        with open(path) as file:
            good = json.load(file)
        bad_template = {"hash": "not-hex", "hosts": 1, "error": 0, "first_lines": []}
        for broken in ({**good, "hosts": -1}, {**good, "hosts": "many"}, {**good, "format": 2},
                       {k: v for k, v in good.items() if k != "lint"}, [], "x",
                       {k: v for k, v in good.items() if k != "templates"},
                       {**good, "templates": {**good["templates"], "top": [bad_template]}},
                       {**good, "templates": {**good["templates"], "top": [
                           dict(bad_template, hash="00000000000000ff", error=2)]}},
                       {**good, "strata": []}, {**good, "strata": [{"stratum": "x"}] * 5}):
            with open(path, "w") as file:
                json.dump(broken, file)
            done = run("census", "--merge", base, base, expect=2)
            self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
        # A file far larger than any summary is refused without being read.
        with open(path, "w") as file:
            file.write(json.dumps(good) + " " * (17 << 20))
        done = run("census", "--merge", base, base, expect=2)
        self.assertIn("over 16,777,216 bytes", done.stderr)

    def test_the_status_decides_access_as_the_fetch_policy_does(self):
        body = b"User-agent: *\nDisallow: /\n"
        chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n"
        compressed = gzip.compress(b"User-agent: GPTBot\nDisallow: /\n")
        chunked += b"%x\r\n" % len(compressed) + compressed + b"\r\n0\r\n\r\n"
        records = (
            warc_record([("WARC-Type", "warcinfo")], b"x: y\r\n") +
            response("ok.example", b"HTTP/1.1 200\r\n\r\n" + body) +
            response("gone.example", b"HTTP/1.1 404 Not Found\r\n\r\n" + body) +
            response("down.example", b"HTTP/1.1 503 Service Unavailable\r\n\r\n") +
            response("moved.example", b"HTTP/1.1 301 Moved\r\nLocation: https://x/\r\n\r\n") +
            response("chunked.example", chunked) +
            response("broken.example", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") +
            response("usage.example", b"HTTP/1.1 200 OK\r\n\r\nUser-agent: *\nAllow: /\n"
                     b"Content-Usage: train-ai=n\nContent-Signal: search=yes, ai-train=no\n") +
            warc_record([("WARC-Type", "response"), ("WARC-Target-URI", "https://cut.example/"),
                         ("WARC-Truncated", "length")], b"HTTP/1.1 200 OK\r\n\r\n" + body))
        path = os.path.join(self.temp.name, "statuses.warc.gz")
        with open(path, "wb") as file:
            file.write(records + b"garbage")
        summary, hosts = census(os.path.join(self.temp.name, "statuses"), path,
                                extra=("--crawlers", "GPTBot,Googlebot"))
        by_host = {host["host"]: host for host in hosts}
        access = {name: host["access"] for name, host in by_host.items()}
        self.assertEqual(access, {"ok.example": "rules", "gone.example": "full-allow",
                                  "down.example": "full-disallow", "moved.example": "redirect",
                                  "chunked.example": "rules", "broken.example": "full-disallow",
                                  "usage.example": "rules", "cut.example": "undecided"})
        gpt = {name: host["crawlers"]["GPTBot"]["allowed"][0]
               for name, host in by_host.items()}
        # The redirect leads to a response not in the inputs, the truncated record keeps too
        # little to decide: neither has a verdict.
        self.assertEqual(gpt, {"ok.example": False, "gone.example": True, "down.example": False,
                               "moved.example": None, "chunked.example": False,
                               "broken.example": False, "usage.example": True,
                               "cut.example": None})
        self.assertIsNone(by_host["down.example"]["crawlers"]["GPTBot"]["crawler_rule"])
        self.assertEqual(by_host["usage.example"]["content_usage"],
                         {"train-ai": "disallowed", "search": "unknown"})
        self.assertEqual(by_host["usage.example"]["content_signal"], ["search=yes, ai-train=no"])
        self.assertEqual(summary["inputs"]["truncated"], 1)
        self.assertEqual(summary["inputs"]["skipped_records"], 1)
        self.assertEqual(summary["inputs"]["garbage_bytes"], len(b"garbage"))
        self.assertEqual(summary["status"], {"2xx": 5, "3xx": 1, "4xx": 1, "5xx": 1, "other": 0})
        self.assertEqual(summary["usage"]["train_ai"], {"allowed": 0, "disallowed": 1, "unknown": 7})
        self.assertEqual(summary["usage"]["hosts_with_content_signal"], 1)
        # Full disallow blocks every crawler robots.txt binds: counted as blocked fully.
        self.assertEqual(summary["per_crawler"]["GPTBot"]["blocked_fully"], 4)
        self.assertEqual(summary["per_crawler"]["GPTBot"]["crawler_rule"]["global"], 2)


    def test_a_truncated_record_has_a_host_line_that_says_so(self):
        body = b"User-agent: GPTBot\nDisallow: /\n"
        big = body + b"# " + b"x" * 600_000 + b"\n"
        # Comment bytes that do not compress: half the member holds the record's head.
        letters = random.Random(7)
        noise = bytes(letters.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(3_000))
        cut = warc_record([("WARC-Type", "response"),
                           ("WARC-Target-URI", "https://cut-member.example/robots.txt")],
                          b"HTTP/1.1 200 OK\r\n\r\n" + body + b"#" + noise)
        records = (
            warc_record([("WARC-Type", "response"), ("WARC-Target-URI", "https://short.example/"),
                         ("WARC-Truncated", "length")], b"HTTP/1.1 200 OK\r\n\r\n" + body) +
            warc_record([("WARC-Type", "response"), ("WARC-Target-URI", "https://gone.example/"),
                         ("WARC-Truncated", "time")], b"HTTP/1.1 404 Not Found\r\n\r\nno") +
            warc_record([("WARC-Type", "response"), ("WARC-Target-URI", "https://long.example/"),
                         ("WARC-Truncated", "length")], b"HTTP/1.1 200 OK\r\n\r\n" + big) +
            response("whole.example", b"HTTP/1.1 200 OK\r\n\r\n" + body) +
            cut[:len(cut) // 2])  # the file ends inside the last member
        path = os.path.join(self.temp.name, "truncated.warc.gz")
        with open(path, "wb") as file:
            file.write(records)
        summary, hosts = census(os.path.join(self.temp.name, "truncated"), path,
                                extra=("--crawlers", "GPTBot"))
        by_host = {host["host"]: host for host in hosts}
        self.assertEqual({name: (host["truncated"], host["access"])
                          for name, host in by_host.items()},
                         {"short.example": ("length", "undecided"),
                          "gone.example": ("time", "full-allow"),
                          "long.example": ("length", "rules"),
                          "whole.example": (None, "rules"),
                          "cut-member.example": ("cut", "undecided")})
        gpt = {name: host["crawlers"]["GPTBot"] for name, host in by_host.items()}
        # A body cut before 500 KiB does not decide; a status does; so does a body past
        # 500 KiB, where a crawler stops reading anyway.
        self.assertEqual(gpt["short.example"]["allowed"], [None, None])
        self.assertEqual(gpt["short.example"]["line"], [None, None])
        self.assertEqual(gpt["gone.example"]["allowed"], [True, True])
        self.assertEqual(gpt["long.example"]["allowed"], [False, False])
        self.assertEqual(gpt["cut-member.example"]["allowed"], [None, None])
        self.assertEqual(summary["hosts"], 5)
        self.assertEqual(summary["inputs"]["truncated"], 4)
        self.assertEqual(summary["truncated_hosts"],
                         {"length": 2, "time": 1, "disconnect": 0, "unspecified": 0, "cut": 1})
        self.assertEqual(summary["access"]["undecided"], 2)
        self.assertEqual(summary["per_crawler"]["GPTBot"]["undecided"], 2)
        self.assertEqual(summary["per_crawler"]["GPTBot"]["blocked_fully"], 2)
        self.assertEqual(summary["per_crawler"]["GPTBot"]["paths"]["/"],
                         {"allowed": 1, "disallowed": 2, "undecided": 2})

    def redirect_files(self, name):
        """Two WARC files: redirecting hosts in the first, their targets in the second."""
        rules = b"HTTP/1.1 200 OK\r\n\r\nUser-agent: GPTBot\nDisallow: /\n"

        def moved(host, location, status=301):
            return response(host, b"HTTP/1.1 %d Moved\r\nLocation: %s\r\n\r\n"
                            % (status, location.encode()))

        chain = b"".join(moved(f"hop{n}.example", f"https://hop{n + 1}.example/robots.txt", 302)
                         for n in range(1, 7))
        first = (moved("source.example", "https://WWW.Target.example/robots.txt") +
                 moved("relative.example", "/robots-moved.txt", 308) +
                 moved("lost.example", "https://nowhere.example/robots.txt") +
                 moved("loop.example", "https://loop.example/robots.txt") +
                 moved("down-target.example", "https://down.example/robots.txt") +
                 response("nolocation.example", b"HTTP/1.1 302 Found\r\n\r\n") + chain)
        second = (response("www.target.example", rules) +
                  warc_record([("WARC-Type", "response"),
                               ("WARC-Target-URI", "https://relative.example/robots-moved.txt")],
                              rules) +
                  response("down.example", b"HTTP/1.1 503 Unavailable\r\n\r\n") +
                  response("hop7.example", rules))
        paths = []
        for index, data in enumerate((first, second)):
            paths.append(os.path.join(self.temp.name, f"{name}-{index}.warc.gz"))
            with open(paths[-1], "wb") as file:
                file.write(data)
        return paths

    def test_a_redirect_takes_its_targets_verdicts_from_another_file(self):
        paths = self.redirect_files("redirects")
        summary, hosts = census(os.path.join(self.temp.name, "redirects"), *paths,
                                extra=("--crawlers", "GPTBot", "--jobs", "2"))
        # relative.example has two lines: its redirect's target's, then its own (last).
        by_host = {host["host"]: host for host in hosts}
        redirect = {name: host["redirect"] for name, host in by_host.items()}
        gpt = {name: host["crawlers"]["GPTBot"]["allowed"][0] for name, host in by_host.items()}
        self.assertEqual(redirect["source.example"],
                         {"outcome": "followed", "target": "https://www.target.example/robots.txt",
                          "hops": 1, "target_access": "rules"})
        self.assertEqual(by_host["source.example"]["access"], "redirect")
        self.assertEqual(by_host["source.example"]["crawlers"]["GPTBot"],
                         {"crawler_rule": "own-token", "crawler_token": "GPTBot",
                          "allowed": [False, False], "line": [2, 2]})
        self.assertEqual(redirect["relative.example"]["target"],
                         "https://relative.example/robots-moved.txt")
        self.assertEqual(redirect["relative.example"]["outcome"], "followed")
        self.assertEqual(redirect["lost.example"],
                         {"outcome": "unresolved", "target": "https://nowhere.example/robots.txt",
                          "hops": 1, "target_access": None})
        self.assertEqual(redirect["loop.example"]["outcome"], "failed")
        self.assertEqual(redirect["nolocation.example"],
                         {"outcome": "failed", "target": None, "hops": 0, "target_access": None})
        self.assertEqual(redirect["down-target.example"]["target_access"], "full-disallow")
        # Five hops are followed; the sixth fails, as a 404 would.
        self.assertEqual(redirect["hop2.example"],
                         {"outcome": "followed", "target": "https://hop7.example/robots.txt",
                          "hops": 5, "target_access": "rules"})
        self.assertEqual(redirect["hop1.example"]["outcome"], "failed")
        self.assertEqual(redirect["hop1.example"]["hops"], 5)
        self.assertEqual(gpt, {"source.example": False, "relative.example": False,
                               "lost.example": None, "loop.example": True,
                               "down-target.example": False, "nolocation.example": True,
                               "hop1.example": True, "hop2.example": False, "hop3.example": False,
                               "hop4.example": False, "hop5.example": False,
                               "hop6.example": False, "www.target.example": False,
                               "down.example": False, "hop7.example": False})
        self.assertEqual(summary["redirects"], {"followed": 8, "failed": 3, "unresolved": 1})
        self.assertEqual(summary["access"]["redirect"], 12)
        self.assertEqual(summary["per_crawler"]["GPTBot"]["undecided"], 1)
        # Redirecting hosts are written last, in input order; the same for one job.
        self.assertEqual([host["host"] for host in hosts if host["redirect"]][:3],
                         ["source.example", "relative.example", "lost.example"])
        one, lines_one = census(os.path.join(self.temp.name, "redirects-1"), *paths,
                                extra=("--crawlers", "GPTBot"))
        self.assertEqual(one, summary)
        self.assertTrue(lines_one == hosts, "host lines differ with --jobs 1")

    def part(self, name, *inputs, extra=()):
        """A census part of INPUTS into NAME; its summary, with its --merge files held to
        their schemas."""
        out = os.path.join(self.temp.name, name)
        summary, _ = census(out, *inputs, extra=("--crawlers", "GPTBot", *extra))
        for file, schema in (("responses.jsonl", RESPONSE_SCHEMA),
                             ("unresolved.jsonl", UNRESOLVED_SCHEMA)):
            with open(os.path.join(out, file)) as lines:
                for line in lines:
                    schema.validate(json.loads(line))
        return out, summary

    def merge(self, name, *parts, expect=0):
        out = os.path.join(self.temp.name, name)
        done = run("census", "--merge", *parts, "--out", out, expect=expect)
        if expect != 0:
            return done, None
        with open(os.path.join(out, "summary.json")) as file:
            summary = json.load(file)
        SUMMARY_SCHEMA.validate(summary)
        return done, summary

    def test_merge_follows_a_redirect_into_another_part(self):
        first, second = self.redirect_files("across")
        whole, _ = census(os.path.join(self.temp.name, "across-whole"), first, second,
                          extra=("--crawlers", "GPTBot", "--jobs", "2"))
        a, part_a = self.part("across-a", first)
        b, _ = self.part("across-b", second)
        # In its own part source.example, relative.example, down-target.example and
        # hop2.example to hop6.example (hop7.example is in the other part) are unresolved.
        self.assertEqual(part_a["redirects"], {"followed": 0, "failed": 3, "unresolved": 9})
        with open(os.path.join(a, "unresolved.jsonl")) as file:
            unresolved = [json.loads(line) for line in file]
        self.assertEqual(unresolved[0], {"host": "source.example", "rank": None,
                                         "chain": ["https://source.example/robots.txt",
                                                   "https://www.target.example/robots.txt"]})
        by_host = {line["host"]: line for line in unresolved}
        self.assertEqual(len(by_host["hop2.example"]["chain"]), 6)  # four hops in, a fifth
        self.assertEqual(by_host["hop6.example"]["chain"],
                         ["https://hop6.example/robots.txt", "https://hop7.example/robots.txt"])
        done, merged = self.merge("across-merged", a, b)
        # One run over both files and the merge of their parts count alike: each redirect
        # into the other part followed, lost.example (no part has its target) unresolved.
        self.assertEqual(merged, whole)
        self.assertEqual(merged["redirects"], {"followed": 8, "failed": 3, "unresolved": 1})
        self.assertIn("redirects unresolved in their parts: 9; across parts followed 8, "
                      "failed 0, still unresolved 1", done.stdout)
        self.assertEqual(done.stderr, "")
        # The parts in the other order: the same counts.
        _, reversed_merge = self.merge("across-reversed", b, a)
        self.assertEqual(reversed_merge.pop("input_files"), list(reversed(whole["input_files"])))
        self.assertEqual(reversed_merge,
                         {key: value for key, value in whole.items() if key != "input_files"})

    def crossing_files(self, name):
        """Three WARC files whose redirects cross from one to another, and a rank list."""
        rules = b"HTTP/1.1 200 OK\r\n\r\nUser-agent: GPTBot\nDisallow: /news/\n"

        def moved(host, target):
            return response(host, b"HTTP/1.1 301 Moved\r\nLocation: https://%s/robots.txt\r\n\r\n"
                            % target.encode())

        # long1 -> long2 -> ... -> long7, the hops spread over the three files: long1's
        # sixth hop fails, long2 is followed to long7 in five.
        files = [
            moved("src.example", "mid.example") + moved("gone-src.example", "gone.example") +
            moved("long1.example", "long2.example") + moved("long6.example", "long7.example") +
            moved("loop-a.example", "loop-b.example") + response("same.example", rules) +
            moved("same-src.example", "same.example"),
            moved("mid.example", "end.example") + moved("long2.example", "long3.example") +
            moved("long4.example", "long5.example") + response("long7.example", rules) +
            moved("loop-b.example", "loop-a.example"),
            response("end.example", rules) + moved("long3.example", "long4.example") +
            moved("long5.example", "long6.example") +
            response("down.example", b"HTTP/1.1 500 Oops\r\n\r\n") +
            moved("to-down.example", "down.example"),
        ]
        paths = []
        for index, data in enumerate(files):
            paths.append(os.path.join(self.temp.name, f"{name}-{index}.warc.gz"))
            with open(paths[-1], "wb") as file:
                file.write(data)
        ranks = os.path.join(self.temp.name, f"{name}-ranks.csv")
        with open(ranks, "w") as file:
            file.write("1,src.example\n20,long2.example\n5000,gone-src.example\n"
                       "60000,loop-a.example\n")
        return paths, ranks

    def test_merge_follows_redirects_through_three_parts(self):
        paths, ranks = self.crossing_files("three")
        extra = ("--ranks", ranks)
        whole, hosts = census(os.path.join(self.temp.name, "three-whole"), *paths,
                              extra=("--crawlers", "GPTBot", "--jobs", "2", *extra))
        outcomes = {host["host"]: host["redirect"] and host["redirect"]["outcome"]
                    for host in hosts}
        self.assertEqual(outcomes["src.example"], "followed")  # through mid.example
        self.assertEqual(outcomes["long1.example"], "failed")
        self.assertEqual(outcomes["long2.example"], "followed")
        self.assertEqual(outcomes["gone-src.example"], "unresolved")
        self.assertEqual(outcomes["loop-a.example"], "failed")
        parts = [self.part(f"three-{index}", path, extra=extra)[0]
                 for index, path in enumerate(paths)]
        done, merged = self.merge("three-merged", *parts)
        self.assertEqual(merged, whole)
        self.assertEqual(merged["strata"][0]["per_crawler"]["GPTBot"]["blocked_partly"], 2)
        self.assertIn("still unresolved 1", done.stdout)
        # A redirect within its own part (same-src.example) was followed there already.
        with open(os.path.join(parts[0], "unresolved.jsonl")) as file:
            self.assertNotIn("same-src.example", file.read())

    def test_parts_written_without_the_merge_files_merge_as_before(self):
        first, second = self.redirect_files("older")
        a, part_a = self.part("older-a", first)
        b, part_b = self.part("older-b", second)
        unresolved = os.path.join(a, "unresolved.jsonl")
        shutil.move(unresolved, unresolved + ".away")
        os.remove(os.path.join(b, "responses.jsonl"))
        done, merged = self.merge("older-merged", a, b)
        # Nothing to follow: the parts' counts added up, as merges did before.
        self.assertEqual(merged["redirects"], {"followed": 0, "failed": 3, "unresolved": 9})
        gpt = part_a["per_crawler"]["GPTBot"]
        self.assertEqual(merged["per_crawler"]["GPTBot"]["undecided"],
                         gpt["undecided"] + part_b["per_crawler"]["GPTBot"]["undecided"])
        self.assertIn("has no unresolved.jsonl", done.stderr)
        self.assertIn("9 unresolved redirects stay unresolved", done.stderr)
        # Targets in a part without responses.jsonl are not found: said, and unresolved.
        shutil.move(unresolved + ".away", unresolved)
        done, merged = self.merge("older-merged-2", a, b)
        self.assertIn("has no responses.jsonl", done.stderr)
        self.assertEqual(merged["redirects"], {"followed": 0, "failed": 3, "unresolved": 9})

    def test_a_broken_merge_file_is_refused_naming_its_line(self):
        first, second = self.redirect_files("broken")
        a, _ = self.part("broken-a", first)
        b, _ = self.part("broken-b", second)
        unresolved = os.path.join(a, "unresolved.jsonl")
        with open(unresolved) as file:
            lines = file.read().splitlines()
        for bad, says in ((['{"host":"x","rank":null,"chain":["https://x/robots.txt"]}'],
                           "line 1 has a \"chain\" that is not 2 to 6 URLs"),
                          (lines[:1] + ["{"], "line 2 is no JSON"),
                          (['{"host":"x","rank":null,"chain":["https://x/robots.txt",""]}'],
                           "line 1 has an empty URL in \"chain\""),
                          (['{"host":"x","rank":0,"chain":["", "https://y/robots.txt"]}'],
                           "line 1 has a \"rank\" that is no rank"),
                          (lines + lines[:1], "line 10 is past the 9 unresolved redirects"),
                          (["x" * (64 * 1024 + 1)], "line 1 is over 65,536 bytes")):
            with open(unresolved, "w") as file:
                file.write("\n".join(bad) + "\n")
            done, _ = self.merge("broken-merged", a, b, expect=2)
            self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
            self.assertIn(unresolved, done.stderr)
            self.assertIn(says, done.stderr)
        with open(unresolved, "w") as file:
            file.write("\n".join(lines) + "\n")
        responses = os.path.join(b, "responses.jsonl")
        with open(responses, "a") as file:
            file.write('{"url":"https://nowhere.example/robots.txt","access":"maybe",'
                       '"next":null,"crawlers":null}\n')
        done, _ = self.merge("broken-merged", a, b, expect=2)
        self.assertIn("line 5 has an unknown \"access\"", done.stderr)

    def test_merge_refuses_a_part_given_twice(self):
        base = os.path.join(self.temp.name, "twice")
        run("census", self.parts[0], "--crawlers", "GPTBot", "--out", base)
        done = run("census", "--merge", base, base, expect=2)
        self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
        self.assertIn("given twice", done.stderr)
        # Two folders whose inputs overlap: each names the file both read.
        other = os.path.join(self.temp.name, "twice-other")
        run("census", self.parts[1], self.parts[0], "--crawlers", "GPTBot", "--out", other)
        done = run("census", "--merge", base, other, expect=2)
        self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
        self.assertIn(os.path.basename(self.parts[0]), done.stderr)
        self.assertIn("both read", done.stderr)
        # Parts of different files merge.
        third = os.path.join(self.temp.name, "twice-third")
        run("census", self.parts[1], "--crawlers", "GPTBot", "--out", third)
        run("census", "--merge", base, third)

class TemplatesTest(unittest.TestCase):
    """summary.json "templates": the bodies many hosts serve, counted exactly and merged."""

    MANAGED = b"# Managed by ExampleCDN\nUser-agent: *\nDisallow: /cdn-cgi/\n"

    def setUp(self):
        self.temp = tempfile.TemporaryDirectory()
        self.addCleanup(self.temp.cleanup)

    def crawl(self, name, bodies):
        return write_crawl(os.path.join(self.temp.name, name + ".warc.gz"), bodies)

    def test_a_template_served_by_20_hosts_is_listed_with_its_count(self):
        bodies = {}
        for index in range(20):
            # The same file as crawlers read it: line endings and a byte order mark aside.
            variant = self.MANAGED
            if index % 3 == 1:
                variant = variant.replace(b"\n", b"\r\n")
            elif index % 3 == 2:
                variant = b"\xef\xbb\xbf" + variant.replace(b"\n", b"\r")
            bodies[f"site{index}.example"] = variant
        for index in range(7):
            bodies[f"own{index}.example"] = b"User-agent: *\nDisallow: /private%d/\n" % index
        bodies["wp1.example"] = bodies["wp2.example"] = b"User-agent: *\nDisallow: /wp-admin/\n"
        summary, hosts = census(os.path.join(self.temp.name, "out"), self.crawl("t", bodies))
        validate("census-summary", summary)
        for host in hosts:
            validate("census-host", host)
        templates = summary["templates"]
        self.assertEqual(templates["hosts"], 29)
        self.assertEqual(templates["floor"], 0)
        top = templates["top"]
        self.assertEqual([entry["hosts"] for entry in top[:2]], [20, 2])
        self.assertEqual(top[0]["error"], 0)
        self.assertEqual(top[0]["first_lines"],
                         ["# Managed by ExampleCDN", "User-agent: *", "Disallow: /cdn-cgi/"])
        self.assertEqual(sum(entry["hosts"] for entry in top), 29)
        by_host = {host["host"]: host["template"] for host in hosts}
        self.assertEqual({by_host[f"site{i}.example"] for i in range(20)}, {top[0]["hash"]})
        self.assertEqual(by_host["wp1.example"], top[1]["hash"])

    def test_past_the_bound_a_shared_template_is_kept_with_bounded_counts(self):
        # 10,100 bodies served once, more than the 10,000 templates counted in memory, and
        # the managed one served by 30 hosts spread among them: it is kept, its count
        # an upper bound off by at most "error", and "top" holds the 1,000 written.
        bodies = {}
        for index in range(10100):
            bodies[f"own{index}.example"] = b"Disallow: /%d\n" % index
            if index % 337 == 0 and index // 337 < 30:
                bodies[f"managed{index}.example"] = self.MANAGED
        self.assertEqual(sum(body == self.MANAGED for body in bodies.values()), 30)
        summary, _ = census(os.path.join(self.temp.name, "many"), self.crawl("many", bodies),
                            extra=("--crawlers", "GPTBot"))
        templates = summary["templates"]
        self.assertEqual(templates["hosts"], 10130)
        self.assertEqual(len(templates["top"]), 1000)
        first = templates["top"][0]
        self.assertEqual(first["first_lines"][0], "# Managed by ExampleCDN")
        self.assertLessEqual(first["hosts"] - first["error"], 30)
        self.assertGreaterEqual(first["hosts"], 30)
        self.assertGreater(templates["floor"], 0)
        self.assertLessEqual(first["error"], templates["floor"])

    def test_first_lines_are_bounded(self):
        body = b"# " + b"x" * 500 + b"\n" + b"Disallow: /a\n" * 10
        summary, _ = census(os.path.join(self.temp.name, "long"),
                            self.crawl("long", {"a.example": body, "b.example": body}))
        lines = summary["templates"]["top"][0]["first_lines"]
        self.assertEqual(len(lines), 3)
        self.assertEqual(lines[0], "# " + "x" * 98)

    def test_merge_adds_templates_up(self):
        first = {f"a{i}.example": self.MANAGED for i in range(12)}
        first["solo.example"] = b"User-agent: *\nAllow: /\n"
        second = {f"b{i}.example": self.MANAGED for i in range(8)}
        parts = []
        for name, bodies in (("first", first), ("second", second)):
            parts.append(os.path.join(self.temp.name, name))
            census(parts[-1], self.crawl(name, bodies))
        merged = os.path.join(self.temp.name, "merged")
        run("census", "--merge", *parts, "--out", merged)
        with open(os.path.join(merged, "summary.json")) as file:
            templates = json.load(file)["templates"]
        whole, _ = census(os.path.join(self.temp.name, "whole"),
                          self.crawl("whole", {**first, **second}))
        self.assertEqual(templates["top"][0]["hosts"], 20)
        self.assertEqual(templates, whole["templates"])


class DiffTest(unittest.TestCase):
    """`census --diff OLD NEW`: the hosts that changed, and only those, counted by kind."""

    OPEN = b"User-agent: *\nAllow: /\n"
    BLOCK_GPT = b"User-agent: GPTBot\nDisallow: /\n"
    PART_GPT = b"User-agent: GPTBot\nDisallow: /news/\n"

    def setUp(self):
        self.temp = tempfile.TemporaryDirectory()
        self.addCleanup(self.temp.cleanup)

    def census_of(self, name, bodies, label):
        path = write_crawl(os.path.join(self.temp.name, name + ".warc.gz"), bodies)
        out = os.path.join(self.temp.name, name)
        census(out, path, extra=("--crawlers", "GPTBot,ClaudeBot,Googlebot", "--label", label))
        return out

    def test_diff_names_exactly_the_hosts_that_started_blocking_gptbot(self):
        old = {f"same{i}.example": self.OPEN for i in range(10)}
        old.update({"starts.example": self.OPEN, "starts2.example": self.PART_GPT,
                    "stops.example": self.BLOCK_GPT, "kept.example": self.BLOCK_GPT,
                    "gone.example": self.OPEN,
                    "usage.example": self.OPEN + b"Content-Usage: train-ai=y\n"})
        new = dict(old)
        del new["gone.example"]
        new.update({"starts.example": self.BLOCK_GPT, "starts2.example": self.BLOCK_GPT,
                    "stops.example": self.OPEN, "new.example": self.BLOCK_GPT,
                    "usage.example": self.OPEN + b"Content-Usage: train-ai=n\n"})
        before = self.census_of("old", old, "crawl-1")
        after = self.census_of("new", new, "crawl-2")
        out = os.path.join(self.temp.name, "diff")
        done = run("census", "--diff", before, after, "--out", out)
        self.assertIn("changed", done.stdout)
        with open(os.path.join(out, "changes.jsonl")) as file:
            changes = {line["host"]: line for line in map(json.loads, file)}
        for line in changes.values():
            validate("census-changes", line)
        started = sorted(host for host, line in changes.items()
                         if "started-blocking-fully" in line.get("crawlers", {}).get("GPTBot", []))
        self.assertEqual(started, ["starts.example", "starts2.example"])
        self.assertEqual(sorted(changes), ["gone.example", "new.example", "starts.example",
                                           "starts2.example", "stops.example", "usage.example"])
        self.assertEqual(changes["gone.example"]["changes"], ["disappeared"])
        self.assertEqual(changes["new.example"]["changes"], ["appeared"])
        self.assertEqual(changes["starts.example"]["crawlers"],
                         {"GPTBot": ["started-blocking-fully", "started-naming"]})
        self.assertEqual(changes["starts2.example"]["crawlers"],
                         {"GPTBot": ["started-blocking-fully", "stopped-blocking-partly"]})
        self.assertEqual(changes["stops.example"]["crawlers"],
                         {"GPTBot": ["stopped-blocking-fully", "stopped-naming"]})
        self.assertEqual(changes["usage.example"]["content_usage"],
                         {"train-ai": ["allowed", "disallowed"]})
        self.assertEqual(changes["usage.example"]["changes"], ["changed-usage"])
        with open(os.path.join(out, "summary.json")) as file:
            summary = json.load(file)
        validate("census-diff-summary", summary)
        self.assertEqual(summary["diff"], {"old": "crawl-1", "new": "crawl-2"})
        self.assertEqual(summary["hosts"], {"old": 16, "new": 16, "both": 15, "changed": 4,
                                            "appeared": 1, "disappeared": 1, "duplicates": 0})
        gpt = summary["per_crawler"]["GPTBot"]
        self.assertEqual((gpt["started_blocking_fully"], gpt["stopped_blocking_fully"],
                          gpt["stopped_blocking_partly"], gpt["started_naming"]), (2, 1, 1, 1))
        self.assertEqual(summary["per_crawler"]["ClaudeBot"]["started_blocking_fully"], 0)
        self.assertEqual(summary["per_purpose"]["ai-training"]["started_blocking_fully"], 2)
        self.assertEqual(summary["usage"]["hosts_changed"], 1)

    def test_a_broken_host_line_is_refused_naming_its_line(self):
        before = self.census_of("old", {"a.example": self.OPEN, "b.example": self.OPEN}, "1")
        after = self.census_of("new", {"a.example": self.OPEN}, "2")
        with open(os.path.join(after, "hosts.jsonl"), "a") as file:
            file.write('{"host": "x"}\n')
        done = run("census", "--diff", before, after, "--out",
                   os.path.join(self.temp.name, "diff"), expect=2)
        self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
        self.assertIn("line 2", done.stderr)
        done = run("census", "--diff", before, after, expect=2)
        self.assertIn("--out", done.stderr)


class RanksTest(unittest.TestCase):
    """--ranks FILE: every count of the summary also per stratum of popularity."""

    BLOCK_ALL = b"User-agent: *\nDisallow: /\n"
    OPEN = b"User-agent: *\nAllow: /\n"

    def setUp(self):
        self.temp = tempfile.TemporaryDirectory()
        self.addCleanup(self.temp.cleanup)
        self.ranks = os.path.join(self.temp.name, "ranks.csv")
        with open(self.ranks, "w") as file:
            # Tranco's format: registrable domains, no "www.", CR LF line ends.
            file.write("1,top.example\r\n500,Www-Less.example\r\n5000,mid.example\r\n"
                       "50000,far.example\r\n999999,tail.example\r\n")

    def crawl(self, name, bodies):
        return write_crawl(os.path.join(self.temp.name, name + ".warc.gz"), bodies)

    def test_every_share_is_counted_per_stratum_too(self):
        bodies = {"top.example": self.BLOCK_ALL, "www.www-less.example": self.BLOCK_ALL,
                  "mid.example:8443": self.OPEN, "far.example": self.BLOCK_ALL,
                  "sub.far.example": self.OPEN, "tail.example": self.OPEN,
                  "nobody.example": self.OPEN}
        summary, hosts = census(os.path.join(self.temp.name, "out"), self.crawl("c", bodies),
                                extra=("--ranks", self.ranks, "--crawlers", "GPTBot"))
        validate("census-summary", summary)
        for host in hosts:
            validate("census-host", host)
        ranks = {host["host"]: host["rank"] for host in hosts}
        # Exact host, or without "www."; the port left out; a subdomain is another site.
        self.assertEqual(ranks, {"top.example": 1, "www.www-less.example": 500,
                                 "mid.example:8443": 5000, "far.example": 50000,
                                 "sub.far.example": None, "tail.example": 999999,
                                 "nobody.example": None})
        strata = summary["strata"]
        self.assertEqual([stratum["stratum"] for stratum in strata],
                         ["1-1000", "1001-10000", "10001-100000", "100001-1000000", "unranked"])
        self.assertEqual([stratum["hosts"] for stratum in strata], [2, 1, 1, 1, 2])
        self.assertEqual([stratum["per_crawler"]["GPTBot"]["blocked_fully"] for stratum in strata],
                         [2, 0, 1, 0, 0])
        # Each stratum holds every count the whole has but inputs, templates and strata.
        self.assertEqual(set(strata[-1]) - {"stratum"},
                         set(summary) - {"format", "label", "paths", "crawlers", "inputs",
                                         "input_files", "templates", "strata"})
        for key in ("hosts", "groups", "rules", "html_bodies"):
            self.assertEqual(sum(stratum[key] for stratum in strata), summary[key])

    def test_strata_merge_like_the_rest(self):
        first = {"top.example": self.BLOCK_ALL, "nobody.example": self.OPEN}
        second = {"mid.example": self.BLOCK_ALL, "tail.example": self.OPEN}
        parts = []
        for name, bodies in (("first", first), ("second", second)):
            parts.append(os.path.join(self.temp.name, name))
            run("census", self.crawl(name, bodies), "--paths", "/", "--ranks", self.ranks,
                "--out", parts[-1])
        merged = os.path.join(self.temp.name, "merged")
        run("census", "--merge", *parts, "--out", merged)
        whole = os.path.join(self.temp.name, "whole")
        run("census", self.crawl("whole", {**first, **second}), "--paths", "/", "--ranks",
            self.ranks, "--out", whole)
        with open(os.path.join(merged, "summary.json")) as a, \
                open(os.path.join(whole, "summary.json")) as b:
            merged_summary, whole_summary = json.load(a), json.load(b)
        # Two files against one: all else is equal.
        self.assertEqual(merged_summary["inputs"]["files"], 2)
        merged_summary["inputs"]["files"] = 1
        self.assertEqual([file["name"] for file in merged_summary.pop("input_files")],
                         ["first.warc.gz", "second.warc.gz"])
        whole_summary.pop("input_files")
        self.assertEqual(merged_summary, whole_summary)
        unranked = os.path.join(self.temp.name, "unranked")
        run("census", self.crawl("third", first), "--paths", "/", "--out", unranked)
        done = run("census", "--merge", parts[0], unranked, expect=2)
        self.assertIn("--ranks", done.stderr)
        self.assertEqual(len(done.stderr.splitlines()), 1)

    def test_a_malformed_rank_line_is_refused_naming_it(self):
        path = self.crawl("c", {"top.example": self.OPEN})
        for text, line in (("1,a.example\nrank,host\n", 2), ("1,a.example\n\n2,b.example\n", 2),
                           ("0,a.example\n", 1), ("1,a example\n", 1), ("x\n", 1),
                           ("1," + "a" * 600 + "\n", 1)):
            with open(self.ranks, "w") as file:
                file.write(text)
            done = run("census", path, "--ranks", self.ranks, expect=2)
            self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
            self.assertIn(f"line {line} ", done.stderr)
        done = run("census", path, "--ranks", os.path.join(self.temp.name, "none"), expect=2)
        self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[3:])
