import CGStreamer
import Synchronization
import TextMirrorEvalCore

/// What the pad probes around the element saw, filled on the streaming thread and read on the
/// main thread after end-of-stream.
final class FrameCapture: Sendable {
    struct State {
        var input: RGBAPicture?
        var output: RGBAPicture?
        var mirrored: [RotatedBox] = []
        var frames = 0
        var failure: String?
    }

    let state = Mutex(State())

    /// Called by the probe on the element's sink pad: the frame before it is mirrored in place.
    func takeInput(_ pad: UnsafeMutablePointer<GstPad>, _ buffer: UnsafeMutablePointer<GstBuffer>) {
        let picture = Self.copyRGBA(pad, buffer)
        state.withLock { s in
            s.frames += 1
            // One picture gives one frame; anything after the first is ignored, not scored.
            guard s.frames == 1 else { return }
            switch picture {
            case .success(let p): s.input = p
            case .failure(let e): s.failure = e.description
            }
        }
    }

    /// Called by the probe on the element's src pad: the mirrored frame and its ROI metas.
    func takeOutput(_ pad: UnsafeMutablePointer<GstPad>, _ buffer: UnsafeMutablePointer<GstBuffer>) {
        let picture = Self.copyRGBA(pad, buffer)
        let boxes = Self.mirroredBoxes(buffer)
        state.withLock { s in
            guard s.output == nil, s.failure == nil else { return }
            switch picture {
            case .success(let p):
                s.output = p
                s.mirrored = boxes
            case .failure(let e): s.failure = e.description
            }
        }
    }

    /// The frame's pixels as RGBA, rows packed, read through the pad's caps and the buffer's
    /// video meta (so a padded stride is honoured). A frame in another format (--format) is
    /// converted by GStreamer's own converter, the same way before and after the element, so a
    /// pixel the element left alone comes out the same.
    static func copyRGBA(_ pad: UnsafeMutablePointer<GstPad>, _ buffer: UnsafeMutablePointer<GstBuffer>)
        -> Result<RGBAPicture, ToolError>
    {
        guard let caps = gst_pad_get_current_caps(pad) else { return .failure(ToolError("frame without caps")) }
        defer { gst_caps_unref(caps) }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return .failure(ToolError("frame caps are not video")) }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else {
            return .failure(ToolError("could not map a frame"))
        }
        defer { gst_video_frame_unmap(&frame) }
        guard info.finfo.pointee.format != GST_VIDEO_FORMAT_RGBA else { return packedRows(of: &frame) }
        var rgba = GstVideoInfo()
        guard gst_video_info_set_format(&rgba, GST_VIDEO_FORMAT_RGBA, UInt32(info.width), UInt32(info.height)) != 0,
            let converter = gst_video_converter_new(&info, &rgba, nil)
        else {
            return .failure(ToolError("no conversion of the element's frames to RGBA"))
        }
        defer { gst_video_converter_free(converter) }
        guard let converted = gst_buffer_new_allocate(nil, rgba.size, nil) else {
            return .failure(ToolError("no memory for an RGBA copy of the frame"))
        }
        defer { gst_buffer_unref(converted) }
        var out = GstVideoFrame()
        guard gst_video_frame_map(&out, &rgba, converted, GST_MAP_WRITE) != 0 else {
            return .failure(ToolError("could not map the RGBA copy"))
        }
        defer { gst_video_frame_unmap(&out) }
        gst_video_converter_frame(converter, &frame, &out)
        return packedRows(of: &out)
    }

    /// A mapped RGBA frame's pixels, rows packed.
    private static func packedRows(of frame: inout GstVideoFrame) -> Result<RGBAPicture, ToolError> {
        let width = Int(frame.info.width), height = Int(frame.info.height)
        let stride = Int(tupleElement(frame.info.stride, 0, as: Int32.self))
        guard let data = tupleElement(frame.data, 0, as: UnsafeMutableRawPointer?.self) else {
            return .failure(ToolError("a mapped frame without data"))
        }
        let rowBytes = width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height {
                (out.baseAddress! + y * rowBytes).copyMemory(from: data + y * stride, byteCount: rowBytes)
            }
        }
        return .success(RGBAPicture(width: width, height: height, pixels: pixels))
    }

    /// The boxes the element mirrored in this frame: its `text` ROI metas, each the bounding box
    /// of a rotated rectangle whose angle is in the meta's `textmirror` parameter.
    static func mirroredBoxes(_ buffer: UnsafeMutablePointer<GstBuffer>) -> [RotatedBox] {
        var boxes: [RotatedBox] = []
        var state: gpointer? = nil
        let textType = g_quark_from_static_string("text")
        while let meta = gst_buffer_iterate_meta_filtered(
            buffer, &state, gst_video_region_of_interest_meta_api_get_type())
        {
            let roi = UnsafeMutableRawPointer(meta).assumingMemoryBound(to: GstVideoRegionOfInterestMeta.self)
            guard roi.pointee.roi_type == textType else { continue }
            var angle = 0.0
            var text: String?
            var mirrored: Bool?
            if let param = gst_video_region_of_interest_meta_get_param(roi, "textmirror") {
                _ = gst_structure_get_double(param, "angle", &angle)
                text = gst_structure_get_string(param, "text").map { String(cString: $0) }
                var flag: gboolean = 0
                if gst_structure_get_boolean(param, "mirrored", &flag) != 0 { mirrored = flag != 0 }
            }
            var box = RotatedBox(
                boundingX: Double(roi.pointee.x), y: Double(roi.pointee.y),
                width: Double(roi.pointee.w), height: Double(roi.pointee.h), angle: angle)
            box.text = text
            box.mirrored = mirrored
            boxes.append(box)
        }
        return boxes
    }
}
