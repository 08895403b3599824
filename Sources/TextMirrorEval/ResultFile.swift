import Glibc
import TextMirrorEvalCore

/// Writes mirrored boxes in the ICDAR 2015 result format (`res_<name>.txt`: x1,y1,...,x4,y4 per
/// line, corners clockwise from the top-left), so any ICDAR tool can draw or score them.
enum ResultFile {
    /// The boxes of a result file (one per picture, empty when it has none, as --save writes).
    static func read(_ path: String) throws(ToolError) -> [RotatedBox] {
        let text = try Dataset.readText(path)
        do {
            return try GroundTruthFormat.parse(text, transcriptions: false).map { RotatedBox(enclosing: $0.polygon) }
        } catch {
            throw ToolError("\(path): \(error)")
        }
    }

    static func write(_ boxes: [RotatedBox], to path: String) throws(ToolError) {
        var text = ""
        for box in boxes {
            text += box.corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: ",") + "\n"
        }
        try writeTextFile(path, text)
    }
}
