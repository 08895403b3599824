import Glibc
import TextMirrorToolSupport

/// What the kernel says about this process: resident memory and CPU time, per process and per
/// thread (from /proc, so no extra tools are needed and the figures are the ones `top` shows).
enum ProcessStats {
    /// VmRSS of this process in bytes (nil if /proc is missing).
    static func residentBytes() -> Int? {
        guard let status = readTextFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            // "VmRSS:	  123456 kB"
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// CPU time (user + system) of each thread of this process, by thread id, with its name.
    static func threadTimes() -> [Int32: ThreadTime] {
        var result: [Int32: ThreadTime] = [:]
        guard let directory = opendir("/proc/self/task") else { return result }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let tid = Int32(name), let stat = readTextFile("/proc/self/task/\(name)/stat"),
                let time = ThreadTime(stat: stat)
            else { continue }
            result[tid] = time
        }
        return result
    }

    /// CPU time (user + system, all threads, in nanoseconds) of this process.
    static func processCPUNanoseconds() -> UInt64 {
        guard let stat = readTextFile("/proc/self/stat"), let time = ThreadTime(stat: stat) else { return 0 }
        return time.nanoseconds
    }

    /// The kernel's id of the calling thread, from /proc/thread-self ("PID/task/TID"); gettid()
    /// is not visible to Swift here.
    static func currentThreadID() -> Int32? {
        var bytes = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &bytes, bytes.count - 1)
        guard count > 0 else { return nil }
        let text = String(decoding: bytes.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { Int32($0) }
    }

    static var clockTicksPerSecond: UInt64 { UInt64(max(sysconf(Int32(_SC_CLK_TCK)), 1)) }
}

/// One line of /proc/.../stat: the name and utime + stime.
struct ThreadTime {
    let name: String
    let nanoseconds: UInt64

    /// Fields after the name (which is in parentheses and may hold spaces): state is field 3,
    /// utime field 14, stime field 15 (proc(5)).
    init?(stat: String) {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        nanoseconds = (user + system) * 1_000_000_000 / ProcessStats.clockTicksPerSecond
    }
}

/// CPU time used between two moments, split by thread groups.
struct CPUUsage {
    let wallNanoseconds: UInt64
    let processNanoseconds: UInt64
    /// Per thread id.
    let byThread: [Int32: UInt64]

    /// Percent of one core.
    var processPercent: Double { percent(processNanoseconds) }

    func percent(_ nanoseconds: UInt64) -> Double {
        wallNanoseconds > 0 ? 100 * Double(nanoseconds) / Double(wallNanoseconds) : 0
    }

    /// One thread, in percent of one core.
    func percent(thread: Int32?) -> Double {
        thread.flatMap { byThread[$0] }.map(percent) ?? 0
    }
}

/// Marks the start of a CPU measurement; `finish` gives what was used since.
struct CPUMeter {
    private let wall: UInt64
    private let process: UInt64
    private let threads: [Int32: ThreadTime]

    init() {
        threads = ProcessStats.threadTimes()
        process = ProcessStats.processCPUNanoseconds()
        wall = MonotonicClock.nanoseconds()
    }

    func finish() -> CPUUsage {
        let wallNow = MonotonicClock.nanoseconds()
        let processNow = ProcessStats.processCPUNanoseconds()
        var byThread: [Int32: UInt64] = [:]
        for (tid, now) in ProcessStats.threadTimes() {
            // A thread born during the measurement counts from zero.
            let before = threads[tid]?.nanoseconds ?? 0
            byThread[tid] = now.nanoseconds >= before ? now.nanoseconds - before : 0
        }
        return CPUUsage(
            wallNanoseconds: wallNow - wall,
            processNanoseconds: processNow >= process ? processNow - process : 0, byThread: byThread)
    }
}

/// Percentiles of a set of durations, in milliseconds (nearest rank).
struct Percentiles {
    let count: Int
    private let sorted: [Double]

    init(nanoseconds samples: [UInt64]) {
        sorted = samples.sorted().map { Double($0) / 1e6 }
        count = sorted.count
    }

    /// The smallest sample with at least `fraction` of the samples at or below it; 0 if empty.
    func ms(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), count) - 1]
    }

    var median: Double { ms(0.5) }
    var max: Double { sorted.last ?? 0 }
}

func megabytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1_048_576, 1)
}

/// `value` with `digits` decimals, with a sign for negative values (RSS differences).
func signedFixed(_ value: Double, _ digits: Int) -> String {
    value < 0 ? "-" + fixed(-value, digits) : fixed(value, digits)
}
