import Glibc

enum MonotonicClock {
    /// CLOCK_MONOTONIC in nanoseconds: unaffected by wall-clock changes, and what GStreamer's
    /// own system clock uses.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        // Seconds since boot times 1e9 stays below 2^64 for 584 years.
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// CPU time of the calling thread (user + system), in nanoseconds.
    static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// CPU time of the whole process (all threads), in nanoseconds.
    static func processCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}

/// Pushes a frame out of the CPU caches before it is timed.
///
/// A frame from a camera or decoder arrives in memory the CPU has not touched, and the targets
/// compare against a copy of "fresh, non-cached" bytes. Without this, whichever candidate ran
/// after the frame was prepared would find part of it in L2/L3 (a 1080p frame is 2-8 MB; L3
/// here is tens of MB) and look faster than it is. Reading a buffer twice the size of the
/// largest cache displaces everything else, including the dirty lines of the frame, whose
/// write-back then happens here rather than inside a measurement.
final class CacheEvictor {
    let byteCount: Int
    private let memory: UnsafeMutableRawPointer
    /// Keeps the reads observable so the optimiser cannot drop them.
    private(set) var checksum: UInt64 = 0

    static func byteCount(largestCacheBytes: Int) -> Int { max(2 * largestCacheBytes, 32 << 20) }

    init(largestCacheBytes: Int) {
        byteCount = Self.byteCount(largestCacheBytes: largestCacheBytes)
        memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        // Touch every page now so page faults never happen during an eviction.
        memset(memory, 0x5a, byteCount)
    }

    deinit { memory.deallocate() }

    func evict() {
        var sum: UInt64 = 0
        // One load per 64-byte line is enough to bring the line in.
        for offset in stride(from: 0, to: byteCount, by: 64) {
            sum &+= memory.load(fromByteOffset: offset, as: UInt64.self)
        }
        checksum &+= sum
    }
}

/// Median and 90th percentile of one candidate's per-frame times.
struct TimeSummary {
    let count: Int
    let medianMs: Double
    let p90Ms: Double

    init?(nanoseconds samples: [UInt64]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted().map { Double($0) / 1e6 }
        let n = sorted.count
        count = n
        medianMs = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        // Nearest rank: the smallest sample with at least 90% of samples at or below it.
        let rank = Int((0.9 * Double(n)).rounded(.up))
        p90Ms = sorted[max(rank, 1) - 1]
    }
}
