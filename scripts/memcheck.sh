#!/usr/bin/env bash
# Runs Flipbook under valgrind's memcheck and fails when a loss record that valgrind classifies as
# "definitely lost" has a Flipbook frame in its stack, or when memcheck reports an invalid read or
# write in Flipbook code. The Swift runtime and Foundation keep some one-time allocations alive on
# purpose; those are not ours to fix.
#
# What runs: FlipbookMemcheck (every drawing feature, file format, the encoder and the error paths)
# and the flipbook command line (a clip, stills, a batch with a failing job, a chunk and its join);
# then the heap blocks drawing takes per shape (below).
# Both have synchronous mains: the Swift Testing runner's async main parks the main thread in
# dispatch_main, which crashes valgrind 3.19 itself ("the 'impossible' happened"), so the test binary cannot run under it.
#
#   bash scripts/memcheck.sh [all|programs|shapes]   the programs, the heap blocks per shape (the
#                                                    release build), or both (the default)
# The programs' folder is FLIPBOOK_PROGRAM_BIN, default .build/debug (make test runs its optimised
# build's); the release build's folder is FLIPBOOK_RELEASE_BIN, default .build/release.
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-all}"
[[ "$part" == all || "$part" == programs || "$part" == shapes ]] || { echo "usage: scripts/memcheck.sh [all|programs|shapes]" >&2; exit 2; }
release="${FLIPBOOK_RELEASE_BIN:-.build/release}"

bin="${FLIPBOOK_PROGRAM_BIN:-.build/debug}"
for program in FlipbookMemcheck flipbook; do
    [[ "$part" == shapes || -x "$bin/$program" ]] || { echo "error: $bin/$program is missing; run 'swift build' first" >&2; exit 1; }
done
[[ "$part" == programs || -x "$release/FlipbookMemcheck" ]] \
    || { echo "error: $release/FlipbookMemcheck is missing; run 'swift build -c release --product FlipbookMemcheck' first" >&2; exit 1; }

work="$(mktemp -d -t flipbook-memcheck.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cat > "$work/scene.json" <<'JSON'
{"size": [80, 60], "scale": 1, "fps": 10, "duration": 0.4, "background": "white",
 "layers": [{"scene": "ripples", "touches": [{"time": 0, "phase": "down", "point": [40, 30]},
                                            {"time": 0.1, "phase": "move", "point": [50, 30]},
                                            {"time": 0.2, "phase": "up", "point": [50, 30]}]},
            {"scene": "confetti", "seed": 2, "bursts": [{"count": 25, "shapes": ["star", "circle", {"text": "🎉"}, {"text": "★"}]}]},
            {"scene": "text", "text": "Memcheck 🎉", "size": [60, 30], "minimumScaleFactor": 0.4,
             "font": {"size": [{"time": 0, "value": 10}, {"time": 0.4, "value": 16}], "weight": "bold"},
             "gradient": {"colors": ["orange", "purple"]}}]}
JSON
cat > "$work/jobs.json" <<'JSON'
{"jobs": [{"scene": "scene.json", "output": "a.png", "time": 0.2},
          {"scene": "missing.json", "output": "b.mp4"}]}
JSON

failed=0
check() {
    local name="$1"; shift
    local log="$work/$name.log"
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=none \
        --suppressions=scripts/valgrind.supp \
        --num-callers=40 --log-file="$log" "$@" >"$work/$name.out" 2>&1 || true
    if grep -q "the 'impossible' happened" "$log"; then
        echo "memcheck: valgrind itself crashed on $name; see $log" >&2
        cp "$log" "/tmp/flipbook-memcheck-$name.log"; failed=1; return
    fi
    # A binary whose debug information valgrind cannot read is checked without it, or not at all.
    if grep -q "Giving up\|reading debug info from .*/\(FlipbookMemcheck\|flipbook\):" "$log"; then
        echo "memcheck: valgrind could not read the debug information of $name (build with -Xcc -gdwarf-4); see $log" >&2
        cp "$log" "/tmp/flipbook-memcheck-$name.log"; failed=1; return
    fi
    python3 - "$log" "$name" <<'PY' || { cp "$log" "/tmp/flipbook-memcheck-$name.log"; failed=1; }
import re, sys
# Only memcheck's own report lines: its warnings name the binary, which is not a Flipbook frame.
text = "\n".join(line for line in open(sys.argv[1], encoding="utf-8", errors="replace").read().splitlines()
                 if line.startswith("=="))
name = sys.argv[2]
blocks = re.split(r"\n==\d+== \n", text)
ours = lambda block: re.search(r"\$s\d+Flipbook|Flipbook[A-Za-z]*/|FlipbookMemcheck\b", block) is not None
leaks = [b for b in blocks if "definitely lost in loss record" in b and ours(b)]
# Memcheck misreads some of the Swift runtime's own metadata initialisation and reflection (which
# ArgumentParser uses to walk a command's options) as uses of
# uninitialised memory; an error whose innermost frame is in the runtime is not Flipbook's.
runtime = re.compile(r"libswiftCore|libswift_Concurrency|libFoundation|libdispatch|ld-linux|ArgumentParser")
def top_frame(block):
    match = re.search(r"==\d+==    at [^\n]*", block)
    return match.group(0) if match else ""
invalid = [b for b in blocks if re.search(r"Invalid (read|write|free)|uninitialised value", b)
           and ours(b) and not runtime.search(top_frame(b))]
total = re.search(r"definitely lost: ([\d,]+) bytes", text)
print(f"memcheck {name}: definitely lost {total.group(1) if total else '0'} bytes overall; "
      f"{len(leaks)} leak records and {len(invalid)} memory errors in Flipbook code")
for block in leaks + invalid:
    print("    " + block.strip().replace("\n", "\n    "))
sys.exit(1 if leaks or invalid else 0)
PY
}

