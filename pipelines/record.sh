#!/usr/bin/env bash
# Records mirrored video to a file: H.264 in MP4 or VP8 in WebM, chosen by the file name.
#
#   pipelines/record.sh [options] OUT.mp4|OUT.webm [textmirror properties...]
#
# Options:
#   --source scene|camera|FILE  what to record (default: $TEXTMIRROR_SOURCE, else scene, the
#                               built-in picture with printed text; camera falls back to the
#                               scene when there is no camera; FILE: see also transcode.sh)
#   --device PATH               camera device (default /dev/video0)
#   --seconds N                 length: exact for the scene (default 5), N*30 frames from a
#                               camera (default 0); 0 = until Ctrl-C
#   --size WxH                  size of the built-in scene (default 1280x720)
#   --fps N                     frame rate of the built-in scene (default 30)
#   --selfie                    mirror the whole picture first, as selfie.sh shows it
#   --progress N                every N seconds say how much video has been recorded (the
#                               stream's length, not the time since the start) and how large
#                               the file is, and once more at the end (default 5; 0 = never):
#                                 record.sh: 00:00:05 recorded: out/demo.mp4, 1.4 MB
#   --print                     print the gst-launch command instead of running it
#   -h, --help                  show this text
#
# gst-launch-1.0 runs with -e: Ctrl-C (SIGINT), SIGTERM (kill, timeout, systemd) and SIGHUP (a
# closed terminal) end the stream, the muxer writes its index and the file is complete and
# playable. A recording that fails before its first frame leaves
# no empty file behind. A bounded scene is generated as fast as it can be
# encoded, with detection on every frame due (reproducible); an endless one (--seconds 0) runs
# in real time like a camera.
#
# Examples:
#   pipelines/record.sh out/demo.mp4
#   pipelines/record.sh --seconds 10 --size 640x360 out/small.webm flip=vertical
#   pipelines/record.sh --source camera out/me.mp4          # until Ctrl-C
#   pipelines/record.sh --source camera --selfie out/selfie.webm
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

source_kind="${TEXTMIRROR_SOURCE:-scene}" seconds="" selfie=0 progress=5
tm_fps=30
tm_parse_size 1280x720
while [ $# -gt 0 ]; do
  case "$1" in
    --source) tm_need_value "$@"; source_kind="$2"; shift 2 ;;
    --device) tm_need_value "$@"; tm_device="$2"; shift 2 ;;
    --seconds) tm_need_value "$@"; tm_parse_seconds "$2"; seconds="$tm_seconds"; shift 2 ;;
    --size) tm_need_value "$@"; tm_parse_size "$2"; shift 2 ;;
    --fps) tm_need_value "$@"; tm_parse_fps "$2"; shift 2 ;;
    --selfie) selfie=1; shift ;;
    --progress) tm_need_value "$@"
                [[ "$2" =~ ^[0-9]+$ ]] || tm_die "--progress '$2' is not a whole number of seconds (0 = no progress)"
                progress="$2"; shift 2 ;;
    --print) tm_print_only=1; shift ;;
    -h|--help) tm_help; exit 0 ;;
    --) shift; break ;;
    -*) tm_die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || tm_die "no output file given: record.sh [options] OUT.mp4|OUT.webm [properties] (try --help)"
out="$1"
shift

case "$source_kind" in
  scene) tm_seconds="${seconds:-5}" ;;
  camera) tm_seconds="${seconds:-0}" ;;
  *) [ -z "$seconds" ] || tm_die "--seconds applies to the camera and the scene; a file is recorded whole"
     tm_seconds=0 ;;
esac

tm_use_plugin
tm_add_source "$source_kind" "$( (( tm_seconds == 0 )) && echo true || echo false)"
if (( selfie )); then
  # The whole picture mirrored; then only lines that read mirror-reversed are turned back.
  tm_pipe+=(! videoconvert ! videoflip video-direction=horiz)
  set -- text-orientation=mirrored "$@"
fi
tm_add_textmirror "$@"
tm_pipe+=(! queue)
tm_add_encoder "$out"
tm_add_progress "$out" "$progress"
# Unbuffered, so that the size --progress reports is what has been recorded (filesink otherwise
# writes in 64 kB blocks: a small recording showed 0 kB for 8 s).
tm_pipe+=(! "${tm_mux[@]}" ! filesink "location=$out" buffer-mode=unbuffered)
tm_output_dir "$out"
if (( tm_print_only )); then
  :
elif (( tm_seconds == 0 )) && [[ "$source_kind" == camera || "$source_kind" == scene ]]; then
  tm_say "recording to $out until Ctrl-C"
elif (( tm_seconds > 0 )); then
  tm_say "recording $tm_seconds s to $out"
fi
tm_output="$out"
tm_run
