#!/usr/bin/env bash
# The mutation check of the test suite itself: which ctest label notices which change to the model.
#
# Usage: properties/mutation_check_labels.sh [BUILD_DIR] [MUTANT...]   (default build/default, every mutant)
# A mutant is either a profile switch flipped in one builtin profile ("switch:pr-8456:warning_raises"; the
# profiles and switches are those `zfcheck profiles -v` lists) or a hand-made change to the model or to the
# harness and kernels code the tests cover ("hand:schedule-warm-up-off-by-one"); "none", the unchanged
# model, is the control row that must show no label failing. `--list` prints them all. For each mutant the
# script patches the working tree (reference/, harness/ or kernels/), rebuilds, runs every label (unit,
# property, corpus, fuzz-smoke; the tests `excluded` names left out) until
# its first failing test, restores the sources, and prints one markdown row: the mutant, then "caught" or
# "-" per label. The working tree is restored on exit, interrupted or not. Not a test: it rebuilds once
# per mutant. Exit status 0 when every mutant was caught by some label (and the control by none), 1
# otherwise, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
build=build/default
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ] && [ "${1#switch:}" = "$1" ] && [ "${1#hand:}" = "$1" ] && [ "$1" != none ]; then
  build=$1
  shift
fi
labels=(unit property corpus fuzz-smoke)
# The profiles and switches, as the unchanged model lists them (`zfcheck profiles -v`).
zfcheck=$build/harness/cli/zfcheck
cmake --build "$build" -j2 --target zfcheck >/dev/null 2>&1 || { echo "$0: zfcheck does not build in $build" >&2; exit 2; }
listing=$("$zfcheck" profiles -v) || { echo "$0: $zfcheck profiles -v failed" >&2; exit 2; }
mapfile -t profiles < <(printf '%s\n' "$listing" | sed -nE '/^$/q; s/^([^ :]+)( \(default\))?: .*/\1/p')
mapfile -t switches < <(printf '%s\n' "$listing" | sed -nE '/^switches:$/,$ s/^  ([a-z0-9_]+) \(.*/\1/p')
if [ ${#profiles[@]} -eq 0 ] || [ ${#switches[@]} -eq 0 ]; then
  echo "$0: no profiles or no switches in \`zfcheck profiles -v\`" >&2
  exit 2
fi
# Hand-made mutants: name @@ file @@ the text replaced (it must occur exactly once) @@ its replacement.
hand=(
  "schedule-warm-up-off-by-one @@ reference/schedule.cpp @@ return m >= f.warm_up && (m == f.warm_up @@ return m > f.warm_up && (m == f.warm_up"
  "select-interval-string-check-dropped @@ reference/config.cpp @@   if (is_str_other_than_auto(cfg.select_interval)) return @@   if (false) return"
  "warning-swapped @@ reference/setup.cpp @@ warnings.push_back(SetupWarning::auto_overrides_integer_select_interval) @@ warnings.push_back(SetupWarning::select_interval_never_repeats)"
  "steps-per-epoch-min-off-by-one @@ reference/config.cpp @@ *cfg.steps_per_epoch < 1) @@ *cfg.steps_per_epoch < 0)"
  "strict-false-keeps-auto @@ reference/config_model_init.hpp @@ drop_auto_ = strict == nullptr || !strict->truthy(); @@ drop_auto_ = strict == nullptr;"
  "unit-interval-upper-bound-open @@ reference/pydantic_lax.cpp @@ if (!(value <= 1.0)) return @@ if (!(value < 1.0)) return"
  "progress-without-a-sink-writes-to-stderr @@ harness/io/progress.cpp @@ sink_(sink) @@ sink_(sink ? sink : &std::cerr)"
  "thread-table-row-steps-per-epoch-11 @@ harness/reports/resolution_table.cpp @@ block_case(steps_per_epoch(10) @@ block_case(steps_per_epoch(11)"
  "grid-drops-a-non-object-value @@ harness/checks/sweep_grid.cpp @@ 123, 1.5, \"x\" @@ 123, \"x\""
  "selection-work-forgets-the-bucket-offset @@ kernels/selection_work.cpp @@ add_run(work, param->bucket_begin + chunk.start_column * rows @@ add_run(work, chunk.start_column * rows"
  "diff-tells-equivalent-profiles-apart @@ harness/reports/profile_diff.cpp @@ if (change.empty()) return; @@ if (change.empty() && a.profile == b.profile) return;"
  "batch-triple-unchecked @@ reference/deepspeed_config.cpp @@ if (b.train_batch_size != b.train_micro_batch_size_per_gpu * b.gradient_accumulation_steps * world) { @@ if (false) {"
  "derived-gas-ignores-world-size @@ reference/deepspeed_config.cpp @@ py::floor_div(*per_world, world)} @@ *per_world}"
  "allreduce-sum-allowed-with-zenflow @@ reference/deepspeed_config.cpp @@ if (zero.zenflow) return raised(\"ValueError\", \"gradient_allreduce_op='sum' @@ if (false) return raised(\"ValueError\", \"gradient_allreduce_op='sum'"
  "zero-stage-4-accepted @@ reference/zero_config.cpp @@ if (!i || *i < 0 || *i > 3) { @@ if (!i || *i < 0 || *i > 4) {"
  "overlap-comm-default-ignores-stage-3 @@ reference/zero_config.cpp @@ out.zero.overlap_comm = out.zero.stage == 3; @@ out.zero.overlap_comm = false;"
  "only-cpu-counts-as-offload @@ reference/evaluate.cpp @@ *zero.offload_optimizer != \"none\" @@ *zero.offload_optimizer == \"cpu\""
  "gas-overwrite-forgotten @@ reference/evaluate.cpp @@ r.deepspeed->batch.gradient_accumulation_steps = engine->update_interval; @@ (void)0;"
  "stage-0-steps-fine @@ reference/evaluate.cpp @@ if (zero.stage == 0) @@ if (zero.stage == -1)"
  "explain-exit-0-with-broken-invariants @@ harness/explain/explanation.cpp @@ return e.violations.empty() ? 0 : 1; @@ return 0;"
)

all_mutants() {
  echo none
  for p in "${profiles[@]}"; do for s in "${switches[@]}"; do echo "switch:$p:$s"; done; done
  for h in "${hand[@]}"; do echo "hand:${h%% @@ *}"; done
}
if [ "${1:-}" = "--list" ]; then all_mutants; exit 0; fi
if [ $# -gt 0 ]; then mutants=("$@"); else mapfile -t mutants < <(all_mutants); fi

# The folders hand-made mutants patch: the model, and the harness and kernels code its tests cover.
sources=(reference harness kernels)
backup=$(mktemp -d)
cp -a "${sources[@]}" "$backup/"
# Puts back the files a mutant changed, with a new time stamp so that the next build recompiles them.
restore_sources() {
  (cd "$backup" && find "${sources[@]}" -type f) | while read -r f; do
    cmp -s "$backup/$f" "$f" || cp "$backup/$f" "$f"
  done
}
finish() {
  restore_sources
  rm -rf "$backup"
  cmake --build "$build" -j2 >/dev/null 2>&1 || echo "$0: the restored tree does not build" >&2
}
trap finish EXIT
trap 'exit 130' INT TERM

# apply MUTANT: patches reference/ in place; fails on an unknown mutant or text that is not there once.
apply() {
  python3 - "$1" "${hand[@]}" <<'PY'
import re, sys
mutant, hand = sys.argv[1], sys.argv[2:]
def replace_once(path, old, new):
    text = open(path).read()
    if text.count(old) != 1:
        sys.exit(f"{mutant}: {old!r} occurs {text.count(old)} times in {path}")
    open(path, "w").write(text.replace(old, new))
kind, _, rest = mutant.partition(":")
if kind == "none":
    pass
elif kind == "switch":
    profile, _, switch = rest.partition(":")
    text = open("reference/profile.cpp").read()
    # The profile's row in builtin_profiles(): its name, then the call that builds its switches.
    row = re.search(r'\{"' + re.escape(profile) + r'",[^{}]*?(\w+\(\))', text, re.S)
    if row is None or f"bool {switch} " not in open("reference/profile.hpp").read():
        sys.exit(f"{mutant}: unknown switch or profile row")
    flipped = f"[] {{ Switches s = {row.group(1)}; s.{switch} = !s.{switch}; return s; }}()"
    open("reference/profile.cpp", "w").write(text[:row.start(1)] + flipped + text[row.end(1):])
elif kind == "hand":
    for h in hand:
        name, path, old, new = h.split(" @@ ")
        if name == rest:
            replace_once(path, old, new)
            break
    else:
        sys.exit(f"{mutant}: unknown hand-made mutant")
else:
    sys.exit(f"{mutant}: not switch:PROFILE:SWITCH nor hand:NAME")
PY
}

# Left out: the MutationCheck tests (they flip switches themselves) and the two fixture walks, which run the
# fixture's upstream code over the whole grid several times (minutes each) and compare revisions with each
# other, not with the model.
excluded='MutationCheck|^conformance\.(upstream_engine|revision_changes)_fixture$'
header="| mutant |"
rule="|---|"
for label in "${labels[@]}"; do header+=" $label |"; rule+="---|"; done
echo "$header"
echo "$rule"
status=0
for m in "${mutants[@]}"; do
  restore_sources
  apply "$m" || exit 2
  if ! cmake --build "$build" -j2 >"$backup/build.log" 2>&1; then
    echo "| $m | does not build |"
    continue
  fi
  row="| $m |"
  caught=0
  for label in "${labels[@]}"; do
    if ctest --test-dir "$build" -j2 -L "^${label}\$" -E "$excluded" --stop-on-failure --timeout 600 >/dev/null 2>&1; then
      row+=" - |"
    else
      row+=" caught |"
      caught=1
    fi
  done
  echo "$row"
  if [ "$m" = none ]; then
    [ "$caught" -eq 0 ] || { echo "$0: a label fails on the unchanged model; the table means nothing" >&2; exit 1; }
  else
    [ "$caught" -eq 1 ] || status=1
  fi
done
exit $status
