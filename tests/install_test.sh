#!/usr/bin/env bash
# Installs the built project into a temporary prefix, then builds and runs the programs
# of tests/consumer against it (tests/consumer/consume.sh), and checks that the CLI, its
# manual pages and its shell completions are where users' tools look for them.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build_dir=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build_dir" --prefix "$prefix" >/dev/null
"$source_dir/tests/consumer/consume.sh" "$prefix"
test -x "$prefix/bin/robotstxt"
for installed in share/man/man1/robotstxt.1 share/man/man1/robotstxt-check.1 \
                 share/bash-completion/completions/robotstxt \
                 share/zsh/vendor-completions/_robotstxt \
                 share/fish/vendor_completions.d/robotstxt.fish; do
  if [ ! -s "$prefix/$installed" ]; then
    echo "install_test: $installed was not installed" >&2
    exit 1
  fi
done
echo "installed libraries, CLI, manual pages and completions work from $prefix"
