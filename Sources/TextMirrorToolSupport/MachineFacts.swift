import Glibc

/// What a reader needs to judge the numbers: the same code is several times faster or slower
/// on another CPU, a loaded machine inflates everything, and OpenVINO infers in bf16 where the
/// CPU has it (faster, and results that differ slightly from an f32 machine's).
public struct MachineFacts: Sendable {
    public let cpuModel: String
    public let cores: Int
    public let cacheSizes: [(name: String, bytes: Int)]
    /// The CPU offers bf16 arithmetic (AVX512_BF16 or AMX), which OpenVINO's CPU plugin uses.
    public let hasBF16: Bool
    public let gstreamerVersion: String
    public let kernel: String

    public var largestCacheBytes: Int { cacheSizes.map(\.bytes).max() ?? 0 }

    public static func gather() -> MachineFacts {
        let cpuinfo = (readTextFile("/proc/cpuinfo") ?? "").split(separator: "\n")
        func field(_ name: String) -> String? {
            cpuinfo.first { $0.hasPrefix(name) }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { String($0.drop { $0 == " " }) }
        }
        let flags = Set((field("flags") ?? "").split(separator: " "))
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return MachineFacts(
            cpuModel: field("model name") ?? "unknown", cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            cacheSizes: caches(), hasBF16: flags.contains("avx512_bf16") || flags.contains("amx_bf16"),
            gstreamerVersion: GStreamerRuntime.version, kernel: "Linux \(release)")
    }

    /// "1.41 1.02 0.77": the 1, 5 and 15 minute load averages, to show how busy the machine was.
    public static func loadAverage() -> String {
        (readTextFile("/proc/loadavg") ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The command as typed, program name without its folder: the first line of a pasted table.
    public static var commandLine: String {
        let arguments = CommandLine.arguments
        let program = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        return ([program] + arguments.dropFirst().map(shellQuoted)).joined(separator: " ")
    }

    private static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:+@%".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false)
            .joined(separator: "'\\''") + "'"
    }

    public var markdown: String {
        let cacheText = cacheSizes.map { "\($0.name) \(formatBytes($0.bytes))" }.joined(separator: ", ")
        return """
            - CPU: \(cpuModel), \(cores) cores online\(cacheText.isEmpty ? "" : " (\(cacheText))"); \
            \(hasBF16 ? "bf16: yes (OpenVINO infers in bf16)" : "no bf16 (OpenVINO infers in f32)")
            - GStreamer: \(gstreamerVersion); \(kernel)
            """
    }

    /// The lines above a tool's tables: the command that made them, the machine, its load.
    public func header(_ title: String) -> String {
        """
        ## \(title)

        - Command: `\(Self.commandLine)`
        \(markdown)
        - Load average at start: \(Self.loadAverage()) (1, 5, 15 minutes)
        """
    }

    /// Data and unified caches of CPU 0 from sysfs, e.g. [("L1d", 32K), ("L2", 1M), ("L3", 32M)].
    private static func caches() -> [(name: String, bytes: Int)] {
        var found: [(name: String, bytes: Int)] = []
        for index in 0..<8 {
            let directory = "/sys/devices/system/cpu/cpu0/cache/index\(index)/"
            guard let level = readTextFile(directory + "level")?.trimmed,
                let type = readTextFile(directory + "type")?.trimmed, type != "Instruction",
                let size = readTextFile(directory + "size")?.trimmed, let bytes = parseSize(size)
            else { continue }
            found.append(("L\(level)\(type == "Data" ? "d" : "")", bytes))
        }
        return found
    }

    /// sysfs writes sizes as "32K", "1024K", "32768K".
    private static func parseSize(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.last, let unit = units[last] { return Int(text.dropLast()).map { $0 * unit } }
        return Int(text)
    }
}

public func formatBytes(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
}

extension String {
    public var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
