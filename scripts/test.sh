#!/usr/bin/env bash
# README's second command: runs every test (unit tests of the Swift core, element tests in real
# GStreamer pipelines, detection tests with the real model). Expects scripts/install-deps.sh to
# have run (README's first command does that; .ci/run calls both).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export TEXTMIRROR_MODEL="${TEXTMIRROR_MODEL:-$PWD/models}"
swift build -c release --product gsttextmirror
swift test "$@"
# The benchmark tools, for seconds each: they still run (not what they measure).
scripts/smoke-tools.sh
# valgrind on short pipelines (leaks and memory errors in our C/C++/Swift) and a bounded soak
# with flat resident memory. The ten-minute changing-text soak is left to a run of its own
# (scripts/check-memory.sh --soak-only); the recognizer's width grid that it guards is unit-tested.
CHANGING_FRAMES="${CHANGING_FRAMES:-0}" scripts/check-memory.sh
