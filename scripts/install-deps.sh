#!/usr/bin/env bash
# Installs the system libraries Flipbook links against, if any are missing: those Package.swift's
# system-library targets name (cairo, Pango, FFmpeg's libraries, libjpeg, libwebp, librsvg, zlib, rlottie), read
# from their providers; and the Noto Color Emoji font that text with emoji draws with (Flipbook carries
# its other fonts).
# Debian/Ubuntu: apt-get (with sudo when not root). macOS: Homebrew.
# Extra Debian packages can be asked for: scripts/install-deps.sh valgrind
# (scripts/slurm-test.sh asks for slurm-wlm, munge and ffmpeg, the local cluster and its checks; make test
# for fonts-noto-cjk, the machine font the text tests draw Japanese with).
set -euo pipefail

# The libraries Flipbook links are stated once, as Package.swift's system-library targets; their
# apt and Homebrew package names are read from the targets' providers.
package_swift="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/Package.swift"
providers() { grep -o "\.$1(\[[^]]*\])" "$package_swift" | grep -o '"[^"]*"' | tr -d '"' | sort -u; }
mapfile -t apt_libraries < <(providers apt)
mapfile -t brew_libraries < <(providers brew)

debian_packages=(pkg-config fonts-noto-color-emoji "${apt_libraries[@]}" "$@")

if [[ "$(uname -s)" == "Darwin" ]]; then
    command -v brew >/dev/null || { echo "error: Homebrew is needed to install cairo and ffmpeg (https://brew.sh)" >&2; exit 1; }
    for formula in pkg-config "${brew_libraries[@]}"; do
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
