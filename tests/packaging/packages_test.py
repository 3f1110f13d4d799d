#!/usr/bin/python3
"""One language's package from build/packages/ (scripts/build-packages), used the way
docs/install.md's "Packages for each language's registry" shows: every command of that
language's part runs, and prints what the document shows.

The part is read from the document, not repeated here. Its fenced blocks are either
commands (a `text` block of `$ ` lines, each followed by the lines it prints on standard
output) or files (a block right after a line "`PATH`:" or "`PATH`, ...:", written there
before the next command). They run in order in one bash, from a new empty folder, as
the user's project, with `/path/to/robotstxt` standing for this tree, and twice:

- "from build/packages/": the lines and files marked so, and the unmarked ones;
- "once published": the lines marked so, and the unmarked ones, with the registry
  pointed at build/packages/: pip's --no-index --find-links, an npm registry on loopback
  made from the tarballs, GOPROXY=file:// with GOSUMDB=off, crates.io replaced by the
  directory source in CARGO_HOME's config, Maven Central's address as a file:// one.

Every run starts from an environment without PYTHONPATH, LD_LIBRARY_PATH, PKG_CONFIG_PATH,
CLASSPATH and the tools' own settings, with a new HOME; nothing can reach the network
(pip and npm are pointed at a closed loopback port unless the run says otherwise, Go's
proxy is off, cargo is offline). Beside the document's commands the test holds the
package's own form: file names and layout, checksums, `npm publish --dry-run`, and for
Java that the library's temporary copy is gone after the run.

Usage: packages_test.py SOURCE_DIR BUILD_DIR FORM   (FORM: python npm goproxy cargo maven)
Exits 77 (ctest: skipped) when scripts/build-packages could not make that form here.
"""

from __future__ import annotations

import base64
import glob
import hashlib
import http.server
import io
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import xml.etree.ElementTree as ElementTree
import zipfile

SECTION = "## Packages for each language's registry"
PARTS = {"python": "### Python:", "npm": "### JavaScript:", "goproxy": "### Go:",
         "cargo": "### Rust:", "maven": "### Java:"}
LOCAL, REGISTRY = "from build/packages/", "once published"
FILE_LABEL = re.compile(r"^`([^`]+)`(.*):$")
PLACEHOLDER = "/path/to/robotstxt"
MAVEN_CENTRAL = "https://repo1.maven.org/maven2/"
CLOSED_PORT = "http://127.0.0.1:9/"  # discard: nothing listens there
RUN_TIMEOUT_SECONDS = 240
# What the document's commands for each form run.
TOOLS = {"python": ["bash"], "npm": ["npm", "node"], "goproxy": ["go"], "cargo": ["cargo"],
         "maven": ["javac", "java", "curl"]}


class Step:
    def __init__(self, kind: str, line: int, text: str, marker: str | None,
                 path: str = "", output: list[str] | None = None) -> None:
        self.kind, self.line, self.text, self.marker = kind, line, text, marker
        self.path, self.output = path, output or []


def marker_of(text: str) -> str | None:
    if LOCAL in text:
        return LOCAL
    if REGISTRY in text:
        return REGISTRY
    return None


def part_of(document: str, form: str) -> tuple[int, list[str]]:
    """(line number of its first line, lines) of the form's part of the section; fails
    when the section's parts are not exactly the five this test knows."""
    lines = document.split("\n")
    start = lines.index(SECTION)
    end = next((index for index in range(start + 1, len(lines))
                if lines[index].startswith("## ")), len(lines))
    headings = [index for index in range(start, end) if lines[index].startswith("### ")]
    found = sorted(next((form for form, prefix in PARTS.items()
                         if lines[index].startswith(prefix)), lines[index])
                   for index in headings)
    assert found == sorted(PARTS), f"{SECTION}: parts {found}, this test runs {sorted(PARTS)}"
    first = next(index for index in headings if lines[index].startswith(PARTS[form]))
    last = next((index for index in headings if index > first), end)
    return first + 1, lines[first:last]


