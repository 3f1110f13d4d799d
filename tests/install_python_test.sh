#!/usr/bin/env bash
# `cmake --install BUILD --prefix ~/.local`, as the README says, with HOME a temporary
# folder: afterwards the interpreter the build used imports robotstxt with nothing set
# (no PYTHONPATH, only HOME, as a login shell has it), from that folder's user site
# directory, and the module answers.
# Usage: install_python_test.sh BUILD_DIR PYTHON
set -euo pipefail
build_dir=$1
python=$2
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
env -u PYTHONUSERBASE HOME="$home" cmake --install "$build_dir" --prefix "$home/.local" \
  > "$home/install.log"
# From HOME, as a user starts it: `-c` reads the current folder first, and the test's own
# (the build tree) holds the package uninstalled.
cd "$home"
where=$(env -i HOME="$home" "$python" -c '
import robotstxt
robots = robotstxt.RobotsTxt("user-agent: *\ndisallow: /x\n")
assert not robots.allowed("https://example.com/x", "bot")
print(robotstxt.__file__)')
case "$where" in
  "$home/.local/"*) ;;
  *)
    echo "install_python_test: robotstxt was imported from $where, not from $home/.local" >&2
    exit 1
    ;;
esac
echo "$python imports robotstxt from $where"
