#!/usr/bin/env bash
# The npm package as its users get it: builds the tarballs (scripts/build-npm), installs
# them with `npm install` into a fresh project in INSTALL_DIR, and copies the package's
# tests there, so that they import it by its name, "robotstxt-wasm" (and the package for
# robots-parser's place as "robotstxt-robots-parser").
# Usage: install_package.sh SOURCE_DIR INSTALL_DIR. Exit 77 (ctest: skipped) only when
# emscripten cannot be installed; then INSTALL_DIR/SKIPPED says why.
set -euo pipefail
source_dir=$1
install_dir=$2
rm -rf "$install_dir"
mkdir -p "$install_dir"

status=0
"$source_dir/scripts/build-npm" >"$install_dir/build-npm.log" 2>&1 || status=$?
if [ "$status" -eq 77 ]; then
  tail -1 "$install_dir/build-npm.log" | tee "$install_dir/SKIPPED" >&2
  exit 77
elif [ "$status" -ne 0 ]; then
  cat "$install_dir/build-npm.log" >&2
  exit "$status"
fi
tarballs=("$source_dir"/build/npm/robotstxt-wasm-*.tgz)
[ ${#tarballs[@]} -eq 1 ] || { echo "expected one tarball in build/npm" >&2; exit 1; }
drop_ins=("$source_dir"/build/npm/robotstxt-robots-parser-*.tgz)
[ ${#drop_ins[@]} -eq 1 ] || { echo "expected one robots-parser tarball in build/npm" >&2; exit 1; }

cd "$install_dir"
printf '{ "name": "robotstxt-wasm-installed", "private": true, "type": "module" }\n' >package.json
# The packages have no dependencies: installing them needs no registry.
npm install --offline --no-audit --no-fund --silent "${tarballs[0]}" "${drop_ins[0]}"
cp "$source_dir"/tests/js/*.mjs "$source_dir"/tests/support/fixture_origin.mjs .
echo "installed ${tarballs[0]##*/} and ${drop_ins[0]##*/} into $install_dir"
