#!/usr/bin/env bash
# check-memory.sh: memory and thread checks of the built plugin in real pipelines.
#
#   (a) valgrind memcheck on short gst-launch-1.0 pipelines (several formats, 10-bit samples
#       and an odd height among them, fixed and rotated regions, renegotiation through
#       videoconvert, an element error at start): fails on any memory error or definite leak
#       left after scripts/valgrind.supp (which removes reports of glibc, GLib, fontconfig,
#       OpenCV/TBB and the Swift runtime, each explained there). These run without
#       detection: under valgrind, OpenVINO's start-up and its compiled CPU kernels
#       take more than 10 minutes for a 2-frame pipeline. The detection path (detector,
#       recognizer, tracking, their C++ wrappers) is checked by the soak below, whose resident
#       memory must stay flat over thousands of detections and readings.
#   (b) a soak: SOAK_FRAMES frames (default 20000) of 320x240 video with text through textmirror
#       with async detection at its highest rate; resident memory (VmRSS) is read after frame 100
#       and at the end, and the run fails when it grew by more than SOAK_MAX_GROWTH_MB (default
#       16 MB, and by more than a quarter of that after frame 2000; see the note at the soak).
#   (c) a changing-text soak: CHANGING_FRAMES frames (default 18000, ten minutes) of a live
#       640x360 source whose text changes every frame (a running time and a clock over a moving
#       ball), so lines of ever new widths are read. Its warm-up is longer: the recognizer
#       prepares each input width it meets (textmirror_recognizer_input_width), +7 to +22 MB
#       in the first minute as measured, so the whole run may grow by 32 MB; from frame 2000 on
#       the bound is the same. 0 skips it.
#
# Usage: scripts/check-memory.sh [--valgrind-only | --soak-only]
# Environment: TEXTMIRROR_MODEL (a detector file, or the models folder whose live default,
#   ppocrv6_tiny_det.onnx, is used; default models/), SOAK_FRAMES, CHANGING_FRAMES,
#   SOAK_MAX_GROWTH_MB, PLUGIN (default .build/release/libgsttextmirror.so, built if missing).
# Needs: valgrind, python3-gi with GStreamer's introspection data (gir1.2-gstreamer-1.0),
#   gstreamer1.0-plugins-base/-good (videotestsrc, textoverlay), binutils (strip).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

run_valgrind=1
run_soak=1
case "${1:-}" in
    --valgrind-only) run_soak=0 ;;
    --soak-only) run_valgrind=0 ;;
    "") ;;
    *) echo "usage: $0 [--valgrind-only | --soak-only]" >&2; exit 2 ;;
esac

model="${TEXTMIRROR_MODEL:-$PWD/models}"
[ ! -d "$model" ] || model="$model/ppocrv6_tiny_det.onnx"
plugin="${PLUGIN:-$PWD/.build/release/libgsttextmirror.so}"
say() { printf 'check-memory: %s\n' "$*"; }
die() { printf 'check-memory: error: %s\n' "$*" >&2; exit 1; }

