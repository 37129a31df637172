#!/bin/sh
# Regenerates the `zfcheck --help-all` block of docs/cli.md, or with --check says whether it is current.
# Usage: docs/update_cli_reference.sh [--check] [ZFCHECK]   (default build/default/harness/cli/zfcheck)
# --check exits 1 with a diff and the command that regenerates the block when they differ.
set -eu
check=no
if [ "${1-}" = "--check" ]; then check=yes; shift; fi
root=$(cd "$(dirname "$0")/.." && pwd)
zfcheck=${1:-$root/build/default/harness/cli/zfcheck}
doc=$root/docs/cli.md
begin='<!-- BEGIN zfcheck --help-all -->'
end='<!-- END zfcheck --help-all -->'

if [ ! -x "$zfcheck" ]; then echo "update_cli_reference: no zfcheck binary at $zfcheck" >&2; exit 2; fi
if [ "$(grep -cxF -e "$begin" -e "$end" "$doc")" != 2 ]; then
  echo "update_cli_reference: $doc needs the lines '$begin' and '$end', once each" >&2; exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$zfcheck" --help-all > "$tmp/help" || { echo "update_cli_reference: $zfcheck --help-all failed" >&2; exit 2; }
awk -v begin="$begin" -v end="$end" -v help="$tmp/help" '
  $0 == end { inside = 0 }
  !inside { print }
  $0 == begin { inside = 1; print "```text"; while ((getline line < help) > 0) print line; print "```" }
' "$doc" > "$tmp/cli.md"

if [ "$check" = no ]; then
  cp "$tmp/cli.md" "$doc"
elif ! diff -u "$doc" "$tmp/cli.md"; then
  echo "docs/cli.md does not match \`zfcheck --help-all\`; regenerate it with: docs/update_cli_reference.sh" >&2
  exit 1
fi
