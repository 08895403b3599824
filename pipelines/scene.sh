# Sourced by the pipelines in this folder: the built-in scene used when there is no camera.
#
# textmirror_scene [WIDTH] [HEIGHT] [FPS] [FRAMES] prints a gst-launch fragment (a source, no trailing
# "!") that generates a light background with several lines of printed text in different sizes,
# fonts and colours, It needs
# videotestsrc (plugins-base) and textoverlay (gstreamer1.0-x).

textmirror_scene() {
  local width="${1:-1280}" height="${2:-720}" fps="${3:-30}" frames="${4:--1}"
  printf '%s' "videotestsrc num-buffers=${frames} pattern=solid-color foreground-color=0xfff2ead8 \
! video/x-raw,width=${width},height=${height},framerate=${fps}/1 \
! textoverlay text=\"THROUGH THE LOOKING GLASS\" font-desc=\"DejaVu Sans Bold 30\" \
    valignment=top halignment=left xpad=60 ypad=50 auto-resize=false wrap-mode=none shaded-background=false color=0xff202020 draw-outline=false draw-shadow=false \
! textoverlay text=\"Alice wondered what the book said\" font-desc=\"DejaVu Serif 20\" \
    valignment=top halignment=left xpad=60 ypad=140 auto-resize=false wrap-mode=none shaded-background=false color=0xff303080 draw-outline=false draw-shadow=false \
! textoverlay text=\"OPEN 9-17\" font-desc=\"DejaVu Sans Mono Bold 26\" \
    valignment=bottom halignment=right xpad=80 ypad=70 auto-resize=false wrap-mode=none shaded-background=false color=0xffa01010 draw-outline=false draw-shadow=false \
! textoverlay text=\"mirror reading practice\" font-desc=\"DejaVu Sans 16\" \
    valignment=bottom halignment=left xpad=60 ypad=90 auto-resize=false wrap-mode=none shaded-background=false color=0xff106020 draw-outline=false draw-shadow=false"
}
