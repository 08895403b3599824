import Testing
import TextMirrorCore

/// A few results written out by hand, byte for byte, so the reference used by the other tests
/// is itself pinned to what GStreamer's videoflip produces (including its odd-width 4:2:2 rule).
@Suite struct KnownMirrorExamplesTests {
    /// Sets the rows of each plane, mirrors the whole frame and returns the rows of each plane.
    static func mirrorWhole(
        _ format: PixelFormat, _ width: Int, _ height: Int, flip: Flip,
        _ planes: [[[UInt8]]]
    ) throws -> [[[UInt8]]] {
        let frame = TestFrame(format, width: width, height: height, padding: 3)
        for (p, rows) in planes.enumerated() {
            for (y, row) in rows.enumerated() { frame.setRow(plane: p, y, row) }
        }
        let whole = PixelBox(
            centerX: Double(width) / 2, centerY: Double(height) / 2,
            width: Double(width), height: Double(height))
        frame.mirror(try FrameMirror(format: format, width: width, height: height), [whole], flip: flip)
        return planes.indices.map { p in planes[p].indices.map { frame.row(plane: p, $0) } }
    }

    @Test func gray8Row() throws {
        #expect(
            try Self.mirrorWhole(.gray8, 5, 1, flip: .horizontal, [[[1, 2, 3, 4, 5]]])
                == [[[5, 4, 3, 2, 1]]])
    }

    @Test func rgbPixelsMoveWhole() throws {
        #expect(
            try Self.mirrorWhole(.rgb, 3, 1, flip: .horizontal, [[[1, 2, 3, 4, 5, 6, 7, 8, 9]]])
                == [[[7, 8, 9, 4, 5, 6, 1, 2, 3]]])
    }

    @Test func rgbaRotate180() throws {
        let rows: [[UInt8]] = [[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16]]
        #expect(
            try Self.mirrorWhole(.rgba, 2, 2, flip: .rotate180, [rows])
                == [[[13, 14, 15, 16, 9, 10, 11, 12], [5, 6, 7, 8, 1, 2, 3, 4]]])
    }

    @Test func yuy2EvenWidthSwapsLumaInsideMacropixels() throws {
        // Y0 U0 Y1 V0 | Y2 U1 Y3 V1  ->  Y3 U1 Y2 V1 | Y1 U0 Y0 V0
        #expect(
            try Self.mirrorWhole(.yuy2, 4, 1, flip: .horizontal, [[[10, 20, 11, 30, 12, 21, 13, 31]]])
                == [[[13, 21, 12, 31, 11, 20, 10, 30]]])
    }

    @Test func uyvyEvenWidth() throws {
        // U0 Y0 V0 Y1 | U1 Y2 V1 Y3  ->  U1 Y3 V1 Y2 | U0 Y1 V0 Y0
        #expect(
            try Self.mirrorWhole(.uyvy, 4, 1, flip: .horizontal, [[[20, 10, 30, 11, 21, 12, 31, 13]]])
                == [[[21, 13, 31, 12, 20, 11, 30, 10]]])
    }

    /// Odd width: luma is reversed over the 3 real pixels; output macropixel m takes the chroma
    /// of the macropixel holding source pixel w-1-2m, i.e. the macropixels are reversed. The
    /// luma byte of the missing fourth pixel (99) is not a pixel and stays where it is.
    @Test func yuy2OddWidthFollowsVideoflip() throws {
        // Y0 U0 Y1 V0 | Y2 U1 -- V1  ->  Y2 U1 Y1 V1 | Y0 U0 -- V0
        #expect(
            try Self.mirrorWhole(.yuy2, 3, 1, flip: .horizontal, [[[10, 20, 11, 30, 12, 21, 99, 31]]])
                == [[[12, 21, 11, 31, 10, 20, 99, 30]]])
    }

    @Test func uyvyOddWidthFollowsVideoflip() throws {
        // U0 Y0 V0 Y1 | U1 Y2 V1 --  ->  U1 Y2 V1 Y1 | U0 Y0 V0 --
        #expect(
            try Self.mirrorWhole(.uyvy, 3, 1, flip: .horizontal, [[[20, 10, 30, 11, 21, 12, 31, 99]]])
                == [[[21, 12, 31, 11, 20, 10, 30, 99]]])
    }

    @Test func i420OddSizeVertical() throws {
        let luma: [[UInt8]] = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        let u: [[UInt8]] = [[10, 11], [12, 13]]
        let v: [[UInt8]] = [[20, 21], [22, 23]]
        #expect(
            try Self.mirrorWhole(.i420, 3, 3, flip: .vertical, [luma, u, v])
                == [[[7, 8, 9], [4, 5, 6], [1, 2, 3]], [[12, 13], [10, 11]], [[22, 23], [20, 21]]])
    }

    @Test func nv12ChromaPairsMoveTogether() throws {
        let luma: [[UInt8]] = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
        let uv: [[UInt8]] = [[20, 30, 21, 31, 22, 32]]
        #expect(
            try Self.mirrorWhole(.nv12, 5, 2, flip: .horizontal, [luma, uv])
                == [[[5, 4, 3, 2, 1], [10, 9, 8, 7, 6]], [[22, 32, 21, 31, 20, 30]]])
    }
}
