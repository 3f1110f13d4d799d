#!/usr/bin/env bash
# Builds tests/subproject, which adds this source tree with add_subdirectory(), and runs
# it. The packages only the optional parts need (libcurl, libidn2, CLI11, nlohmann-json,
# GoogleTest, Python, pybind11) are hidden from CMake: the core library must not ask for
# them. Usage: subproject_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hidden=()
for package in CURL PkgConfig CLI11 nlohmann_json GTest Python3 pybind11; do
  hidden+=("-DCMAKE_DISABLE_FIND_PACKAGE_${package}=ON")
done
cmake -S "$source_dir/tests/subproject" -B "$work/build" -DROBOTSTXT_SOURCE="$source_dir" \
  "${hidden[@]}"
cmake --build "$work/build" -j2
"$work/build/subproject_consumer"
# No test of ours may leak into the consumer's ctest.
tests=$(ctest --test-dir "$work/build" -N | sed -n 's/^Total Tests: //p')
if [ "$tests" != "0" ]; then
  echo "subproject_test: the consumer's build registered $tests tests of ours" >&2
  exit 1
fi
echo "add_subdirectory() consumer builds the core library only and it works"
