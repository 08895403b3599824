# Sourced by the pipelines in this folder.
#
# Finds the textmirror plugin when it has only been built (not installed), and turns a source
# name into a gst-launch fragment.
here_common="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here_common/scene.sh"

# An installed plugin is found by GStreamer itself; a build in this checkout is added here.
if ! gst-inspect-1.0 textmirror >/dev/null 2>&1; then
  build_dir="$here_common/../.build/release"
  if [ -f "$build_dir/libgsttextmirror.so" ]; then
    export GST_PLUGIN_PATH="$(cd "$build_dir" && pwd)${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
  else
    echo "textmirror plugin not found: build it with 'swift build -c release' or install it" >&2
    exit 1
  fi
fi

# textmirror_source KIND WxH SECONDS: KIND is "scene", "camera" (v4l2src, falling back to the
# scene when there is no /dev/video0) or a file path. SECONDS (0 = endless) bounds scene length.
textmirror_source() {
  local kind="$1" size="$2" seconds="$3" fps=30
  local width="${size%x*}" height="${size#*x}"
  local frames=-1
  [ "$seconds" = 0 ] || frames=$((seconds * fps))
  case "$kind" in
    camera)
      if [ -e /dev/video0 ]; then
        printf '%s' "v4l2src"
      else
        echo "no camera at /dev/video0: using the built-in scene" >&2
        textmirror_scene "$width" "$height" "$fps" "$frames"
      fi ;;
    scene) textmirror_scene "$width" "$height" "$fps" "$frames" ;;
    *)
      [ -f "$kind" ] || { echo "source $kind: no such file" >&2; exit 2; }
      printf '%s' "filesrc location=\"$kind\" ! decodebin" ;;
  esac
}
