import CGStreamer
import Glibc

/// Guards against timing the wrong thing: a textmirror that silently did nothing (say, the
/// regions were not applied) would look wonderfully fast. A full-frame region must give
/// exactly videoflip's picture (the correctness reference), so one comparison per format
/// proves the timed work was the real mirror.
enum OutputChecks {
    /// True when the two frames hold the same bytes in every visible row of every plane (row
    /// padding may differ between buffer pools and is ignored).
    static func samePicture(
        _ a: UnsafeMutablePointer<GstBuffer>, _ b: UnsafeMutablePointer<GstBuffer>, info: GstVideoInfo
    ) -> Bool {
        var info = info
        var frameA = GstVideoFrame()
        var frameB = GstVideoFrame()
        guard gst_video_frame_map(&frameA, &info, a, GST_MAP_READ) != 0 else { return false }
        defer { gst_video_frame_unmap(&frameA) }
        guard gst_video_frame_map(&frameB, &info, b, GST_MAP_READ) != 0 else { return false }
        defer { gst_video_frame_unmap(&frameB) }

        for plane in 0..<Int(info.finfo.pointee.n_planes) {
            let (rowBytes, rows) = visibleExtent(plane: plane, info: info)
            guard let baseA = tupleElement(frameA.data, plane, as: UnsafeMutableRawPointer?.self),
                let baseB = tupleElement(frameB.data, plane, as: UnsafeMutableRawPointer?.self)
            else { return false }
            let strideA = Int(tupleElement(frameA.info.stride, plane, as: Int32.self))
            let strideB = Int(tupleElement(frameB.info.stride, plane, as: Int32.self))
            for y in 0..<rows where memcmp(baseA + y * strideA, baseB + y * strideB, rowBytes) != 0 {
                return false
            }
        }
        return true
    }

    /// Bytes per row and number of rows that carry pixels in `plane`, from the first component
    /// stored there (pixel stride x subsampled width, as GStreamer's own frame copy does).
    private static func visibleExtent(plane: Int, info: GstVideoInfo) -> (rowBytes: Int, rows: Int) {
        let format = info.finfo.pointee
        for component in 0..<Int(format.n_components)
        where Int(tupleElement(format.plane, component, as: UInt32.self)) == plane {
            let wSub = Int(tupleElement(format.w_sub, component, as: UInt32.self))
            let hSub = Int(tupleElement(format.h_sub, component, as: UInt32.self))
            let pixelStride = Int(tupleElement(format.pixel_stride, component, as: Int32.self))
            // GST_VIDEO_SUB_SCALE: subsampled sizes round up.
            let width = -((-Int(info.width)) >> wSub)
            let height = -((-Int(info.height)) >> hSub)
            return (width * pixelStride, height)
        }
        return (0, 0)
    }
}
