import Foundation
import Testing

/// pipelines/preview.sh and pipelines/selfie.sh, headless: no camera, no display.
@Suite("Live pipelines: preview and selfie")
struct LivePipelineTests {
    /// The preview runs until its first detection with a box has been reported, then gets
    /// Ctrl-C: a fixed 3 s run failed when a busy machine (the other tests) delayed the
    /// detector's first, slowest run past its end (no test fails because the machine
    /// is busy). --seconds bounds it all the same.
    @Test("preview.sh falls back to the scene and to fakesink, and reports detections")
    func previewHeadless() async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        let work = try Workspace()
        // The default source is the camera; this device does not exist.
        let preview = try RunningCommand(
            Repository.path("pipelines/preview.sh"),
            [
                "--device", "/nonexistent/video9", "--seconds", "120", "--size", "320x180", "--messages",
                "detection-size=320"
            ], environment: work.environment, directory: work.url)
        var deadline = FairShareDeadline(.seconds(60))
        while preview.isRunning, !preview.outputSoFar.contains("boxes=(structure){ \"text"), !deadline.expired() {
            try await Task.sleep(for: .milliseconds(100))
        }
        preview.interrupt()
        let result = try await preview.wait(timeout: .seconds(30))
        #expect(result.succeeded, "\(result)")
        #expect(result.stderr.contains("no camera at /nonexistent/video9: using the built-in scene"), "\(result)")
        #expect(result.stderr.contains("frames go to fakesink"), "\(result)")
        #expect(result.stdout.contains("textmirror, timestamp=(guint64)"), "no textmirror message:\n\(result)")
        #expect(result.stdout.contains("boxes=(structure){ \"text"), "no box detected:\n\(result)")
    }

    /// selfie.sh mirrors the whole picture and then the text back. With the whole frame as the
    /// only region (no model needed) the two mirrors cancel: the output is the scene, exactly.
    /// With textmirror disabled it is the scene mirrored: the whole-picture flip really happens
    /// (in GStreamer 1.22.0 videoflip's method=horizontal-flip would silently do nothing).
    @Test("selfie.sh flips the picture and textmirror flips it back")
    func selfieFlipsTwice() async throws {
        try Repository.requirePlugin()
        let work = try Workspace()
        let (width, height) = (320, 180)
        let scene = work.file("scene.png")
        let reference = try await work.pipeline(
            "before-after.sh",
            [
                "--size", "\(width)x\(height)", scene, work.file("unused.png"), "detect=false"
            ])
        try #require(reference.succeeded, "\(reference)")

        func selfie(_ name: String, _ properties: [String]) async throws -> Data {
            let out = work.file(name)
            let result = try await work.pipeline(
                "selfie.sh",
                [
                    "--source", "scene", "--seconds", "1", "--size", "\(width)x\(height)",
                    "--sink", "videoconvert ! pngenc snapshot=true ! filesink location=\(out)"
                ] + properties)
            try #require(result.succeeded, "\(result)")
            #expect(result.stderr.contains("videoflip video-direction=horiz"), "\(result)")
            return try await work.decodeRGB(out)
        }
        let original = try await work.decodeRGB(scene)
        try #require(original.count == width * height * 3)
        let twice = try await selfie("twice.png", ["detect=false", "regions=0,0,1,1"])
        #expect(twice == original, "selfie view with a full-frame region is not the original scene")
        let once = try await selfie("once.png", ["enabled=false"])
        #expect(
            once == mirroredRGB(original, width: width, height: height),
            "selfie view with textmirror disabled is not the mirrored scene")
    }

    /// Issue 15: with a file as the source `--seconds` was ignored and the whole file played.
    /// It now stops after that many seconds of the file's video, counted in its frames.
    @Test("preview.sh --source FILE --seconds N shows the file's first N seconds")
    func previewFileForSeconds() async throws {
        try Repository.requirePlugin()
        let work = try Workspace()
        let input = try await FileTests.makeInput(work)  // 1.5 s, 45 frames at 30 fps, with sound
        let frames = work.file("frames.rgb")
        let result = try await work.pipeline(
            "preview.sh",
            [
                "--source", input, "--seconds", "1",
                "--sink", "videoconvert ! video/x-raw,format=RGB ! filesink location=\(frames)",
                "detect=false", "regions=0,0,0.5,0.5"
            ])
        try #require(result.succeeded, "\(result)")
        let size = (try? FileManager.default.attributesOfItem(atPath: frames)[.size] as? Int) ?? 0
        #expect(size == 30 * 320 * 180 * 3, "\(size / (320 * 180 * 3)) frames shown, expected 30:\n\(result)")
    }

    /// Issue 29: README's first pipeline, `v4l2src ! textmirror ! autovideosink`, had no decoder,
    /// so a camera that sends only MJPEG (most USB webcams at their larger sizes) could not link.
    /// The headline is run as written, with the camera played by videotestsrc sending MJPEG, then
    /// raw YUY2, and autovideosink by fakesink (no display here).
    @Test("README's headline pipeline links an MJPEG camera and a raw one", arguments: [
        "image/jpeg,width=320,height=180,framerate=30/1", "video/x-raw,format=YUY2,width=320,height=180,framerate=30/1"
    ])
    func readmeHeadline(_ cameraCaps: String) async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        let work = try Workspace()
        work.environment["GST_PLUGIN_PATH"] = Repository.path(".build/release")
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        let headline = try #require(
            readme.split(separator: "\n").first { $0.hasPrefix("gst-launch-1.0 v4l2src ") }, "no headline in README")
        var words = headline.split(separator: " ").map(String.init).dropFirst()  // gst-launch-1.0
        try #require(words.first == "v4l2src" && words.last == "autovideosink", "\(headline)")
        let camera = ["videotestsrc", "num-buffers=10"] + (cameraCaps.hasPrefix("image/jpeg")
            ? ["!", "video/x-raw,width=320,height=180,framerate=30/1", "!", "jpegenc"] : []) + ["!", cameraCaps]
        words = words.dropFirst().dropLast()
        let result = try await work.run("gst-launch-1.0", ["-q"] + camera + Array(words) + ["fakesink"])
        #expect(result.succeeded, "README's headline with \(cameraCaps):\n\(result)")
    }
}
