#!/usr/bin/env bash
# Runs one of the npm package's test files with Node's test runner, in the project
# install_package.sh made. Usage: run_test.sh INSTALL_DIR FILE.test.mjs
set -euo pipefail
install_dir=$1
if [ -f "$install_dir/SKIPPED" ]; then
  echo "skipped: $(cat "$install_dir/SKIPPED")"
  exit 77
fi
cd "$install_dir"
exec node --test --test-reporter=spec "$2"
