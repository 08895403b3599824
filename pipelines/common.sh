# shellcheck shell=bash
# Sourced by the pipelines in this folder; not meant to be run.
#
# What it gives the scripts:
#   - the plugin: tm_use_plugin finds textmirror, built in this checkout or installed
#     (TEXTMIRROR_PLUGIN=auto|build|installed, see below);
#   - sources and sinks as gst-launch words appended to the array tm_pipe: tm_add_source
#     (camera with the built-in scene as fallback, the scene, or a file), tm_add_sink,
#     tm_add_textmirror, tm_add_encoder;
#   - tm_run, which shows the command and runs gst-launch-1.0 with -e, passing Ctrl-C, SIGTERM
#     and SIGHUP on to it as one interrupt, which -e turns into an end-of-stream so files are
#     finished cleanly.
#
# The pipeline is kept as an array of words, never a string passed to eval: gst-launch-1.0
# escapes each of its arguments, so property values with spaces or ';' pass through untouched.
#
# Environment understood by every pipeline:
#   TEXTMIRROR_SOURCE  default for --source where the script has one (camera, scene or a file)
#   TEXTMIRROR_SINK    default for --sink in preview.sh / selfie.sh (auto, fake or elements)
#   TEXTMIRROR_PLUGIN  auto (default): the build in this checkout (.build/release) when there is
#                      one, else the installed plugin; build or installed: only that one

# Run instead of sourced (bash pipelines/common.sh), or sourced by another shell: say what to
# do instead. Written for any sh, so that it runs before the bash-only code below is reached.
if [ -z "${BASH_VERSION:-}" ] || [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "common.sh: this file holds what the scripts in pipelines/ share; they source it with bash, it is not run. Run one of them instead, e.g. pipelines/preview.sh --help" >&2
  return 2 2>/dev/null || exit 2
fi

# A script started in the background by a non-interactive shell (`record.sh out.mp4 &` in another
# script) starts with SIGINT ignored, and bash cannot trap a signal that was ignored when it
# started: tm_run could not pass an interrupt on to gst-launch-1.0. Such a script starts itself
# again, once, with SIGINT's default action (env --default-signal, coreutils 8.31 and later).
if (( 0x$(sed -n 's/^SigIgn:[[:space:]]*//p' "/proc/$$/status" 2>/dev/null || echo 0) & 2 )) \
    && [ -z "${TM_SIGINT_RESTORED:-}" ]; then
  TM_SIGINT_RESTORED=1 exec env --default-signal=INT "$BASH" "$0" "$@"
fi
unset TM_SIGINT_RESTORED

tm_common_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tm_repo="$(dirname "$tm_common_dir")"
tm_name="${TM_SCRIPT_NAME:-${0##*/}}"  # selfie.sh runs preview.sh under its own name
source "$tm_common_dir/scene.sh"

tm_pipe=()          # the pipeline: one gst-launch word per array element
tm_launch_opts=(-e) # options of gst-launch-1.0 itself
tm_print_only=0     # --print: show the command instead of running it

tm_say() { printf '%s: %s\n' "$tm_name" "$*" >&2; }
tm_die() { printf '%s: error: %s\n' "$tm_name" "$*" >&2; exit 2; }

# tm_help: prints the comment block at the top of the calling script (up to `set -euo`).
tm_help() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

# tm_need_value "$@" (the arguments from the option on): dies unless the option has a value.
tm_need_value() { if [ $# -lt 2 ] || [ -z "$2" ]; then tm_die "$1 needs a value (try --help)"; fi; }

# tm_have_textmirror: whether GStreamer finds the element. Not `gst-inspect-1.0 --exists`: that
# also requires the plugin's version to be at least GStreamer's own (1.22), and textmirror's
# is 0.x.
tm_have_textmirror() { gst-inspect-1.0 textmirror >/dev/null 2>&1; }

# tm_use_plugin: makes sure gst-launch will find textmirror; a build in this checkout is added
# with GST_PLUGIN_PATH (it is scanned before the user and system plugin folders, so it wins
# over an installed copy).
tm_use_plugin() {
  local build="$tm_repo/.build/release"
  local build_command="swift build -c release --product gsttextmirror"
  command -v gst-launch-1.0 >/dev/null \
    || tm_die "gst-launch-1.0 not found: install gstreamer1.0-tools (scripts/install-deps.sh)"
  case "${TEXTMIRROR_PLUGIN:-auto}" in
    build)
      [ -f "$build/libgsttextmirror.so" ] \
        || tm_die "TEXTMIRROR_PLUGIN=build, but $build/libgsttextmirror.so does not exist: run '$build_command' in $tm_repo"
      export GST_PLUGIN_PATH="$build${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}" ;;
    installed)
      tm_have_textmirror \
        || tm_die "TEXTMIRROR_PLUGIN=installed, but GStreamer finds no textmirror plugin: install it with scripts/install.sh" ;;
    auto)
      if [ -f "$build/libgsttextmirror.so" ]; then
        export GST_PLUGIN_PATH="$build${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
      elif ! tm_have_textmirror; then
        tm_die "textmirror plugin not found: build it ('$build_command' in $tm_repo) or install it (scripts/install.sh)"
      fi ;;
    *) tm_die "TEXTMIRROR_PLUGIN must be auto, build or installed, not '${TEXTMIRROR_PLUGIN}'" ;;
  esac
}

