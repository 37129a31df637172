#!/bin/bash -eu
# ClusterFuzzLite/OSS-Fuzz build: the fuzz targets from zfcheck's CMake, linked with $LIB_FUZZING_ENGINE,
# with their options, the dictionary and the seed corpora in $OUT. Runs locally too (see fuzz/check_clusterfuzzlite.sh).
src=${SRC:-$(cd "$(dirname "$0")/.." && pwd)}
[ -d "$src/zfcheck" ] && src=$src/zfcheck
build=${WORK:-/tmp}/zfcheck-oss-fuzz-build
# ICU linked statically: the image that runs the targets has no libicu.
icu=$(dirname "$(find /usr/lib /usr/local/lib -name libicuuc.a -print -quit)")
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DICU_UC_LIBRARY_RELEASE="$icu/libicuuc.a" -DICU_DATA_LIBRARY_RELEASE="$icu/libicudata.a" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DZFCHECK_FUZZ=ON -DZFCHECK_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" -DZFCHECK_CUDA=OFF -DZFCHECK_TESTS=OFF -DZFCHECK_BENCHMARKS=OFF
cmake --build "$build" -j"$(nproc)"
# Every target the build defines (its one list); each needs its options file, which names its dictionary.
while read -r target; do
  cp "$build/fuzz/$target" "$src/fuzz/$target.options" "$OUT/"
  (cd "$src/corpus/fuzz/$target" && cmake -E tar cf "$OUT/${target}_seed_corpus.zip" --format=zip -- *)
done < "$build/fuzz/targets.txt"
cp "$src"/fuzz/*.dict "$OUT/"
