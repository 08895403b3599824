#!/usr/bin/env bash
# Writes a still of the built-in scene and the same still after textmirror: the README picture.
#
#   pipelines/before-after.sh [--size WxH] BEFORE.png AFTER.png [textmirror properties...]
#
# --size: size of the scene (default 1280x720, the README's).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"

tm_parse_size 1280x720
while [ $# -gt 0 ]; do
  case "$1" in
    --size) tm_need_value "$@"; tm_parse_size "$2"; shift 2 ;;
    -h|--help) tm_help; exit 0 ;;
    --) shift; break ;;
    -*) tm_die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || tm_die "usage: before-after.sh [--size WxH] BEFORE.png AFTER.png [properties] (try --help)"
before="$1" after="$2"
shift 2
tm_output_dir "$before"
tm_add_scene "$tm_width" "$tm_height" 30 1 false
tm_pipe+=(! videoconvert ! pngenc ! filesink "location=$before")
gst-launch-1.0 -q "${tm_pipe[@]}" || tm_die "could not write the scene to $before"
exec "$here/photo.sh" "$before" "$after" "$@"
