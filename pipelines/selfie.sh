#!/usr/bin/env bash
# Selfie view in which text stays readable: the whole picture is mirrored, as a front camera
# preview usually is (videoflip video-direction=horiz), and then textmirror turns back the lines
# that now read mirror-reversed (text-orientation=mirrored), so signs and pages held up to the
# camera read the right way round, and lettering that was mirrored to begin with is left alone.
#
#   pipelines/selfie.sh [options] [textmirror properties...]
#
# The options are preview.sh's (--source, --device, --seconds, --size, --fps, --sink,
# --messages, --print; see pipelines/preview.sh --help): this is preview.sh --selfie. Without a
# camera the built-in scene is used, without a display fakesink.
#
# Examples:
#   pipelines/selfie.sh
#   pipelines/selfie.sh --device /dev/video2
#   pipelines/selfie.sh --source scene --seconds 3 --sink fake
# To record the selfie view: pipelines/record.sh --selfie --source camera OUT.mp4
set -euo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac
export TM_SCRIPT_NAME=selfie.sh  # messages name this script, not preview.sh
exec "$(dirname "${BASH_SOURCE[0]}")/preview.sh" --selfie "$@"
