import CGStreamer
import TextMirrorTestSupport

/// Where the planes of one raw video frame lie in a buffer, and which bytes of each row are
/// picture, worked out from GStreamer's own format description (`GstVideoFormatInfo`) rather
/// than from assumptions per format.
struct VideoLayout: CustomStringConvertible {
    let formatName: String
    let width: Int
    let height: Int
    let info: GstVideoInfo
    var offsets: [Int]
    var strides: [Int]
    var size: Int
    /// True when offsets or strides differ from GStreamer's default layout, which a buffer then
    /// has to announce with a `GstVideoMeta`.
    var isCustom = false

    init(_ formatName: String, width: Int, height: Int) {
        GStreamer.setUp()
        var info = GstVideoInfo()
        let format = gst_video_format_from_string(formatName)
        precondition(format != GST_VIDEO_FORMAT_UNKNOWN, "unknown format \(formatName)")
        precondition(gst_video_info_set_format(&info, format, guint(width), guint(height)) != 0)
        self.formatName = formatName
        self.width = width
        self.height = height
        self.info = info
        let planes = Int(info.finfo.pointee.n_planes)
        offsets = (0..<planes).map { tupleElement(info.offset, $0, as: Int.self) }
        strides = (0..<planes).map { Int(tupleElement(info.stride, $0, as: gint.self)) }
        size = Int(info.size)
    }

    var description: String { "\(formatName) \(width)x\(height)" + (isCustom ? " strides \(strides)" : "") }

    var caps: String { "video/x-raw,format=\(formatName),width=\(width),height=\(height),framerate=30/1" }

    var planeCount: Int { offsets.count }

    /// The same frame with `rowPadding` more bytes per row and `planeGap` unused bytes before
    /// each plane (and after the last).
    func padded(rowPadding: Int, planeGap: Int) -> VideoLayout {
        var layout = self
        var offset = planeGap
        for plane in 0..<planeCount {
            layout.strides[plane] = strides[plane] + rowPadding
            layout.offsets[plane] = offset
            offset += layout.strides[plane] * rows(plane: plane) + planeGap
        }
        layout.size = offset
        layout.isCustom = true
        return layout
    }

    private struct Component {
        let plane: Int, offset: Int, pixelStride: Int, wSub: Int, hSub: Int, bytes: Int
    }

    private var components: [Component] {
        let f = info.finfo.pointee
        return (0..<Int(f.n_components)).map { c in
            Component(
                plane: Int(tupleElement(f.plane, c, as: guint.self)),
                offset: Int(tupleElement(f.poffset, c, as: guint.self)),
                pixelStride: Int(tupleElement(f.pixel_stride, c, as: gint.self)),
                wSub: Int(tupleElement(f.w_sub, c, as: guint.self)),
                hSub: Int(tupleElement(f.h_sub, c, as: guint.self)),
                bytes: (Int(tupleElement(f.depth, c, as: guint.self)) + 7) / 8)
        }
    }

    /// GStreamer rounds subsampled sizes up (GST_VIDEO_SUB_SCALE).
    private func scaled(_ n: Int, _ sub: Int) -> Int { -((-n) >> sub) }

    func rows(plane: Int) -> Int {
        components.filter { $0.plane == plane }.map { scaled(height, $0.hSub) }.max() ?? 0
    }

    /// Bytes of a row that hold samples of real pixels. Where all samples of a plane share one
    /// pixel stride, whole pixels count (so RGBx's unused byte is compared too); in packed 4:2:2
    /// only the component bytes do, so the luma byte of the pixel an odd width lacks does not.
    func visibleOffsets(plane: Int) -> [Int] {
        let own = components.filter { $0.plane == plane }
        guard let first = own.first else { return [] }
        if own.allSatisfy({ $0.pixelStride == first.pixelStride && $0.wSub == first.wSub }) {
            return Array(0..<(scaled(width, first.wSub) * first.pixelStride))
        }
        var offsets = Set<Int>()
        for c in own {
            for x in 0..<scaled(width, c.wSub) {
                for k in 0..<c.bytes { offsets.insert(c.offset + x * c.pixelStride + k) }
            }
        }
        return offsets.sorted()
    }

    /// Bytes of a row up to the end of its last pixel (or macropixel): beyond is padding.
    func rowExtent(plane: Int) -> Int {
        components.filter { $0.plane == plane }.map { scaled(width, $0.wSub) * $0.pixelStride }.max() ?? 0
    }

    enum ByteRole { case picture, unusedInRow, padding }

    /// The role of every byte of a buffer with this layout.
    func roles() -> [ByteRole] {
        var roles = [ByteRole](repeating: .padding, count: size)
        for plane in 0..<planeCount {
            let visible = visibleOffsets(plane: plane)
            for row in 0..<rows(plane: plane) {
                let start = offsets[plane] + row * strides[plane]
                for i in 0..<rowExtent(plane: plane) { roles[start + i] = .unusedInRow }
                for i in visible { roles[start + i] = .picture }
            }
        }
        return roles
    }
}
