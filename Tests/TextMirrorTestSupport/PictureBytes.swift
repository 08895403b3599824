import CGStreamer

/// The bytes of a frame (in GStreamer's default layout for its format and size) that hold
/// samples of real pixels, component by component: row padding, the unused byte of RGBx-like
/// formats and the luma byte an odd-width 4:2:2 row lacks are left out, since two elements need
/// not agree on those.
public func pictureBytes(_ bytes: [UInt8], format: String, width: Int, height: Int) -> [UInt8] {
    GStreamer.setUp()
    var info = GstVideoInfo()
    precondition(
        gst_video_info_set_format(&info, gst_video_format_from_string(format), guint(width), guint(height)) != 0)
    precondition(bytes.count == Int(info.size), "\(format) \(width)x\(height): \(bytes.count) bytes")
    let f = info.finfo.pointee
    func scaled(_ n: Int, _ sub: Int) -> Int { -((-n) >> sub) }  // GStreamer rounds up
    var out: [UInt8] = []
    for c in 0..<Int(f.n_components) {
        let plane = Int(tupleElement(f.plane, c, as: guint.self))
        let poffset = Int(tupleElement(f.poffset, c, as: guint.self))
        let pixelStride = Int(tupleElement(f.pixel_stride, c, as: gint.self))
        let wSub = Int(tupleElement(f.w_sub, c, as: guint.self)), hSub = Int(tupleElement(f.h_sub, c, as: guint.self))
        let sampleBytes = (Int(tupleElement(f.depth, c, as: guint.self)) + 7) / 8
        let base = tupleElement(info.offset, plane, as: Int.self)
        let stride = Int(tupleElement(info.stride, plane, as: gint.self))
        for y in 0..<scaled(height, hSub) {
            for x in 0..<scaled(width, wSub) {
                let at = base + y * stride + poffset + x * pixelStride
                out.append(contentsOf: bytes[at..<(at + sampleBytes)])
            }
        }
    }
    return out
}

/// How many bytes differ (and, when the lengths differ, the excess counts too).
public func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(abs(a.count - b.count)) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}
