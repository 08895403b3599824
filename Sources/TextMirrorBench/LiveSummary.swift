/// `--live-runs N`: one line per live configuration over its N rounds, each figure as the
/// median round and the range, and how many rounds met each target. Why: on a shared or
/// virtual machine one round's p99 and detection rate move by a third from run to run, and a
/// verdict from one round says more about the neighbours than about textmirror.
extension LiveBenchmark {
    static func summary(_ results: [Result], configurations: Int) -> String {
        guard configurations > 0 else { return "" }
        let rounds = results.count / configurations
        var lines = [
            "Over \(rounds) rounds: median round (lowest–highest)",
            "",
            "| textmirror | wall p50 ms | wall p99 ms | detections/s | dropped by textmirror | "
                + "p99 ≤ \(fixed(Targets.p99Milliseconds, 0)) ms | detection ≥ 25 Hz (640) / 15 Hz (960) |",
            "|---|---:|---:|---:|---:|---|---|"
        ]
        for c in 0..<configurations {
            let mine = stride(from: c, to: results.count, by: configurations).map { results[$0] }
            let p99 = mine.map { $0.times.ms(0.99) }
            let rate = mine.map(\.detectionsPerSecond)
            let p99Met = p99.filter { $0 <= Targets.p99Milliseconds }.count
            let target = Targets.detectionHz(mine[0].settings.detectionSize)
            let rateMet = rate.filter { $0 >= target }.count
            lines.append(
                "| \(label(mine[0].settings)) | \(spread(mine.map { $0.times.median }, 2)) "
                    + "| \(spread(p99, 2)) | \(spread(rate, 1)) | \(mine.reduce(0) { $0 + $1.droppedByElement }) "
                    + "| \(verdict(median(p99) <= Targets.p99Milliseconds)) in the median round, met in \(p99Met) of \(mine.count) "
                    + "| \(verdict(median(rate) >= target)) in the median round, met in \(rateMet) of \(mine.count) |")
        }
        return lines.joined(separator: "\n")
    }

    /// "median (lowest–highest)".
    static func spread(_ values: [Double], _ digits: Int) -> String {
        guard let low = values.min(), let high = values.max() else { return "–" }
        return "\(fixed(median(values), digits)) (\(fixed(low, digits))–\(fixed(high, digits)))"
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
