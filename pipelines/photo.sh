#!/usr/bin/env bash
# One photo in, mirrored photo out: any picture GStreamer decodes (PNG, JPEG, ...) in; PNG or
# JPEG out, chosen by the output name (.png, .jpg or .jpeg, in any case).
#
#   pipelines/photo.sh [--print] IN OUT.png|OUT.jpg [textmirror properties...]
#
# A file is not a live source, so textmirror detects text synchronously on the photo itself.
# Given a video, the first frame is taken. When IN cannot be decoded nothing is written; when
# the run fails, the unfinished output is removed.
#
# Examples:
#   pipelines/photo.sh page.jpg out/page-mirrored.png
#   pipelines/photo.sh sign.png out/sign.jpg flip=vertical
#   pipelines/photo.sh sideways-page.jpg out/page.png vertical-text=true   # lines running up or down
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

while [ $# -gt 0 ]; do
  case "$1" in
    --print) tm_print_only=1; shift ;;
    -h|--help) tm_help; exit 0 ;;
    --) shift; break ;;
    -*) tm_die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || tm_die "usage: photo.sh IN OUT.png|OUT.jpg [properties] (try --help)"
in="$1" out="$2"
shift 2
case "${out,,}" in
  *.png) encoder=(pngenc snapshot=true) ;;
  *.jpg|*.jpeg) encoder=(jpegenc quality=95 snapshot=true) ;;
  *) tm_die "$out: the output must end in .png, .jpg or .jpeg" ;;
esac
[ "$(realpath -m "$in")" != "$(realpath -m "$out")" ] || tm_die "the output would overwrite the input $in"

tm_use_plugin
# The input is looked at first, so that a file GStreamer cannot read is refused by name before
# anything is written.
# --print reads nothing: before-after.sh --print shows this command for a picture not yet made.
if (( ! tm_print_only )); then
  [ -f "$in" ] || tm_die "input $in: no such file"
  tm_discover "$in"
fi
tm_pipe=(filesrc "location=$in" ! decodebin)
tm_add_textmirror "$@"
tm_pipe+=(! videoconvert ! "${encoder[@]}" ! filesink "location=$out")
tm_launch_opts+=(-q)
tm_output_dir "$out"
tm_run_making "$out"
