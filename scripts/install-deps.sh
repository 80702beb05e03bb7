#!/usr/bin/env bash
# Installs the system libraries Flipbook links against, if any are missing:
# cairo, Pango (text: pangocairo, HarfBuzz, fontconfig), and FFmpeg's
# libavformat/libavcodec/libavutil/libswscale (libx264 comes with them); and the Noto Color Emoji font
# that text with emoji draws with (Flipbook carries its other fonts).
# libjpeg (libjpeg-dev: libjpeg-turbo) and libwebp (libwebp-dev) decode JPEG and WebP images for Bitmap(contentsOf:).
# zlib (zlib1g-dev) is for Flipbook's own PNG writer; cairo's -dev package usually pulls it in already.
# Debian/Ubuntu: apt-get (with sudo when not root). macOS: Homebrew.
# Extra Debian packages can be asked for: scripts/install-deps.sh valgrind
# (scripts/slurm-test.sh asks for slurm-wlm, munge and ffmpeg, the local cluster and its checks).
set -euo pipefail

debian_packages=(pkg-config libcairo2-dev libpango1.0-dev fonts-noto-color-emoji zlib1g-dev libjpeg-dev libwebp-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev "$@")

if [[ "$(uname -s)" == "Darwin" ]]; then
    command -v brew >/dev/null || { echo "error: Homebrew is needed to install cairo and ffmpeg (https://brew.sh)" >&2; exit 1; }
    for formula in pkg-config cairo pango ffmpeg jpeg-turbo webp; do
        brew list --versions "$formula" >/dev/null || brew install "$formula"
    done
    exit 0
fi

if ! command -v dpkg-query >/dev/null; then
    echo "error: this script knows apt-get (Debian, Ubuntu) and Homebrew (macOS)." >&2
    echo "Install pkg-config, cairo and FFmpeg's development packages, then run the command again." >&2
    exit 1
fi

missing=()
for package in "${debian_packages[@]}"; do
    status="$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)"
    [[ "$status" == "installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
if [[ "$(id -u)" -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "error: not root and no sudo; install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
echo "Installing missing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
