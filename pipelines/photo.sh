#!/usr/bin/env bash
# One photo in, mirrored photo out (PNG or JPEG in; PNG out).
#
#   pipelines/photo.sh IN.png|IN.jpg OUT.png [textmirror properties...]
#
# A file source is not live, so textmirror detects text synchronously on the photo itself.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"

in="${1:?usage: photo.sh IN OUT.png [textmirror properties...]}"
out="${2:?usage: photo.sh IN OUT.png [textmirror properties...]}"
shift 2
[ -f "$in" ] || { echo "photo.sh: $in: no such file" >&2; exit 2; }
mkdir -p "$(dirname "$out")"
eval "gst-launch-1.0 -q filesrc location=\"$in\" ! decodebin ! videoconvert ! textmirror $* \
  ! videoconvert ! pngenc ! filesink location=\"$out\""