def steps_of(first_line: int, lines: list[str]) -> tuple[list[Step], list[str]]:
    """The part's commands and files, and its XML blocks (Maven's, shown and not run:
    check_maven holds them to the repository); any other block is an error, since
    nothing would run it."""
    steps, others = [], []
    index = 0
    while index < len(lines):
        if not lines[index].startswith("```"):
            index += 1
            continue
        end = index + 1
        while not lines[end].startswith("```"):
            end += 1
        body = lines[index + 1:end]
        label = next((line for line in reversed(lines[:index]) if line.strip()), "")
        label_match = FILE_LABEL.match(label)
        if lines[index] == "```text" and body and body[0].startswith("$ "):
            for offset, line in enumerate(body):
                if line.startswith("$ "):
                    steps.append(Step("command", first_line + index + 1 + offset, line[2:],
                                      marker_of(line)))
                elif line:
                    steps[-1].output.append(line)
        elif label_match:
            steps.append(Step("file", first_line + index, "\n".join(body) + "\n",
                              marker_of(label_match.group(2)), path=label_match.group(1)))
        else:
            assert lines[index] == "```xml", \
                f"docs/install.md:{first_line + index}: a block this test neither runs nor checks"
            others.append("\n".join(body))
        index = end + 1
    return steps, others


def script_of(steps: list[Step], run: str, results: pathlib.Path, tree: dict[str, str],
              rewrite: dict[str, str]) -> str:
    """One bash script for one run: each command's standard output to its own file."""
    skipped = REGISTRY if run == LOCAL else LOCAL

    def concrete(text: str) -> str:
        for old, new in [*rewrite.items(), *tree.items()]:
            text = text.replace(old, new)
        return text

    lines = []
    for number, step in enumerate(steps):
        if step.marker == skipped:
            continue
        text = concrete(step.text)
        if step.kind == "file":
            lines += [f"mkdir -p \"$(dirname {shlex.quote(step.path)})\"",
                      f"cat >{shlex.quote(step.path)} <<'ROBOTSTXT_DOCUMENT_FILE'",
                      text + "ROBOTSTXT_DOCUMENT_FILE"]
            continue
        lines += [f"echo {shlex.quote('+ ' + text)} >&2",
                  "{", text, f"}} >{shlex.quote(str(results / f'{number}.out'))}",
                  "status=$?",
                  f"if [ $status -ne 0 ]; then echo 'docs/install.md:{step.line}: exit '$status >&2;"
                  " exit 1; fi"]
    return "\n".join(lines) + "\n"


class NpmRegistry:
    """The registry protocol npm install needs, on loopback: GET /NAME answers the
    package document (one version per tarball), GET /NAME/-/FILE the tarball."""

    def __init__(self, tarballs: list[pathlib.Path]) -> None:
        self.documents, self.files = {}, {}
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self.handler())
        base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        for tarball in tarballs:
            data = tarball.read_bytes()
            with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                manifest = json.load(archive.extractfile("package/package.json"))
            name = manifest["name"]
            self.files[f"/{name}/-/{tarball.name}"] = data
            document = self.documents.setdefault(
                name, {"name": name, "dist-tags": {}, "versions": {}})
            document["dist-tags"]["latest"] = manifest["version"]
            document["versions"][manifest["version"]] = dict(manifest, dist={
                "tarball": f"{base}{name}/-/{tarball.name}",
                "shasum": hashlib.sha1(data).hexdigest(),
                "integrity": "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()})
        self.url = base

    def handler(self):
        registry = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                path = self.path.split("?")[0].replace("%2f", "/").replace("%2F", "/")
                if path.lstrip("/") in registry.documents:
                    body = json.dumps(registry.documents[path.lstrip("/")]).encode()
                    kind = "application/json"
                elif path in registry.files:
                    body, kind = registry.files[path], "application/octet-stream"
                else:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_arguments) -> None:
                pass

        return Handler

    def __enter__(self) -> "NpmRegistry":
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_arguments) -> None:
        self.server.shutdown()
        self.server.server_close()


