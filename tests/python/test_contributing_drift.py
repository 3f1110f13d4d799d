"""CONTRIBUTING.md against the tree it describes: the fuzz targets it lists are the ones in
fuzz/ (and the ones scripts/fuzz runs), every test it names exists, and its layout names
every top-level folder of the repository and no other. These are the lists that drift when
a target, a test or a folder is added without the page."""

from __future__ import annotations

import pathlib
import re
import subprocess

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
CONTRIBUTING = (SOURCE_DIR / "CONTRIBUTING.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of `## title` up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", CONTRIBUTING,
                      re.MULTILINE | re.DOTALL)
    assert match, f"CONTRIBUTING.md has no '## {title}' section"
    return match.group(1)


def fuzz_sources() -> set[str]:
    return {path.stem for path in (SOURCE_DIR / "fuzz").glob("*_fuzzer.cc")}


def test_the_fuzz_targets_listed_are_those_in_fuzz():
    listed = set(re.findall(r"`(\w+_fuzzer)`", section("Fuzzing")))
    assert listed == fuzz_sources(), (
        f"listed but not in fuzz/: {sorted(listed - fuzz_sources())}; "
        f"in fuzz/ but not listed: {sorted(fuzz_sources() - listed)}")
    count = re.search(r"^(\w+) libFuzzer targets in `fuzz/`", section("Fuzzing"), re.MULTILINE)
    assert count, "the Fuzzing section says how many targets there are"
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve"]
    assert count.group(1).lower() == words[len(fuzz_sources())]


def test_scripts_fuzz_runs_every_target():
    script = (SOURCE_DIR / "scripts" / "fuzz").read_text(encoding="utf-8")
    default = re.search(r"targets=\((\w[^)]*)\)", script, re.DOTALL)
    assert default, "scripts/fuzz names its default targets"
    assert set(default.group(1).split()) == fuzz_sources()


def cmake_test_names() -> set[str]:
    """What CMake registers: robotstxt_test(NAME ...) binaries, add_test(NAME NAME ...),
    the fuzzers' `NAME_replays_corpus`, and the names a foreach() over a list gives."""
    names: set[str] = set()
    cmake_files = [SOURCE_DIR / "tests" / "CMakeLists.txt", SOURCE_DIR / "fuzz" / "CMakeLists.txt",
                   SOURCE_DIR / "python" / "CMakeLists.txt",
                   *sorted((SOURCE_DIR / "tests").glob("*.cmake"))]
    for cmake in cmake_files:
        text = cmake.read_text(encoding="utf-8")
        names.update(re.findall(r"robotstxt_test\((\w+)", text))
        names.update(re.findall(r"add_test\(NAME (\w+)\s", text))
        names.update(f"{name}_replays_corpus"
                     for name in re.findall(r"robotstxt_fuzzer\((\w+)", text))
        lists = {name: items.split() for name, items in re.findall(r"set\((\w+) ([^)$]*)\)", text)}
        for variable, items in re.findall(r"foreach\((\w+) ([^)]*)\)", text):
            # foreach(form ${forms}): the items of the list set() gave.
            listed = re.fullmatch(r"\$\{(\w+)\}", items.strip())
            values = lists.get(listed.group(1), []) if listed else items.split()
            values = [item for item in values if re.fullmatch(r"\w+", item)]
            if "${" + variable + "}" in text:
                names.update(values)
            # add_test(NAME prefix_${form} ...): one test per item.
            for prefix in re.findall(r"add_test\(NAME (\w+)\$\{" + variable + r"\}", text):
                names.update(prefix + item for item in values)
    names.update(f"python_{path.stem}" for path in (SOURCE_DIR / "tests" / "python").glob("test_*.py"))
    return names


def gtest_suites() -> set[str]:
    suites: set[str] = set()
    for source in (SOURCE_DIR / "tests").glob("*.cc"):
        suites.update(re.findall(r"^TEST(?:_F|_P)?\((\w+),", source.read_text(encoding="utf-8"),
                                 re.MULTILINE))
    return suites


def test_every_test_named_exists():
    table = [line for line in section("Tests").splitlines() if line.startswith("| `")]
    assert table, "the Tests section has its table"
    existing = cmake_test_names()
    suites = gtest_suites()
    missing = []
    for row in table:
        first_cell = row.split(" | ")[0]
        for name in re.findall(r"`([^`]+)`", first_cell):
            if name.endswith(".*"):  # a GoogleTest suite: Version.*
                found = name[:-2] in suites
            elif name.endswith("*"):  # a family: python_test_*
                found = any(test.startswith(name[:-1]) for test in existing)
            else:
                found = name in existing
            if not found:
                missing.append(name)
    assert not missing, f"CONTRIBUTING.md names tests that do not exist: {missing}"


def repository_folders() -> set[str]:
    """The top-level folders git tracks (a checkout without git: those on disk, build
    output left out)."""
    try:
        tracked = subprocess.run(["git", "-C", str(SOURCE_DIR), "ls-files"], capture_output=True,
                                 text=True, check=True, timeout=60).stdout.splitlines()
        if tracked:
            return {path.split("/")[0] for path in tracked if "/" in path}
    except (OSError, subprocess.SubprocessError):
        pass
    ignored = re.compile(r"^(build.*|dist|\.git|\.cache|__pycache__|.*\.egg-info)$")
    return {path.name for path in SOURCE_DIR.iterdir()
            if path.is_dir() and not ignored.match(path.name)}


def test_the_layout_names_every_top_level_folder():
    layout = re.search(r"```\n(.*?)```", section("Layout"), re.DOTALL)
    assert layout, "the Layout section is one code block"
    # "src/  ..." and "include/robotstxt/  ...": a folder at the start of a line.
    listed = set(re.findall(r"^([\w.-]+)/\S*\s", layout.group(1), re.MULTILINE))
    folders = repository_folders()
    assert listed == folders, (
        f"in the layout but not the repository: {sorted(listed - folders)}; "
        f"in the repository but not the layout: {sorted(folders - listed)}")
