#!/usr/bin/env bash
# What shared robotstxt libraries export (src/exported_symbols.map): every function the C
# header declares and no other C symbol, and of C++ only the public API: nothing of
# robotstxt::internal (but what the map names for `robotstxt serve` and `census`), of the
# private robotstxt::structured_field, of the standard library or of a third party.
# Usage: exported_symbols_check.sh C_API_HEADER LIBRARY.so... (all of them together:
# librobotstxt.so and librobotstxt_fetch.so each export their own part of the C ABI).
set -euo pipefail
header=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

nm -D --defined-only "$@" | awk 'NF == 3 {print $3}' | sort -u >"$work/mangled"
c++filt <"$work/mangled" | sort -u >"$work/exported"
if [ "$(wc -l <"$work/exported")" -lt 100 ]; then
  echo "exported_symbols_check: only $(wc -l <"$work/exported") symbols: not the libraries?" >&2
  exit 1
fi

# The C ABI: exactly the functions of the header.
grep -oE '\brobotstxt_[a-z_]+\(' "$header" | tr -d '(' | sort -u >"$work/declared"
grep -E '^robotstxt_[a-z_]+$' "$work/exported" >"$work/c_exported" || true
missing=$(comm -23 "$work/declared" "$work/c_exported")
extra=$(comm -13 "$work/declared" "$work/c_exported")

# Everything else must be robotstxt:: (or its type information), and not private.
unexpected=$(grep -vE '^robotstxt_[a-z_]+$' "$work/exported" |
  grep -vE '^((typeinfo|typeinfo name|vtable) for )?robotstxt::' |
  grep -vE '^[^(]* robotstxt::[A-Za-z_:]+(<.*>)?\(' || true)
private=$(grep -E '(^|[ (<,])robotstxt::(internal|structured_field)::' "$work/exported" |
  grep -vE '^robotstxt::internal::((parse_and_describe|lint_described|resolve_location)\(|ContentDecoder::)' ||
  true)

status=0
report() {
  if [ -n "$2" ]; then
    echo "exported_symbols_check: $1:" >&2
    echo "$2" | head -20 | sed 's/^/  /' >&2
    status=1
  fi
}
report "declared in $(basename "$header") but not exported" "$missing"
report "C symbols exported but not declared in $(basename "$header")" "$extra"
report "exported symbols outside the robotstxt API" "$unexpected"
report "private symbols exported" "$private"
if [ "$status" -eq 0 ]; then
  echo "exported_symbols_check: $(wc -l <"$work/exported") symbols, $(wc -l <"$work/declared")" \
    "C functions, nothing private or third-party"
fi
exit "$status"
