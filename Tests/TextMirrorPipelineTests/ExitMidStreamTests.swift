import Foundation
import Testing
import TextMirrorTestSupport

/// An application that exits while textmirror streams, with detection, optical flow and
/// recognition in flight: the process must end with its own exit status, never abort in the
/// static destructors of OpenCV or OpenVINO (see CShim/textmirror_exit_guard.hpp).
@Suite("Exit: an application exits mid-stream")
struct ExitMidStreamTests {
    /// A Python application that plays a non-live RGBA pipeline with detection (so the
    /// streaming thread detects, reads and follows text itself) and, after `delay` seconds,
    /// leaves while it is PLAYING: by sys.exit(3), or by an uncaught exception (status 1).
    static let script = """
        import sys, time, gi
        gi.require_version('Gst', '1.0')
        from gi.repository import Gst
        Gst.init(None)
        pipeline = Gst.parse_launch(
            'videotestsrc pattern=white ! textoverlay text="Exit mid stream" font-desc="Sans 40" '
            '! video/x-raw,format=RGBA,width=640,height=360 ! textmirror ! fakesink')
        pipeline.set_state(Gst.State.PLAYING)
        time.sleep(float(sys.argv[1]))
        if sys.argv[2] == 'raise':
            raise RuntimeError('the application failed')
        sys.exit(3)
        """

    @Test(
        "Exits at different moments of streaming (20 with scripts/test.sh --full): each ends with the application's status"
    )
    func exitsCleanly() async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        let work = try Workspace()
        try await ExampleTests.requirePyGObject(work)
        work.environment["GST_PLUGIN_PATH"] = Repository.path(".build/release")
        let path = work.file("exit_mid_stream.py")
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        for run in LongTests.sample(Array(0..<20), count: 2) {
            // 0.3 to 2.2 s: before, during and after the first detections.
            let delay = 0.3 + Double(run) * 0.1
            let raises = run % 2 == 1
            let result = try await work.run(
                ExampleTests.python, [path, String(delay), raises ? "raise" : "exit"],
                timeout: .seconds(120))
            #expect(
                !result.signalled && result.status == (raises ? 1 : 3), "run \(run), exit after \(delay) s:\n\(result)")
            #expect(!result.stderr.contains("terminate") && !result.stderr.contains("TLS"), "\(result)")
        }
    }
}
