#!/usr/bin/env bash
# Live preview: camera -> textmirror -> a window. Without a camera the built-in scene (a
# generated picture with printed text) is shown instead; without a display the frames go to
# fakesink, so the script also runs headless (a server, CI).
#
#   pipelines/preview.sh [options] [textmirror properties...]
#
# Options:
#   --source camera|scene|FILE  what to show (default: $TEXTMIRROR_SOURCE, else camera; with no
#                               camera at the device the built-in scene is used)
#   --device PATH               camera device (default /dev/video0)
#   --seconds N                 stop after N seconds: exactly for the scene, a FILE's first N
#                               seconds (counted in its frames), N*30 frames from a camera;
#                               0 (default) = until Ctrl-C, the window is closed or FILE ends
#   --size WxH                  size of the built-in scene (default 1280x720)
#   --fps N                     frame rate of the built-in scene (default 30)
#   --sink auto|fake|ELEMENTS   where frames go (default: $TEXTMIRROR_SINK, else auto): auto = a
#                               window (autovideosink), or fakesink when there is no display;
#                               fake = fakesink; else gst-launch elements, split at spaces
#   --selfie                    selfie view: mirror the whole picture first (see selfie.sh)
#   --messages                  print the bus messages, and after each detection one line per
#                               box with the text read in it
#                               (gst-launch-1.0 -m)
#   --print                     print the gst-launch command instead of running it
#   -h, --help                  show this text
#
# Properties are textmirror's (gst-inspect-1.0 textmirror), e.g. flip=vertical, enabled=false,
# regions="0.1,0.1,0.3,0.2". A live camera gets asynchronous detection: frames never wait.
#
# Examples:
#   pipelines/preview.sh
#   pipelines/preview.sh flip=vertical detection-rate=30
#   pipelines/preview.sh --source scene --seconds 3 --sink fake --messages
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

source_kind="${TEXTMIRROR_SOURCE:-camera}" sink="${TEXTMIRROR_SINK:-auto}" selfie=0
tm_seconds=0 tm_fps=30
tm_parse_size 1280x720
while [ $# -gt 0 ]; do
  case "$1" in
    --source) tm_need_value "$@"; source_kind="$2"; shift 2 ;;
    --device) tm_need_value "$@"; tm_device="$2"; shift 2 ;;
    --seconds) tm_need_value "$@"; tm_parse_seconds "$2"; shift 2 ;;
    --size) tm_need_value "$@"; tm_parse_size "$2"; shift 2 ;;
    --fps) tm_need_value "$@"; tm_parse_fps "$2"; shift 2 ;;
    --sink) tm_need_value "$@"; sink="$2"; shift 2 ;;
    --selfie) selfie=1; shift ;;
    --messages) tm_show_readings=1; shift ;;
    --print) tm_print_only=1; shift ;;
    -h|--help) tm_help; exit 0 ;;
    --) shift; break ;;
    -*) tm_die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done

tm_use_plugin
tm_add_source "$source_kind" true
if (( selfie )); then
  # video-direction=horiz, not method=horizontal-flip: in GStreamer 1.22.0 the deprecated
  # "method" property is accepted but does nothing. Then only the lines that now read
  # mirror-reversed are turned back (properties given after it still win).
  tm_pipe+=(! videoconvert ! videoflip video-direction=horiz)
  set -- text-orientation=mirrored "$@"
fi
tm_add_textmirror "$@"
tm_add_sink "$sink"
tm_run
