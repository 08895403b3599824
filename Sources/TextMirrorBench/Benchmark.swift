import CGStreamer

struct BenchmarkPlan {
    var formats: [String]
    var width: Int
    var height: Int
    /// Timed frames per format and candidate.
    var frames: Int
    var evictCaches: Bool
}

/// What one format's row is made of.
struct FormatResult {
    let format: String
    var samples: [Candidate: [UInt64]] = [:]
    /// Problems with what was measured (not missed targets), printed under the table.
    var warnings: [String] = []
}

/// Runs every candidate of every format on the same frames, round-robin.
///
/// Each round times one frame of every (format, candidate) pair, starting one pair later than
/// the round before. On a shared, noisy machine a burst of load then hits all candidates alike
/// instead of ruining one row, and no candidate always runs right after the same neighbour.
struct Benchmark {
    let plan: BenchmarkPlan
    let largestCacheBytes: Int

    func run(progress: (String) -> Void) throws(ToolError) -> [FormatResult] {
        var rigs: [FormatRig] = []
        for format in plan.formats {
            rigs.append(try FormatRig(format: format, width: plan.width, height: plan.height))
        }
        var results = rigs.map { FormatResult(format: $0.source.format) }
        for index in rigs.indices {
            results[index].warnings = try rigs[index].warmUpAndCheck()
        }

        let evictor = plan.evictCaches ? CacheEvictor(largestCacheBytes: largestCacheBytes) : nil
        let trials = rigs.indices.flatMap { format in Candidate.allCases.map { (format, $0) } }
        let start = MonotonicClock.nanoseconds()
        for round in 0..<plan.frames {
            for step in trials.indices {
                let (format, candidate) = trials[(round + step) % trials.count]
                let time = try rigs[format].time(candidate, evictor: evictor)
                results[format].samples[candidate, default: []].append(time)
            }
            if (round + 1) % 10 == 0 || round + 1 == plan.frames {
                let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
                progress("round \(round + 1)/\(plan.frames), \(Int(seconds)) s")
            }
        }
        return results
    }
}

/// All candidates of one format, set up and negotiated, with the frame they are timed on.
final class FormatRig {
    let source: SourceFrame
    private var harnesses: [Candidate: ElementHarness] = [:]
    private let memoryCopy: MemoryCopy

    init(format: String, width: Int, height: Int) throws(ToolError) {
        source = try SourceFrame(format: format, width: width, height: height)
        memoryCopy = MemoryCopy(byteCount: source.byteCount)
        for candidate in Candidate.allCases {
            guard let line = candidate.launchLine else { continue }
            harnesses[candidate] = try ElementHarness(line, caps: source.caps)
        }
    }

    /// Time of one frame through `candidate`. The frame is prepared (and then evicted from the
    /// caches, as preparing it brought it in) before the clock starts; the output is released
    /// after it stops.
    func time(_ candidate: Candidate, evictor: CacheEvictor?) throws(ToolError) -> UInt64 {
        let input = try source.writableCopy()
        evictor?.evict()
        guard let harness = harnesses[candidate] else { return try memoryCopy.copy(input) }
        let (time, output) = try harness.push(input)
        gst_buffer_unref(output)
        return time
    }

    /// One untimed frame through every element (first buffers allocate pools and negotiate),
    /// checking that in-place elements were handed the buffer itself and that textmirror's
    /// full-frame mirror equals videoflip's.
    func warmUpAndCheck() throws(ToolError) -> [String] {
        var warnings: [String] = []
        var outputs: [Candidate: UnsafeMutablePointer<GstBuffer>] = [:]
        defer { outputs.values.forEach { gst_buffer_unref($0) } }
        for candidate in Candidate.allCases {
            guard let harness = harnesses[candidate] else { continue }
            let input = try source.writableCopy()
            let inputAddress = UInt(bitPattern: input)
            let (_, output) = try harness.push(input)
            outputs[candidate] = output
            if candidate.worksInPlace && UInt(bitPattern: output) != inputAddress {
                warnings.append(
                    "\(candidate.columnTitle) got a copy of the buffer, not the buffer itself; "
                        + "its times include that copy")
            }
        }
        if let mirrored = outputs[.textmirrorFull], let flipped = outputs[.videoflip],
            !OutputChecks.samePicture(mirrored, flipped, info: source.info)
        {
            warnings.append(
                "textmirror full-frame output differs from videoflip's: the timed work may not be the real mirror")
        }
        return warnings
    }
}
