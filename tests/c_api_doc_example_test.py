#!/usr/bin/python3
"""The first program of docs/c-api.md, compiled as C11 against the built libraries and
run: it must print exactly the text block the page shows after it.

The program is the ```c block after the line
`<!-- compiled and run by tests/c_api_doc_example_test.py -->`; its output is the next
```text block.

Usage: c_api_doc_example_test.py SOURCE_DIR BUILD_INCLUDE_DIR CORE_LIBRARY [CFLAG...]
"""
import pathlib
import subprocess
import sys
import tempfile

MARKER = "<!-- compiled and run by tests/c_api_doc_example_test.py -->"


def fenced_block(lines, start, language):
    """The body of the first ```language block at or after line `start`, and its end."""
    opening = next(i for i in range(start, len(lines)) if lines[i] == "```" + language)
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i] == "```")
    return "\n".join(lines[opening + 1:closing]) + "\n", closing


def main():
    source_dir, include_dir, library = (pathlib.Path(argument) for argument in sys.argv[1:4])
    extra_flags = sys.argv[4:]
    lines = (source_dir / "docs" / "c-api.md").read_text(encoding="utf-8").splitlines()
    program, end = fenced_block(lines, lines.index(MARKER), "c")
    expected, _ = fenced_block(lines, end, "text")
    with tempfile.TemporaryDirectory() as work:
        source = pathlib.Path(work) / "first.c"
        binary = pathlib.Path(work) / "first"
        source.write_text(program, encoding="utf-8")
        subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic",
                        *extra_flags, "-I", str(source_dir / "include"), "-I", str(include_dir),
                        str(source), str(library), "-lstdc++", "-lm", "-o", str(binary)],
                       check=True)
        run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    if run.returncode != 0 or run.stdout != expected:
        print(f"docs/c-api.md: the program exited {run.returncode} and printed\n{run.stdout}"
              f"{run.stderr}\ninstead of\n{expected}", file=sys.stderr)
        return 1
    print("docs/c-api.md: the first program prints what the page shows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
