#!/bin/sh
# Rebuild the README's gallery of tilings, shapes and operators: each board is
# made with the command line, exported to SVG and rendered to a small PNG with
# ImageMagick. Run from the repository root after `cargo build`:
#   sh docs/tilings/make.sh            (BW=path/to/boardwright to use another binary)
set -eu
BW=${BW:-target/debug/boardwright}
OUT=docs/tilings
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

png() { # name: render $TMP/name.svg to $OUT/name.png
    convert -background white -density 60 "$TMP/$1.svg" -resize 220x220 -strip -colors 48 "$OUT/$1.png"
}
tiling() { # name args…
    name=$1; shift
    "$BW" tiling "$@" -o "$TMP/$name.svg"
    png "$name"
}
op() { # name input op args…
    name=$1; input=$2; op=$3; shift 3
    "$BW" op "$op" "$input" "$TMP/$name.ron" "$@" 2>/dev/null
    "$BW" convert "$TMP/$name.ron" "$TMP/$name.svg"
    png "$name"
}

# Tilings in their default shapes.
tiling square square --size 6
tiling hexagonal hexagonal --shape hexagon --size 4
tiling triangular triangular --shape triangle --size 6
tiling brick brick --size 6
tiling truncated-square 4.8.8 --size 4
tiling rhombitrihexagonal 3.4.6.4 --size 2
tiling trihexagonal 3.6.3.6 --size 3
tiling truncated-hexagonal 3.12.12 --size 2
tiling truncated-trihexagonal 4.6.12 --size 2
tiling elongated-triangular 3.3.3.4.4 --size 5
tiling snub-square snub-square --size 4
tiling cairo cairo --size 4
tiling polar polar --size 4

# Shapes (hexagonal tiling).
tiling shape-rectangle hexagonal --shape rectangle --size 6x5
tiling shape-rhombus hexagonal --shape rhombus --size 5
tiling shape-triangle hexagonal --shape triangle --size 6
tiling shape-disc hexagonal --shape disc --size 4
tiling shape-polygon hexagonal --polygon "-2,-2 12,0 9,8 3,5 -1,9"

# Operators.
"$BW" tiling hexagonal --shape hexagon --size 4 -o "$TMP/hh.ron"
"$BW" tiling 4.8.8 --size 3 -o "$TMP/488.ron"
"$BW" tiling polar --size 3 --no-centre -o "$TMP/polar.ron"
"$BW" preset boco -o "$TMP/boco.ron"
op op-dual "$TMP/hh.ron" dual
op op-subdivide "$TMP/488.ron" subdivide --mode quads
op op-merge "$TMP/boco.ron" merge --regions 0
op op-hole "$TMP/hh.ron" hole --polygon "-2,-2 2,-2 2,2 -2,2"
op op-clip "$TMP/hh.ron" clip --polygon "-7,-4.6 7,-4.6 0,7.5" --retag
op op-wedge "$TMP/polar.ron" clip --polygon "0,0 10,0 5,8.66"
op op-symmetric "$TMP/op-wedge.ron" symmetric --rotate 6 --through 0,0
