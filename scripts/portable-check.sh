#!/usr/bin/env bash
# Checks the portable tarball `make portable` wrote: unpacked into a new folder, its flipbook renders a
# clip and a still under `env -i` (no PATH, no variables), and LD_DEBUG=files shows every library it
# loaded came from the tarball's lib/ but for the C library's own; its flipbook-bench runs manycore.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tarball=$(ls -t dist/flipbook-*-linux-*.tar.gz | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$tarball"
root=$(echo "$work"/flipbook-*)
cp Fixtures/Templates/card.json "$work/card.json"
mkdir -p "$work/Images" && cp Fixtures/Images/logo.svg "$work/Images/"
sed -i 's#\.\./Images/logo.svg#Images/logo.svg#' "$work/card.json"
cd "$work"
env -i LD_DEBUG=files LD_DEBUG_OUTPUT="$work/loads" "$root/bin/flipbook" render card.json --set name=Ada \
    --size 320x180 --duration 0.5 -o "$work/card.mp4" -q
env -i "$root/bin/flipbook" still card.json --time 1 -o "$work/card.png" >/dev/null
test -s "$work/card.mp4" && test -s "$work/card.png"
# The clip decodes, and the still equals the one the build in the repository draws (fonts and emoji included).
ffprobe -v error -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "$work/card.mp4" | grep -qx 15
"$repo/.build/release/flipbook" still card.json --time 1 -o "$work/reference.png" >/dev/null
cmp "$work/card.png" "$work/reference.png"
loaded=$(grep -h "calling init:" "$work"/loads.* | sed 's/.*calling init: //' | sort -u)
foreign=$(echo "$loaded" | grep -v "^$root/" | grep -Ev '/(libc|libm|libpthread|libdl|librt|libutil|libresolv)\.so|/ld-linux' || true)
echo "$loaded" | sed 's/^/loaded: /'
if [ -n "$foreign" ]; then
    echo "error: the portable flipbook loaded the system's copies of:" >&2
    echo "$foreign" >&2
    exit 1
fi
echo "portable check: $(echo "$loaded" | grep -c "^$root/") libraries from the tarball, none of the system's but the C library's"
# flipbook-bench manycore runs from the tarball alone too (six frames of B2, four layouts).
env -i "$root/bin/flipbook-bench" manycore --frames 6 --encoders 1,2 --threads 1,2 B2 > "$work/manycore.txt"
grep -q "^Chosen for 16 cores: " "$work/manycore.txt" || { cat "$work/manycore.txt" >&2; exit 1; }
echo "portable check: bin/flipbook-bench manycore ran ($(grep -c '^| ' "$work/manycore.txt") table rows)"