def base_environment(home: pathlib.Path, build: pathlib.Path) -> dict[str, str]:
    dropped = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "LD_LIBRARY_PATH", "LD_PRELOAD",
               "PKG_CONFIG_PATH", "CLASSPATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
               "NODE_PATH", "NODE_OPTIONS", "CARGO_HOME", "CARGO_TARGET_DIR", "RUSTFLAGS",
               "CARGO_BUILD_TARGET_DIR", "CARGO_NET_OFFLINE"}
    environment = {key: value for key, value in os.environ.items()
                   if key not in dropped and not key.startswith(("GO", "PIP_", "npm_config_", "NPM_CONFIG_"))}
    real_home = pathlib.Path(os.environ.get("HOME", "/root"))
    if "RUSTUP_HOME" not in environment and (real_home / ".rustup").is_dir():
        # rustup's cargo (when there is one) finds its toolchains there, not in the new HOME.
        environment["RUSTUP_HOME"] = str(real_home / ".rustup")
    environment.update(
        HOME=str(home),
        # Debian's python3 first: the wheel is for it, and a pyenv's python3 may lead PATH.
        PATH="/usr/bin:" + os.environ.get("PATH", ""),
        PIP_INDEX_URL=CLOSED_PORT, PIP_RETRIES="0", PIP_DISABLE_PIP_VERSION_CHECK="1",
        npm_config_registry=CLOSED_PORT, npm_config_fetch_retries="0",
        npm_config_audit="false", npm_config_fund="false", npm_config_update_notifier="false",
        GOPROXY="off", GOCACHE=str(build / "go" / "cache"), GOTOOLCHAIN="local",
        CARGO_NET_OFFLINE="true")
    return environment


def check_python(packages: pathlib.Path, version: str) -> None:
    wheels = sorted(path.name for path in packages.glob("*.whl"))
    sdists = sorted(path.name for path in packages.glob("*.tar.gz"))
    assert len(wheels) == 1 and wheels[0].startswith(f"robotstxt-{version}-cp3"), wheels
    assert sdists == [f"robotstxt-{version}.tar.gz"], sdists
    with tarfile.open(packages / sdists[0]) as sdist:
        names = set(sdist.getnames())
    for needed in ("pyproject.toml", "setup.py", "CMakeLists.txt", "python/CMakeLists.txt",
                   "include/robotstxt/c_api.h", "data/crawlers.json", "VERSION"):
        assert f"robotstxt-{version}/{needed}" in names, f"the sdist lacks {needed}"
    with zipfile.ZipFile(packages / wheels[0]) as wheel:
        assert any(name.startswith("robotstxt/_robotstxt.") and name.endswith(".so")
                   for name in wheel.namelist()), "the wheel lacks the extension"


def check_npm(packages: pathlib.Path, environment: dict[str, str], work: pathlib.Path) -> None:
    tarballs = sorted(packages.glob("*.tgz"))
    assert tarballs, "no tarball in build/packages/npm"
    for tarball in tarballs:
        subprocess.run(["npm", "publish", "--dry-run", "--offline", str(tarball)],
                       check=True, env=environment, cwd=work, timeout=120)


def check_goproxy(packages: pathlib.Path, source: pathlib.Path, version: str) -> None:
    module = "github.com/robotstxt/robotstxt/go"
    versions = packages / module / "@v"
    tag = f"v{version}"
    assert (versions / "list").read_text().split() == [tag]
    assert json.loads((versions / f"{tag}.info").read_text())["Version"] == tag
    go_mod = (source / "go" / "go.mod").read_bytes()
    assert (versions / f"{tag}.mod").read_bytes() == go_mod
    with zipfile.ZipFile(versions / f"{tag}.zip") as archive:
        names = archive.namelist()
        prefix = f"{module}@{tag}/"
        assert all(name.startswith(prefix) and not name.endswith("/") for name in names), names
        assert archive.read(prefix + "go.mod") == go_mod
        assert prefix + "LICENSE" in names and prefix + "robotstxt.go" in names


