/// The performance targets of issues 2 and 5, checked per format on medians.
enum Targets {
    /// textmirror's full-frame mirror costs at most a third of videoflip's horizontal flip.
    static let versusVideoflip = 1.0 / 3.0
    /// ...and at most 1.5 times a plain copy of the same bytes.
    static let versusMemcpy = 1.5
}

/// The markdown table: one row per format, every candidate as "median / p90" milliseconds,
/// then the two target ratios and the verdict.
struct Table {
    struct Row {
        let format: String
        let times: [Candidate: TimeSummary]
        var versusVideoflip: Double? { ratio(.textmirrorFull, .videoflip) }
        var versusMemcpy: Double? { ratio(.textmirrorFull, .memcpy) }
        var passes: Bool {
            guard let v = versusVideoflip, let m = versusMemcpy else { return false }
            return v <= Targets.versusVideoflip && m <= Targets.versusMemcpy
        }

        private func ratio(_ a: Candidate, _ b: Candidate) -> Double? {
            guard let x = times[a]?.medianMs, let y = times[b]?.medianMs, y > 0 else { return nil }
            return x / y
        }
    }

    let rows: [Row]

    init(_ results: [FormatResult]) {
        rows = results.map { result in
            Row(format: result.format, times: result.samples.compactMapValues { TimeSummary(nanoseconds: $0) })
        }
    }

    var passed: Int { rows.filter(\.passes).count }

    var markdown: String {
        let titles =
            ["Format"] + Candidate.allCases.map(\.columnTitle)
            + [
                "full / videoflip (≤ \(fixed(Targets.versusVideoflip, 2)))",
                "full / memcpy (≤ \(fixed(Targets.versusMemcpy, 1)))", "Result"
            ]
        var lines = [
            "| " + titles.joined(separator: " | ") + " |",
            "|" + titles.indices.map { $0 == 0 ? "---" : "---:" }.joined(separator: "|") + "|"
        ]
        for row in rows {
            var cells = [row.format]
            for candidate in Candidate.allCases {
                cells.append(
                    row.times[candidate].map { "\(milliseconds($0.medianMs)) / \(milliseconds($0.p90Ms))" } ?? "-")
            }
            cells.append(row.versusVideoflip.map { fixed($0, 2) } ?? "-")
            cells.append(row.versusMemcpy.map { fixed($0, 2) } ?? "-")
            cells.append(row.passes ? "PASS" : "FAIL")
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    var summary: String {
        let failing = rows.filter { !$0.passes }.map(\.format)
        return "Summary: \(passed) of \(rows.count) formats meet both targets"
            + (failing.isEmpty ? "." : "; FAIL: \(failing.joined(separator: ", ")).")
    }

    /// Three decimals below 1 ms (identity is microseconds), two above.
    private func milliseconds(_ value: Double) -> String { fixed(value, value < 1 ? 3 : 2) }
}

/// `value` with `digits` decimals (non-negative values only; all the table shows), without
/// pulling in Foundation for String(format:).
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)"
        + (digits > 0 ? "." + String(repeating: "0", count: digits - fraction.count) + fraction : "")
}
