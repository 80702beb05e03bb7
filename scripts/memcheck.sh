#!/usr/bin/env bash
# Runs the test binary under valgrind's memcheck and fails when a loss record that valgrind
# classifies as "definitely lost" has a Flipbook frame in its stack. The Swift runtime and
# Foundation keep some one-time allocations alive on purpose; those are not ours to fix.
#
# Usage: scripts/memcheck.sh [filter-regex]   (default: every suite but the slow video ones)
set -euo pipefail
cd "$(dirname "$0")/.."

filter="${1:-FlipbookDrawingTests|FlipbookAnimationTests|MemcheckSmoke}"
binary="$(find .build/debug -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)"
[[ -n "$binary" ]] || { echo "error: no test binary; run 'swift build --build-tests' first" >&2; exit 1; }

log="$(mktemp -t flipbook-memcheck.XXXXXX)"
echo "memcheck: $binary (filter: $filter), log: $log"
# Suppressing nothing: we filter the report ourselves below.
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite \
    --errors-for-leak-kinds=none --num-callers=40 --log-file="$log" \
    "$binary" --testing-library swift-testing --filter "$filter" >/dev/null || {
        status=$?
        echo "error: the test binary failed under valgrind (exit $status); see $log" >&2
        exit "$status"
    }

python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
# A loss record starts at a "... are definitely lost in loss record" line and runs to the blank line.
records = re.findall(r"==\d+== (\d[\d,]*) (?:\([^)]*\) )?bytes in [\d,]+ blocks are definitely lost.*?(?=\n==\d+== \n)", text, re.S)
ours = []
for match in re.finditer(r"==\d+== ([\d,]+ (?:\([^)]*\) )?bytes in [\d,]+ blocks are definitely lost.*?)(?=\n==\d+== \n)", text, re.S):
    record = match.group(1)
    if re.search(r"\$s\d+Flipbook|Flipbook[A-Za-z]*\.", record):
        ours.append(record)
summary = re.search(r"definitely lost: ([\d,]+) bytes", text)
print(f"memcheck: definitely lost overall: {summary.group(1) if summary else '0'} bytes; "
      f"records with a Flipbook frame: {len(ours)}")
for record in ours:
    print(record.replace("\n", "\n    "))
sys.exit(1 if ours else 0)
PY