[ -r "$model" ] || die "model not found at $model (run scripts/fetch-model.sh)"
if [ ! -f "$plugin" ]; then
    say "building the release plugin"
    swift build -c release --product gsttextmirror
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/textmirror-memory.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 gives up on the DWARF 5 debug information Swift 6.3 writes ("unhandled dwarf2
# abbrev form"), so it gets a copy without debug information; symbols remain.
mkdir -p "$work/plugin"
strip --strip-debug -o "$work/plugin/libgsttextmirror.so" "$plugin"
export GST_PLUGIN_PATH="$work/plugin"
export GST_REGISTRY="$work/registry.bin"
# Build the registry once, outside valgrind (scanning every plugin under it takes minutes).
gst-inspect-1.0 textmirror >/dev/null || die "GStreamer does not load $plugin"

failed=0

if [ "$run_valgrind" -eq 1 ]; then
    command -v valgrind >/dev/null || die "valgrind not installed (apt-get install valgrind)"
    # name | pipeline (textmirror's model= is added by the loop)
    cases=(
        "I420-regions|videotestsrc num-buffers=2 pattern=white ! video/x-raw,format=I420,width=160,height=120,framerate=30/1 ! textoverlay text=\"LINE ONE\nLINE TWO\" font-desc=\"Sans Bold 20\" ! textmirror detect=false draw-boxes=true regions=0,0,0.3,0.3 ! fakesink"
        "RGBA-rotated|videotestsrc num-buffers=8 pattern=white ! video/x-raw,format=RGBA,width=128,height=96,framerate=30/1 ! textoverlay text=ASYNC font-desc=\"Sans Bold 20\" ! textmirror detect=false flip=rotate-180 regions=0.5,0.5,0.4,0.4,30 ! fakesink"
        "YUY2-NV12-regions|videotestsrc num-buffers=4 pattern=snow ! video/x-raw,format=YUY2,width=99,height=35 ! textmirror detect=false regions=\"0,0,1,1;0.2,0.2,0.5,0.5,45\" flip=vertical ! videoconvert ! video/x-raw,format=NV12 ! textmirror detect=false regions=0.1,0.1,0.5,0.5 ! fakesink"
        "I420_10LE-odd-regions|videotestsrc num-buffers=2 pattern=snow ! video/x-raw,format=I420_10LE,width=101,height=75 ! textmirror detect=false regions=\"0,0.7,1,0.3;0.3,0.3,0.5,0.5,45\" flip=rotate-180 ! fakesink"
        "missing-model|videotestsrc num-buffers=2 ! textmirror model=$work/no-such-model.onnx ! fakesink"
    )
    for entry in "${cases[@]}"; do
        name="${entry%%|*}"
        launch="${entry#*|}"
        [[ "$launch" == *"model="* ]] || launch="${launch//textmirror /textmirror model=$model }"
        log="$work/valgrind-$name.log"
        say "valgrind: $name"
        start=$(date +%s)
        set +e
        # shellcheck disable=SC2086
        eval valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite \
            --errors-for-leak-kinds=definite --num-callers=40 --error-exitcode=42 \
            --suppressions=scripts/valgrind.supp --log-file="$log" \
            gst-launch-1.0 -q $launch >"$work/out-$name.txt" 2>&1
        rc=$?
        set -e
        errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -n 1)
        lost=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -n 1)
        suppressed=$(sed -n 's/.*suppressed: \([0-9]*\) from.*/\1/p' "$log" | tail -n 1)
        say "  $(( $(date +%s) - start )) s, gst-launch exit $rc, errors ${errors:-?}, definitely lost ${lost:-0} bytes (unsuppressed), ${suppressed:-0} known reports suppressed"
        if [ "$name" = "missing-model" ]; then
            grep -q "no-such-model.onnx" "$work/out-$name.txt" || { say "  the element error does not name the model"; failed=1; }
        elif [ "$rc" -ne 0 ] && [ "$rc" -ne 42 ]; then
            say "  the pipeline failed:"; sed 's/^/    /' "$work/out-$name.txt"; failed=1
        fi
        if [ "${errors:-1}" != "0" ]; then
            say "  memcheck reports (ours where libgsttextmirror.so is on the stack):"
            grep -E "^==[0-9]+== (Invalid|Conditional|Use of|Mismatched|Syscall|Source and|[0-9,]+ (\([0-9, a-z]+\) )?bytes in)|libgsttextmirror" "$log" | sed 's/^/    /' | head -n 60
            cp "$log" "${TMPDIR:-/tmp}/textmirror-valgrind-$name.log"
            say "  full log: ${TMPDIR:-/tmp}/textmirror-valgrind-$name.log"
            failed=1
        fi
    done
fi

