#!/usr/bin/env bash
# The render service's figures for Benchmarks/serve.md: the service's overhead against the CLI for a
# small job, and a still's latency at 1200x630 (warm server; new values, then the same values again).
# Uses the builds of CONFIGURATION (debug or release) of flipbook and flipbook-serve:
#   bash Benchmarks/serve-bench.sh [debug|release] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${1:-debug}
runs=${2:-20}
flipbook=".build/$configuration/flipbook"
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
port=7799
FLIPBOOK_SERVE="$PWD/Studio/.build/$configuration/flipbook-serve" "$flipbook" serve --port "$port" --data "$work/data" >"$work/serve.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port/v1"
for _ in $(seq 50); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
"$flipbook" bundle Fixtures/Templates/card.json -o "$work/card.fbz" -q
curl -sf -X PUT --data-binary @"$work/card.fbz" "$base/templates/card" >/dev/null
# The small job: 64x48, 10 fps, 1 s; each run another seed, so no run is answered from an earlier one.
scene() { echo "{\"size\": [64, 48], \"scale\": 1, \"fps\": 10, \"duration\": 1, \"background\": \"white\", \"layers\": [{\"scene\": \"confetti\", \"seed\": $1, \"bursts\": [{\"count\": 40}]}]}"; }
now() { date +%s.%N; }
cli=() service=()
for run in $(seq "$runs"); do
    scene "$run" > "$work/scene.json"
    start=$(now); "$flipbook" render "$work/scene.json" -o "$work/cli.mp4" -q; cli+=("$(echo "$(now) - $start" | bc)")
    scene "$((run + 1000))" > "$work/scene.json"
    start=$(now)
    id=$(curl -sf -X POST "$base/renders" -d "{\"scene\": $(cat "$work/scene.json")}" | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')
    curl -sfN "$base/renders/$id/events" | grep -q "event: done"
    curl -sf -o "$work/served.mp4" "$base/renders/$id/file"
    service+=("$(echo "$(now) - $start" | bc)")
done
stills_new=() stills_same=()
curl -sf -o /dev/null "$base/stills/card.png?size=1200x630&time=1&name=warmup"
for run in $(seq "$runs"); do
    stills_new+=("$(curl -sf -o /dev/null -w '%{time_total}' "$base/stills/card.png?size=1200x630&time=1.5&name=Run$run")")
done
for run in $(seq 100); do
    stills_same+=("$(curl -sf -o /dev/null -w '%{time_total}' "$base/stills/card.png?size=1200x630&time=1.5&name=Run1")")
done
summary() { python3 -c 'import sys, statistics as s; v=sorted(float(x)*1000 for x in sys.argv[2:]); p=lambda q: v[min(len(v)-1, int(q*len(v)))]; print(f"{sys.argv[1]}: n={len(v)} p50 {p(0.5):.0f} ms, p99 {p(0.99):.0f} ms, mean {s.mean(v):.0f} ms")' "$@"; }
summary "CLI render, small job (process start to exit)" "${cli[@]}"
summary "service, small job (POST to file fetched)" "${service[@]}"
summary "still 1200x630, new values (drawn)" "${stills_new[@]}"
summary "still 1200x630, same values (kept file)" "${stills_same[@]}"
