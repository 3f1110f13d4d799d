#!/usr/bin/env bash
# Installs the built project into a temporary prefix, then configures, builds and runs
# tests/consumer against it. Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build_dir=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$source_dir/tests/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/consumer"
test -x "$work/prefix/bin/robotstxt"
echo "installed library and CLI work from $work/prefix"
