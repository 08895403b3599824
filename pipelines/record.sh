#!/usr/bin/env bash
# Records mirrored video to a file: MP4 (H.264) or WebM (VP8), chosen by the file extension.
#
#   pipelines/record.sh [--source scene|camera|FILE] [--seconds N] [--size WxH] OUT.mp4|OUT.webm \
#       [textmirror properties...]
#
# Without a camera the built-in scene (pipelines/scene.sh) is used. Camera recordings end
# cleanly on Ctrl-C: gst-launch runs with -e, so the muxer finishes the file.
# Examples:
#   pipelines/record.sh out/demo.mp4
#   pipelines/record.sh --source camera out/me.webm flip=vertical
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"

source_kind=scene seconds=5 size=1280x720
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source_kind="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
out="${1:?usage: record.sh [options] OUT.mp4|OUT.webm [textmirror properties...]}"
shift
mkdir -p "$(dirname "$out")"

case "$out" in
  *.mp4) encode="videoconvert ! video/x-raw,format=I420 ! x264enc speed-preset=veryfast tune=zerolatency ! mp4mux" ;;
  *.webm) encode="videoconvert ! vp8enc deadline=1 ! webmmux" ;;
  *) echo "record.sh: $out: use a .mp4 or .webm file name" >&2; exit 2 ;;
esac

src="$(textmirror_source "$source_kind" "$size" "$seconds")"
echo "record.sh: $source_kind -> textmirror $* -> $out" >&2
eval "gst-launch-1.0 -e -q $src ! videoconvert ! textmirror $* ! $encode ! filesink location=\"$out\""
