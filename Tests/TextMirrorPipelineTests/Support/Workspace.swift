import Foundation
import TextMirrorCore

/// The checkout these tests belong to, and what they need from it.
enum Repository {
    /// Tests/TextMirrorPipelineTests/Support/Workspace.swift -> the checkout.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static var buildPlugin: String { path(".build/release/libgsttextmirror.so") }

    /// The scripts run the release plugin from .build/release, as a user's checkout would.
    static func requirePlugin() throws {
        guard FileManager.default.fileExists(atPath: buildPlugin) else {
            throw SetupError(
                """
                \(buildPlugin) is missing: the pipeline tests run the release plugin. Build it with \
                `swift build -c release --product gsttextmirror` in \(root.path) \
                (scripts/test.sh does that before `swift test`).
                """)
        }
    }

    /// Tests whose pipelines detect text need the models next to the build.
    static func requireModel() throws {
        for model in DetectionModel.known {
            for file in [model.fileName, model.recognizer.fileName, model.recognizer.charactersFileName] {
                let path = path("models/\(file)")
                guard FileManager.default.fileExists(atPath: path) else {
                    throw SetupError("\(path) is missing: fetch it with scripts/fetch-model.sh")
                }
            }
        }
    }
}

/// A temporary folder for one test and the environment its commands run in; removed at the end.
///
/// The environment is the test's own minus whatever would change what the scripts pick
/// (GST_PLUGIN_PATH, TEXTMIRROR_SOURCE/SINK/PLUGIN, a display), with a GStreamer registry of its
/// own, so the machine's registry cache is neither used nor touched.
final class Workspace {
    let url: URL
    var environment: [String: String]

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("textmirror-pipeline-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        environment = ProcessInfo.processInfo.environment
        for name in [
            "GST_PLUGIN_PATH", "GST_PLUGIN_PATH_1_0", "TEXTMIRROR_SOURCE", "TEXTMIRROR_SINK",
            "TEXTMIRROR_PLUGIN", "TM_SCRIPT_NAME", "DISPLAY", "WAYLAND_DISPLAY", "GST_DEBUG"
        ] {
            environment[name] = nil
        }
        environment["GST_REGISTRY"] = url.appendingPathComponent("registry.bin").path
        environment["TEXTMIRROR_PLUGIN"] = "build"
        // A crash report that fits the end of stderr a failed test shows: the crashed thread's
        // frames, without the registers and the list of loaded images after them.
        environment["SWIFT_BACKTRACE"] = "interactive=no,threads=crashed,registers=none,images=none"
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Runs pipelines/NAME from the workspace folder.
    func pipeline(_ name: String, _ arguments: [String], timeout: Duration = .seconds(60)) async throws -> CommandResult
    {
        try await runCommand(
            Repository.path("pipelines/\(name)"), arguments, environment: environment,
            directory: url, timeout: timeout)
    }

    func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(60)) async throws
        -> CommandResult
    {
        try await runCommand(
            executable, arguments, environment: environment,
            directory: url, timeout: timeout)
    }

    /// Fails with the Debian package to install when a GStreamer element is missing.
    func requireElement(_ element: String, package: String) async throws {
        let result = try await run("gst-inspect-1.0", ["--exists", element])
        guard result.succeeded else {
            throw SetupError("GStreamer element \(element) is missing: install \(package) (scripts/install-deps.sh)")
        }
    }

    // MARK: Checking media files

    /// What gst-discoverer-1.0 says about a file.
    struct Discovery {
        var duration: Double?
        var video: [String]
        var audio: [String]
        var report: String
    }

    func discover(_ path: String) async throws -> Discovery {
        let result = try await run("gst-discoverer-1.0", [path])
        guard result.succeeded else { throw SetupError("gst-discoverer-1.0 cannot read \(path):\n\(result)") }
        var discovery = Discovery(duration: nil, video: [], audio: [], report: result.stdout)
        for line in result.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("Duration: ") {
                // h:mm:ss.nnnnnnnnn
                let parts = line.dropFirst("Duration: ".count).split(separator: ":").compactMap { Double($0) }
                if parts.count == 3 { discovery.duration = parts[0] * 3600 + parts[1] * 60 + parts[2] }
            } else if line.hasPrefix("video #") || line.hasPrefix("video(image) #") {
                discovery.video.append(String(line.split(separator: ": ", maxSplits: 1).last ?? ""))
            } else if line.hasPrefix("audio #") {
                discovery.audio.append(String(line.split(separator: ": ", maxSplits: 1).last ?? ""))
            }
        }
        return discovery
    }

    /// Decodes every frame of a video or picture to packed RGB (3 bytes a pixel; widths that are
    /// multiples of 4 have no row padding), all frames one after the other.
    ///
    /// `withSound`: the file has a sound stream. It is then decoded into a fakesink rather than
    /// left unlinked. Once in a fresh clone's CI, decoding a transcoded MP4 with its AAC stream
    /// unlinked did not end within 60 s of the machine's time, where it takes under a second.
    /// A file without sound must not get that branch: its fakesink would never preroll.
    func decodeRGB(_ path: String, withSound: Bool = false) async throws -> Data {
        let raw = file("decoded-\(UUID().uuidString).rgb")
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let sound = withSound ? ["decode.", "!", "audio/x-raw", "!", "queue", "!", "fakesink", "sync=false"] : []
        let result = try await run(
            "gst-launch-1.0",
            [
                "-q", "filesrc", "location=\(path)", "!", "decodebin", "name=decode", "!", "videoconvert",
                "!", "video/x-raw,format=RGB", "!", "filesink", "location=\(raw)"
            ] + sound)
        guard result.succeeded else { throw SetupError("cannot decode \(path):\n\(result)") }
        return FileManager.default.contents(atPath: raw) ?? Data()
    }
}

/// Packed RGB frame with each row reversed pixel by pixel: what a horizontal flip gives.
func mirroredRGB(_ frame: Data, width: Int, height: Int) -> Data {
    precondition(frame.count == width * height * 3, "frame is not \(width)x\(height) RGB")
    var out = Data(count: frame.count)
    frame.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
        out.withUnsafeMutableBytes { (dst: UnsafeMutableRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let from = (y * width + x) * 3, to = (y * width + width - 1 - x) * 3
                    dst[to] = src[from]
                    dst[to + 1] = src[from + 1]
                    dst[to + 2] = src[from + 2]
                }
            }
        }
    }
    return out
}