def check_cargo(packages: pathlib.Path) -> None:
    crates = sorted(packages.glob("crates/*.crate"))
    assert [crate.name.rsplit("-", 1)[0] for crate in crates] == ["robotstxt-google",
                                                                   "robotstxt-sys"], crates
    for crate in crates:
        unpacked = packages / "vendor" / crate.name[:-len(".crate")]
        checksums = json.loads((unpacked / ".cargo-checksum.json").read_text())
        assert checksums["package"] == hashlib.sha256(crate.read_bytes()).hexdigest()
        files = {str(path.relative_to(unpacked)) for path in unpacked.rglob("*")
                 if path.is_file() and path.name != ".cargo-checksum.json"}
        assert files == set(checksums["files"]), files ^ set(checksums["files"])
        for name, checksum in checksums["files"].items():
            assert hashlib.sha256((unpacked / name).read_bytes()).hexdigest() == checksum, name


def check_maven(packages: pathlib.Path, version: str, shown: list[str]) -> None:
    artifact = packages / "io" / "github" / "robotstxt" / "robotstxt"
    directory = artifact / version
    stem = f"robotstxt-{version}"
    for name in (f"{stem}.jar", f"{stem}.pom", f"{stem}-sources.jar"):
        assert (directory / name).is_file(), name
    for path in [*directory.iterdir(), artifact / "maven-metadata.xml"]:
        if path.suffix in (".md5", ".sha1"):
            continue
        for algorithm in ("md5", "sha1"):
            written = path.with_name(f"{path.name}.{algorithm}").read_text().strip()
            assert written == hashlib.new(algorithm, path.read_bytes()).hexdigest(), path
    namespace = {"m": "http://maven.apache.org/POM/4.0.0"}
    pom = ElementTree.parse(directory / f"{stem}.pom").getroot()
    assert [pom.findtext(f"m:{field}", namespaces=namespace)
            for field in ("groupId", "artifactId", "version", "packaging")] == \
        ["io.github.robotstxt", "robotstxt", version, "jar"]
    metadata = ElementTree.parse(artifact / "maven-metadata.xml").getroot()
    assert [element.text for element in metadata.iter("version")] == [version]
    library = "io/github/robotstxt/native/linux-x86_64/librobotstxt_jni.so"
    with zipfile.ZipFile(directory / f"{stem}.jar") as jar:
        names = set(jar.namelist())
        assert library in names and "io/github/robotstxt/Robots.class" in names, names
        with tempfile.NamedTemporaryFile(suffix=".so") as copy:
            copy.write(jar.read(library))
            copy.flush()
            needed = subprocess.run(["objdump", "-p", copy.name], check=True,
                                    capture_output=True, text=True).stdout
    # The jar carries the C library inside the JNI library: nothing of ours beside it.
    assert "NEEDED               librobotstxt" not in needed, needed
    with zipfile.ZipFile(directory / f"{stem}-sources.jar") as sources:
        assert "io/github/robotstxt/Robots.java" in sources.namelist()
    # What the document tells a Maven build to ask for is there.
    for block in shown:
        root = ElementTree.fromstring(block)
        for url in root.iter("url"):
            assert url.text.startswith(f"file://{PLACEHOLDER}/build/packages/maven"), url.text
        if root.tag == "dependency":
            coordinates = [root.findtext(field) for field in ("groupId", "artifactId", "version")]
            path = packages.joinpath(*coordinates[0].split("."), coordinates[1], coordinates[2],
                                     f"{coordinates[1]}-{coordinates[2]}.jar")
            assert path.is_file(), path


