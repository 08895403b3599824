/// Parses the `regions` property: `x,y,w,h[,angle]` in normalized coordinates, `;`-separated.
///
/// Whitespace around numbers and a trailing `;` are allowed; an empty string means no regions.
/// Anything else is refused with an error that says which region and what is wrong, because
/// the element keeps its previous regions and the user needs to know why.
public enum RegionSpec {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Coordinates may reach past the frame (regions partly outside are clipped), but not so far
    /// that pixel arithmetic could overflow or that the value is clearly a typo.
    public static let coordinateLimit = 16.0

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
            regions.append(try parseRegion(item, number: index + 1))
        }
        return regions
    }

    private static func parseRegion(_ item: Substring, number: Int) throws(ParseError) -> MirrorRegion {
        let fields = item.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 4 || fields.count == 5 else {
            throw ParseError(description:
                "region \(number) \"\(item)\" has \(fields.count) numbers; expected x,y,w,h or x,y,w,h,angle")
        }
        let names = ["x", "y", "w", "h", "angle"]
        var values: [Double] = []
        for (field, name) in zip(fields, names) {
            let text = field.trimmingWhitespace()
            // Decimal numbers only: Double() alone also takes hexadecimal ("0x.8", "0x1p-1") and,
            // as it reads C strings, stops at a NUL ("0.\0junk" would be 0). Found by
            // RegionSpecFuzzTests.
            guard text.allSatisfy(Self.isDecimalCharacter), let value = Double(text), value.isFinite else {
                throw ParseError(description: "region \(number): \(name) \"\(text)\" is not a number")
            }
            values.append(value)
        }
        for (value, name) in zip(values.prefix(4), names) where abs(value) > coordinateLimit {
            throw ParseError(description:
                "region \(number): \(name)=\(value) is far outside the frame (coordinates are fractions 0..1)")
        }
        guard values[2] > 0, values[3] > 0 else {
            throw ParseError(description: "region \(number): width and height must be greater than 0")
        }
        if values.count == 5, abs(values[4]) > 360_000 {
            throw ParseError(description: "region \(number): angle \(values[4]) is out of range")
        }
        return MirrorRegion(x: values[0], y: values[1], width: values[2], height: values[3],
                            angle: values.count == 5 ? values[4] : 0)
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