# soak NAME FRAMES SOURCE [BOUND]: SOURCE (gst-launch syntax, ending in raw video with text,
# without num-buffers) through textmirror with async detection for FRAMES frames, checked as
# (b) says; BOUND (MB) replaces SOAK_MAX_GROWTH_MB for the whole run, the bound from frame
# 2000 on stays a quarter of SOAK_MAX_GROWTH_MB.
soak() {
    local name="$1" frames="$2" source="$3"
    local steady_bound="${SOAK_MAX_GROWTH_MB:-16}"
    local bound="${4:-$steady_bound}"
    say "$name: $frames frames (bound: ${bound} MB growth, $((steady_bound / 4)) MB from frame 2000 on)"
    # /usr/bin/python3: Debian's interpreter, the one python3-gi is installed for.
    # The bound: RSS 100 frames after the first detection already holds the model, the network and OpenCV's pools;
    # what still comes is malloc arenas and GStreamer's pools settling, measured +3 to +5 MB,
    # all of it before frame 2000 (flat within 0.3 MB from there to frame 20000). A leaked
    # detection input (320x256x3 bytes) per detection would add 100-300 MB over the run, a
    # leaked frame per frame gigabytes. Leaks of a few hundred bytes per detection (such as the
    # message leak fixed in gsttextmirror.c) are below what RSS shows reliably: valgrind
    # above is the check for those.
    if ! /usr/bin/python3 - "$frames" "$bound" "$model" "$name" "$source" "$steady_bound" <<'PY'
import sys, time
import gi
gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst

frames, bound_mb, model, name, source = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
steady_bound_mb = float(sys.argv[6]) / 4
Gst.init(None)

def rss_kb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

pipeline = Gst.parse_launch(
    source.replace("videotestsrc ", f"videotestsrc num-buffers={frames} ", 1)
    + f" ! textmirror model=\"{model}\" detection-mode=async detection-rate=120 detection-size=320 "
    "! fakesink name=sink signal-handoffs=true sync=false")
state = {"n": 0, "rss100": None, "base": None, "samples": []}

def on_handoff(sink, buffer, pad):
    state["n"] += 1
    n = state["n"]
    # Frames are counted from the first detection: before it the network does not exist yet,
    # and on a fast machine thousands of frames pass while it is made.
    if state["base"] is None and result["detections"] > 0:
        state["base"] = n
    base = state["base"]
    if base is not None and n == base + 100:
        state["rss100"] = rss_kb()
    if base is not None and n == base + 2000:
        state["rss2000"] = rss_kb()
    if n % 2000 == 0:
        state["samples"].append((n, rss_kb()))

result = {"detections": 0, "error": None}
pipeline.get_by_name("sink").connect("handoff", on_handoff)
# A GLib main loop, not a blocking bus pop on this thread: PyGObject keeps the interpreter lock
# during timed_pop_filtered, which would hold the streaming thread's handoff callback (and with
# it every frame) until the next bus message.
loop = GLib.MainLoop()

def on_message(bus, msg):
    if msg.type == Gst.MessageType.ELEMENT:
        if msg.get_structure().get_name() == "textmirror":
            result["detections"] += 1
        return
    if msg.type == Gst.MessageType.ERROR:
        result["error"] = msg.parse_error()[0].message
        loop.quit()
    elif msg.type == Gst.MessageType.EOS:
        loop.quit()

bus = pipeline.get_bus()
bus.add_signal_watch()
bus.connect("message", on_message)
start = time.time()
pipeline.set_state(Gst.State.PLAYING)
loop.run()
detections, error = result["detections"], result["error"]
end_rss = rss_kb()
pipeline.set_state(Gst.State.NULL)
seconds = time.time() - start
rss100 = state["rss100"] or 0
growth_mb = (end_rss - rss100) / 1024
# Steady state: from frame 2000 on, after malloc arenas and pools have settled.
steady_mb = (end_rss - state.get("rss2000", end_rss)) / 1024
print(f"check-memory: {name}: {state['n']} frames in {seconds:.0f} s, {detections} detections, "
      f"RSS {rss100 / 1024:.1f} MB 100 frames after the first detection (frame {state['base']}), "
      f"{end_rss / 1024:.1f} MB at the end: "
      f"growth {growth_mb:+.1f} MB (bound {bound_mb:.0f} MB), {steady_mb:+.1f} MB from 2000 frames on "
      f"(bound {steady_bound_mb:.0f} MB)")
print(f"check-memory: {name}: RSS every 2000 frames (MB): "
      + " ".join(f"{n}:{kb / 1024:.1f}" for n, kb in state["samples"]))
if not error and state["rss100"] is None:
    error = "fewer than 100 frames after the first detection"
if error or state["n"] != frames:
    print(f"check-memory: {name} failed: {error or 'only %d frames' % state['n']}")
    sys.exit(1)
if growth_mb > bound_mb or steady_mb > steady_bound_mb:
    print(f"check-memory: {name} failed: resident memory grew beyond the bound")
    sys.exit(1)
PY
    then
        failed=1
    fi
}

if [ "$run_soak" -eq 1 ]; then
    soak "soak" "${SOAK_FRAMES:-20000}" \
        "videotestsrc pattern=white ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 \
         ! textoverlay text=\"SOAK LINE 1\nSOAK LINE 2\nSOAK LINE 3\" font-desc=\"Sans Bold 16\" valignment=center"
    changing="${CHANGING_FRAMES:-18000}"
    if [ "$changing" -gt 0 ]; then
        soak "changing-text soak" "$changing" \
            "videotestsrc is-live=true pattern=ball motion=sweep \
             ! video/x-raw,format=I420,width=640,height=360,framerate=30/1 \
             ! timeoverlay font-desc=\"Sans Bold 24\" ! clockoverlay font-desc=\"Sans 18\" valignment=bottom \
               time-format=\"%H:%M:%S %d %B %Y\"" \
            32
    fi
fi

if [ "$failed" -ne 0 ]; then
    say "FAILED"
    exit 1
fi
say "passed"
