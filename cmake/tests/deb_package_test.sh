#!/usr/bin/env bash
# ctest: the Debian package installs into a fresh root and runs there without a checkout.
#
#   cmake/tests/deb_package_test.sh BUILD_DIR
#
# Makes the .deb with CPack (as `./run.sh package` does), unpacks it into an empty root (dpkg -x), checks
# that it depends on runtime libraries only and on every library its zfcheck loads (ldd, dpkg -S), then runs
# that zfcheck from / with no ZFCHECK_DATA_DIR: --version, explain on the installed example config, replay of
# the installed corpus (a seed removed from the root must vanish from the count), the man page and the bash
# completion. Exit status: 0 passed, 1 failed, 2 bad usage.
set -euo pipefail
[[ $# -eq 1 && -f $1/CPackConfig.cmake ]] || { echo "usage: deb_package_test.sh BUILD_DIR (configured)" >&2; exit 2; }
build=$(cd "$1" && pwd)
work=$(mktemp -d)  # outside the build tree: a zfcheck run from there would read the checkout's data
trap 'rm -rf "$work"' EXIT
fail() { echo "deb_package_test: FAILED: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -B "$work/package" > "$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/package/zfcheck_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
echo "== $(basename "$deb"): Depends: $depends; Recommends: $(dpkg-deb -f "$deb" Recommends)"
[[ $depends == *libc6* && $depends == *libstdc++6* ]] || fail "Depends lacks libc6 or libstdc++6"
[[ $depends != *-dev* ]] || fail "Depends names a development package"
[[ $(dpkg-deb -f "$deb" Recommends) == *python3* ]] || fail "python3 is not recommended (for --upstream)"

root=$work/root
dpkg -x "$deb" "$root"
zfcheck=$root/usr/bin/zfcheck
echo "== the libraries $zfcheck loads, and the packages that hold them"
libraries=$(ldd "$zfcheck")
! grep -q "not found" <<< "$libraries" || fail "a library is missing: $libraries"
for lib in $(sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p' <<< "$libraries"); do
  package=$(dpkg -S "$(realpath "$lib")" 2> /dev/null | head -1 | cut -d: -f1) \
    || package=$(dpkg -S "$lib" | head -1 | cut -d: -f1)
  echo "  $lib: $package"
  [[ ", $depends" == *", $package "* || ", $depends" == *", $package," || ", $depends" == *", $package" ]] \
    || fail "$lib comes from $package, which Depends does not name"
done

run() { (cd / && env -u ZFCHECK_DATA_DIR "$zfcheck" "$@"); }
echo "== zfcheck --version"
run --version | tee "$work/version"
[[ $(cat "$work/version") == "$("$build/harness/cli/zfcheck" --version)" ]] || fail "--version differs from the build's"
echo "== zfcheck explain (the installed tutorial config, a batch size given, DeepSpeed master)"
set +e
run explain "$root/usr/share/zfcheck/corpus/configs/tutorial-zenflow.json" --profile deepspeed-edaa722 \
  --set train_batch_size=8 --micro-steps 24 > "$work/explain" 2>&1
status=$?
set -e
cat "$work/explain"
((status == 1)) || fail "explain exited $status, expected 1 (an invariant broken)"
grep -q "^  reselects-or-warns: " "$work/explain" || fail "explain did not name reselects-or-warns"
echo "== zfcheck replay (the installed corpus)"
seeds=$(ls "$root"/usr/share/zfcheck/corpus/reviewed/*.json | wc -l)
run replay | tee "$work/replay"
grep -q "^replay: $seeds seeds, [0-9]* expectations, 0 mismatches$" "$work/replay" || fail "replay of $seeds seeds"
rm "$(ls "$root"/usr/share/zfcheck/corpus/reviewed/*.json | head -1)"
run replay | grep -q "^replay: $((seeds - 1)) seeds" || fail "replay did not read the installed corpus"
echo "== the man page and the bash completion"
grep -q '^\.TH ZFCHECK 1' "$root/usr/share/man/man1/zfcheck.1" || fail "no man page"
grep -q '^ *replay$' "$root/usr/share/man/man1/zfcheck.1" || fail "the man page lacks the replay command"
bash -c "source '$root/usr/share/bash-completion/completions/zfcheck' && complete -p zfcheck" \
  | grep -q -- "-F _zfcheck zfcheck" || fail "the bash completion does not load"
echo "deb_package_test: passed: $(basename "$deb") installs into a fresh root and runs there"
