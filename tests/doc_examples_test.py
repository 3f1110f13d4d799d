#!/usr/bin/python3
"""Every `$ robotstxt ...` example in README.md, CONTRIBUTING.md and docs/*.md is run and
its shown output compared byte for byte, so that the documents cannot drift from the
program they describe.

An example is a fenced block in which some line starts with `$ ` and runs `robotstxt`
(alone or after a pipe). Each `$ ` line of such a block is a command (`cat` and `printf`
included, so a file shown in the block is the file the command reads); the lines up to
the next `$ ` line are what it prints, standard error included, as a terminal shows it.
A last line `(exit N)` is the exit code it must end with (of a pipeline, the last command
that failed); without one, 0 and 1 (allowed, disallowed, changed) are accepted, never 2.

Commands run from the repository root, with the built CLI first on PATH. `PORT` in a
command or its output stands for the port of tests/support/robots_server.py, which this
test starts on 127.0.0.1 with `--body examples/robots.txt` and stops whatever happens:
nothing is fetched from anywhere else.

A block preceded by the line `<!-- not run: REASON -->` is skipped and listed.

Usage: doc_examples_test.py ROBOTSTXT_BINARY SOURCE_DIR
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

NOT_RUN = re.compile(r"^<!-- not run: (.+) -->$")
RUNS_ROBOTSTXT = re.compile(r"^\$ (?:.*\|\s*)?robotstxt\b")
EXIT_LINE = re.compile(r"^\(exit (\d+)\)$")
COMMAND_TIMEOUT_SECONDS = 60


def documents(source_dir):
    """The documents whose examples are held to the program."""
    paths = [source_dir / "README.md", source_dir / "CONTRIBUTING.md"]
    paths += sorted((source_dir / "docs").glob("*.md"))
    return [path for path in paths if path.exists()]


def example_blocks(path):
    """(first line number, lines, not-run reason or None) of each example block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        if not lines[index].startswith("```"):
            index += 1
            continue
        start = index
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        body = lines[start + 1:end]
        if any(RUNS_ROBOTSTXT.match(line) for line in body):
            previous = lines[start - 1] if start > 0 else ""
            reason = NOT_RUN.match(previous)
            blocks.append((start + 2, body, reason.group(1) if reason else None))
        index = end + 1
    return blocks


def commands_of(body):
    """(command, expected output lines, expected exit code or None) for each `$ ` line."""
    commands = []
    for line in body:
        if line.startswith("$ "):
            commands.append([line[2:], [], None])
        elif commands:
            commands[-1][1].append(line)
    for command in commands:
        output = command[1]
        while output and output[-1] == "":
            output.pop()  # a blank line before the closing fence is layout, not output
        if output and EXIT_LINE.match(output[-1]):
            command[2] = int(EXIT_LINE.match(output.pop()).group(1))
    return [tuple(command) for command in commands]


def start_fixture_server(source_dir):
    server = subprocess.Popen(
        [sys.executable, str(source_dir / "tests/support/robots_server.py"), "--body",
         str(source_dir / "examples/robots.txt")],
        stdout=subprocess.PIPE, text=True)
    port = server.stdout.readline().strip()
    if not port.isdigit():
        server.kill()
        raise RuntimeError("the fixture server did not print its port")
    return server, port


def run_examples(binary, source_dir, port):
    failures = []
    skipped = []
    count = 0
    with tempfile.TemporaryDirectory() as bin_dir:
        os.symlink(binary, os.path.join(bin_dir, "robotstxt"))
        environment = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
                           LC_ALL="C.UTF-8")
        for path in documents(source_dir):
            name = path.relative_to(source_dir)
            for first_line, body, reason in example_blocks(path):
                if reason:
                    skipped.append(f"{name}:{first_line}: {reason}")
                    continue
                for command, expected, exit_code in commands_of(body):
                    count += 1
                    result = subprocess.run(
                        ["bash", "-c", "set -o pipefail; { " + command.replace("PORT", port) + "\n} 2>&1"],
                        cwd=source_dir, env=environment, stdin=subprocess.DEVNULL,
                        capture_output=True, timeout=COMMAND_TIMEOUT_SECONDS)
                    shown = "\n".join(expected).replace("PORT", port)
                    got = result.stdout.decode("utf-8", "replace").rstrip("\n")
                    problems = []
                    if got != shown:
                        problems.append(f"shown:\n{shown}\nprinted:\n{got}")
                    if exit_code is not None and result.returncode != exit_code:
                        problems.append(f"shown exit {exit_code}, got {result.returncode}")
                    if exit_code is None and result.returncode not in (0, 1):
                        problems.append(f"exit {result.returncode} (show it with (exit N))")
                    if problems:
                        failures.append(f"{name}:{first_line}: $ {command}\n" +
                                        "\n".join(problems))
    return count, failures, skipped


def main():
    binary = os.path.abspath(sys.argv[1])
    source_dir = pathlib.Path(sys.argv[2]).resolve()
    if shutil.which("bash") is None:
        print("bash is needed to run the examples", file=sys.stderr)
        return 1
    server, port = start_fixture_server(source_dir)
    try:
        count, failures, skipped = run_examples(binary, source_dir, port)
    finally:
        server.terminate()
        server.wait(timeout=10)
    for line in skipped:
        print(f"not run: {line}")
    for failure in failures:
        print(f"FAIL {failure}\n")
    print(f"{count} examples run, {len(failures)} differ, {len(skipped)} blocks not run")
    if count == 0:
        print("no example found: the documents or this test's reading of them moved")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
