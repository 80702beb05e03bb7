#!/usr/bin/env bash
# Writes Fixtures/Video/phone-clip.mp4, the "phone clip" the video layer's example scene
# (Fixtures/Scenes/video-over-phone-clip.json) and the README's picture use: 3 s of FFmpeg's test
# pattern, stored landscape (320×180) with a display matrix turning it a quarter turn as a phone
# held upright records, 15 fps H.264, and a 660 Hz tone as AAC. Needs the ffmpeg command.
set -euo pipefail
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=320x180:r=15:d=3" -f lavfi -i "sine=f=660:d=3" \
    -c:v libx264 -crf 36 -pix_fmt yuv420p -c:a aac -b:a 32k -ac 1 -shortest "$tmp/flat.mp4"
# The display matrix, as a phone writes it (stream copy: the pictures stay as recorded).
ffmpeg -hide_banner -loglevel error -y -i "$tmp/flat.mp4" -c copy -metadata:s:v:0 rotate=90 phone-clip.mp4