def run_document(steps: list[Step], run: str, form: str, source: pathlib.Path,
                 build: pathlib.Path, scratch: pathlib.Path, registry_url: str) -> None:
    home, project, results = scratch / "home", scratch / "project", scratch / "results"
    for folder in (home, project, results):
        folder.mkdir()
    packages = build / "packages"
    environment = base_environment(home, build)
    rewrite = {}
    if run == LOCAL:
        environment["npm_config_offline"] = "true"
    elif form == "python":
        environment.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(packages / "python"))
    elif form == "npm":
        environment["npm_config_registry"] = registry_url
    elif form == "goproxy":
        environment.update(GOPROXY=f"file://{packages / 'goproxy'}", GOSUMDB="off")
    elif form == "cargo":
        cargo_home = scratch / "cargo-home"
        cargo_home.mkdir()
        (cargo_home / "config.toml").write_text(
            '[source.crates-io]\nreplace-with = "robotstxt-packages"\n'
            f'[source.robotstxt-packages]\ndirectory = "{packages / "cargo" / "vendor"}"\n')
        environment["CARGO_HOME"] = str(cargo_home)
    elif form == "maven":
        rewrite[MAVEN_CENTRAL] = f"file://{packages / 'maven'}/"
    tree = {f"{PLACEHOLDER}/build/": f"{build}/", PLACEHOLDER: str(source)}
    script = script_of(steps, run, results, tree, rewrite)
    print(f"== {run}", flush=True)
    finished = subprocess.run(["bash", "-c", script], cwd=project, env=environment,
                              timeout=RUN_TIMEOUT_SECONDS)
    assert finished.returncode == 0, f"{run}: a command failed (above)"
    for number, step in enumerate(steps):
        if step.kind != "command" or not step.output or not (results / f"{number}.out").exists():
            continue
        printed = (results / f"{number}.out").read_text().rstrip("\n").split("\n")
        assert [line.rstrip() for line in printed] == step.output, \
            f"docs/install.md:{step.line}: printed {printed}, the document shows {step.output}"


def main() -> int:
    source, build = (pathlib.Path(argument).resolve() for argument in sys.argv[1:3])
    form = sys.argv[3]
    packages = build / "packages" / form
    missing = [tool for tool in TOOLS[form] if shutil.which(tool) is None]
    if missing:
        print(f"packages_{form}: skipped: {' '.join(missing)} not found")
        return 77
    if (packages / "SKIPPED").exists():
        print(f"packages_{form}: skipped: {(packages / 'SKIPPED').read_text().strip()}")
        return 77
    version = (source / "VERSION").read_text(encoding="ascii").strip()
    first_line, lines = part_of((source / "docs" / "install.md").read_text(encoding="utf-8"), form)
    steps, shown = steps_of(first_line, lines)
    # Without a marked line or file both runs would be the same.
    assert {LOCAL, REGISTRY} & {step.marker for step in steps}, \
        f"{PARTS[form]}: nothing marked '{LOCAL}' or '{REGISTRY}'"

    java_copies = set(glob.glob("/tmp/robotstxt_jni-*"))
    # TemporaryDirectory also removes what Go's module cache leaves read-only.
    with tempfile.TemporaryDirectory(prefix=f"packages_{form}-") as scratch_name:
        scratch = pathlib.Path(scratch_name)
        if form == "python":
            check_python(packages, version)
        elif form == "npm":
            (scratch / "publish").mkdir()
            check_npm(packages, base_environment(scratch / "publish", build), scratch / "publish")
        elif form == "goproxy":
            check_goproxy(packages, source, version)
        elif form == "cargo":
            check_cargo(packages)
        elif form == "maven":
            check_maven(packages, version, shown)
        with NpmRegistry(sorted(packages.glob("*.tgz")) if form == "npm" else []) as registry:
            for run, folder in ((LOCAL, "local"), (REGISTRY, "registry")):
                (scratch / folder).mkdir()
                run_document(steps, run, form, source, build, scratch / folder, registry.url)
    left = set(glob.glob("/tmp/robotstxt_jni-*")) - java_copies
    assert not left, f"the jar left its library's copies behind: {sorted(left)}"
    print(f"packages_{form}: docs/install.md's commands ran from build/packages/ and as "
          "once published")
    return 0


if __name__ == "__main__":
    sys.exit(main())
