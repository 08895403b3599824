#!/usr/bin/python3
"""Embedding textmirror in a Python application (PyGObject).

Builds the pipeline element by element:

    videotestsrc ! textoverlay ! videoconvert ! textmirror ! videoconvert ! fakesink

(a camera with --camera, a window with --display), plays it, and while it plays

  * prints the text boxes textmirror reports in its `textmirror` bus messages,
  * from the first of them on (the detector's first run is its slowest), turns the effect off
    (at 40 % of --seconds) and on again (at 60 %) with `enabled`, changes `flip` to vertical
    (at 60 %), and ends the stream itself (at 100 %),

then exits 0 (1 on a pipeline error, or when no message came 30 s after PLAYING).

Run it with Debian's Python, which has PyGObject (python3-gi, python3-gst-1.0):

    /usr/bin/python3 examples/python/textmirror_app.py [--seconds N] [--camera [--device PATH]] [--display]

The plugin is found like any GStreamer plugin (installed with scripts/install.sh, or
GST_PLUGIN_PATH); run from a checkout, the build in .build/release is used when GStreamer does
not find an installed one.
"""
import argparse
import os
import sys

import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402


def make(factory, name=None, **properties):
    """Creates an element and sets its properties (names with '_' for '-')."""
    element = Gst.ElementFactory.make(factory, name)
    if element is None:
        sys.exit(f"textmirror_app: element {factory} not found (is its GStreamer plugin installed?)")
    for key, value in properties.items():
        element.set_property(key.replace("_", "-"), value)
    return element


def find_textmirror():
    """The textmirror plugin: installed, on GST_PLUGIN_PATH, or built in this checkout."""
    if Gst.ElementFactory.find("textmirror") is None:
        build = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "release")
        if os.path.exists(os.path.join(build, "libgsttextmirror.so")):
            Gst.Registry.get().scan_path(os.path.realpath(build))
    factory = Gst.ElementFactory.find("textmirror")
    if factory is None:
        sys.exit("textmirror_app: the textmirror element is not installed: run scripts/install.sh, "
                 "or set GST_PLUGIN_PATH to the folder holding libgsttextmirror.so")
    return factory.get_plugin().get_filename()


def describe_boxes(structure):
    """One line for a `textmirror` message: its time and every box in it."""
    boxes = structure.get_value("boxes")  # a Gst.ValueList of `text` structures
    seconds = structure["running-time"] / Gst.SECOND
    parts = [f"{b['width']}x{b['height']}+{b['x']}+{b['y']} angle {b['angle']:.1f} score {b['score']:.2f}"
             + (f" \"{b['text']}\"{' (mirrored)' if b['mirrored'] else ''}" if b.has_field("text") else "")
             for b in boxes]
    return f"{seconds:7.3f} s  {len(parts)} box(es): " + ("; ".join(parts) if parts else "none")


