import Glibc
import TextMirrorToolSupport

/// What a reader needs to judge the numbers: the same code is several times faster or slower
/// on another CPU, and a loaded machine inflates everything.
struct MachineFacts {
    let cpuModel: String
    let cores: Int
    let cacheSizes: [(name: String, bytes: Int)]
    let gstreamerVersion: String
    let kernel: String

    var largestCacheBytes: Int { cacheSizes.map(\.bytes).max() ?? 0 }

    static func gather() -> MachineFacts {
        let cpuinfo = readTextFile("/proc/cpuinfo") ?? ""
        let model =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { String($0.drop { $0 == " " }) } ?? "unknown"
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return MachineFacts(
            cpuModel: model, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            cacheSizes: caches(), gstreamerVersion: GStreamerRuntime.version,
            kernel: "Linux \(release)")
    }

    /// "1.41 1.02 0.77": the 1, 5 and 15 minute load averages, to show how busy the machine was.
    static func loadAverage() -> String {
        (readTextFile("/proc/loadavg") ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    var markdown: String {
        let cacheText = cacheSizes.map { "\($0.name) \(formatBytes($0.bytes))" }.joined(separator: ", ")
        return """
            - CPU: \(cpuModel), \(cores) cores online\(cacheText.isEmpty ? "" : " (\(cacheText))")
            - GStreamer: \(gstreamerVersion); \(kernel)
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

func formatBytes(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
}

extension String {
    var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
