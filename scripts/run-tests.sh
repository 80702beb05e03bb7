#!/usr/bin/env bash
# Runs the built test suite (the root package's; `-- --package-path Studio` for the servers' package's)
# with the given VAR=value settings and TMPDIR pointing at a new, empty folder, so that no test can
# pass or fail because of what earlier work left in the machine's temporary folder. What the tests
# leave there is listed, then removed. Other arguments after `--` go to the test runner (`--filter`,
# `--skip`).
# On Linux the test binary runs directly, as `swift test --skip-build` would run it, but without
# holding the build folder's lock for the whole run: make test builds the release tool beside it.
# `--scratch-path DIR` and `-c CONFIGURATION` find a build made with them (make test's optimised
# build, .build/test-release, release); the default is the package's .build, debug.
# Usage: scripts/run-tests.sh [VAR=value ...] [-- [--package-path DIR] [--scratch-path DIR] [-c CONF] test arguments]
set -uo pipefail
cd "$(dirname "$0")/.."
settings=()
while [[ $# -gt 0 && "$1" != "--" ]]; do settings+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift
package=.
build=""
configuration=debug
arguments=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --package-path) [[ $# -ge 2 ]] || break; package="$2"; shift 2 ;;
        --scratch-path) [[ $# -ge 2 ]] || break; build="$2"; shift 2 ;;
        -c|--configuration) [[ $# -ge 2 ]] || break; configuration="$2"; shift 2 ;;
        *) arguments+=("$1"); shift ;;
    esac
done
build="${build:-$package/.build}"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-tests.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# Open to every user as the system's temporary folder is: a test runs the tool as another user.
chmod 1777 "$scratch"
if [[ "$(uname -s)" == Linux ]]; then
    tests=("$build/$configuration"/*PackageTests.xctest)
    [[ -x "${tests[0]}" ]] || { echo "error: no test binary in $build/$configuration; build it with swift build --build-tests" >&2; exit 1; }
    # Colours only on a terminal, as swift test does.
    [[ -t 1 ]] || settings+=(NO_COLOR=1)
    env "${settings[@]}" TMPDIR="$scratch" "${tests[0]}" --testing-library swift-testing "${arguments[@]}"
else
    env "${settings[@]}" TMPDIR="$scratch" "${SWIFT:-swift}" test --skip-build --disable-xctest --package-path "$package" \
        --scratch-path "$build" -c "$configuration" "${arguments[@]}"
fi
status=$?
# SwiftPM's own scratch folders and locks (TemporaryDirectory.*, *.lock) aside, a test that left
# something behind did not clean up after itself.
left="$(cd "$scratch" && ls -A | grep -v '^TemporaryDirectory\.\|\.lock$' || true)"
if [[ -n "$left" ]]; then
    echo "note: the tests left these in their temporary folder: $(echo "$left" | tr '\n' ' ')" >&2
fi
exit "$status"
