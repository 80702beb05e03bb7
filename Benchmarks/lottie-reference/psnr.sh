#!/usr/bin/env bash
# Flipbook's frames of Lottie files against rlottie's own rendering of the same frames.
#
#   bash Benchmarks/lottie-reference/psnr.sh FLIPBOOK OUT FILE…
#
# For each JSON FILE, frames 0, the middle one and the last: `FLIPBOOK still FILE --frame N
# --background transparent` (the whole tool: reading, the checks, the changes made for rlottie, the
# time of output frame N mapped to a Lottie frame) and rlottie-frame.c's rendering of Lottie frame N
# straight from the file, compared by `FLIPBOOK compare` (PSNR over every channel, alpha included).
# Prints one line per file: the lowest PSNR of its frames, and each frame's. Pictures stay in OUT.
set -euo pipefail
flipbook="$1" out="$2"
shift 2
mkdir -p "$out"
here="$(cd "$(dirname "$0")" && pwd)"
cc -O2 -o "$out/rlottie-frame" "$here/rlottie-frame.c" $(pkg-config --cflags --libs rlottie)
for file in "$@"; do
    name="$(basename "$(dirname "$file")")_$(basename "$file")"
    frames="$("$out/rlottie-frame" "$file" 0 "$out/$name-probe.pam" | sed 's/ frames.*//')"
    line="$name:"
    lowest=999
    for frame in 0 $((frames / 2)) $((frames - 1)); do
        "$out/rlottie-frame" "$file" "$frame" "$out/$name-$frame-rlottie.pam" >/dev/null
        ffmpeg -loglevel error -y -i "$out/$name-$frame-rlottie.pam" "$out/$name-$frame-rlottie.png"
        "$flipbook" still "$file" --frame "$frame" --background transparent -o "$out/$name-$frame-flipbook.png" \
            >/dev/null 2>&1 || { line+=" frame $frame refused;"; continue; }
        psnr="$("$flipbook" compare "$out/$name-$frame-rlottie.png" "$out/$name-$frame-flipbook.png" --min-psnr 0.001 \
            | sed -n 's/.*PSNR \(∞\|[0-9][0-9.]*\).*/\1/p')"
        line+=" $frame: $psnr dB;"
        [[ "$psnr" == "∞" ]] || lowest="$(awk -v a="$lowest" -v b="$psnr" 'BEGIN { print (b < a) ? b : a }')"
    done
    echo "$line lowest $([[ "$lowest" == 999 ]] && echo ∞ || echo "$lowest") dB"
done
