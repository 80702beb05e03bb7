#!/bin/bash
# Renders SCENE in CHUNKS pieces on a Slurm cluster and joins them into OUT/clip.mp4:
#   SCENE=party.json OUT=/shared/clips CHUNKS=8 FLIPBOOK_DIST=/shared/flipbook-0.1.0-linux-x86_64.tar.gz bash submit.sh
# (FLIPBOOK_DIST: the tarball `make portable` writes, so the nodes need neither Swift nor Flipbook's libraries.)
# Prints the two job ids; OUT/clip.mp4 appears when the second job ends.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export SCENE="${SCENE:-confetti}" OUT="${OUT:-$PWD}" CHUNKS="${CHUNKS:-8}"
array=$(sbatch --parsable --array="1-$CHUNKS" --chdir="$OUT" --export=ALL "$here/render.sbatch")
join=$(sbatch --parsable --dependency="afterok:${array%%;*}" --chdir="$OUT" --export=ALL "$here/join.sbatch")
echo "render array: $array  join: $join"
