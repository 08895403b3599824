import Foundation
import Testing

/// Every script documents itself, prints the command it would run, and refuses bad input with a
/// message that names the problem (exit status 2, nothing run).
@Suite("Script usage: --help, --print, errors")
struct ScriptUsageTests {
    static let scripts = ["preview.sh", "selfie.sh", "record.sh", "transcode.sh", "photo.sh", "before-after.sh"]

    @Test("--help describes the script", arguments: scripts)
    func help(_ script: String) async throws {
        let work = try Workspace()
        let result = try await work.pipeline(script, ["--help"])
        #expect(result.succeeded, "\(result)")
        #expect(result.stdout.contains("pipelines/\(script)"), "\(result)")
        #expect(result.stdout.contains("Examples") || script == "before-after.sh", "\(result)")
        #expect(result.stdout.contains("--print"), "README: every script has --print\n\(result)")
    }

    @Test("--print shows a gst-launch-1.0 command without running it")
    func print() async throws {
        try Repository.requirePlugin()
        let work = try Workspace()
        let input = try await FileTests.makeInput(work)  // transcode.sh looks into its input
        let commands: [(String, [String], String)] = [
            ("preview.sh", ["--print", "--source", "scene", "flip=vertical"], "textmirror flip=vertical ! fakesink"),
            ("selfie.sh", ["--print", "--source", "scene"], "videoflip video-direction=horiz"),
            (
                "record.sh", ["--print", "x.webm", "regions=0.1,0.1,0.3,0.2;0.5,0.5,0.4,0.2"],
                "textmirror regions=\"0.1,0.1,0.3,0.2;0.5,0.5,0.4,0.2\""
            ),
            ("transcode.sh", ["--print", input, "x.mp4"], "progressreport name=progress update-freq=5"),
            ("photo.sh", ["--print", input, "x.jpg"], "jpegenc quality=95 snapshot=true"),
            // Issue 15: before-after.sh had no --print; it shows both of its commands.
            (
                "before-after.sh", ["--print", "b.png", "a.png", "flip=vertical"],
                "pngenc ! filesink location=b.png\n"
            ),
            (
                "before-after.sh", ["--print", "b.png", "a.png", "flip=vertical"],
                "filesrc location=b.png ! decodebin ! videoconvert ! textmirror flip=vertical"
            ),
            // Extensions in any case.
            ("photo.sh", ["--print", input, "x.JPEG"], "jpegenc quality=95 snapshot=true ! filesink location=x.JPEG"),
            ("photo.sh", ["--print", input, "x.PNG"], "pngenc snapshot=true ! filesink location=x.PNG"),
            ("record.sh", ["--print", "x.MP4"], "x264enc"),
            ("transcode.sh", ["--print", input, "x.WebM"], "vp8enc"),
            // Issue 29: --print refused an input that did not exist; it only prints, and assumes
            // the input has sound.
            ("transcode.sh", ["--print", "missing.mov", "x.mp4"], "dec. ! queue ! audioconvert"),
            ("transcode.sh", ["--print", "--no-audio", "missing.mov", "x.webm"], "filesrc location=missing.mov")
        ]
        for (script, arguments, expected) in commands {
            let result = try await work.pipeline(script, arguments)
            #expect(result.succeeded, "\(result)")
            #expect(result.stdout.contains("gst-launch-1.0 -e"), "\(result)")
            #expect(result.stdout.contains(expected), "\(script): expected \(expected) in\n\(result)")
        }
        for file in ["x.webm", "x.MP4", "b.png", "a.png"] {
            #expect(!FileManager.default.fileExists(atPath: work.file(file)), "--print ran a pipeline: \(file) exists")
        }
    }

    /// common.sh and scene.sh are sourced by the scripts. Issue 15: they were executable, and
    /// `pipelines/scene.sh --help` ran them with sh: "Syntax error". Now they are not
    /// executable (as shell libraries are), and run with a shell anyway they say what to do.
    @Test("files meant to be sourced are not executable, and say so when run", arguments: ["common.sh", "scene.sh"])
    func sourcedOnly(_ file: String) async throws {
        let path = Repository.path("pipelines/\(file)")
        #expect(!FileManager.default.isExecutableFile(atPath: path), "\(path) is executable")
        let work = try Workspace()
        for shell in ["bash", "sh"] {
            let result = try await work.run(shell, [path, "--help"])
            #expect(result.status == 2 && !result.signalled, "\(result)")
            #expect(result.stderr.hasPrefix("\(file): this file ") && result.stderr.contains("not run"), "\(result)")
            #expect(!result.stderr.contains("rror"), "\(result)")
        }
        // Sourced by bash, as the scripts do, it defines its functions and says nothing.
        let sourced = try await work.run("bash", ["-c", "source \"$1\" && declare -F tm_add_scene", "bash", path])
        #expect(sourced.succeeded && sourced.stdout == "tm_add_scene\n" && sourced.stderr.isEmpty, "\(sourced)")
    }

