"""docs/bindings.md opens with the answer in every language: its first table is held to
schemas/answer.schema.json, a row per field of the verdict and of the decision, each name
the schema's in that language's case convention."""

import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "answer.schema.json").read_text())
LANGUAGES = ["JSON", "C++", "C", "Python", "JavaScript", "Go", "Rust", "Java"]


def camel_case(name):
    first, *rest = name.split("_")
    return first + "".join(part.capitalize() for part in rest)


def go_case(name):
    # Go spells initialisms in capitals: ViaIndexHTM, URLError, RobotsURL.
    return "".join(
        part.upper() if part in ("htm", "url") else part.capitalize() for part in name.split("_")
    )


def expected_cell(answer, field, language):
    if answer == "decision" and field == "verdict":
        # JSON gives the verdict's fields in the decision's own object; C asks for it.
        if language == "JSON":
            return "its fields, inline"
        if language == "C":
            return "`robotstxt_decision_verdict()`"
    spelling = {
        "JavaScript": camel_case(field),
        "Go": go_case(field),
        "Java": camel_case(field) + "()",
    }.get(language, field)
    return f"`{spelling}`"


def first_table():
    lines = (ROOT / "docs" / "bindings.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[0], rows[2:]


def test_the_first_table_names_every_language():
    header, _ = first_table()
    assert header[0:2] == ["answer", "field"]
    assert [cell.split(" (")[0] for cell in header[2:]] == LANGUAGES


def test_the_first_table_has_a_row_per_field_in_the_schemas_order():
    _, rows = first_table()
    expected = [
        (answer, field)
        for answer in ("verdict", "decision")
        for field in SCHEMA["$defs"][answer]["properties"]
    ]
    assert [(row[0], row[1]) for row in rows] == expected


def test_each_cell_is_the_schemas_name_in_its_languages_case():
    _, rows = first_table()
    for row in rows:
        answer, field, cells = row[0], row[1], row[2:]
        for language, cell in zip(LANGUAGES, cells):
            assert cell == expected_cell(answer, field, language), (answer, field, language)
