#if canImport(Glibc)
import Glibc
#endif

/// How the detector's threads (the element's `threads`) are split into lanes: detections that
/// run side by side, each on its own network with its share of the threads.
///
/// Why lanes: a network on one thread does more work per core than one network on two (at 640
/// on this project's 2-core machine: 43.7 ms of one core against 31.7 ms of two, i.e. 63 ms of
/// CPU), because a single image keeps two threads only partly busy. Two one-thread detections
/// at once therefore give more detections per second when a camera source takes part of the
/// CPU (README, Performance), at the price of a second network's memory and of each result
/// taking one thread's time instead of two's (tracking bridges that).
public struct DetectorLanes: Equatable, Sendable {
    /// Lanes chosen automatically: more buy little at the default 30 detections/s, and each
    /// costs a network.
    public static let automatic = 2

    /// Detections that run at once.
    public let count: Int
    /// Threads of each lane's network.
    public let threadsPerLane: Int

    /// The cores online (what `threads` 0 means).
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `threads`: the detector's threads in all, 0 for one per core; `parallel`: lanes, 0
    /// for `automatic`; never more lanes than threads. `cores`: the machine's.
    public init(threads: Int, parallel: Int = 0, cores: Int) {
        let total = threads > 0 ? threads : max(1, cores)
        count = min(parallel > 0 ? parallel : Self.automatic, total)
        threadsPerLane = max(1, total / count)
    }
}
