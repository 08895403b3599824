import Testing

/// The element in host processes as real applications start them: a Python program that imports
/// numpy, OpenCV or Pillow before GStreamer (each loads libgcc_s, or libstdc++ with it, privately
/// before libgstreamer makes libunwind global), and a C program. OpenVINO throws and catches an
/// exception while it compiles a network, so every host must survive C++ exceptions inside it,
/// and a bad model must end in an error message, not a crash.
@Suite("Host processes, whatever they loaded first")
struct HostLoadOrderTests {
    /// Plays live text through textmirror until its first message with boxes, then ends; prints
    /// "boxes" and exits 0, or prints the pipeline's error and exits 1.
    static func script(firstImport: String, textmirror: String) -> String {
        """
        import \(firstImport)
        import sys
        import gi
        gi.require_version("Gst", "1.0")
        from gi.repository import Gst
        Gst.init(None)
        pipeline = Gst.parse_launch(
            "videotestsrc is-live=true ! video/x-raw,width=320,height=240,framerate=30/1"
            " ! textoverlay text=MIRROR font-desc=\\"Sans Bold 40\\" ! videoconvert"
            " ! \(textmirror) ! fakesink")
        pipeline.set_state(Gst.State.PLAYING)
        bus = pipeline.get_bus()
        kinds = Gst.MessageType.ELEMENT | Gst.MessageType.ERROR | Gst.MessageType.EOS
        code = 1
        while True:
            message = bus.timed_pop_filtered(30 * Gst.SECOND, kinds)
            if message is None:
                print("no textmirror message with boxes in 30 s")
                break
            if message.type == Gst.MessageType.ERROR:
                print("error:", message.parse_error()[0].message)
                break
            if message.type == Gst.MessageType.EOS:
                code = 0
                break
            structure = message.get_structure()
            if structure.get_name() == "textmirror" and len(structure.get_value("boxes")) > 0:
                print("boxes")
                pipeline.send_event(Gst.Event.new_eos())
        pipeline.set_state(Gst.State.NULL)
        sys.exit(code)
        """
    }

    static func pythonEnvironment(_ work: Workspace) async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        try await ExampleTests.requirePyGObject(work)
        work.environment = ExampleTests.buildEnvironment(work)
    }

    @Test("a Python program that imports a library before GStreamer", arguments: ["numpy", "cv2", "PIL.Image"])
    func pythonImportingFirst(_ module: String) async throws {
        let work = try Workspace()
        try await Self.pythonEnvironment(work)
        let available = try await work.run(ExampleTests.python, ["-c", "import \(module)"])
        guard available.succeeded else {
            throw SetupError("\(ExampleTests.python) cannot import \(module): install python3-numpy, python3-opencv and python3-pil (scripts/install-deps.sh)\n\(available)")
        }
        let result = try await work.run(
            ExampleTests.python, ["-c", Self.script(firstImport: module, textmirror: "textmirror detect=true")])
        #expect(result.succeeded && result.stdout.contains("boxes"), "\(result)")
    }

    @Test("a bad model in a Python program that imported numpy first is an error message")
    func badModelAfterNumpy() async throws {
        let work = try Workspace()
        try await Self.pythonEnvironment(work)
        let result = try await work.run(
            ExampleTests.python,
            ["-c", Self.script(firstImport: "numpy", textmirror: "textmirror detect=true model=/etc/passwd")])
        #expect(!result.signalled && result.status == 1, "\(result)")
        #expect(result.stdout.contains("error:"), "\(result)")
    }

    @Test("a C program")
    func cHost() async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        let work = try Workspace()
        let program = try await ExampleTests.buildC(work)
        work.environment = ExampleTests.buildEnvironment(work)
        let result = try await work.run(program, ["--seconds", "3"])
        ExampleTests.checkRun(result, plugin: Repository.buildPlugin)
    }
}
