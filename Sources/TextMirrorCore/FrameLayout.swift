/// How a pixel format lies in memory, described once per format so that the mirror code never
/// asks "which format?" again: it only sees planes, units and sample grids.
///
/// - A *plane* is reversed along a row in *units*: the smallest group of bytes that moves as
///   a whole (a 4-byte RGBA pixel, a 2-byte UV pair, a 4-byte YUY2 macropixel covering two
///   pixels). A unit spans `pixelsPerUnit` luma columns and `rowsPerUnit` luma rows.
/// - A *sample grid* is one kind of sample within a plane (e.g. the Y bytes of YUY2, or its U/V
///   pairs), addressed one sample at a time. Rotated regions and the rare odd-width 4:2:2 case
///   are mirrored per grid, because there a unit no longer moves as a whole.
public struct FrameLayout: Sendable, Equatable {
    public struct Plane: Sendable, Equatable {
        public var index: Int
        public var unitBytes: Int
        public var pixelsPerUnit: Int
        public var rowsPerUnit: Int
        /// For packed 4:2:2 only: byte offset of the first Y in a macropixel (0 for YUY2 and
        /// YVYU, 1 for UYVY). Reversing macropixels must also swap their two Y samples.
        public var macropixelLumaOffset: Int?
    }

    public struct SampleGrid: Sendable, Equatable {
        public var plane: Int
        /// Byte offset of the grid's first sample from the start of a row.
        public var offset: Int
        /// Bytes from one sample to the next along a row.
        public var sampleStride: Int
        /// Offsets, from a sample's start, of the bytes that make up one sample.
        public var sampleBytes: [Int]
        /// Luma columns and rows covered by one sample (chroma subsampling).
        public var pixelsPerSample: Int
        public var rowsPerSample: Int
    }

    public let format: PixelFormat
    public let planes: [Plane]
    public let grids: [SampleGrid]

    /// Regions are widened to multiples of these (luma pixels) so that luma and chroma are
    /// mirrored about the same axis.
    public var horizontalGrid: Int { planes.map(\.pixelsPerUnit).max() ?? 1 }
    public var verticalGrid: Int { planes.map(\.rowsPerUnit).max() ?? 1 }

    public init(_ format: PixelFormat) {
        self.format = format
        (planes, grids) = Self.describe(format)
    }

    private static func describe(_ format: PixelFormat) -> ([Plane], [SampleGrid]) {
        switch format {
        case .rgba, .bgra, .argb, .abgr, .rgbx, .bgrx, .xrgb, .xbgr, .ayuv:
            return packed(bytesPerPixel: 4)
        case .rgb, .bgr:
            return packed(bytesPerPixel: 3)
        case .gray8:
            return packed(bytesPerPixel: 1)
        case .y444:
            return planar([(0, 1, 1), (1, 1, 1), (2, 1, 1)])
        case .i420, .yv12:
            return planar([(0, 1, 1), (1, 2, 2), (2, 2, 2)])
        case .nv12, .nv21:
            let planes = [
                Plane(index: 0, unitBytes: 1, pixelsPerUnit: 1, rowsPerUnit: 1),
                Plane(index: 1, unitBytes: 2, pixelsPerUnit: 2, rowsPerUnit: 2),
            ]
            let grids = [
                SampleGrid(plane: 0, offset: 0, sampleStride: 1, sampleBytes: [0],
                           pixelsPerSample: 1, rowsPerSample: 1),
                SampleGrid(plane: 1, offset: 0, sampleStride: 2, sampleBytes: [0, 1],
                           pixelsPerSample: 2, rowsPerSample: 2),
            ]
            return (planes, grids)
        case .yuy2, .yvyu, .uyvy:
            let luma = format == .uyvy ? 1 : 0
            let chroma = 1 - luma
            let planes = [Plane(index: 0, unitBytes: 4, pixelsPerUnit: 2, rowsPerUnit: 1,
                                macropixelLumaOffset: luma)]
            let grids = [
                SampleGrid(plane: 0, offset: luma, sampleStride: 2, sampleBytes: [0],
                           pixelsPerSample: 1, rowsPerSample: 1),
                SampleGrid(plane: 0, offset: chroma, sampleStride: 4, sampleBytes: [0, 2],
                           pixelsPerSample: 2, rowsPerSample: 1),
            ]
            return (planes, grids)
        }
    }

    private static func packed(bytesPerPixel bytes: Int) -> ([Plane], [SampleGrid]) {
        ([Plane(index: 0, unitBytes: bytes, pixelsPerUnit: 1, rowsPerUnit: 1)],
         [SampleGrid(plane: 0, offset: 0, sampleStride: bytes, sampleBytes: Array(0..<bytes),
                     pixelsPerSample: 1, rowsPerSample: 1)])
    }

    /// `planar` lists (plane index, horizontal subsampling, vertical subsampling), one byte a sample.
    private static func planar(_ planes: [(Int, Int, Int)]) -> ([Plane], [SampleGrid]) {
        (planes.map { Plane(index: $0.0, unitBytes: 1, pixelsPerUnit: $0.1, rowsPerUnit: $0.2) },
         planes.map {
             SampleGrid(plane: $0.0, offset: 0, sampleStride: 1, sampleBytes: [0],
                        pixelsPerSample: $0.1, rowsPerSample: $0.2)
         })
    }
}

extension FrameLayout.Plane {
    init(index: Int, unitBytes: Int, pixelsPerUnit: Int, rowsPerUnit: Int) {
        self.init(index: index, unitBytes: unitBytes, pixelsPerUnit: pixelsPerUnit,
                  rowsPerUnit: rowsPerUnit, macropixelLumaOffset: nil)
    }
}
