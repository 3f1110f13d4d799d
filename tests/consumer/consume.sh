#!/usr/bin/env bash
# Builds and runs the programs of tests/consumer against an installed robotstxt, the
# two ways users build: CMake's find_package and pkg-config. Usage: consume.sh PREFIX
# (a `cmake --install` prefix, or the usr/ of an unpacked Debian package; the caller
# sets LD_LIBRARY_PATH when the libraries are shared and not on the loader's path).
set -euo pipefail
prefix=$(realpath "$1")
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The core alone, with the packages only robotstxt::fetch needs hidden from CMake.
cmake -S "$here" -B "$work/core" -DCMAKE_PREFIX_PATH="$prefix" --no-warn-unused-cli \
  -DCMAKE_DISABLE_FIND_PACKAGE_CURL=ON -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON >"$work/core.log" || { cat "$work/core.log"; exit 1; }
cmake --build "$work/core" >/dev/null
"$work/core/consumer"
"$work/core/c_consumer"
echo "find_package(robotstxt): the core builds and runs without libcurl, libidn2, hiredis or zlib, from C++ and from C11"

cmake -S "$here" -B "$work/fetch" -DCMAKE_PREFIX_PATH="$prefix" -DWITH_FETCH=ON \
  >"$work/fetch.log" || { cat "$work/fetch.log"; exit 1; }
cmake --build "$work/fetch" >/dev/null
"$work/fetch/consumer"
"$work/fetch/fetch_consumer"
echo "find_package(robotstxt COMPONENTS fetch): both libraries build and run"

# pkg-config. A static robotstxt_fetch also needs libcurl, libidn2, hiredis, zlib and libbrotlidec on the link
# line: their shared libraries, as CMake's package links them (`--static` would ask for
# libcurl's own private dependencies, whose development files Debian does not require).
pc_file=$(find "$prefix" -name robotstxt.pc -path '*/pkgconfig/*' | head -1)
export PKG_CONFIG_PATH=$(dirname "$pc_file")${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
private=()
if [ -e "$(pkg-config --variable=libdir robotstxt)/librobotstxt_fetch.a" ]; then
  read -r -a private <<<"$(pkg-config --libs libcurl libidn2 hiredis zlib libbrotlidec)"
fi
version=$(pkg-config --modversion robotstxt)
# Word splitting of pkg-config's output is intended: it is a list of flags.
# shellcheck disable=SC2046
c++ -std=c++20 -DPACKAGE_VERSION="\"$version\"" "$here/consumer.cc" -o "$work/pc_consumer" \
  $(pkg-config --cflags --libs robotstxt)
"$work/pc_consumer"
# A C11 program: the C compiler, and the libraries pkg-config names (with a static
# library, the C++ runtime it needs, which robotstxt.pc adds then).
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror "$here/c_consumer.c" -o "$work/pc_c_consumer" \
  $(pkg-config --cflags --libs robotstxt)
"$work/pc_c_consumer"
# shellcheck disable=SC2046
c++ -std=c++20 "$here/fetch_consumer.cc" -o "$work/pc_fetch_consumer" \
  $(pkg-config --cflags --libs robotstxt-fetch) "${private[@]}"
"$work/pc_fetch_consumer"
echo "pkg-config robotstxt $version and robotstxt-fetch: both build and run"