def main():
    parser = argparse.ArgumentParser(description="textmirror embedded in a PyGObject application")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to run (default 5)")
    parser.add_argument("--camera", action="store_true", help="v4l2src instead of the generated scene")
    parser.add_argument("--device", default="/dev/video0", help="the camera's device (default /dev/video0)")
    parser.add_argument("--display", action="store_true", help="show a window instead of fakesink")
    args = parser.parse_args()

    Gst.init(None)
    if not hasattr(Gst, "ValueList"):
        sys.exit("textmirror_app: Gst.ValueList missing: install python3-gst-1.0 (GStreamer's Python overrides)")
    print(f"textmirror from {find_textmirror()}", flush=True)

    pipeline = Gst.Pipeline.new("app")
    if args.camera:
        chain = [make("v4l2src", device=args.device), make("decodebin")]
    else:
        caps = Gst.Caps.from_string("video/x-raw,width=640,height=360,framerate=30/1")
        chain = [make("videotestsrc", is_live=True, pattern="solid-color", foreground_color=0xFFF2EAD8),
                 make("capsfilter", caps=caps),
                 make("textoverlay", text="MIRROR ME", font_desc="DejaVu Sans Bold 40",
                      valignment="center", halignment="center", color=0xFF202020,
                      shaded_background=False, draw_outline=False, draw_shadow=False)]
    mirror = make("textmirror", "mirror")
    chain += [make("videoconvert"), mirror, make("videoconvert"),
              make("autovideosink") if args.display else make("fakesink", sync=True)]
    for element in chain:
        pipeline.add(element)
    for upstream, downstream in zip(chain, chain[1:]):
        if upstream.get_static_pad("src") is None:  # decodebin: link once its pad appears
            upstream.connect("pad-added", lambda _, pad, sink=downstream: pad.link(sink.get_static_pad("sink")))
        elif not upstream.link(downstream):
            sys.exit(f"textmirror_app: cannot link {upstream.get_name()} to {downstream.get_name()}")

    loop = GLib.MainLoop()
    status = {"code": 0, "messages": 0}

    def on_message(_bus, message):
        if message.type == Gst.MessageType.ELEMENT and message.get_structure().get_name() == "textmirror":
            status["messages"] += 1
            print(describe_boxes(message.get_structure()), flush=True)
            if status["messages"] == 1:
                schedule()
        elif message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            print(f"error from {message.src.get_path_string()}: {error.message}\n{debug}", file=sys.stderr)
            status["code"] = 1
            loop.quit()
        elif message.type == Gst.MessageType.EOS:
            loop.quit()
        elif message.type == Gst.MessageType.STATE_CHANGED and message.src == pipeline:
            _, new, _ = message.parse_state_changed()
            if new == Gst.State.PLAYING and not status.get("watched"):
                status["watched"] = True
                GLib.timeout_add_seconds(30, no_detection)

    bus = pipeline.get_bus()
    bus.add_signal_watch()
    bus.connect("message", on_message)

    # Property changes while PLAYING, from the main loop: GStreamer properties are thread-safe.
    def set_enabled(value):
        mirror.set_property("enabled", value)
        print(f"enabled -> {mirror.get_property('enabled')}", flush=True)
        return GLib.SOURCE_REMOVE

    def set_flip(nick):
        Gst.util_set_object_arg(mirror, "flip", nick)  # an enum property, set by its nick
        print(f"flip -> {mirror.get_property('flip').value_nick}", flush=True)
        return GLib.SOURCE_REMOVE

    def no_detection():
        if status["messages"] == 0:
            print("textmirror_app: no textmirror message 30 s after PLAYING", file=sys.stderr)
            status["code"] = 1
            loop.quit()
        return GLib.SOURCE_REMOVE

    def give_up():
        print("textmirror_app: no end-of-stream 10 s after sending it", file=sys.stderr)
        status["code"] = 1
        loop.quit()
        return GLib.SOURCE_REMOVE

    def finish():
        # End-of-stream rather than a plain stop: every element (a muxer, say) finishes its work.
        print("sending end-of-stream", flush=True)
        pipeline.send_event(Gst.Event.new_eos())
        GLib.timeout_add_seconds(10, give_up)
        return GLib.SOURCE_REMOVE

    def schedule():
        # Counted from the first detection (the detector's first run is its slowest, much more
        # so on a busy machine): off at 40 % of the run, on again with flip=vertical at 60 %,
        # end-of-stream at 100 %.
        ms = int(args.seconds * 1000)
        GLib.timeout_add(ms * 2 // 5, set_enabled, False)
        GLib.timeout_add(ms * 3 // 5, set_enabled, True)
        GLib.timeout_add(ms * 3 // 5, set_flip, "vertical")
        GLib.timeout_add(ms, finish)

    if pipeline.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
        # The element that failed (a missing camera, say) posted why on the bus, which the main
        # loop would have shown: it has not run, so the message is taken from the bus here.
        error = bus.pop_filtered(Gst.MessageType.ERROR)
        if error is not None:
            on_message(bus, error)
        print("textmirror_app: the pipeline does not start", file=sys.stderr)
        status["code"] = 1
    else:
        loop.run()
    pipeline.set_state(Gst.State.NULL)
    bus.remove_signal_watch()
    print(f"{status['messages']} textmirror message(s); exit {status['code']}", flush=True)
    return status["code"]


if __name__ == "__main__":
    sys.exit(main())
