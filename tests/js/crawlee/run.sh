#!/usr/bin/env bash
# The js_crawlee_override test: crawlee, pinned by this folder's package-lock.json, with
# robotstxt-robots-parser in robots-parser's place. Installs crawlee with `npm ci` (npm's
# cache kept in the build tree) into BINARY_DIR/js-crawlee and runs
# crawlee_override.test.mjs there, against the tarball js_install had scripts/build-npm
# make. Usage: run.sh SOURCE_DIR BINARY_DIR. Exit 77 (ctest: skipped) only when node or
# npm is missing or emscripten could not be installed.
set -euo pipefail
source_dir=$1
binary_dir=$2
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is missing"; exit 77; }
done
if [ -f "$binary_dir/js-installed/SKIPPED" ]; then
  echo "skipped: $(cat "$binary_dir/js-installed/SKIPPED")"
  exit 77
fi
tarballs=("$source_dir"/build/npm/robotstxt-robots-parser-*.tgz)
if [ ${#tarballs[@]} -ne 1 ] || [ ! -f "${tarballs[0]}" ]; then
  echo "expected one robotstxt-robots-parser tarball in build/npm (scripts/build-npm)" >&2
  exit 1
fi

work_dir=$binary_dir/js-crawlee
rm -rf "$work_dir"
mkdir -p "$work_dir"
crawlee_dir=$source_dir/tests/js/crawlee
cp "$crawlee_dir"/{package.json,package-lock.json,crawl.mjs,crawlee_override.test.mjs} \
  "$source_dir"/tests/support/fixture_origin.mjs "$work_dir"/
cd "$work_dir"
export npm_config_cache=$binary_dir/npm-cache npm_config_update_notifier=false
start=$SECONDS
timeout 300 npm ci --no-audit --no-fund --loglevel=error
echo "npm ci: $((SECONDS - start)) s"
ROBOTS_PARSER_TARBALL=${tarballs[0]} exec node --test --test-reporter=spec crawlee_override.test.mjs