# tm_need ELEMENT:PACKAGE...: dies naming the Debian package when an element is missing.
tm_need() {
  local pair
  for pair in "$@"; do
    gst-inspect-1.0 --exists "${pair%%:*}" \
      || tm_die "GStreamer element ${pair%%:*} not found: install the Debian package ${pair#*:} (scripts/install-deps.sh)"
  done
}

# tm_parse_size WxH: sets tm_width and tm_height (even, at least 16: H.264 needs even sizes).
tm_parse_size() {
  [[ "$1" =~ ^([0-9]+)x([0-9]+)$ ]] || tm_die "size '$1' is not WIDTHxHEIGHT, e.g. 1280x720"
  tm_width="${BASH_REMATCH[1]}" tm_height="${BASH_REMATCH[2]}"
  (( tm_width >= 16 && tm_height >= 16 && tm_width % 2 == 0 && tm_height % 2 == 0 )) \
    || tm_die "size '$1': width and height must be even and at least 16"
}

# tm_parse_seconds N: sets tm_seconds (a whole number; 0 = until Ctrl-C).
tm_parse_seconds() {
  [[ "$1" =~ ^[0-9]+$ ]] || tm_die "--seconds '$1' is not a whole number of seconds (0 = until Ctrl-C)"
  tm_seconds="$1"
}

# tm_parse_fps N: sets tm_fps.
tm_parse_fps() {
  [[ "$1" =~ ^[1-9][0-9]*$ ]] || tm_die "--fps '$1' is not a positive whole number"
  tm_fps="$1"
}

# tm_add_source KIND LIVE_SCENE: appends a source ending in raw video (no trailing "!").
#   KIND camera: v4l2src on $tm_device (default /dev/video0), decoded whatever the camera sends
#                (raw or MJPEG); the built-in scene when there is no such device.
#   KIND scene:  the built-in scene at tm_width x tm_height, tm_fps.
#   KIND FILE:   a video or picture file, decoded.
# tm_seconds > 0 bounds the source: scene frames exactly, camera frames at an assumed 30 fps
# (num-buffers), a file to its first tm_seconds seconds of video (tm_limit_file); 0 = endless,
# or the whole file. LIVE_SCENE true makes the scene a live source (paced like a camera,
# asynchronous detection); false produces frames as fast as they are consumed.
tm_add_source() {
  local kind="$1" live="$2" device="${tm_device:-/dev/video0}"
  local frames=-1
  case "$kind" in
    camera)
      if [ -e "$device" ]; then
        (( tm_seconds == 0 )) || frames=$((tm_seconds * 30))
        tm_need v4l2src:gstreamer1.0-plugins-good
        tm_pipe+=(v4l2src "device=$device" "num-buffers=$frames" ! decodebin)
        return
      fi
      tm_say "no camera at $device: using the built-in scene instead"
      tm_add_source scene "$live" ;;
    scene)
      (( tm_seconds == 0 )) || frames=$((tm_seconds * tm_fps))
      tm_need videotestsrc:gstreamer1.0-plugins-base textoverlay:gstreamer1.0-x
      tm_add_scene "$tm_width" "$tm_height" "$tm_fps" "$frames" "$live" ;;
    *)
      [ -f "$kind" ] || tm_die "--source '$kind': not camera, scene or an existing file"
      # Looked into first: a file without video (a sound file) would otherwise fail in
      # gst-launch with "Internal data stream error ... doesn't want to preroll".
      tm_discover "$kind"
      tm_pipe+=(filesrc "location=$kind" ! decodebin)
      (( tm_seconds == 0 )) || tm_limit_file "$kind" ;;
  esac
}

