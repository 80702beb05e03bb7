#!/usr/bin/env bash
# Runs a command while the fuzz targets run beside it (scripts/fuzz.sh RUNS, in the background), then
# waits for them and shows their summary. The fuzzers are built with swiftc, not SwiftPM, so they
# never wait for the command's builds, and their mostly single-threaded runs fill the cores the
# command leaves idle (valgrind, whole-module release builds, the browser, the cluster).
# Fails when either fails; an interrupt stops both.
#   scripts/beside-fuzzing.sh RUNS -- COMMAND...
set -uo pipefail
cd "$(dirname "$0")/.."
runs="$1"; shift
[[ "${1:-}" == "--" ]] && shift
mkdir -p .build/fuzz
log=.build/fuzz/run.log
# At a lower priority: they take what the command leaves, never the time of its longest chain.
nice -n 10 bash scripts/fuzz.sh "$runs" >"$log" 2>&1 &
fuzzing=$!
trap 'kill "$fuzzing" 2>/dev/null; wait "$fuzzing" 2>/dev/null' INT TERM HUP
"$@"
status=$?
wait "$fuzzing"
fuzz_status=$?
grep '^fuzz:' "$log" || true
if [[ $fuzz_status -ne 0 ]]; then
    echo "fuzz: FAILED; its whole output: $log" >&2
    grep -v '^fuzz: [A-Za-z]* ok\|^fuzz: compiling\|^fuzz: linking' "$log" | tail -60 >&2
fi
[[ $status -eq 0 && $fuzz_status -eq 0 ]]
