#!/usr/bin/env bash
# Writes a still of the built-in scene and the same still after textmirror: the README picture.
#
#   pipelines/before-after.sh [--size WxH] [--print] BEFORE.png AFTER.png [textmirror properties...]
#
# --size WxH   size of the scene (default 1280x720, the README's)
# --print      print the two gst-launch commands (the scene, then photo.sh's) instead of running them
# -h, --help   show this text
#
# AFTER may also be a JPEG (.jpg, .jpeg). A file left unfinished by a failure is removed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"

tm_parse_size 1280x720
while [ $# -gt 0 ]; do
  case "$1" in
    --size) tm_need_value "$@"; tm_parse_size "$2"; shift 2 ;;
    --print) tm_print_only=1; shift ;;
    -h|--help) tm_help; exit 0 ;;
    --) shift; break ;;
    -*) tm_die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || tm_die "usage: before-after.sh [--size WxH] [--print] BEFORE.png AFTER.png [properties] (try --help)"
before="$1" after="$2"
shift 2
[[ "${before,,}" == *.png ]] || tm_die "$before: the scene is written as PNG, so BEFORE must end in .png"
tm_output_dir "$before"
tm_add_scene "$tm_width" "$tm_height" 30 1 false
tm_pipe+=(! videoconvert ! pngenc ! filesink "location=$before")
tm_launch_opts=(-q)
tm_run_making "$before"
options=()
(( ! tm_print_only )) || options=(--print)
exec "$here/photo.sh" "${options[@]}" -- "$before" "$after" "$@"
