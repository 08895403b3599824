/// One annotated text region of an image: a quadrilateral and what it says.
///
/// ICDAR 2015 annotates words, other sets annotate whole lines; either works here (see
/// `LineGrouping` for how neighbouring words are treated).
public struct GroundTruthLine: Equatable, Sendable {
    /// The transcription that marks a region as illegible ("don't care") in ICDAR ground truth.
    public static let dontCareMark = "###"

    public var polygon: [EvalPoint]
    public var transcription: String

    public init(polygon: [EvalPoint], transcription: String) {
        self.polygon = polygon
        self.transcription = transcription
    }

    /// The line in a picture `width` pixels wide mirrored left to right (the transcription is
    /// what the text says, so it stays).
    public func mirrored(width: Double) -> GroundTruthLine {
        GroundTruthLine(polygon: polygon.map { EvalPoint(width - $0.x, $0.y) }, transcription: transcription)
    }

    /// Legible lines are the ones that must be mirrored; "###" lines may be mirrored or not,
    /// and are text either way (never counted as non-text pixels).
    public var isLegible: Bool { transcription != Self.dontCareMark }
}

/// A ground-truth file that cannot be read as ICDAR 2015; names the line and what is wrong.
public struct GroundTruthError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// Reads the ICDAR 2015 ground-truth format (`gt_<image stem>.txt`):
///
///     x1,y1,x2,y2,x3,y3,x4,y4,transcription
///
/// one region per line; four corners in image pixels (integers in the official files, decimals
/// accepted), then the transcription, which is everything after the eighth comma (so it may
/// itself contain commas); `###` marks an illegible region. The official files start with a
/// UTF-8 byte-order mark and end lines with CR LF: both are accepted, as are blank lines.
public enum GroundTruthFormat {
    /// `transcriptions: false` reads result files (`res_<image stem>.txt`), whose rows may stop
    /// after the corners; such a row's transcription is empty.
    public static func parse(_ text: String, transcriptions: Bool = true) throws(GroundTruthError) -> [GroundTruthLine]
    {
        var lines: [GroundTruthLine] = []
        // Split on LF only and trim CR below: Swift treats "\r\n" as one Character, so
        // splitting on "\n" alone would not see the line ends of CR LF files.
        let rows = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, scalars) in rows.enumerated() {
            var row = String(String.UnicodeScalarView(scalars))
            if index == 0, row.unicodeScalars.first == "\u{FEFF}" { row.unicodeScalars.removeFirst() }
            while let last = row.unicodeScalars.last, last == "\r" { row.unicodeScalars.removeLast() }
            if row.allSatisfy(\.isWhitespace) { continue }
            lines.append(try parseRow(row, number: index + 1, transcriptions: transcriptions))
        }
        return lines
    }

    static func parseRow(_ row: String, number: Int, transcriptions: Bool) throws(GroundTruthError) -> GroundTruthLine {
        let fields = row.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
        guard fields.count == 9 || (!transcriptions && fields.count == 8) else {
            throw GroundTruthError(
                line: number,
                reason: "expected x1,y1,x2,y2,x3,y3,x4,y4\(transcriptions ? "," : "[,]")transcription, got \"\(row)\"")
        }
        var values: [Double] = []
        for field in fields.prefix(8) {
            let trimmed = field.trimmingWhitespace
            guard let value = Double(trimmed), value.isFinite else {
                throw GroundTruthError(line: number, reason: "\"\(trimmed)\" is not a coordinate")
            }
            values.append(value)
        }
        let polygon = stride(from: 0, to: 8, by: 2).map { EvalPoint(values[$0], values[$0 + 1]) }
        // Surrounding spaces are layout, not text; "### " is still don't-care.
        return GroundTruthLine(
            polygon: polygon, transcription: fields.count == 9 ? String(fields[8].trimmingWhitespace) : "")
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        var s = self
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return s
    }
}
