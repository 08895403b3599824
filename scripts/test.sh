#!/usr/bin/env bash
# README's second command: runs the tests (unit tests of the Swift core, element tests in real
# GStreamer pipelines, detection tests with the real model, the scripts as a user runs them).
# Expects scripts/install-deps.sh to have run (README's first command does that; .ci/run calls
# both).
#
#   scripts/test.sh [--full] [swift test options, e.g. --filter NAME]
#
# The default run takes about three minutes once built: sweeps take representative cases, and
# the runs that repeat a quicker test at a user's scale are left out (LongTests.swift lists
# what). --full (what CI runs) adds them, then checks that the benchmark tools still run and
# runs valgrind and a bounded memory soak.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
full=false
if [ "${1:-}" = "--full" ]; then
    full=true
    shift
fi
export TEXTMIRROR_MODEL="${TEXTMIRROR_MODEL:-$PWD/models}"
if $full; then export TEXTMIRROR_LONG_TESTS=1; fi

# The plugin the pipeline tests load, as users build it.
swift build -c release --product gsttextmirror
# The tests optimised: the pixel code they check runs ten times faster than in a debug build,
# which halves the run. -enable-testing changes every module's flags, so the tests build in a
# scratch folder of their own instead of rebuilding the plugin above on every run.
tests=(--configuration release --scratch-path .build/tests -Xswiftc -enable-testing)
swift build "${tests[@]}" --build-tests
swift test "${tests[@]}" --skip-build "$@"

$full || exit 0
# The benchmark tools, for seconds each: they still run (not what they measure).
scripts/smoke-tools.sh
# valgrind on short pipelines (leaks and memory errors in our C/C++/Swift) and a bounded soak
# with flat resident memory. The ten-minute changing-text soak is left to a run of its own
# (scripts/check-memory.sh --soak-only); the recognizer's width grid that it guards is unit-tested.
CHANGING_FRAMES="${CHANGING_FRAMES:-0}" scripts/check-memory.sh
