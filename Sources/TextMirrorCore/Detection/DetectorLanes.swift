#if canImport(Glibc)
    import Glibc
#endif

/// How the detector's threads (the element's `threads`) are split into lanes: detections that
/// run side by side (`parallel-detections`), each on its own network with its share of the
/// threads.
///
/// One lane by default. Why: a network on one thread does more work per core than one on two,
/// so two one-thread detections at once look like more detections a second; live on 2 cores
/// (a camera's MJPEG decoded beside them) two lanes gave fewer, and a second network costs
/// memory. Measured by `textmirror-bench --sections live --live-configs camera,camera-parallel2`.
/// More lanes are left to machines with more cores, where each lane still gets several threads.
public struct DetectorLanes: Equatable, Sendable {
    /// Detections that run at once.
    public let count: Int
    /// Threads of each lane's network.
    public let threadsPerLane: Int

    /// The cores online (what `threads` 0 means).
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `threads`: the detector's threads in all, 0 for one per core; `parallel`: lanes, never
    /// more than threads. `cores`: the machine's.
    public init(threads: Int, parallel: Int = DetectorSettings().parallelDetections, cores: Int) {
        let total = threads > 0 ? threads : max(1, cores)
        count = min(max(parallel, 1), total)
        threadsPerLane = max(1, total / count)
    }
}
