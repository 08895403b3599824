import Glibc

/// A markdown table built row by row.
struct MarkdownTable {
    let header: [String]
    private(set) var rows: [[String]] = []

    init(_ header: [String]) { self.header = header }

    mutating func add(_ row: [String]) {
        precondition(row.count == header.count, "row has \(row.count) cells, header \(header.count)")
        rows.append(row)
    }

    var markdown: String {
        ([header, header.map { _ in "---" }] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
            .joined(separator: "\n")
    }
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(decimals)f", $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func percent(_ fraction: Double) -> String {
    fraction.isFinite ? fixed(100 * fraction, fraction < 0.01 ? 2 : 1) + "%" : "–"
}

/// The `p` quantile of nanosecond times, in milliseconds.
func ms(_ times: [UInt64], _ p: Double) -> String {
    guard !times.isEmpty else { return "–" }
    let sorted = times.sorted()
    return fixed(Double(sorted[min(Int(p * Double(sorted.count)), sorted.count - 1)]) / 1e6, 2)
}
