/// Parses the `regions` property: `x,y,w,h[,angle]` in normalized coordinates, `;`-separated.
///
/// Whitespace around numbers and a trailing `;` are allowed; an empty string means no regions.
/// Anything else is refused with an error that says which region, what is wrong and what would
/// be right (the form, or the allowed range), because the element keeps its previous regions and
/// the user needs to know why. Bad text is quoted as a short excerpt: a property value can be
/// any length, and the message ends up in a terminal or a log.
public enum RegionSpec {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Coordinates may reach past the frame (regions partly outside are clipped), but not so far
    /// that pixel arithmetic could overflow or that the value is clearly a typo.
    public static let coordinateLimit = 16.0

    /// Angles are in degrees and any angle is allowed up to this size (a full turn is 360);
    /// larger ones are typos, and would lose precision in the rotation.
    public static let angleLimit = 360_000.0

    /// More regions than this are refused: each costs a mirror pass over its pixels on every
    /// frame, so thousands of them stall the stream (10,000 turned regions took over a second
    /// a 720p frame) with no visible reason. Measure: `gst-launch-1.0 videotestsrc
    /// num-buffers=30 ! textmirror detect=false regions="..." ! fakesink` under `time`.
    public static let maxRegions = 256

    /// Bad text longer than this many characters is quoted as its beginning and end.
    public static let excerptLimit = 24

    public static func parse(_ spec: String) throws(ParseError) -> [MirrorRegion] {
        var regions: [MirrorRegion] = []
        let items = spec.split(separator: ";", omittingEmptySubsequences: false)
        for (index, rawItem) in items.enumerated() {
            let item = rawItem.trimmingWhitespace()
            if item.isEmpty {
                // Allow "" and a trailing ";", but not an empty region between two others.
                if index == items.count - 1 { continue }
                throw ParseError(description: "region \(index + 1) is empty (two ';' in a row?)")
            }
            guard regions.count < maxRegions else {
                let given = items.count { !$0.trimmingWhitespace().isEmpty }
                throw ParseError(description: "\(given) regions given; at most \(maxRegions) are allowed")
            }
            regions.append(try parseRegion(item, number: index + 1))
        }
        return regions
    }

    private static func parseRegion(_ item: Substring, number: Int) throws(ParseError) -> MirrorRegion {
        let fields = item.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 4 || fields.count == 5 else {
            let found = fields.count == 1 ? "is not a list of numbers" : "has \(fields.count) values"
            throw ParseError(
                description: "region \(number) \(excerpt(item)) \(found); expected 4 or 5 numbers "
                    + "separated by ',': x,y,w,h or x,y,w,h,angle (e.g. 0.1,0.1,0.3,0.2)")
        }
        let names = ["x", "y", "w", "h", "angle"]
        var values: [Double] = []
        for (field, name) in zip(fields, names) {
            let text = field.trimmingWhitespace()
            // Decimal numbers only: Double() alone also takes hexadecimal ("0x.8", "0x1p-1") and,
            // as it reads C strings, stops at a NUL ("0.\0junk" would be 0). Found by
            // RegionSpecFuzzTests. A decimal too large for a Double reads as infinity, which the
            // range checks below refuse with the allowed range.
            guard text.allSatisfy(Self.isDecimalCharacter), let value = Double(text) else {
                throw ParseError(
                    description:
                        "region \(number): \(name) \(excerpt(text)) is not a number; expected a decimal number such as 0.25 or -1.5e-2"
                )
            }
            values.append(value)
        }
        for (value, name) in zip(values.prefix(4), names) where abs(value) > coordinateLimit {
            throw ParseError(
                description: "region \(number): \(name)=\(value) is far outside the frame; allowed: "
                    + "-\(Int(coordinateLimit)) to \(Int(coordinateLimit)) (coordinates are fractions of the frame, 0 to 1)"
            )
        }
        guard values[2] > 0, values[3] > 0 else {
            throw ParseError(
                description:
                    "region \(number): width and height must be greater than 0 (w=\(values[2]), h=\(values[3]))")
        }
        if values.count == 5, abs(values[4]) > angleLimit {
            throw ParseError(
                description: "region \(number): angle \(values[4]) is out of range; allowed: "
                    + "-\(Int(angleLimit)) to \(Int(angleLimit)) degrees")
        }
        return MirrorRegion(
            x: values[0], y: values[1], width: values[2], height: values[3],
            angle: values.count == 5 ? values[4] : 0)
    }

    /// Bad text as the error quotes it: in double quotes, control characters (a NUL would end the
    /// message where C reads it) written as `\u{..}`, and when longer than `excerptLimit`
    /// characters only its beginning and end, with its length.
    public static func excerpt(_ text: Substring) -> String {
        func visible(_ part: Substring) -> String {
            var out = ""
            for scalar in part.unicodeScalars {
                if scalar.properties.generalCategory == .control {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let length = text.count
        guard length > excerptLimit else { return "\"\(visible(text))\"" }
        return "\"\(visible(text.prefix(excerptLimit - 8)))…\(visible(text.suffix(6)))\" (\(length) characters)"
    }

    /// The characters a decimal number is written with; Double() checks their order.
    private static func isDecimalCharacter(_ c: Character) -> Bool {
        switch c {
        case "0"..."9", "+", "-", ".", "e", "E": return true
        default: return false
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var s = self
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return s
    }
}
