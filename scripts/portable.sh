#!/usr/bin/env bash
# make portable: dist/flipbook-VERSION-linux-ARCH.tar.gz, a `flipbook` that runs on a Linux machine
# with the same or a newer C library and nothing else installed. The Swift runtime is linked in
# (--static-swift-stdlib); every other shared library it loads beyond the C library's own (libc, libm,
# libpthread, libdl, librt, the loader) is copied into lib/ and found through the executable's run
# path $ORIGIN/../lib (DT_RPATH, which the loader also follows for the libraries' own dependencies);
# the fonts it carries sit in the resource bundle beside it. scripts/portable-check.sh checks it.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/FlipbookCore/Support/FlipbookVersion.swift)
arch=$(uname -m)
name="flipbook-$version-linux-$arch"
# flipbook-bench rides along so that `bin/flipbook-bench manycore` measures any machine (it needs
# neither Swift nor the ffmpeg command); both are built with the same flags, so they share objects.
programs=(flipbook flipbook-bench)
for program in "${programs[@]}"; do
    swift build -c release --product "$program" --static-swift-stdlib \
        -Xlinker --disable-new-dtags -Xlinker -rpath -Xlinker '$ORIGIN/../lib'
done
stage=".build/portable/$name"
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/lib" dist
for program in "${programs[@]}"; do
    cp ".build/release/$program" "$stage/bin/$program"
    # Symbols are for debugging the build, not for running it: a third of the size.
    strip "$stage/bin/$program"
done
cp -R .build/release/*_FlipbookDrawing.resources "$stage/bin/"
# Colour emoji: Flipbook reads Noto Color Emoji among its carried fonts before the system's path.
cp /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf "$stage"/bin/*_FlipbookDrawing.resources/Fonts/
# The C library's own objects stay the machine's: they must match its loader.
is_c_library() {
    case "$1" in
        libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libutil.so.*|libresolv.so.*|ld-linux*|linux-vdso*) return 0 ;;
        *) return 1 ;;
    esac
}
for program in "${programs[@]}"; do
    ldd ".build/release/$program" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | while read -r soname path; do
        is_c_library "$soname" || cp -L "$path" "$stage/lib/$soname"
    done
done
cp LICENSE* "$stage/" 2>/dev/null || true
cat > "$stage/README.txt" <<TEXT
Flipbook $version for Linux ($arch), portable: run bin/flipbook from anywhere (link it onto PATH).
Needs only the C library (glibc $(ldd --version | head -1 | awk '{print $NF}') or newer); lib/ holds every
other library it loads, bin/*.resources the fonts it draws text with.

To measure this machine's cores: bin/flipbook-bench manycore (B2 and B3 in every layout of segment
encoders and x264 threads, about an hour on two cores; --quick tries it in under a minute, --frames N
renders each clip's last N frames).
TEXT
tar -C .build/portable -czf "dist/$name.tar.gz" "$name"
echo "Wrote dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1); unpacked $(du -sh "$stage" | cut -f1))"