    /// Issue 29: a sound file given to record.sh or preview.sh failed inside gst-launch with
    /// "Internal data stream error ... doesn't want to preroll"; transcode.sh and photo.sh named
    /// the problem. Every script that takes a file now says so before anything runs.
    @Test("a file without video is refused by name by every script that takes a file")
    func soundOnlyInput() async throws {
        try Repository.requirePlugin()
        let work = try Workspace()
        let sound = work.file("sound.webm")
        let make = try await work.run(
            "gst-launch-1.0",
            [
                "-q", "audiotestsrc", "num-buffers=50", "!", "audioconvert", "!", "opusenc", "!", "webmmux",
                "!", "filesink", "location=\(sound)"
            ])
        try #require(make.succeeded, "cannot make the sound file:\n\(make)")
        let runs: [(String, [String])] = [
            ("record.sh", ["--source", sound, work.file("out.mp4")]),
            ("preview.sh", ["--source", sound, "--sink", "fake"]),
            ("preview.sh", ["--source", sound, "--seconds", "1", "--sink", "fake"]),
            ("selfie.sh", ["--source", sound, "--sink", "fake"]),
            ("transcode.sh", [sound, work.file("out.webm")]),
            ("photo.sh", [sound, work.file("out.png")])
        ]
        for (script, arguments) in runs {
            let result = try await work.pipeline(script, arguments)
            #expect(result.status == 2 && !result.signalled, "\(result)")
            #expect(result.stderr.contains("\(script): error: \(sound) has no video stream"), "\(result)")
            #expect(!result.stderr.contains("running: gst-launch"), "\(script) ran a pipeline:\n\(result)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.url.path)
            .filter { $0 != "registry.bin" && $0 != "sound.webm" }
        #expect(left.isEmpty, "refused commands left files behind: \(left)")
    }

    @Test("bad arguments are refused with a message naming the problem")
    func errors() async throws {
        try Repository.requirePlugin()
        let work = try Workspace()
        let cases: [(String, [String], String)] = [
            ("record.sh", ["out.avi"], "must end in .mp4 (H.264) or .webm (VP8)"),
            ("record.sh", [], "no output file given"),
            ("record.sh", ["--size", "321x180", "x.mp4"], "must be even"),
            ("record.sh", ["--seconds", "soon", "x.mp4"], "is not a whole number"),
            ("record.sh", ["--source"], "--source needs a value"),
            ("preview.sh", ["--frobnicate"], "unknown option '--frobnicate'"),
            ("preview.sh", ["--source", "/nonexistent.mp4"], "not camera, scene or an existing file"),
            ("preview.sh", ["flip"], "'flip' is not a textmirror property"),
            ("transcode.sh", ["/nonexistent.mp4", "x.mp4"], "input /nonexistent.mp4: no such file"),
            ("photo.sh", ["/nonexistent.png", "x.png"], "no such file"),
            ("photo.sh", [Repository.path("README.md"), "x.gif"], "must end in .png, .jpg or .jpeg"),
            (
                "photo.sh", [Repository.path("README.md"), "x.png"],
                "README.md is not a video or picture GStreamer can read: "
            ),
            ("record.sh", ["--progress", "often", "x.mp4"], "--progress 'often' is not a whole number"),
            ("before-after.sh", ["b.jpg", "a.png"], "BEFORE must end in .png")
        ]
        for (script, arguments, expected) in cases {
            let result = try await work.pipeline(script, arguments)
            #expect(result.status == 2 && !result.signalled, "\(result)")
            #expect(
                result.stderr.contains("\(script): error: ") && result.stderr.contains(expected),
                "\(script): expected \(expected) in\n\(result)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.url.path).filter { $0 != "registry.bin" }
        #expect(left.isEmpty, "refused commands left files behind: \(left)")
        work.environment["TEXTMIRROR_PLUGIN"] = "elsewhere"
        let bad = try await work.pipeline("preview.sh", ["--seconds", "1"])
        #expect(bad.status == 2 && bad.stderr.contains("TEXTMIRROR_PLUGIN must be auto, build or installed"), "\(bad)")
    }
}
