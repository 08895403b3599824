import Foundation
import TextMirrorCore
import Testing
import TextMirrorTestSupport

/// scripts/install.sh for one user, into a temporary HOME: the machine's own plugin folders,
/// registry and toolchain are left alone.
@Suite("Install: scripts/install.sh")
struct InstallTests {
    /// The folder the Swift runtime of the build comes from (the toolchain's), from ldd.
    static func toolchainRuntime(_ work: Workspace) async throws -> String {
        let ldd = try await work.run("ldd", [Repository.buildPlugin])
        try #require(ldd.succeeded, "\(ldd)")
        let line = try #require(
            ldd.stdout.split(separator: "\n").first { $0.contains("libswiftCore.so =>") },
            "the build does not link libswiftCore.so:\n\(ldd)")
        let path = try #require(line.split(separator: " ").first { $0.hasPrefix("/") })
        return URL(fileURLWithPath: String(path)).deletingLastPathComponent().path
    }

    /// A command prefix that runs the command in a private mount namespace in which each of
    /// `folders` is an empty tmpfs, so nothing can load from it; nil when this machine does not
    /// allow it (unshare needs root, or a user namespace).
    static func hiding(_ folders: [String], _ work: Workspace) async throws -> [String]? {
        let script =
            "n=$0; while [ \"$n\" -gt 0 ]; do mount -t tmpfs none \"$1\" || exit 1; shift; n=$((n-1)); done; "
            + "exec \"$@\""
        let prefix = ["unshare", "-m", "sh", "-c", script, String(folders.count)] + folders
        let probe = try await work.run(prefix[0], Array(prefix.dropFirst()) + ["true"])
        return probe.succeeded ? prefix : nil
    }

    /// The folders ldd loads the libraries whose names start with `prefix` from, e.g.
    /// "libswiftCore.so => <plugins>/../../textmirror/runtime/libswiftCore.so (0x...)".
    static func folders(of prefix: String, in ldd: String) -> Set<String> {
        Set(
            ldd.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard words.count >= 3, words[0].hasPrefix(prefix), words[1] == "=>" else { return nil }
                return URL(fileURLWithPath: words[2]).deletingLastPathComponent().standardizedFileURL.path
            })
    }

    @Test(
        "user install: found without variables from any folder, runs without the toolchain, uninstalls",
        .enabled(if: LongTests.enabled, "scripts/test.sh --full"))
    func userInstall() async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        let work = try Workspace()
        let home = work.file("home"), elsewhere = work.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        work.environment["HOME"] = home
        for name in ["XDG_DATA_HOME", "TEXTMIRROR_MODEL", "LD_LIBRARY_PATH"] { work.environment[name] = nil }
        work.environment["TEXTMIRROR_PLUGIN"] = "installed"
        let data = "\(home)/.local/share"
        let plugin = "\(data)/gstreamer-1.0/plugins/libgsttextmirror.so"
        let runtime = "\(data)/textmirror/runtime"

        let install = try await work.run(Repository.path("scripts/install.sh"), ["--no-build"])
        try #require(install.succeeded, "\(install)")
        #expect(install.stdout.contains("check: gst-inspect-1.0 textmirror finds \(plugin)"), "\(install)")
        for file in [
            plugin, "\(data)/textmirror/models/\(DetectionModel.v6Tiny.fileName)",
            "\(data)/textmirror/models/\(DetectionModel.v6Small.fileName)",
            "\(data)/textmirror/models/\(DetectionModel.v6Small.recognizer.fileName)",
            "\(runtime)/libswiftCore.so", "\(runtime)/libopenvino_intel_cpu_plugin.so"
        ] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file) not installed")
        }

        // The installed plugin loads its Swift runtime from its private copy, never the toolchain.
        let toolchain = try await Self.toolchainRuntime(work)
        let elf = try await work.run("readelf", ["-d", plugin])
        #expect(elf.stdout.contains("[$ORIGIN/../../textmirror/runtime]"), "\(elf)")
        #expect(!elf.stdout.contains(toolchain), "RUNPATH still names the toolchain:\n\(elf)")
        let ldd = try await work.run("ldd", [plugin])
        #expect(!ldd.stdout.contains(toolchain) && !ldd.stdout.contains("not found"), "\(ldd)")
        // "libswiftCore.so => <plugins>/../../textmirror/runtime/libswiftCore.so (0x...)"
        #expect(
            Self.folders(of: "libswift", in: ldd.stdout) == [runtime],
            "Swift libraries not all from \(runtime):\n\(ldd)")
        #expect(
            Self.folders(of: "libopenvino", in: ldd.stdout) == [runtime], "OpenVINO not loaded from \(runtime):\n\(ldd)"
        )

        // A user's checks, from another folder, in processes that are not Swift. Where the
        // machine allows it, the toolchain's runtime folder, the build tree and the unpacked
        // OpenVINO are hidden from them.
        let hidden = [toolchain, Repository.path(".build"), Repository.path("vendor")]
        let hide = try await Self.hiding(hidden, work) ?? []
        if hide.isEmpty { print("note: cannot hide \(hidden) here (unshare -m not permitted); runs with them visible") }
        func user(_ command: [String], timeout: Duration = .seconds(60)) async throws -> CommandResult {
            let full = hide + command
            return try await runCommand(
                full[0], Array(full.dropFirst()), environment: work.environment,
                directory: URL(fileURLWithPath: elsewhere), timeout: timeout)
        }
        let inspect = try await user(["gst-inspect-1.0", "textmirror"])
        #expect(inspect.succeeded && inspect.stdout.contains(plugin), "\(inspect)")

        let video = "\(elsewhere)/installed.webm"
        let record = try await user([
            Repository.path("pipelines/record.sh"), "--seconds", "1", "--size", "320x180",
            video, "detection-size=320"
        ])
        #expect(record.succeeded, "\(record)")
        let info = try await work.discover(video)
        #expect(info.duration.map { abs($0 - 1) < 0.05 } == true, "\(info.report)")

        try await ExampleTests.requirePyGObject(work)
        let python = try await user([
            ExampleTests.python, Repository.path("examples/python/textmirror_app.py"),
            "--seconds", "3"
        ])
        ExampleTests.checkRun(python, plugin: plugin)
        let program = try await ExampleTests.buildC(work)
        let c = try await user([program, "--seconds", "3"])
        ExampleTests.checkRun(c, plugin: plugin)

        let uninstall = try await work.run(Repository.path("scripts/install.sh"), ["--uninstall"])
        #expect(uninstall.succeeded, "\(uninstall)")
        #expect(!FileManager.default.fileExists(atPath: plugin))
        #expect(!FileManager.default.fileExists(atPath: "\(data)/textmirror"), "\(uninstall)")
        // Not --exists: that also wants the plugin's version >= GStreamer's, and textmirror is 0.x.
        let gone = try await user(["gst-inspect-1.0", "textmirror"])
        #expect(!gone.succeeded, "GStreamer still finds textmirror after --uninstall")
    }

    /// Issue 29: `--prefix P --no-system-link` installed correctly and then exited 1 with
    /// "GStreamer does not find the installed plugin", although --help says GStreamer then needs
    /// GST_PLUGIN_PATH. It must succeed, check the plugin as the user will find it (through
    /// GST_PLUGIN_PATH) and say which value to set; nothing goes into the system plugin folder.
    @Test("--prefix with --no-system-link: succeeds and names the GST_PLUGIN_PATH to set")
    func prefixWithoutSystemLink() async throws {
        try Repository.requirePlugin()
        let work = try Workspace()
        let prefix = work.file("prefix")
        let pluginDir = "\(prefix)/lib/gstreamer-1.0"
        let system = try await work.run("pkg-config", ["--variable=pluginsdir", "gstreamer-1.0"])
        let systemLink = system.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/libgsttextmirror.so"
        let linkedBefore = try? FileManager.default.destinationOfSymbolicLink(atPath: systemLink)

        let install = try await work.run(
            Repository.path("scripts/install.sh"), ["--no-build", "--no-model", "--prefix", prefix, "--no-system-link"])
        #expect(install.succeeded, "\(install)")
        #expect(
            install.stdout.contains("check: gst-inspect-1.0 textmirror with GST_PLUGIN_PATH=\(pluginDir) finds"),
            "\(install)")
        #expect(install.stdout.contains("export GST_PLUGIN_PATH=\(pluginDir)\n"), "\(install)")
        #expect(!install.stderr.contains("error"), "\(install)")
        #expect(FileManager.default.fileExists(atPath: "\(pluginDir)/libgsttextmirror.so"), "\(install)")
        let linkedAfter = try? FileManager.default.destinationOfSymbolicLink(atPath: systemLink)
        #expect(linkedAfter == linkedBefore, "--no-system-link changed \(systemLink)")

        // What the last line tells the user to do works.
        work.environment["GST_PLUGIN_PATH"] = pluginDir
        let inspect = try await work.run("gst-inspect-1.0", ["textmirror"])
        #expect(inspect.succeeded && inspect.stdout.contains("\(pluginDir)/libgsttextmirror.so"), "\(inspect)")

        let uninstall = try await work.run(Repository.path("scripts/install.sh"), ["--uninstall", "--prefix", prefix])
        #expect(uninstall.succeeded, "\(uninstall)")
        #expect(!FileManager.default.fileExists(atPath: "\(pluginDir)/libgsttextmirror.so"), "\(uninstall)")
    }
}
