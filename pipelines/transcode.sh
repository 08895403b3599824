#!/usr/bin/env bash
# Transcodes a video file with its text mirrored: any file GStreamer can decode in, H.264 in
# MP4 or VP8 in WebM out (chosen by the output name). Sound is kept (AAC in MP4, Opus in
# WebM). Progress is printed while it runs, useful for long files:
#   progress (00:00:05): 12 / 95 seconds (12.6 %)
#
#   pipelines/transcode.sh [options] IN OUT.mp4|OUT.webm [textmirror properties...]
#
# Options:
#   --progress N   print progress every N seconds of wall-clock time (default 5; 0 = never);
#                  the last line, 100 %, is printed at the end of the file
#   --no-audio     leave the sound out
#   --selfie       mirror the whole picture too (text then reads the right way round)
#   --print        print the gst-launch command instead of running it
#   -h, --help     show this text
#
# A file is not a live source, so textmirror detects synchronously: every frame due for a
# detection (detection-rate per second of video) waits for it, and the result is the same on
# every machine however fast it is. Ctrl-C, SIGTERM and SIGHUP end the stream (-e) and leave a
# playable file. The end-of-stream starts at the file source, after what it has already read:
# with a small input, often all of it, so the transcode still runs to the end of the file. A
# second Ctrl-C stops at once, without a playable file.
#
# Examples:
#   pipelines/transcode.sh holiday.mov out/holiday-mirrored.mp4
#   pipelines/transcode.sh --progress 1 lecture.webm out/lecture.webm detection-rate=5
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

progress=5 audio=1 selfie=0
while [ $# -gt 0 ]; do
  case "$1" in
    --progress) tm_need_value "$@"
                [[ "$2" =~ ^[0-9]+$ ]] || tm_die "--progress '$2' is not a whole number of seconds"
                progress="$2"; shift 2 ;;
    --no-audio) audio=0; shift ;;
    --selfie) selfie=1; shift ;;
    --print) tm_print_only=1; shift ;;
    -h|--help) tm_help; exit 0 ;;
    --) shift; break ;;
    -*) tm_die "unknown option '$1' (try --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || tm_die "usage: transcode.sh [options] IN OUT.mp4|OUT.webm [properties] (try --help)"
in="$1" out="$2"
shift 2
# --print only prints: the input need not exist yet.
(( tm_print_only )) || [ -f "$in" ] || tm_die "input $in: no such file"
[ "$(realpath -m "$in")" != "$(realpath -m "$out")" ] || tm_die "the output would overwrite the input $in"

tm_use_plugin
tm_need decodebin:gstreamer1.0-plugins-base progressreport:gstreamer1.0-plugins-good

# What the input holds decides the branches: a branch for a stream the file does not have would
# keep the muxer waiting for ever.
has_audio=0
if [ -f "$in" ]; then
  tm_discover "$in"
  (( ! audio )) || ! grep -Eq '^ *audio #' <<< "$tm_info" || has_audio=1
elif (( audio )); then  # --print with an input that is not there to look into
  has_audio=1
  tm_say "$in does not exist: the command printed assumes it has sound (--no-audio leaves that out)"
fi

# The muxer first, so the branches below can end in "mux.".
tm_add_encoder "$out"   # sets tm_mux and tm_audio_encoder; the words it adds are moved below
video_encoder=("${tm_pipe[@]}")
tm_pipe=("${tm_mux[@]}" ! filesink "location=$out"
         filesrc "location=$in" ! decodebin name=dec
         dec. ! queue ! videoconvert)
(( progress == 0 )) || tm_pipe+=(! progressreport name=progress "update-freq=$progress")
if (( selfie )); then
  # The whole picture mirrored; then only lines that read mirror-reversed are turned back.
  tm_pipe+=(! videoflip video-direction=horiz)
  set -- text-orientation=mirrored "$@"
fi
tm_add_textmirror "$@"
tm_pipe+=(! queue "${video_encoder[@]}" ! mux.)
if (( has_audio )); then
  tm_pipe+=(dec. ! queue ! audioconvert ! audioresample ! "${tm_audio_encoder[@]}" ! mux.)
fi
tm_output_dir "$out"
tm_output="$out"
tm_run
