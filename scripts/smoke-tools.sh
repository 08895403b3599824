#!/usr/bin/env bash
# smoke-tools.sh: runs the benchmark tools for seconds each, so that a benchmark that breaks at
# run time fails the tests instead of the next person who measures with it. Their figures
# are not checked here (timing targets are for a quiet machine: README, Performance); only
# that each tool exits 0, which it does once every section has printed its table (an error in
# any section exits 1).
#
#   textmirror-bench --quick           every section: kernels, turned lines, detector, live
#                                      pipelines, memory
#   textmirror-motion-bench --quick    the rendered pan, sync and live, tracking on and off,
#                                      and the streaming thread's cost (the photo scenarios
#                                      need scripts/fetch-real-photos.sh and are left out)
#   textmirror-eval --read-back        three generated pictures (scripts/make-eval-set.sh),
#                                      scored, then read back from the output; and again
#                                      with I420 frames (--format), converted for scoring
#
# Release builds: the motion bench renders its frames in Swift, which unoptimized takes
# minutes. Called by scripts/test.sh; expects scripts/install-deps.sh to have run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export TEXTMIRROR_MODEL="${TEXTMIRROR_MODEL:-$PWD/models}"

for tool in textmirror-bench textmirror-motion-bench textmirror-eval; do
    swift build -c release --product "$tool"
done
bin="$(swift build -c release --show-bin-path)"
log="$(mktemp)"
scratch="$(mktemp -d)"
trap 'rm -rf "$log" "$scratch"' EXIT

run() {
    local started=$SECONDS
    if ! "$bin/$1" "${@:2}" >"$log" 2>&1; then
        tail -n 30 "$log" >&2
        echo "smoke-tools: $* failed" >&2
        exit 1
    fi
    echo "smoke-tools: $* ran in $((SECONDS - started)) s"
}
run textmirror-bench --quick
run textmirror-motion-bench --quick --scenarios pan
# Three generated pictures (a page, a shop front, a sign), scored and read back.
scripts/make-eval-set.sh --out "$scratch/set" --count 3 >"$log" 2>&1 || { tail -n 30 "$log" >&2; exit 1; }
run textmirror-eval "$scratch/set" --save "$scratch/out" --read-back
grep -q '^Read back: ' "$log" || { cat "$log" >&2; echo "smoke-tools: textmirror-eval printed no read-back line" >&2; exit 1; }
run textmirror-eval "$scratch/set" --format I420
grep -q 'frames I420 at the element' "$log" || { cat "$log" >&2; echo "smoke-tools: textmirror-eval --format I420 did not run in I420" >&2; exit 1; }
