#!/usr/bin/env bash
# Installs what textmirror needs on a fresh Debian 12 machine, fetches the OpenVINO runtime and
# the text models. Idempotent: packages already present are not reinstalled, verified
# downloads are kept.
# Run as root (or with sudo available).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Build: GStreamer + plugins-base development files, OpenCV (contours, optical flow).
# Run time and tests: videoflip/pngenc/vp8enc (good), textoverlay for generated scenes (x),
# x264enc for MP4 recording (ugly), PyGObject for the embedding example.
packages=(
  pkg-config
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  gstreamer1.0-plugins-ugly gstreamer1.0-x gstreamer1.0-plugins-base-apps
  libopencv-dev
  fonts-dejavu-core
  python3-gi gir1.2-gstreamer-1.0 gir1.2-gst-plugins-base-1.0
  # Pipeline tests and examples (Tests/TextMirrorPipelineTests):
  #   gstreamer1.0-libav: avdec_h264, to check every frame of a recorded MP4 decodes, and
  #     avenc_aac, the sound of pipelines/transcode.sh's MP4s;
  #   python3-gst-1.0: GStreamer's Python overrides (Gst.ValueList for the message's boxes)
  #     used by examples/python/textmirror_app.py;
  #   gcc, libc6-dev, make: build examples/c/textmirror_app.c.
  #   python3-numpy, python3-opencv, python3-pil: Python hosts that load these libraries
  #     before GStreamer (HostLoadOrderTests).
  gstreamer1.0-libav python3-gst-1.0 gcc libc6-dev make
  python3-numpy python3-opencv python3-pil
  # scripts/install.sh: rewrites the installed plugin's RUNPATH to its private runtime;
  # scripts/fetch-openvino.sh: sets the OpenVINO libraries' RUNPATH.
  patchelf
  valgrind                      # scripts/check-memory.sh (leak check in the tests)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "textmirror: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "textmirror: all Debian packages present"
fi

"$here/fetch-openvino.sh"
"$here/fetch-model.sh"
