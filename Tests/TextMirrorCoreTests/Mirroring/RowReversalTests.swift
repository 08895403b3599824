import Testing
@testable import TextMirrorCore

/// The row kernels on their own: every unit size and 4:2:2 variant, every row length from 0 to
/// 70 units, at every start alignment, with guard bytes on both sides that must stay as they were.
@Suite struct RowReversalTests {
    /// One of each kind of plane the formats use, named for the failure message.
    static let planes: [(String, FrameLayout.Plane)] = {
        var seen: Set<String> = []
        var named: [(String, FrameLayout.Plane)] = []
        for format in PixelFormat.allCases {
            for plane in FrameLayout(format).planes {
                let kind = "\(plane.unitBytes)/\(String(describing: plane.macropixelLumaOffset))"
                if !seen.contains(kind) {
                    seen.insert(kind)
                    named.append(("\(format) plane \(plane.index)", plane))
                }
            }
        }
        return named
    }()

    /// Units reversed; inside a 4:2:2 macropixel the two luma bytes trade places.
    static func reference(_ row: [UInt8], unitBytes: Int, lumaOffset: Int?) -> [UInt8] {
        let units = stride(from: 0, to: row.count, by: unitBytes).map { Array(row[$0..<($0 + unitBytes)]) }
        return units.reversed().flatMap { unit -> [UInt8] in
            guard let l = lumaOffset else { return unit }
            var u = unit
            u.swapAt(l, l + 2)
            return u
        }
    }

    @Test func coversEveryKernel() {
        let kinds = Set(Self.planes.map { "\($0.1.unitBytes)/\(String(describing: $0.1.macropixelLumaOffset))" })
        #expect(kinds == ["1/nil", "2/nil", "3/nil", "4/nil", "4/Optional(0)", "4/Optional(1)"])
    }

    @Test(arguments: 0...70)
    func reversesRowsOfEveryLength(units: Int) {
        let guardBytes = 24
        for (name, plane) in Self.planes {
            let reverser = RowReverser(plane)
            func kernel(_ row: UnsafeMutableRawPointer, _ units: Int) {
                withUnsafeTemporaryAllocation(byteCount: reverser.scratchBytes(units: units), alignment: 16) {
                    reverser.reverse(row, units: units, scratch: $0.baseAddress!)
                }
            }
            let rowBytes = units * plane.unitBytes
            for misalignment in 0..<4 {
                let count = misalignment + guardBytes + rowBytes + guardBytes
                var memory = (0..<count).map { patternByte(UInt64(units), UInt64(misalignment), 0, UInt64($0)) }
                let start = misalignment + guardBytes
                let before = memory
                memory.withUnsafeMutableBytes { kernel($0.baseAddress! + start, units) }
                let expected =
                    Array(before[..<start])
                    + Self.reference(
                        Array(before[start..<(start + rowBytes)]), unitBytes: plane.unitBytes,
                        lumaOffset: plane.macropixelLumaOffset)
                    + Array(before[(start + rowBytes)...])
                #expect(memory == expected, "\(name): \(units) units at misalignment \(misalignment)")
            }
        }
    }
}
