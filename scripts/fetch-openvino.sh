#!/usr/bin/env bash
# fetch-openvino.sh: fetches the OpenVINO runtime that runs textmirror's neural networks.
#
# OpenVINO is not packaged by Debian 12; its Python wheel on the Python package index carries
# the C API header, the runtime libraries, the CPU plugin, the ONNX frontend and oneTBB. The
# script
#   1. downloads the pinned wheel with pip (no dependencies, platform and Python tag fixed so
#      the same file is fetched whatever python3 runs the script) and checks its SHA-256,
#   2. unpacks only what textmirror needs into vendor/openvino/ (git-ignored):
#        include/openvino/c/*.h         the C API (CShim/textmirror_openvino.cpp uses it)
#        lib/libopenvino*.so.*, libtbb  the runtime, CPU plugin, ONNX frontend, oneTBB
#      plus unversioned links (libopenvino_c.so) for the linker,
#   3. sets each library's RUNPATH to $ORIGIN (patchelf), so they find one another wherever
#      the folder is copied (scripts/install.sh copies it next to the plugin),
#   4. records the wheel's hash in vendor/openvino/.wheel-sha256: a second run is a no-op.
#
# Usage:
#   scripts/fetch-openvino.sh            # -> vendor/openvino
#   scripts/fetch-openvino.sh --force    # fetch again
#
# Environment: PYTHON (default python3).
set -euo pipefail

readonly VERSION="2026.4.1"
readonly WHEEL_SHA256="2d22b1da03f7caf74df30e9f6417d0ab2f637e4a38e08e1dcd294d2c37407aaf"
# The wheel's libraries are the same for every CPython tag; one tag is pinned so the hash is.
readonly PYTHON_TAG="3.11"
readonly PLATFORM="manylinux_2_28_x86_64"
# What the CPU inference of an ONNX model needs (the GPU/NPU plugins and other frontends are
# left out: 120 MB less).
readonly LIBRARIES=(
    libopenvino.so.* libopenvino_c.so.* libopenvino_intel_cpu_plugin.so
    libopenvino_onnx_frontend.so.* libtbb.so.12
)

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_root="$(dirname "$script_dir")"
dest="$source_root/vendor/openvino"
force=0
python="${PYTHON:-python3}"

say() { printf 'fetch-openvino: %s\n' "$*"; }
die() { printf 'fetch-openvino: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --force) force=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
done

command -v "$python" >/dev/null || die "$python not found; set PYTHON to a Python 3 interpreter"
command -v patchelf >/dev/null || die "patchelf not found: install the Debian package patchelf"

if [ "$force" -eq 0 ] && [ -f "$dest/.wheel-sha256" ] \
    && [ "$(cat "$dest/.wheel-sha256")" = "$WHEEL_SHA256" ] \
    && [ -f "$dest/include/openvino/c/openvino.h" ] && [ -e "$dest/lib/libopenvino_c.so" ]; then
    say "OpenVINO $VERSION already present: $dest (use --force to fetch again)"
    exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/textmirror-openvino.XXXXXX")"
trap 'rm -rf "$work"' EXIT

say "downloading openvino==$VERSION (no dependencies)"
"$python" -m pip download --quiet --no-deps --only-binary=:all: --python-version "$PYTHON_TAG" \
    --platform "$PLATFORM" --dest "$work/wheel" "openvino==$VERSION" \
    || die "pip could not download openvino==$VERSION"
wheel="$(find "$work/wheel" -name '*.whl' | head -n 1)"
[ -n "$wheel" ] || die "pip downloaded no wheel for openvino==$VERSION"
actual="$(sha256sum "$wheel" | cut -d' ' -f1)"
[ "$actual" = "$WHEEL_SHA256" ] \
    || die "SHA-256 mismatch for $(basename "$wheel"): expected $WHEEL_SHA256, got $actual"
say "SHA-256 verified: $actual"

say "unpacking the C API and the CPU runtime"
"$python" - "$wheel" "$work/tree" "${LIBRARIES[@]}" <<'EOF' || die "could not unpack the wheel"
import fnmatch, os, shutil, sys, zipfile
wheel, target, *patterns = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    for name in archive.namelist():
        if name.startswith("openvino/include/openvino/c/") and name.endswith(".h"):
            out = os.path.join(target, "include", name[len("openvino/include/"):])
        elif name.startswith("openvino/libs/") and any(
                fnmatch.fnmatch(os.path.basename(name), p) for p in patterns):
            out = os.path.join(target, "lib", os.path.basename(name))
        else:
            continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with archive.open(name) as src, open(out, "wb") as dst:
            shutil.copyfileobj(src, dst)
EOF
for pattern in "${LIBRARIES[@]}"; do
    compgen -G "$work/tree/lib/$pattern" >/dev/null || die "the wheel has no $pattern"
done
for library in "$work/tree/lib/"*; do
    chmod 0755 "$library"
    # shellcheck disable=SC2016  # $ORIGIN is for the dynamic linker, not the shell
    patchelf --set-rpath '$ORIGIN' "$library"
done
# The linker looks for libNAME.so; the wheel has only the versioned files.
for name in libopenvino_c libopenvino; do
    versioned="$(cd "$work/tree/lib" && ls $name.so.* | head -n 1)"
    ln -s "$versioned" "$work/tree/lib/$name.so"
done
echo "$WHEEL_SHA256" > "$work/tree/.wheel-sha256"

mkdir -p "$(dirname "$dest")"
rm -rf "$dest.old"
[ ! -e "$dest" ] || mv "$dest" "$dest.old"
mv "$work/tree" "$dest"
rm -rf "$dest.old"
say "OpenVINO $VERSION in $dest ($(du -sh "$dest" | cut -f1))"
