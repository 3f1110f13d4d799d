#!/usr/bin/python3
"""Checks data/crawlers.json, the crawler catalogue (docs/semantics.md 8).

Run: crawler_catalogue_data_test.py PATH/TO/crawlers.json
"""

import json
import re
import sys
import unittest

CATALOGUE_PATH = None

# docs/semantics.md 2.4: a product token is a non-empty run of [A-Za-z_-]; anything else can
# never equal a group's token (docs/semantics.md 8.5), so a catalogue token must be of that form.
PRODUCT_TOKEN = re.compile(r"[A-Za-z_-]+")
PURPOSES = {"search", "ads", "ai-training", "ai-search", "user-triggered", "other"}
REQUIRED_FIELDS = {
    "name": str,
    "operator": str,
    "tokens": list,
    "ignores_global_group": bool,
    "obeys_robots_txt": bool,
    "purpose": str,
    "sources": list,
    "verified": bool,
    "notes": str,
}
OPTIONAL_FIELDS = {"user_agent_substring": str, "crawl_delay": dict}
# A user-triggered fetcher not bound by robots.txt explains itself by its purpose; any
# other such crawler must say why in its notes with one of these words.
EXEMPTION_WORDS = re.compile(r"ignore|bypass|not subject|may not apply", re.IGNORECASE)


def load_catalogue():
    with open(CATALOGUE_PATH, encoding="utf-8") as catalogue_file:
        return json.load(catalogue_file)


class CrawlerCatalogueDataTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalogue = load_catalogue()
        cls.crawlers = cls.catalogue["crawlers"]

    def test_has_version_date_and_crawlers(self):
        self.assertIsInstance(self.catalogue.get("version"), int)
        self.assertRegex(self.catalogue.get("updated", ""), r"^\d{4}-\d{2}-\d{2}$")
        self.assertIsInstance(self.crawlers, list)
        self.assertTrue(self.crawlers)

    def test_fields_have_their_types_and_no_unknown_field_is_present(self):
        for crawler in self.crawlers:
            with self.subTest(crawler=crawler.get("name")):
                for field, expected_type in REQUIRED_FIELDS.items():
                    self.assertIn(field, crawler)
                    # type() rather than isinstance(): a bool must not pass for an int.
                    self.assertIs(type(crawler[field]), expected_type, field)
                for field, expected_type in OPTIONAL_FIELDS.items():
                    if field in crawler:
                        self.assertIs(type(crawler[field]), expected_type, field)
                        if expected_type is str:
                            self.assertTrue(crawler[field].strip(), field)
                unknown = set(crawler) - set(REQUIRED_FIELDS) - set(OPTIONAL_FIELDS)
                self.assertFalse(unknown, "unknown fields")
                self.assertTrue(crawler["name"].strip())
                self.assertTrue(crawler["operator"].strip())
                self.assertTrue(crawler["notes"].strip())

    def test_every_entry_cites_at_least_one_https_source(self):
        for crawler in self.crawlers:
            with self.subTest(crawler=crawler["name"]):
                self.assertTrue(crawler["sources"])
                for source in crawler["sources"]:
                    self.assertIs(type(source), str)
                    self.assertRegex(source, r"^https://[^\s/]+\.[^\s/]+(/\S*)?$")

    def test_crawl_delay_fact_says_honoured_and_cites_one_of_the_sources(self):
        # Politeness reads Crawl-delay only for crawlers documented to honour it; the fact
        # must name the page that says so, like every other fact of the entry.
        for crawler in self.crawlers:
            if "crawl_delay" not in crawler:
                continue
            with self.subTest(crawler=crawler["name"]):
                fact = crawler["crawl_delay"]
                self.assertEqual(set(fact), {"honoured", "source"})
                self.assertIs(type(fact["honoured"]), bool)
                self.assertIn(fact["source"], crawler["sources"])

    def test_tokens_are_product_tokens_without_duplicates(self):
        for crawler in self.crawlers:
            with self.subTest(crawler=crawler["name"]):
                tokens = crawler["tokens"]
                self.assertTrue(tokens, "a crawler needs at least one token")
                for token in tokens:
                    self.assertIs(type(token), str)
                    self.assertTrue(PRODUCT_TOKEN.fullmatch(token), token)
                folded = [token.lower() for token in tokens]
                self.assertEqual(len(folded), len(set(folded)), "token listed twice")

    def test_names_are_unique_ignoring_case(self):
        seen = {}
        for crawler in self.crawlers:
            folded = crawler["name"].casefold()
            self.assertNotIn(folded, seen, f"{crawler['name']} repeats {seen.get(folded)}")
            seen[folded] = crawler["name"]

    def test_purpose_is_one_of_the_allowed_values(self):
        for crawler in self.crawlers:
            with self.subTest(crawler=crawler["name"]):
                self.assertIn(crawler["purpose"], PURPOSES)

    def test_crawler_not_bound_by_robots_txt_is_user_triggered_or_says_why(self):
        for crawler in self.crawlers:
            if crawler["obeys_robots_txt"] or crawler["purpose"] == "user-triggered":
                continue
            with self.subTest(crawler=crawler["name"]):
                self.assertRegex(crawler["notes"], EXEMPTION_WORDS)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: crawler_catalogue_data_test.py PATH/TO/crawlers.json")
    CATALOGUE_PATH = sys.argv.pop(1)
    unittest.main()