# tm_discover FILE: sets tm_info to gst-discoverer-1.0's report on FILE; dies saying why when
# GStreamer cannot read FILE or finds no video in it (gst-discoverer-1.0 exits 0 either way).
tm_discover() {
  tm_info="$(gst-discoverer-1.0 "$1" 2>&1)" || true
  if grep -q '^An error was encountered' <<< "$tm_info"; then
    tm_die "$1 is not a video or picture GStreamer can read: $(tail -n 1 <<< "$tm_info" | sed 's/^ *//')"
  fi
  grep -Eq '^ *video(\(image\))? #' <<< "$tm_info" || tm_die "$1 has no video stream"
}

# tm_limit_file FILE: appends what ends FILE's decoded video after tm_seconds seconds of it
# (tm_info: tm_discover's report on FILE).
# gst-launch cannot seek, so the frames are counted: identity sends end-of-stream after as many
# as the file's frame rate gives in tm_seconds (rounded up). A file without a fixed frame rate is
# first made 30 fps (videorate); a picture is one frame and needs no limit. "video/x-raw" makes
# gst-launch link decodebin's video, not its sound, to identity (which takes anything).
tm_limit_file() {
  local file="$1" rate num den
  if grep -Eq '^ *video\(image\) #' <<< "$tm_info"; then return 0; fi
  rate="$(sed -n 's|^ *Frame rate: \([0-9][0-9]*\)/\([0-9][0-9]*\)$|\1 \2|p' <<< "$tm_info" | sed -n 1p)"
  read -r num den <<< "${rate:-0 1}"
  tm_pipe+=(! video/x-raw)
  if (( num == 0 || den == 0 )); then
    tm_say "$file has no fixed frame rate: its video is made 30 fps to stop after $tm_seconds s"
    tm_pipe+=(! videorate ! "video/x-raw,framerate=30/1")
    num=30 den=1
  fi
  tm_pipe+=(! identity "eos-after=$(( (tm_seconds * num + den - 1) / den ))")
}

# tm_add_textmirror PROPERTY=VALUE...: appends "! videoconvert ! textmirror PROPS".
tm_add_textmirror() {
  local p
  for p in "$@"; do
    [[ "$p" == [a-z]*=* ]] \
      || tm_die "'$p' is not a textmirror property (name=value, e.g. flip=vertical; see gst-inspect-1.0 textmirror)"
  done
  tm_pipe+=(! videoconvert ! textmirror "$@")
}

# tm_add_sink SPEC: appends "! SINK". SPEC auto = autovideosink when there is a display
# ($DISPLAY or $WAYLAND_DISPLAY), else fakesink; fake = fakesink; anything else is taken as
# gst-launch elements split at spaces (e.g. "xvimagesink" or
# "videoconvert ! pngenc snapshot=true ! filesink location=shot.png").
tm_add_sink() {
  local spec="$1" words
  case "$spec" in
    auto)
      if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        tm_pipe+=(! videoconvert ! autovideosink)
      else
        tm_say "no display (\$DISPLAY, \$WAYLAND_DISPLAY unset): frames go to fakesink"
        tm_pipe+=(! fakesink sync=true)
      fi ;;
    fake) tm_pipe+=(! fakesink sync=true) ;;
    "") tm_die "--sink needs a value: auto, fake or gst-launch elements" ;;
    *) read -ra words <<< "$spec"; tm_pipe+=(! "${words[@]}") ;;
  esac
}

# tm_add_encoder FILE: appends a video encoder by FILE's extension (in any case: .MP4 too) and
# sets tm_mux (the muxer element with name=mux, to be followed by "! filesink") and
# tm_audio_encoder (for transcode).
# shellcheck disable=SC2034  # tm_mux, tm_audio_encoder: read by the scripts sourcing this file
#   .mp4:  H.264 (x264enc, 4:2:0 so every player can decode it) in MP4, audio AAC
#   .webm: VP8 (vp8enc, real-time speed) in WebM, audio Opus
tm_add_encoder() {
  case "${1,,}" in
    *.mp4)
      tm_need x264enc:gstreamer1.0-plugins-ugly mp4mux:gstreamer1.0-plugins-good
      tm_pipe+=(! videoconvert ! "video/x-raw,format=I420"
                ! x264enc speed-preset=veryfast tune=zerolatency)
      tm_mux=(mp4mux name=mux)
      if gst-inspect-1.0 --exists avenc_aac; then
        tm_audio_encoder=(avenc_aac)
      else
        tm_audio_encoder=(lamemp3enc)  # MP3 in MP4: what gstreamer1.0-plugins-good has
      fi ;;
    *.webm)
      tm_need vp8enc:gstreamer1.0-plugins-good webmmux:gstreamer1.0-plugins-good
      tm_pipe+=(! videoconvert ! vp8enc deadline=1 cpu-used=4)
      tm_mux=(webmmux name=mux)
      tm_audio_encoder=(opusenc) ;;
    *) tm_die "$1: the output must end in .mp4 (H.264) or .webm (VP8)" ;;
  esac
}

