#!/usr/bin/env bash
# README's first command: installs what is missing (Debian packages, the detection model),
# builds the plugin, and runs the main job on the built-in scene (no camera needed): records
# out/demo.mp4 with the text mirrored and writes before/after stills to out/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
swift build -c release --product gsttextmirror
pipelines/record.sh --seconds 5 out/demo.mp4
pipelines/before-after.sh out/before.png out/after.png
echo "textmirror: wrote out/demo.mp4, out/before.png and out/after.png"
