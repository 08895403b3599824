#!/usr/bin/env bash
# fetch-model.sh: fetches the PP-OCRv4 text detection model and prepares it for OpenCV 4.6.
#
# The model (DB text detector, MobileNetV3 backbone, Apache-2.0) is not committed: it ships
# inside the Python package rapidocr-onnxruntime, which pip downloads from the Python package
# index. The script then
#   1. takes rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx out of the wheel,
#   2. checks its SHA-256 against the one pinned below,
#   3. rewrites its Clip nodes so min/max are attributes (OpenCV 4.6 refuses the input form;
#      see scripts/onnx_clip_to_attributes.py), with the `onnx` Python package, installed into
#      a private virtual environment (or pip --target folder) when python3 lacks it,
#   4. writes the result (default: models/ppocrv4_det.onnx in the source tree) next to a
#      .sha256 file, which is what makes a second run a no-op.
#
# Usage:
#   scripts/fetch-model.sh                 # -> models/ppocrv4_det.onnx
#   scripts/fetch-model.sh --output PATH   # -> PATH
#   scripts/fetch-model.sh --prefix DIR    # -> DIR/share/textmirror/models/ppocrv4_det.onnx
#   scripts/fetch-model.sh --force         # fetch again even if the model is present
#
# Environment: PYTHON (default python3); TEXTMIRROR_CACHE_DIR (default
# ${XDG_CACHE_HOME:-~/.cache}/textmirror) holds that private `onnx` installation.
set -euo pipefail

readonly PACKAGE="rapidocr-onnxruntime==1.4.4"
readonly MEMBER="rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx"
readonly SOURCE_SHA256="d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9"
readonly MODEL_NAME="ppocrv4_det.onnx"

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_root="$(dirname "$script_dir")"
output="$source_root/models/$MODEL_NAME"
force=0
python="${PYTHON:-python3}"
cache_dir="${TEXTMIRROR_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/textmirror}"

say() { printf 'fetch-model: %s\n' "$*"; }
die() { printf 'fetch-model: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --output) [ $# -ge 2 ] || die "--output needs a path"; output="$2"; shift 2 ;;
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"
                  output="$2/share/textmirror/models/$MODEL_NAME"; shift 2 ;;
        --force) force=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
done

command -v "$python" >/dev/null || die "$python not found; set PYTHON to a Python 3 interpreter"
command -v sha256sum >/dev/null || die "sha256sum not found (coreutils)"

# Idempotence: a model whose bytes still match the hash recorded when it was written is kept.
if [ "$force" -eq 0 ] && [ -f "$output" ] && [ -f "$output.sha256" ]; then
    if (cd "$(dirname "$output")" && sha256sum --check --status "$(basename "$output").sha256"); then
        say "model already present: $output (use --force to fetch again)"
        exit 0
    fi
    say "model at $output does not match its recorded hash; fetching again"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/textmirror-model.XXXXXX")"
trap 'rm -rf "$work"' EXIT

say "downloading $PACKAGE (no dependencies)"
"$python" -m pip download --quiet --no-deps --dest "$work/wheel" "$PACKAGE" \
    || die "pip could not download $PACKAGE"
wheel="$(find "$work/wheel" -name '*.whl' | head -n 1)"
[ -n "$wheel" ] || die "pip downloaded no wheel for $PACKAGE"

say "extracting $MEMBER"
# zipfile instead of unzip(1): one less tool to install, and Python is needed anyway.
"$python" - "$wheel" "$MEMBER" "$work/source.onnx" <<'EOF' || die "could not extract $MEMBER"
import shutil, sys, zipfile
wheel, member, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive, archive.open(member) as src, open(target, "wb") as dst:
    shutil.copyfileobj(src, dst)
EOF

actual="$(sha256sum "$work/source.onnx" | cut -d' ' -f1)"
[ "$actual" = "$SOURCE_SHA256" ] \
    || die "SHA-256 mismatch for $MEMBER: expected $SOURCE_SHA256, got $actual"
say "SHA-256 verified: $actual"

# The rewrite needs the onnx package. Prefer one python3 already has; otherwise install it
# into a private virtual environment in the cache (or, where venv is unavailable, a private
# --target directory), so nothing is installed into the system interpreter.
venv="$cache_dir/venv"
target="$cache_dir/pylib"
rewrite_python="$python"
rewrite_path=""
if "$python" -c 'import onnx' 2>/dev/null; then
    :
elif "$venv/bin/python" -c 'import onnx' 2>/dev/null; then
    rewrite_python="$venv/bin/python"
elif PYTHONPATH="$target" "$python" -c 'import onnx' 2>/dev/null; then
    rewrite_path="$target"
else
    say "installing the onnx Python package into $venv"
    if "$python" -m venv "$venv" >/dev/null 2>&1 \
        && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'onnx>=1.14,<2'; then
        rewrite_python="$venv/bin/python"
    else
        say "no usable virtual environment; installing onnx into $target instead"
        "$python" -m pip install --quiet --disable-pip-version-check --target "$target" 'onnx>=1.14,<2' \
            || die "could not install the onnx Python package (pip install onnx)"
        rewrite_path="$target"
    fi
fi

say "rewriting Clip nodes for OpenCV 4.6"
run_env=()
[ -z "$rewrite_path" ] || run_env=(env "PYTHONPATH=$rewrite_path")
"${run_env[@]}" "$rewrite_python" "$script_dir/onnx_clip_to_attributes.py" \
    "$work/source.onnx" "$work/$MODEL_NAME" | sed 's/^/fetch-model: /'

# Write next to the target and rename, so a reader never sees half a model (and two runs at
# once do not write into the same file).
mkdir -p "$(dirname "$output")"
partial="$(mktemp "$output.XXXXXX")"
cp "$work/$MODEL_NAME" "$partial"
chmod 644 "$partial"
mv -f "$partial" "$output"
(cd "$(dirname "$output")" && sha256sum "$(basename "$output")" > "$(basename "$output").sha256")
say "model written: $output ($(wc -c < "$output") bytes)"
