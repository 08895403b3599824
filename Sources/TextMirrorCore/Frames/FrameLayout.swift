/// How a pixel format lies in memory, derived once per format from its row in
/// `PixelFormat.info`, so that the mirror code never asks "which format?" again: it only sees
/// planes, units and sample grids.
///
/// - A *plane* is reversed along a row in *units*: the smallest group of bytes that moves as
///   a whole (a 4-byte RGBA pixel, a 2-byte UV pair or 16-bit sample, a 4-byte YUY2 macropixel
///   covering two pixels). A unit spans `pixelsPerUnit` luma columns and `rowsPerUnit` luma rows.
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

        /// Rows of this plane in a frame `frameHeight` luma rows high (a partial last unit
        /// counts, as GStreamer rounds subsampled sizes up).
        public func rows(frameHeight: Int) -> Int {
            (frameHeight + rowsPerUnit - 1) / rowsPerUnit
        }

        /// The units of this plane that `rect` (luma pixels) covers. `rect` need not lie on the
        /// plane's grid: a unit it touches counts, so an odd frame edge's partial unit does.
        public func units(covering rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
            (
                (rect.x0 / pixelsPerUnit)..<((rect.x1 + pixelsPerUnit - 1) / pixelsPerUnit),
                (rect.y0 / rowsPerUnit)..<((rect.y1 + rowsPerUnit - 1) / rowsPerUnit)
            )
        }

        /// Bytes of one of this plane's rows in a frame `frameWidth` luma columns wide, without
        /// padding (a partial last unit counts, as for `rows`).
        public func rowBytes(frameWidth: Int) -> Int {
            (frameWidth + pixelsPerUnit - 1) / pixelsPerUnit * unitBytes
        }
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
        /// How each component's value is stored (one byte, or a 16-bit word).
        public var coding: SampleCoding
        /// Offsets, from a sample's start, of its colour components (the first byte of each):
        /// not its alpha or padding bytes, which a source may fill with anything.
        public var colours: [Int]

        /// Offsets, from a sample's start, of its components: every byte of an 8-bit grid (its
        /// alpha or padding byte too), the first byte of each word of a wider one.
        public var channels: [Int] { sampleBytes.filter { $0 % coding.bytes == 0 } }
    }

    public let format: PixelFormat
    public let info: FormatInfo
    public let planes: [Plane]
    public let grids: [SampleGrid]

    /// Regions are widened to multiples of these (luma pixels) so that luma and chroma are
    /// mirrored about the same axis.
    public var horizontalGrid: Int { planes.map(\.pixelsPerUnit).max() ?? 1 }
    public var verticalGrid: Int { planes.map(\.rowsPerUnit).max() ?? 1 }

    public init(_ format: PixelFormat) {
        self.format = format
        info = format.info
        (planes, grids) = Self.derive(info)
    }

    /// Whether the component at `colour` of `grid` is U or V.
    public func carriesChroma(_ grid: SampleGrid, colour: Int) -> Bool {
        info.model == .yuv
            && info.components.dropFirst().contains { $0.plane == grid.plane && $0.offset == grid.offset + colour }
    }

    /// Per plane: the unit is the component that repeats least often (a pixel, a UV pair, a
    /// 4:2:2 macropixel); components that share step and subsampling make one sample grid.
    /// Grids come in plane order, luma first within a plane.
    private static func derive(_ info: FormatInfo) -> ([Plane], [SampleGrid]) {
        var planes: [Plane] = [], grids: [SampleGrid] = []
        for index in Set(info.components.map(\.plane)).sorted() {
            let own = info.components.filter { $0.plane == index }
            let unit = own.max { $0.step < $1.step }!
            // Packed 4:2:2: luma samples inside a chroma macropixel.
            let luma = own.first { $0.xSubsampling < unit.xSubsampling }
            planes.append(
                Plane(
                    index: index, unitBytes: unit.step, pixelsPerUnit: unit.xSubsampling,
                    rowsPerUnit: own.map(\.ySubsampling).max()!, macropixelLumaOffset: luma?.offset))
            var kinds: [FormatInfo.Component] = []
            for c in own where !kinds.contains(where: { sameGrid($0, c) }) { kinds.append(c) }
            kinds.sort { $0.xSubsampling < $1.xSubsampling }
            for kind in kinds {
                let members = own.filter { sameGrid($0, kind) }
                if kinds.count == 1 {
                    // The grid is the whole unit, alpha and padding bytes included.
                    grids.append(
                        SampleGrid(
                            plane: index, offset: 0, sampleStride: kind.step,
                            sampleBytes: Array(0..<kind.step), pixelsPerSample: kind.xSubsampling,
                            rowsPerSample: kind.ySubsampling, coding: info.coding, colours: members.map(\.offset).sorted()))
                    continue
                }
                let offset = members.map(\.offset).min()!
                let bytes = members.flatMap { c in (0..<info.coding.bytes).map { c.offset - offset + $0 } }
                grids.append(
                    SampleGrid(
                        plane: index, offset: offset, sampleStride: kind.step,
                        sampleBytes: bytes.sorted(), pixelsPerSample: kind.xSubsampling,
                        rowsPerSample: kind.ySubsampling, coding: info.coding,
                        colours: members.map { $0.offset - offset }.sorted()))
            }
        }
        return (planes, grids)
    }

    private static func sameGrid(_ a: FormatInfo.Component, _ b: FormatInfo.Component) -> Bool {
        a.step == b.step && a.xSubsampling == b.xSubsampling && a.ySubsampling == b.ySubsampling
    }
}
