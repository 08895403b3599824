#!/usr/bin/env bash
# Writes a still of the built-in scene and the same still after textmirror: the README picture.
#
#   pipelines/before-after.sh BEFORE.png AFTER.png [textmirror properties...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"

before="${1:?usage: before-after.sh BEFORE.png AFTER.png [textmirror properties...]}"
after="${2:?usage: before-after.sh BEFORE.png AFTER.png [textmirror properties...]}"
shift 2
mkdir -p "$(dirname "$before")"
eval "gst-launch-1.0 -q $(textmirror_scene 1280 720 30 1) ! videoconvert ! pngenc ! filesink location=\"$before\""
"$here/photo.sh" "$before" "$after" "$@"