# tm_output_dir FILE: creates FILE's folder (not with --print), dying when it cannot.
tm_output_dir() {
  (( ! tm_print_only )) || return 0
  mkdir -p "$(dirname "$1")" 2>/dev/null || tm_die "cannot create the folder of $1"
}

# tm_command_line: the gst-launch command (tm_launch_opts, tm_pipe) as one line, quoted for the
# shell only where needed, so it reads like a hand-written one and can be pasted.
tm_command_line() {
  local shown="gst-launch-1.0" word
  for word in "${tm_launch_opts[@]}" "${tm_pipe[@]}"; do
    if [[ "$word" =~ ^[][A-Za-z0-9_./:=,+@%!-]+$ ]]; then
      shown+=" $word"
    elif [[ "$word" =~ ^([a-z][a-z0-9-]*)=([^\"\$\`\\!]*)$ ]]; then
      shown+=" ${BASH_REMATCH[1]}=\"${BASH_REMATCH[2]}\""
    else
      shown+=" $(printf '%q' "$word")"
    fi
  done
  printf '%s\n' "$shown"
}

# tm_print_command: --print's output, the command line after the GST_PLUGIN_PATH it needs.
tm_print_command() {
  [ -z "${GST_PLUGIN_PATH:-}" ] || printf 'GST_PLUGIN_PATH=%q ' "$GST_PLUGIN_PATH"
  tm_command_line
}

# tm_run: shows the gst-launch command on stderr (--print: on stdout, without running it), runs
# it and exits with its status; then removes tm_output (when set) if it is empty: a failure
# before the first frame (filesink creates the file when the pipeline starts).
#
# Stopping: gst-launch-1.0 handles SIGINT only (-e makes it an end-of-stream, so the muxer
# writes its index and the file is complete). SIGTERM (kill, timeout(1), systemd) or SIGHUP (a
# closed terminal) would kill it mid-file, so gst-launch runs as a child and this script turns
# the first SIGINT, SIGTERM or SIGHUP it gets into one SIGINT for gst-launch. For that:
#   - gst-launch runs in a process group of its own (set -m): a terminal's Ctrl-C and
#     timeout(1) signal the whole group, and a second SIGINT makes gst-launch quit at once,
#     without finishing the file; this way only the script gets them and gst-launch gets one;
#   - gst-launch starts with SIGTERM and SIGHUP ignored: systemd sends SIGTERM to every process
#     of a service at once, and the script passes it on as SIGINT;
#   - a repeated SIGTERM or SIGHUP is not passed on (timeout(1) sends SIGTERM to the script and
#     then to its group, the script again); a repeated SIGINT is: gst-launch then stops at once,
#     as after a second Ctrl-C.
# The filters in the group (--messages, record.sh's progress) ignore all three and end when
# gst-launch's output does, so they print everything it says while it stops.
tm_output=""
tm_run() {
  if (( tm_print_only )); then tm_print_command; exit 0; fi
  tm_say "running: $(tm_command_line)"
  local group status=0 signal="" stopping=0
  set -m
  if (( tm_show_readings )); then
    (trap '' TERM HUP; exec gst-launch-1.0 -m "${tm_launch_opts[@]}" "${tm_pipe[@]}") \
      | (trap '' INT TERM HUP; tm_readings_filter) &
  elif [ -n "$tm_progress_element" ]; then
    (trap '' TERM HUP; exec gst-launch-1.0 "${tm_launch_opts[@]}" "${tm_pipe[@]}") \
      | (trap '' INT TERM HUP; tm_progress_filter) &
  else
    (trap '' TERM HUP; exec gst-launch-1.0 "${tm_launch_opts[@]}" "${tm_pipe[@]}") &
  fi
  set +m
  group="$(jobs -p %%)"
  trap 'signal=INT' INT
  trap 'signal=TERM' TERM
  trap 'signal=HUP' HUP
  while :; do
    wait %% && status=0 || status=$?
    [ -n "$signal" ] || break
    # A trapped signal ends the wait early, before gst-launch has ended: pass it on, wait again.
    if [ "$signal" = INT ] || (( ! stopping )); then
      (( stopping )) || tm_say "got SIG$signal: ending the stream (gst-launch-1.0 -e)"
      kill -INT -- "-$group" 2>/dev/null || true
      stopping=1
    fi
    signal=""
  done
  if [ -n "$tm_output" ] && [ -f "$tm_output" ] && [ ! -s "$tm_output" ]; then
    rm -f -- "$tm_output"
    tm_say "nothing was written: removed the empty $tm_output"
  fi
  exit "$status"
}

# tm_readings_filter: passes gst-launch -m's output through, and after each textmirror
# detection message prints one line per box with what was read, e.g.
#   textmirror: 1.233 s: "OPEN 9-17" (text score 0.97, reads normally) at 1510,990 240x48
tm_show_readings=0
tm_readings_filter() {
  /usr/bin/python3 -u -c '
import re, sys
# The message as gst-launch prints it, with its escaping backslashes removed.
box = re.compile(r"x=\(uint\)(\d+), y=\(uint\)(\d+), width=\(uint\)(\d+), height=\(uint\)(\d+)[^;]*?"
                 r"(?:text=\(string\)(?:\"(.*?)\"|([^,]*)), text-score=\(double\)([-0-9.e]+), "
                 r"mirrored=\(boolean\)(true|false))?;")
for line in sys.stdin:
    sys.stdout.write(line)
    if "(element): textmirror," not in line:
        continue
    plain = line.replace("\\", "")
    time = re.search(r"stream-time=\(guint64\)(\d+)", plain)
    when = "%.3f s: " % (int(time.group(1)) / 1e9) if time and int(time.group(1)) < 2**63 else ""
    for x, y, w, h, quoted, bare, score, mirrored in box.findall(plain):
        if score:
            what = "\"%s\" (text score %.2f, %s)" % (quoted or bare, float(score),
                "reads mirrored" if mirrored == "true" else "reads normally")
        else:
            what = "(not read)"
        print("textmirror: %s%s at %s,%s %sx%s" % (when, what, x, y, w, h), flush=True)
'
}

# tm_run_making FILE: like tm_run for a short run that writes FILE (a picture), but gst-launch
# runs as a child and the script goes on after it (--print: prints and goes on). When it
# fails, or leaves FILE empty, FILE is removed (filesink creates it before anything is
# decoded) and the script exits 1. Ctrl-C still reaches gst-launch: it is in the terminal's
# foreground process group, as the script is.
tm_run_making() {
  local file="$1" status=0
  if (( tm_print_only )); then tm_print_command; return 0; fi
  tm_say "running: $(tm_command_line)"
  gst-launch-1.0 "${tm_launch_opts[@]}" "${tm_pipe[@]}" || status=$?
  if (( status != 0 )) || [ ! -s "$file" ]; then
    local what="gst-launch-1.0 failed (exit status $status)"
    (( status != 0 )) || what="no frame came through"
    if [ -e "$file" ]; then
      rm -f -- "$file"
      tm_say "error: $what; the unfinished $file was removed"
    else
      tm_say "error: $what; $file was not written"
    fi
    exit 1
  fi
}

# tm_add_progress FILE EVERY: for a script that records to FILE, appends (before the muxer) what
# makes tm_run say every EVERY seconds (0 = never) how much video has reached the muxer and how
# large FILE is, and once more at the end:
#   record.sh: 00:00:05 recorded: out/demo.mp4, 1.4 MB
# The length is the stream position progressreport sees (whole seconds), not the time since the
# start: the model loads first, and a bounded scene is encoded faster than real time. Its lines
# ("recorded (00:00:07): 5 seconds") are rewritten by tm_progress_filter; the size comes from the
# file itself, which neither progressreport nor the bus knows.
tm_progress_element=""
tm_progress_file=""
tm_add_progress() {
  (( $2 > 0 )) || return 0
  tm_progress_element=recorded tm_progress_file="$1"
  tm_pipe+=(! progressreport "name=$tm_progress_element" "update-freq=$2")
}

# tm_progress_filter: passes gst-launch's output through, with progressreport's lines rewritten
# as tm_add_progress shows them (on stderr, with the script's other messages).
tm_progress_filter() {
  local line seconds size
  while IFS= read -r line; do
    if [[ "$line" =~ ^"$tm_progress_element "\([0-9:]+\):\ ([0-9]+)\  ]]; then
      seconds="${BASH_REMATCH[1]}"
      size="$(stat -c %s -- "$tm_progress_file" 2>/dev/null || echo 0)"
      if (( size < 1000000 )); then size="$(( (size + 500) / 1000 )) kB"
      else size="$(( size / 1000000 )).$(( size % 1000000 / 100000 )) MB"; fi
      tm_say "$(printf '%02d:%02d:%02d' $(( seconds / 3600 )) $(( seconds / 60 % 60 )) $(( seconds % 60 ))) recorded: $tm_progress_file, $size"
    else
      printf '%s\n' "$line"
    fi
  done
}
