#!/bin/bash
# Renders a clip in CHUNKS pieces on one big machine, JOBS at a time, with xargs -P, then joins them:
#   SCENE=party.json OUT=/data/clips CHUNKS=16 JOBS=4 bash render.sh
# Each render uses --workers cores for drawing; keep JOBS × workers near the machine's core count.
# With GNU parallel instead of xargs:
#   seq "$CHUNKS" | parallel -j "$JOBS" flipbook render "$SCENE" -o "$OUT/part-{chunk}.mp4" --chunk {}/"$CHUNKS" --quiet
set -euo pipefail
SCENE="${SCENE:-confetti}" OUT="${OUT:-$PWD}" CHUNKS="${CHUNKS:-8}" JOBS="${JOBS:-$(nproc)}"
# RENDER_OPTIONS holds extra flags (split into words on purpose).
# shellcheck disable=SC2086
seq "$CHUNKS" | xargs -P "$JOBS" -I @K@ \
    flipbook render "$SCENE" -o "$OUT/part-{chunk}.mp4" --chunk "@K@/$CHUNKS" --quiet ${RENDER_OPTIONS:-}
flipbook concat "$OUT/part-{chunk}.mp4" --chunks "$CHUNKS" -o "$OUT/${CLIP:-clip.mp4}"
