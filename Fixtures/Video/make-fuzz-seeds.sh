#!/usr/bin/env bash
# Writes the VideoFile fuzz target's seeds into Fuzz/Corpus/VideoFile: a few frames each, 16×16 or
# smaller, in the containers and codecs video layers read (H.264 MP4, VP9 WebM with alpha, ProRes
# MOV, FFV1 Matroska with variable frame times, GIF, APNG, PQ-tagged HDR FFV1 Matroska). Needs the ffmpeg command.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Fuzz/Corpus/VideoFile
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
src=(-f lavfi -i "testsrc2=s=16x16:r=5:d=0.6")
ff "${src[@]}" -c:v libx264 -preset ultrafast -pix_fmt yuv420p -bf 0 -g 2 -metadata:s:v:0 rotate=90 "$out/h264.mp4"
ff -f lavfi -i "testsrc2=s=16x16:r=5:d=0.6,format=yuva420p" -c:v libvpx-vp9 -b:v 50k "$out/alpha.webm"
ff "${src[@]}" -frames:v 2 -c:v prores_ks -profile:v 4444 -pix_fmt yuva444p10le "$out/prores.mov"
ff "${src[@]}" -vf "settb=1/1000,setpts=(N*0.2-mod(N\,2)*0.1)/TB" -enc_time_base 1/1000 -fps_mode passthrough -c:v ffv1 "$out/vfr.mkv"
ff "${src[@]}" -vf "scale=8:8" "$out/tiny.gif"
ff "${src[@]}" -vf "scale=8:8" -plays 0 -f apng "$out/tiny.apng"
# HDR: PQ-tagged 10-bit FFV1 Matroska, which the target tone-maps.
ff -f lavfi -i "testsrc2=s=16x16:r=5:d=0.4" -pix_fmt yuv420p10le -c:v ffv1 -color_trc smpte2084 -color_primaries bt2020 \
    -colorspace bt2020nc -color_range tv "$out/pq.mkv"
