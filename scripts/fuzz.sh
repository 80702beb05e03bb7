#!/usr/bin/env bash
# Fuzzes Flipbook's input parsers and its fast rasterizer with libFuzzer, a fixed number of runs each
# from a fixed seed, and fails when any target crashes (a trap, an AddressSanitizer report, a leak,
# a timeout).
#
#   bash scripts/fuzz.sh [RUNS]        RUNS per target, default 20000
#   FUZZ_TARGETS="Template TemplateData" bash scripts/fuzz.sh 2000    only those targets
#
# Targets (sources in Fuzz/):
#   SceneFile  SceneFile.decode(_:source:) on any bytes,  seeds: Fixtures/Scenes/*.json and
#              then makeTimeline()                         Fuzz/Reproducers/scene-*.json
#   SVGPath    Path(svgPathData:) on any text              seeds: Fuzz/Corpus/SVGPath and the
#                                                                 "svg" shapes in Fixtures/Scenes
#   FastFill   any path and transform filled and stroked   seeds: Fuzz/Corpus/FastFill
#              into a small Bitmap (fast paths and Cairo)
#   FastFillVsCairo  the same fills drawn with and without   seeds: Fuzz/Corpus/FastFill
#              the fast paths must agree within 64 levels
#              (or the fast fill match the exact coverage
#              where Cairo does not: sliver-tip.bin, also
#              under a ring: sliver-tip-under-ring.bin),
#              and planned in bands or not, byte for byte
#   Image      Bitmap(imageData:path:) on any bytes:     seeds: Fuzz/Corpus/Image (small
#              PNG, JPEG and WebP decoding                 PNGs, JPEGs and WebPs)
#   Template   a template scene file: its parameters,      seeds: Fuzz/Corpus/Template
#              its {{name}} placeholders, its layers' "if"
#              and "repeat", and values given to them
#              (SceneFile.with)
#   TemplateData  the data files of template batches:     seeds: Fuzz/Corpus/TemplateData
#              CSV, JSON Lines and JSON lists of rows
#   AudioFile  AudioFile.decode on any bytes: libavformat   seeds: Fuzz/Corpus/AudioFile (tiny
#              and libavcodec limited to the audio formats  WAV, FLAC, MP3, M4A, Opus files)
#              allowed, resampled by libswresample
#   Lottie     LottieAnimation(data:) on any bytes, as     seeds: Fixtures/Lottie (a first byte
#              they are or wrapped in a .lottie, .tgs or    added) and Fuzz/Corpus/Lottie
#              zip (first byte), then frames drawn small
#   Bundle     any bytes as a scene bundle (.fbz):          seeds: Fuzz/Corpus/Bundle (two
#              SceneBundle.verify (zip, names, manifest,    bundles flipbook bundle wrote)
#              digests)
#   VideoFile  VideoSource on any bytes: libavformat and   seeds: Fuzz/Corpus/VideoFile (tiny
#              libavcodec limited to the video formats      MP4, WebM with alpha, ProRes, VFR
#              allowed, frames converted by libswscale      MKV, GIF, APNG; make-fuzz-seeds.sh)
#   Captions   any bytes as an SRT, WebVTT or word-timing  seeds: Fuzz/Corpus/Captions (a
#              file in one of four encodings (first byte),  first byte picks format, encoding
#              printed as flipbook captions prints it,      and overlap rule)
#              then checked, laid out and drawn small
#
# The modules (and SwiftCSV, which FlipbookSceneFile reads CSV with) are compiled here with swiftc (and the C kernels with the toolchain's clang) rather
# than through SwiftPM: every module must carry the fuzzer's coverage instrumentation and
# AddressSanitizer, and SwiftPM has no way to build just these library targets that way beside the
# normal build. FlipbookVideo and the command line are
# not needed. Seeds are copied to a scratch corpus, so Fixtures/ is never written to. A crash leaves
# its input in .build/fuzz/crashes/; replay it with `.build/fuzz/fuzz-TARGET FILE`, then add it
# as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20000}"
[[ "$runs" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [RUNS]" >&2; exit 2; }

bash scripts/install-deps.sh

swiftc="${SWIFTC:-$(command -v swiftc || true)}"
[[ -n "$swiftc" ]] || { echo "error: swiftc is not on PATH" >&2; exit 1; }
runtime="$(dirname "$swiftc")/../lib/clang"
if ! compgen -G "$runtime/*/lib/*/libclang_rt.fuzzer*" >/dev/null; then
    echo "error: this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer) under $runtime" >&2
    exit 1
fi

build=.build/fuzz
rm -rf "$build/crashes" "$build/corpus"
mkdir -p "$build/crashes" "$build/corpus"

# Cairo, Pango over it for text, the JPEG and WebP decoders, librsvg and rlottie (FlipbookDrawing
# imports them all), and zlib (FlipbookRaster writes PNGs with it, FlipbookDrawing reads .lottie
# containers with it).
packages=(cairo pangocairo pangoft2 fontconfig libjpeg libwebp libwebpdemux librsvg-2.0 rlottie zlib)
cairo_cflags=()
for flag in $(pkg-config --cflags "${packages[@]}"); do cairo_cflags+=(-Xcc "$flag"); done
read -r -a cairo_libs <<<"$(pkg-config --libs "${packages[@]}")"
# FFmpeg's libraries and libebur128 (FlipbookAudio, which FlipbookAnimation imports, decodes and measures sound;
# FlipbookDrawing decodes video with them and converts its frames with libswscale).
for flag in $(pkg-config --cflags libavformat libavcodec libavutil libswresample libswscale libebur128); do cairo_cflags+=(-Xcc "$flag"); done
read -r -a audio_libs <<<"$(pkg-config --libs libavformat libavcodec libavutil libswresample libswscale libebur128)"

# Instrumented for libFuzzer (coverage only: the runtime is linked into the executables) and ASan.
common=(-swift-version 6 -package-name flipbook -parse-as-library -Onone -g
        -sanitize=fuzzer,address -use-ld=lld -I "$build" -I Sources/CCairo -I Sources/CPango -I Sources/CJPEG -I Sources/CWebP -I Sources/CRsvg -I Sources/CRlottie -I Sources/CZlib -I Sources/CFFmpeg -I Sources/CSwscale -I Sources/CEbur128
        -I Sources/CFlipbookKernels/include "${cairo_cflags[@]}")

# The C kernels (FlipbookRaster imports them), instrumented alike.
kernels() {
    echo "fuzz: compiling CFlipbookKernels"
    local objects=()
    for file in Sources/CFlipbookKernels/*.c; do
        local object="$build/$(basename "$file" .c).o"
        "$(dirname "$swiftc")/clang" -c -O0 -g -fsanitize=fuzzer-no-link,address -I Sources/CFlipbookKernels/include \
            "$file" -o "$object"
        objects+=("$object")
    done
    rm -f "$build/libCFlipbookKernels.a"
    ar rcs "$build/libCFlipbookKernels.a" "${objects[@]}"
}

module() {
    local name="$1" folder="${2:-Sources/$1}"
    echo "fuzz: compiling $name"
    local sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done < <(find "$folder" -name '*.swift' -print0 | sort -z)
    # A dependency keeps the language mode its package declares (SwiftCSV's is Swift 5).
    local flags=("${common[@]}")
    [[ "$folder" == Sources/* ]] || flags=(-swift-version 5 "${common[@]:2}")
    "$swiftc" "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -emit-library -static -o "$build/lib$name.a" "${sources[@]}"
}

target() {
    local name="$1"
    echo "fuzz: linking fuzz-$name"
    local sources=("Fuzz/$name"/*.swift)
    # The fast-fill targets share their reading of bytes as a drawing.
    [[ "$name" == FastFill* ]] && sources+=(Fuzz/Shared/*.swift)
    # flipbook-mcp's reader lives in the MCP package; it needs nothing but Foundation.
    [[ "$name" == MCPMessages ]] && sources+=(Studio/Sources/FlipbookMCP/MessageFramer.swift)
    "$swiftc" "${common[@]}" -module-name "${name}Fuzzer" "${sources[@]}" -L "$build" \
        -lFlipbookSceneFile -lFlipbookAnimation -lSwiftCSV -lFlipbookDrawing -lFlipbookAudio -lFlipbookRaster -lFlipbookCore -lCFlipbookKernels \
        "${cairo_libs[@]}" "${audio_libs[@]}" -lz -o "$build/fuzz-$name"
}

# SwiftCSV's sources, where SwiftPM checks them out.
swift package resolve >/dev/null
swiftcsv=.build/checkouts/SwiftCSV/SwiftCSV
[[ -d "$swiftcsv" ]] || { echo "error: SwiftCSV is not checked out at $swiftcsv" >&2; exit 1; }

kernels
module FlipbookCore
module FlipbookAudio
module FlipbookRaster
module FlipbookDrawing
module SwiftCSV "$swiftcsv"
module FlipbookAnimation
module FlipbookSceneFile
targets=(SceneFile SVGPath FastFill FastFillVsCairo Image Template TemplateData AudioFile VideoFile Lottie Captions Bundle MCPMessages)
# FUZZ_TARGETS="Template TemplateData" runs only those, to check a change to one reader quickly.
if [[ -n "${FUZZ_TARGETS:-}" ]]; then read -r -a targets <<<"$FUZZ_TARGETS"; fi
for name in "${targets[@]}"; do target "$name"; done

seeds() {
    case "$1" in
        SceneFile) echo Fixtures/Scenes ;;
        FastFillVsCairo) echo Fuzz/Corpus/FastFill ;;
        *) echo "Fuzz/Corpus/$1" ;;
    esac
}

# Each target's scratch corpus: its seeds, copied so Fixtures/ is never written to.
prepare() {
    local name="$1" corpus="$build/corpus/$1"
    mkdir -p "$corpus"
    # PNGs beside the seeds are pictures of them, except for the image decoders, whose seeds they are.
    if [[ "$name" == Image || "$name" == AudioFile || "$name" == VideoFile ]]; then
        find "$(seeds "$name")" -maxdepth 1 -type f -exec cp {} "$corpus/" \;
    else
        find "$(seeds "$name")" -maxdepth 1 -type f ! -name '*.png' -exec cp {} "$corpus/" \;
    fi
    # Inputs that once crashed a target seed it from then on, so they stay fixed.
    [[ "$name" == SceneFile ]] && cp Fuzz/Reproducers/scene-*.json "$corpus/"
    if [[ "$name" == Lottie ]]; then
        # The Lottie fixtures, behind the byte that picks how the rest is read: as they are (0; JSON,
        # or a container, zip or sticker told by its signature), or a JSON file wrapped in a .lottie
        # container (1), a .tgs sticker (2) or a lottie-android zip (3).
        for file in Fixtures/Lottie/*.json Fixtures/Lottie/*.lottie Fixtures/Lottie/*.tgs Fixtures/Lottie/*.zip; do
            base="$(basename "$file")"
            { printf '\x00'; cat "$file"; } >"$corpus/fixture-as-is-$base"
            [[ "$file" == *.json ]] || continue
            { printf '\x01'; cat "$file"; } >"$corpus/fixture-lottie-$base"
            { printf '\x02'; cat "$file"; } >"$corpus/fixture-tgs-$base"
            { printf '\x03'; cat "$file"; } >"$corpus/fixture-zip-$base"
        done
    fi
    if [[ "$name" == SVGPath ]]; then
        # The SVG shapes the scene fixtures use, one seed each.
        local n=0
        while IFS= read -r data; do
            n=$((n + 1))
            printf '%s' "$data" >"$corpus/fixture-svg-$n.txt"
        done < <(grep -ho '"svg": *"[^"]*"' Fixtures/Scenes/*.json | sed 's/^"svg": *"//; s/"$//')
    fi
    return 0
}

# Runs one target to its end and says how it went; exits non-zero when it crashed.
run_target() {
    local name="$1" corpus="$build/corpus/$1" log="$build/fuzz-$1.log" start=$SECONDS
    # One process, one job, from a fixed seed: reproducible, whatever runs beside it.
    # Swift's own crash backtracer fights ASan over the crashed process; libFuzzer reports instead.
    # Fontconfig's live configuration reads as leaked (Fuzz/lsan.supp).
    # Leaks are looked for once, when the target exits (LeakSanitizer over everything the runs left
    # unreachable), not after each input: libFuzzer's per-input check scans the whole heap whenever a
    # run ends with more blocks than it began with, which Pango's and FFmpeg's caches do all the time,
    # and it made Captions half again as slow. A leak still fails the target; replaying the corpus
    # with -detect_leaks=1 names the input.
    # The targets whose one input costs most get a share of the runs, so that the thirteen fit beside
    # make test's other checks (fuzz more with a larger RUNS): AudioFile and VideoFile run FFmpeg's
    # demuxers and decoders under ASan (AudioFile's 20,000 runs took 403 s and reached 1.8 GB of the
    # 2 GB limit; VideoFile's 5,000 took 144 s), FastFillVsCairo draws each input seven times, and
    # Captions shapes and draws nine frames. ASan's quarantine of freed memory is held to 64 MB.
    local share
    case "$name" in
        VideoFile) share=8 ;;
        AudioFile) share=4 ;;
        FastFillVsCairo | Captions) share=2 ;;
        *) share=1 ;;
    esac
    local target_runs=$(( (runs + share - 1) / share ))
    if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=64 LSAN_OPTIONS=suppressions=Fuzz/lsan.supp "$build/fuzz-$name" -runs="$target_runs" -seed=1 -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/crashes/$name-" "$corpus" >"$log" 2>&1; then
        local execs
        execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")"
        echo "fuzz: $name ok ($execs runs, $((SECONDS - start)) s)"
    else
        echo "fuzz: $name FAILED after $((SECONDS - start)) s; the end of $log:" >&2
        grep -v '^#[0-9]' "$log" | tail -40 >&2
        return 1
    fi
}

for name in "${targets[@]}"; do prepare "$name"; done

# The targets run side by side, one per core (FUZZ_JOBS to choose): each is its own process with
# its own seed, so a run's findings do not depend on how many run at once.
parallel="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"
rm -f "$build"/status-*
# The longest first, so the others fill the other cores.
by_length=()
for name in FastFillVsCairo Captions VideoFile AudioFile; do
    if [[ " ${targets[*]} " == *" $name "* ]]; then by_length+=("$name"); fi
done
for name in "${targets[@]}"; do [[ " ${by_length[*]} " == *" $name "* ]] || by_length+=("$name"); done
for name in "${by_length[@]}"; do
    while [[ $(jobs -rp | wc -l) -ge $parallel ]]; do wait -n || true; done
    # A target whose run fails stops its group under set -e before the status is written: no status
    # file counts as a failure below, as a non-zero one does.
    { run_target "$name"; echo $? >"$build/status-$name"; } &
done
wait
failed=()
for name in "${targets[@]}"; do
    [[ "$(cat "$build/status-$name" 2>/dev/null)" == 0 ]] || failed+=("$name")
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: crashes in ${failed[*]}; inputs in $build/crashes/:" >&2
    ls "$build/crashes" >&2
    exit 1
fi
