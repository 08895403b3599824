import Testing
import TextMirrorCore

/// `FrameMirror.mirror` with axis-aligned boxes, compared byte for byte (guard bytes and row
/// padding included) with `ReferenceMirror`.
@Suite struct FrameMirrorAxisAlignedTests {
    /// A box covering exactly the pixel rectangle [x0, x1) x [y0, y1).
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, angle: Double = 0) -> PixelBox {
        PixelBox(centerX: (x0 + x1) / 2, centerY: (y0 + y1) / 2, width: x1 - x0, height: y1 - y0, angle: angle)
    }

    /// Mirrors a patterned frame with `FrameMirror` and with the reference, and compares.
    static func expectMatchesReference(
        _ format: PixelFormat, width: Int, height: Int, padding: Int, boxes: [PixelBox], flip: Flip,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = TestFrame(format, width: width, height: height, padding: padding)
        let expected = ReferenceMirror.mirrored(frame, boxes: boxes, flip: flip)
        let mirror = try FrameMirror(format: format, width: width, height: height)
        frame.mirror(mirror, boxes, flip: flip)
        let difference = frame.difference(from: expected)
        #expect(
            difference == nil,
            "\(format) \(width)x\(height) padding \(padding) \(flip) boxes \(boxes): \(difference ?? "")",
            sourceLocation: sourceLocation)
    }

    static let oddSizes = [
        (1, 1), (2, 2), (3, 3), (5, 3), (17, 9), (33, 7), (6, 5), (7, 2), (2, 7),
        (13, 1), (1, 13), (64, 4), (66, 3), (100, 2)
    ]

    @Test(
        "Whole frame, odd and even sizes, with and without row padding",
        arguments: PixelFormat.allCases, Flip.allCases)
    func wholeFrame(format: PixelFormat, flip: Flip) throws {
        for (width, height) in Self.oddSizes {
            for padding in [0, 1, 13] {
                let full = Self.box(0, 0, Double(width), Double(height))
                try Self.expectMatchesReference(
                    format, width: width, height: height, padding: padding,
                    boxes: [full], flip: flip)
            }
        }
    }

    /// Every row length from 1 to 70 pixels: rows shorter than one vector pair, rows that run
    /// the 16-byte loop once or several times, and every tail length after it.
    @Test("Row widths 1...70 (vector loop and its tail)", arguments: PixelFormat.allCases)
    func everyWidthUpTo70(format: PixelFormat) throws {
        for width in 1...70 {
            for flip in Flip.allCases {
                let full = Self.box(0, 0, Double(width), 3)
                try Self.expectMatchesReference(
                    format, width: width, height: 3, padding: 3,
                    boxes: [full], flip: flip)
            }
        }
    }

    /// Regions starting at every offset, so the row kernels run on unaligned addresses and
    /// the region's left edge falls inside a vector's worth of bytes.
    @Test("Regions starting at every column 0...19", arguments: PixelFormat.allCases)
    func everyStartColumn(format: PixelFormat) throws {
        for x0 in 0..<20 {
            for flip in Flip.allCases {
                try Self.expectMatchesReference(
                    format, width: 71, height: 6, padding: 5,
                    boxes: [Self.box(Double(x0), 1, Double(x0 + 45), 5)], flip: flip)
            }
        }
    }

    static let regionCases: [(String, [PixelBox])] = [
        ("interior", [box(4, 2, 20, 10)]),
        ("interior, odd edges to snap", [box(3, 3, 18, 12)]),
        ("fractional edges", [box(2.4, 1.6, 19.5, 9.49)]),
        ("touching left and top", [box(0, 0, 10, 8)]),
        ("touching right and bottom", [box(20, 11, 37, 21)]),
        ("touching all edges", [box(0, 0, 37, 21)]),
        ("single column at the odd right edge", [box(36, 0, 37, 21)]),
        ("single row at the odd bottom edge", [box(0, 20, 37, 21)]),
        ("single pixel", [box(9, 9, 10, 10)]),
        ("partly outside left", [box(-6, 3, 9, 12)]),
        ("partly outside top", [box(3, -6, 19, 5)]),
        ("partly outside right", [box(30, 4, 50, 12)]),
        ("partly outside bottom", [box(5, 15, 25, 40)]),
        ("larger than the frame", [box(-10, -10, 60, 40)]),
        ("wholly outside left", [box(-20, 2, -1, 10)]),
        ("wholly outside right", [box(37, 2, 60, 10)]),
        ("wholly outside below", [box(2, 21, 10, 30)]),
        ("zero width", [box(5, 2, 5, 10)]),
        ("zero height", [box(5, 2, 15, 2)]),
        ("negative size", [PixelBox(centerX: 10, centerY: 10, width: -4, height: 6)]),
        ("sub-pixel, rounds to nothing", [box(5.1, 5.1, 5.3, 5.3)]),
        ("infinite size", [PixelBox(centerX: 10, centerY: 10, width: .infinity, height: .infinity)]),
        ("not a number", [PixelBox(centerX: .nan, centerY: 10, width: 4, height: 4)]),
        ("angle 180 is axis aligned", [box(4, 2, 20, 10, angle: 180)]),
        ("two disjoint", [box(0, 0, 8, 8), box(20, 10, 36, 20)]),
        ("two side by side", [box(0, 4, 18, 12), box(18, 4, 37, 12)]),
        ("two overlapping", [box(2, 2, 20, 14), box(10, 6, 30, 18)]),
        ("same box twice", [box(3, 3, 21, 15), box(3, 3, 21, 15)]),
        ("three incl. empty and outside", [box(1, 1, 9, 9), box(5, 5, 5, 9), box(50, 50, 60, 60)])
    ]

    @Test("Regions: edges, outside, degenerate, several", arguments: PixelFormat.allCases)
    func regions(format: PixelFormat) throws {
        for (name, boxes) in Self.regionCases {
            for flip in Flip.allCases {
                for padding in [0, 7] {
                    let frame = TestFrame(format, width: 37, height: 21, padding: padding, seed: 7)
                    let expected = ReferenceMirror.mirrored(frame, boxes: boxes, flip: flip)
                    frame.mirror(try FrameMirror(format: format, width: 37, height: 21), boxes, flip: flip)
                    let difference = frame.difference(from: expected)
                    #expect(difference == nil, "\(format) \(flip) padding \(padding) \(name): \(difference ?? "")")
                }
            }
        }
    }

    /// Regions that cover nothing must leave every byte as it was, and regions that cover
    /// something must change it (which shows the comparisons above can fail).
    @Test(arguments: PixelFormat.allCases)
    func emptyRegionsChangeNothingAndRealOnesDo(format: PixelFormat) throws {
        let mirror = try FrameMirror(format: format, width: 37, height: 21)
        let frame = TestFrame(format, width: 37, height: 21, padding: 4)
        let original = frame.copy()
        for (name, boxes) in Self.regionCases
        where name.hasPrefix("wholly") || name.hasPrefix("zero")
            || name.hasPrefix("sub-pixel") || name.hasPrefix("negative") || name.hasPrefix("not a number")
        {
            for flip in Flip.allCases { frame.mirror(mirror, boxes, flip: flip) }
            #expect(frame.difference(from: original) == nil, "\(format) \(name) changed the frame")
        }
        for flip in Flip.allCases {
            let changed = frame.copy()
            changed.mirror(mirror, [Self.box(4, 2, 20, 10)], flip: flip)
            #expect(changed.difference(from: original) != nil, "\(format) \(flip) changed nothing")
        }
    }

    @Test("Mirroring twice restores the frame", arguments: PixelFormat.allCases, Flip.allCases)
    func twiceIsIdentity(format: PixelFormat, flip: Flip) throws {
        for (width, height) in [(33, 7), (17, 9), (70, 5)] {
            let frame = TestFrame(format, width: width, height: height, padding: 3)
            let original = frame.copy()
            let mirror = try FrameMirror(format: format, width: width, height: height)
            let boxes = [Self.box(0, 0, Double(width), Double(height)), Self.box(3, 1, 15, 6)]
            for box in boxes {
                frame.mirror(mirror, [box], flip: flip)
                frame.mirror(mirror, [box], flip: flip)
            }
            #expect(frame.difference(from: original) == nil, "\(format) \(width)x\(height) \(flip)")
        }
    }

    @Test("Horizontal then vertical equals rotate-180", arguments: PixelFormat.allCases)
    func horizontalThenVerticalIsRotate180(format: PixelFormat) throws {
        let mirror = try FrameMirror(format: format, width: 33, height: 7)
        for box in [Self.box(0, 0, 33, 7), Self.box(3, 1, 27, 6), Self.box(-5, -5, 12, 40)] {
            let twoSteps = TestFrame(format, width: 33, height: 7, padding: 2)
            let oneStep = twoSteps.copy()
            twoSteps.mirror(mirror, [box], flip: .horizontal)
            twoSteps.mirror(mirror, [box], flip: .vertical)
            oneStep.mirror(mirror, [box], flip: .rotate180)
            #expect(twoSteps.difference(from: oneStep) == nil, "\(format) \(box)")
        }
    }

    @Test func rejectsEmptyFrameSizes() {
        #expect(throws: FrameMirror.ConfigurationError.invalidSize(width: 0, height: 4)) {
            try FrameMirror(format: .rgba, width: 0, height: 4)
        }
        #expect(throws: FrameMirror.ConfigurationError.invalidSize(width: 4, height: -1)) {
            try FrameMirror(format: .i420, width: 4, height: -1)
        }
    }

    @Test func acceptsOnlyFramesOfItsSizeAndPlaneCount() throws {
        let mirror = try FrameMirror(format: .i420, width: 8, height: 4)
        let i420 = TestFrame(.i420, width: 8, height: 4)
        #expect(mirror.accepts(i420.buffer))
        #expect(!mirror.accepts(TestFrame(.i420, width: 9, height: 4).buffer))
        #expect(!mirror.accepts(TestFrame(.i420, width: 8, height: 5).buffer))
        #expect(!mirror.accepts(TestFrame(.nv12, width: 8, height: 4).buffer), "NV12 has two planes, I420 three")
    }
}
