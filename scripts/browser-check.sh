#!/usr/bin/env bash
# Plays the web formats in a real browser (headless Chromium): a transparent VP9 WebM, an AV1
# WebM and an H.264 MP4 rendered by the release tool, and a .lottie rendered on its own to a
# transparent WebM, each decoded by the page and checked for its size, its colours and (for the
# transparent ones) its alpha; then an MP4 (AAC) and a WebM (Opus) with sound, whose audio the page
# decodes (WebAudio) and hears playing (an AnalyserNode), checked for its rate, channels, length
# and level; and an animated GIF with "restore to background" disposal, whose frames as Chromium
# composes them must equal Flipbook's pixel for pixel (scripts/browser/gif.py). Screenshots go to
# $OUT/browser/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh chromium python3-websocket
# The release build's folder; make test builds its own in a folder of its own (FLIPBOOK_RELEASE_BIN).
tool="${FLIPBOOK_RELEASE_BIN:-.build/release}/flipbook"
out="${OUT:-out}/browser"
mkdir -p "$out"
common=(confetti --size 640x360 --scale 1 --duration 1.5)
"$tool" render "${common[@]}" --background transparent -o "$out/overlay.webm"
"$tool" render "${common[@]}" --codec av1 -o "$out/av1.webm"
"$tool" render "${common[@]}" -o "$out/clip.mp4"
# Size, frame rate and length from the file.
"$tool" render Fixtures/Lottie/star-badge.lottie --background transparent -o "$out/lottie.webm"
# Pops over the music loop, 3 s.
"$tool" render Fixtures/Scenes/party-with-sound.json -o "$out/sound.mp4"
"$tool" render Fixtures/Scenes/party-with-sound.json -o "$out/sound.webm"
# Debian's Python, where apt put python3-websocket (a python3 earlier on PATH, e.g. pyenv's, lacks it).
python=/usr/bin/python3
[[ -x "$python" ]] || python=python3
"$python" scripts/browser/check.py "$out/overlay.webm" "$out/overlay-webm.png"
"$python" scripts/browser/check.py --opaque "$out/av1.webm" "$out/av1-webm.png"
"$python" scripts/browser/check.py --opaque "$out/clip.mp4" "$out/clip-mp4.png"
"$python" scripts/browser/check.py "$out/lottie.webm" "$out/lottie-webm.png"
"$python" scripts/browser/check.py --sound 3 "$out/sound.mp4" "$out/sound-mp4.png"
"$python" scripts/browser/check.py --sound 3 "$out/sound.webm" "$out/sound-webm.png"
"$python" scripts/browser/gif.py "$tool" "$out"
