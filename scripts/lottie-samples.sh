#!/usr/bin/env bash
# Runs Flipbook's Lottie loader over rlottie's own sample animations (Samsung/rlottie,
# example/resource: about 90 files), which this repository does not carry: each must load, its
# frames drawn at native size equal to rlottie's own buffer byte for byte, or be refused with the
# JSON pointer of what Flipbook's checks refuse (LottieSampleTests). Prints one line per file.
#
#   bash scripts/lottie-samples.sh [GIT_DIR]
#
# GIT_DIR is a clone of github.com/Samsung/rlottie (its .git folder, or a bare repository); without
# it the repository is cloned, shallow, into a scratch folder. The samples are read from its HEAD
# into a scratch folder, never into this repository. Needs the debug build with tests
# (`swift build -Xcc -gdwarf-4 --build-tests`).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-lottie-samples.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
git_dir="${1:-}"
if [[ -z "$git_dir" ]]; then
    git clone --quiet --depth 1 --bare https://github.com/Samsung/rlottie.git "$scratch/rlottie.git"
    git_dir="$scratch/rlottie.git"
fi
samples="$scratch/samples"
mkdir -p "$samples/images"
count=0
while IFS= read -r -d '' path; do
    case "$path" in
        example/resource/images/*) ;;
        example/resource/*/*) continue ;;
        example/resource/*.json|example/resource/*.lottie) count=$((count + 1)) ;;
        *) continue ;;
    esac
    git --git-dir="$git_dir" show "HEAD:$path" >"$samples/${path#example/resource/}"
done < <(git --git-dir="$git_dir" ls-tree -r -z --name-only HEAD example/resource/)
echo "lottie-samples: $count files from $(git --git-dir="$git_dir" rev-parse --short HEAD) of rlottie"

log="$scratch/test.log"
status=0
FLIPBOOK_LOTTIE_SAMPLES="$samples" swift test --skip-build --disable-xctest --filter LottieSampleTests >"$log" 2>&1 || status=$?
grep '^lottie-sample ' "$log" | sed 's/^lottie-sample //' | sort
loaded=$(grep -c '^lottie-sample .*: loaded' "$log" || true)
refused=$(grep -c '^lottie-sample .*: refused' "$log" || true)
echo "lottie-samples: $loaded loaded, $refused refused, of $count"
if [[ $status -ne 0 ]]; then
    echo "lottie-samples: the suite failed (status $status); its failures:" >&2
    grep -E '✘|error|Fatal|Crash|signal' "$log" | head -60 >&2
    exit 1
fi
