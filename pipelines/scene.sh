# shellcheck shell=bash
# Sourced by the pipelines in this folder: the built-in scene used when there is no camera.
#
# tm_add_scene [WIDTH] [HEIGHT] [FPS] [FRAMES] [LIVE] appends to the array tm_pipe the
# gst-launch words (a source, no trailing "!") of a generated picture: a light background with
# four lines of printed text in different sizes, fonts and colours. FRAMES -1 = endless;
# LIVE true makes videotestsrc a live source (it then behaves like a camera: textmirror's
# detection-mode=auto picks async detection). Font sizes and margins are given for 1280x720
# and scale with HEIGHT, so at 720 lines high the picture is exactly the README's.
# Needs videotestsrc (gstreamer1.0-plugins-base), textoverlay (gstreamer1.0-x) and the DejaVu
# fonts (fonts-dejavu-core).
#
# Words are array elements, not a string to eval: gst-launch-1.0 escapes each argument, so
# values with spaces or ';' (text=..., regions=...) need no quoting.

# Run instead of sourced, or sourced by another shell: say what to do instead (any sh reads this).
if [ -z "${BASH_VERSION:-}" ] || [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "scene.sh: this file is sourced by the scripts in pipelines/ (with bash), not run. To see the built-in scene run pipelines/preview.sh --source scene; to write it to a picture, pipelines/before-after.sh" >&2
  return 2 2>/dev/null || exit 2
fi

tm_add_scene() {
  local width="${1:-1280}" height="${2:-720}" fps="${3:-30}" frames="${4:--1}" live="${5:-false}"
  # _tm_s N: N scaled from a 720-line picture to HEIGHT lines, rounded; at least 1.
  _tm_s() { local v=$(( ($1 * height + 360) / 720 )); echo $(( v < 1 ? 1 : v )); }
  local common=(auto-resize=false wrap-mode=none shaded-background=false draw-outline=false draw-shadow=false)
  tm_pipe+=(
    videotestsrc "num-buffers=$frames" "is-live=$live" pattern=solid-color foreground-color=0xfff2ead8
    ! "video/x-raw,width=$width,height=$height,framerate=$fps/1"
    ! textoverlay "text=THROUGH THE LOOKING GLASS" "font-desc=DejaVu Sans Bold $(_tm_s 30)"
      valignment=top halignment=left "xpad=$(_tm_s 60)" "ypad=$(_tm_s 50)" color=0xff202020 "${common[@]}"
    ! textoverlay "text=Alice wondered what the book said" "font-desc=DejaVu Serif $(_tm_s 20)"
      valignment=top halignment=left "xpad=$(_tm_s 60)" "ypad=$(_tm_s 140)" color=0xff303080 "${common[@]}"
    ! textoverlay "text=OPEN 9-17" "font-desc=DejaVu Sans Mono Bold $(_tm_s 26)"
      valignment=bottom halignment=right "xpad=$(_tm_s 80)" "ypad=$(_tm_s 70)" color=0xffa01010 "${common[@]}"
    ! textoverlay "text=mirror reading practice" "font-desc=DejaVu Sans $(_tm_s 16)"
      valignment=bottom halignment=left "xpad=$(_tm_s 60)" "ypad=$(_tm_s 90)" color=0xff106020 "${common[@]}"
  )
}