if [[ "$part" != shapes ]]; then
    check exerciser "$bin/FlipbookMemcheck"
    check render "$bin/flipbook" render "$work/scene.json" -o "$work/clip.mp4" --preset ultrafast --quiet
    check still "$bin/flipbook" still "$work/scene.json" --time 0.2 -o "$work/still.pdf" --quiet
    check batch "$bin/flipbook" batch "$work/jobs.json" --quiet
    # Scale-out: a chunk, a join (Matroska chunks into MP4), and a join refused for a missing chunk.
    check chunk "$bin/flipbook" render "$work/scene.json" -o "$work/part-{chunk}.mkv" --chunk 1/2 --preset ultrafast --quiet
    "$bin/flipbook" render "$work/scene.json" -o "$work/part-{chunk}.mkv" --chunk 2/2 --preset ultrafast --quiet
    check concat "$bin/flipbook" concat "$work/part-{chunk}.mkv" --chunks 2 -o "$work/joined.mp4" --quiet
    check concat-refused "$bin/flipbook" concat "$work/part-1.mkv" -o "$work/refused.mp4" --quiet
fi

# Issue #15: drawing a shape allocates nothing. FlipbookMemcheck's release build (what renders run)
# draws N confetti rectangles and N discs, each through a context copy with a translation, a rotation
# and an opacity, and N circles stroked as rings. An allocation per shape would make 1,010 of each take
# a thousand more heap blocks than 10. Only the blocks allocated under `drawShapes` are counted
# (valgrind's allocation tree, summed over each call stack): the libraries' own start-up allocates a
# number that varies from run to run and machine to machine (libhwy, which FFmpeg's JPEG XL decoder
# loads, calibrates its timer in a loop that allocates), so the whole program's count cannot be
# compared. Valgrind cannot read the release build's DWARF 5, so it runs a copy without debug
# information; the symbol table, which names `drawShapes`, stays.
if [[ "$part" != programs ]]; then
    objcopy --strip-debug "$release/FlipbookMemcheck" "$work/FlipbookMemcheck-release"
    heap_blocks() {
        local tree="$work/shapes-$1.kcg"
        valgrind --tool=memcheck --leak-check=no --xtree-memory=full --xtree-memory-file="$tree" \
            "$work/FlipbookMemcheck-release" shapes "$1" >"$work/shapes-$1.out" 2>&1 || return 0
        # callgrind_annotate's inclusive columns: curB curBk totB totBk …; totBk is every block allocated
        # under the function, freed or not.
        callgrind_annotate --inclusive=yes "$tree" 2>/dev/null | grep 'drawShapes5count' | sed 's/([^)]*)//g' \
            | awk '{gsub(",", "", $4); print $4; exit}'
    }
    few="$(heap_blocks 10)"; many="$(heap_blocks 1010)"
    if [[ -z "$few" || -z "$many" ]]; then
        cp "$work"/shapes-*.out /tmp/ 2>/dev/null || true
        echo "memcheck shapes: valgrind's allocation tree does not name drawShapes (its output: /tmp/shapes-*.out)" >&2; failed=1
    elif (( many - few > 0 )); then
        echo "memcheck shapes: 1,000 more rectangles, discs and rings took $((many - few)) more heap blocks ($few against $many); where:" >&2
        callgrind_annotate --inclusive=yes "$work/shapes-1010.kcg" 2>/dev/null | grep -v '^ *$' | sed -n '18,40p' >&2
        failed=1
    else
        echo "memcheck shapes: 10 and 1,010 rectangles, discs and rings each took $few heap blocks while drawing"
    fi
fi

if [[ $failed -ne 0 ]]; then
    echo "memcheck: FAILED (logs copied to /tmp/flipbook-memcheck-*.log)" >&2
    exit 1
fi
echo "memcheck: no leaks or memory errors in Flipbook code"
