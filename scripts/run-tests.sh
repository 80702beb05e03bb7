#!/usr/bin/env bash
# Runs the built test suite (`swift test --skip-build`; `-- --package-path Studio` for the studio's)
# with the given VAR=value settings and TMPDIR pointing at a new, empty folder, so that no test can
# pass or fail because of what earlier work left in the machine's temporary folder. What the tests
# leave there is listed, then removed.
# Usage: scripts/run-tests.sh [VAR=value ...] [-- swift test arguments]
set -uo pipefail
cd "$(dirname "$0")/.."
settings=()
while [[ $# -gt 0 && "$1" != "--" ]]; do settings+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift
scratch="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-tests.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# Open to every user as the system's temporary folder is: a test runs the tool as another user.
chmod 1777 "$scratch"
env "${settings[@]}" TMPDIR="$scratch" "${SWIFT:-swift}" test --skip-build --disable-xctest "$@"
status=$?
# SwiftPM's own scratch folders and locks (TemporaryDirectory.*, *.lock) aside, a test that left
# something behind did not clean up after itself.
left="$(cd "$scratch" && ls -A | grep -v '^TemporaryDirectory\.\|\.lock$' || true)"
if [[ -n "$left" ]]; then
    echo "note: the tests left these in their temporary folder: $(echo "$left" | tr '\n' ' ')" >&2
fi
exit "$status"
