#!/usr/bin/env bash
# ctest: the bash completion `zfcheck completion bash` writes completes a subcommand, an option of the
# command being typed, an option's choices (profiles, formats) and nothing hidden.
# Usage: bash_completion_test.sh ZFCHECK. Exit 0 when every completion is as expected, 1 otherwise.
set -u
zfcheck=$1
script=$("$zfcheck" completion bash) || { echo "FAIL: zfcheck completion bash exited $?"; exit 1; }
eval "$script"
status=0
# complete WORDS... : COMPREPLY for the last word of `zfcheck WORDS...`, sorted, one line.
complete_words() {
  COMP_WORDS=(zfcheck "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _zfcheck
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
expect() {  # expect "WORDS" "COMPLETIONS"
  local got
  got=$(eval "complete_words $1")
  if [[ $got != "$2" ]]; then
    echo "FAIL: zfcheck $1<TAB> gave '$got', expected '$2'"
    status=1
  fi
}
expect "exp" "explain"
expect "re" "replay report review"
expect "corpus a" "add"
expect "profiles f" "fit"
expect "explain --dataloader-l" "--dataloader-len"
expect "explain cfg.json --micro" "--micro-steps"
expect "sweep --profile deepspeed-e" "deepspeed-edaa722"
expect "sweep --profile pr-8456-" "pr-8456-4ffc94ea"
expect "diff --from pr-8456 --to deepspeed-8" "deepspeed-8274"
expect "explain --format m" "markdown"
expect "table --format = m" "markdown"
expect "topk --impl ''" "both kernel oracle"
expect "sweep --json --profile pr-8456 --all" "--all-profiles"
expect "conformance --deep" ""      # the old spelling is read, not offered
expect "compl" ""                   # the completion command itself is hidden
expect "--vers" "--version"
exit $status
