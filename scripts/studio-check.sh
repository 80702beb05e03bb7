#!/usr/bin/env bash
# Flipbook Studio's page in headless Chromium (scripts/browser/studio.py): `flipbook studio` serves
# the card template on a free port; the page must show its first frame and, after 100 scrub
# requests in a second, the last frame asked for and never an older one after it; a timeline
# setting and an uploaded image must reach the frame and the command. The screenshot goes to
# $OUT/browser/studio.png. Runs the `flipbook` in FLIPBOOK_PROGRAM_BIN (default: the debug build's
# folder, `swift build`) and the Studio package's debug `flipbook-studio` (`make studio`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh chromium python3-websocket
# The build folders' paths, not `swift build --show-bin-path`, which would wait for a build running
# in the folder (make test runs this beside the release build).
bin="${FLIPBOOK_PROGRAM_BIN:-$PWD/.build/debug}"
[[ -x "$bin/flipbook" ]] || { echo "error: $bin/flipbook is missing; run 'swift build' first" >&2; exit 1; }
studio="$PWD/Studio/.build/debug/flipbook-studio"
[[ -x "$studio" ]] || { echo "error: $studio is missing; run 'make studio' first" >&2; exit 1; }
out="${OUT:-out}/browser"
mkdir -p "$out"
log="$(mktemp -t flipbook-studio.XXXXXX)"
FLIPBOOK_STUDIO="$studio" "$bin/flipbook" studio Fixtures/Templates/card.json --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 300); do
    url="$(grep -o 'http://[^ ]*' "$log" | head -n 1 || true)"
    [[ -n "$url" ]] && break
    kill -0 "$server" 2>/dev/null || { echo "error: flipbook studio stopped:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
done
[[ -n "$url" ]] || { echo "error: flipbook studio printed no URL in 30 s:" >&2; cat "$log" >&2; exit 1; }
python=/usr/bin/python3
[[ -x "$python" ]] || python=python3
"$python" scripts/browser/studio.py "$url" "$out/studio.png"
