import CShim
import TextMirrorCore

extension MirrorEngine.Settings {
    /// Takes the values of a C settings struct. A regions value the parser refuses keeps the
    /// previous regions (the element has already warned about it) and reports
    /// TEXTMIRROR_ERROR_INVALID_ARGUMENT; everything else is applied regardless.
    mutating func apply(_ c: TextMirrorSettings) -> TextMirrorStatus {
        var status = TEXTMIRROR_OK
        if let regions = try? RegionSpec.parse(c.regions.map { String(cString: $0) } ?? "") {
            self.regions = regions
        } else {
            status = TEXTMIRROR_ERROR_INVALID_ARGUMENT
        }
        switch c.flip {
        case TEXTMIRROR_FLIP_VERTICAL: flip = .vertical
        case TEXTMIRROR_FLIP_ROTATE_180: flip = .rotate180
        default: flip = .horizontal
        }
        detect = c.detect != 0
        switch c.detection_mode {
        case TEXTMIRROR_DETECTION_ASYNC: mode = .async
        case TEXTMIRROR_DETECTION_SYNC: mode = .sync
        default: mode = .auto
        }
        if c.detection_rate.isFinite, c.detection_rate > 0 { rate = c.detection_rate }
        if c.min_text_height.isFinite { minTextHeight = min(max(c.min_text_height, 0), 1) }
        thresholds = DetectionThresholds(text: c.text_threshold, box: c.box_threshold)
        if c.smoothing.isFinite { smoothing = min(max(c.smoothing, 0), 1) }
        tracking = c.tracking != 0
        drawBoxes = c.draw_boxes != 0
        holdTime = Double(max(c.hold_time, 0))
        verify = c.verify != 0
        switch c.text_orientation {
        case TEXTMIRROR_TEXT_ORIENTATION_NORMAL: textOrientation = .normal
        case TEXTMIRROR_TEXT_ORIENTATION_MIRRORED: textOrientation = .mirrored
        default: textOrientation = .any
        }
        seamless = c.seamless != 0
        return status
    }
}

extension SessionSettings {
    init?(_ c: TextMirrorSettings) {
        var engine = MirrorEngine.Settings()
        guard engine.apply(c) == TEXTMIRROR_OK else { return nil }
        self.init(engine: engine, detector: DetectorConfiguration(
            modelPath: c.model.map { String(cString: $0) },
            inputLongSide: Int(c.detection_size),
            threads: Int(c.threads),
            precision: c.precision == TEXTMIRROR_PRECISION_F32 ? TEXTMIRROR_PRECISION_F32 : TEXTMIRROR_PRECISION_AUTO))
    }
}

extension FrameStamp {
    init(_ c: TextMirrorTimestamps) {
        func known(_ t: UInt64) -> UInt64? { t == TEXTMIRROR_TIME_NONE ? nil : t }
        self.init(pts: known(c.pts), duration: known(c.duration),
                  streamTime: known(c.stream_time), runningTime: known(c.running_time))
    }
}

extension TextMirrorTimestamps {
    init(_ stamp: FrameStamp) {
        self.init(pts: stamp.pts ?? TEXTMIRROR_TIME_NONE, duration: stamp.duration ?? TEXTMIRROR_TIME_NONE,
                  stream_time: stamp.streamTime ?? TEXTMIRROR_TIME_NONE,
                  running_time: stamp.runningTime ?? TEXTMIRROR_TIME_NONE)
    }
}

extension TextMirrorFrameResult {
    mutating func fill(from report: MirrorEngine.FrameReport) {
        n_mirrored = Self.copy(report.mirrored.map { ($0.text, $0.fresh) }, into: &mirrored)
        has_detection = report.detection == nil ? 0 : 1
        detection_time = TextMirrorTimestamps(report.detection?.stamp ?? FrameStamp())
        // What the detector found is fresh by definition.
        n_detected = Self.copy((report.detection?.boxes ?? []).map { ($0, true) }, into: &detected)
    }

    /// Copies up to TEXTMIRROR_MAX_BOXES boxes into one of the fixed C arrays (imported as a
    /// tuple); returns how many were copied.
    private static func copy<Tuple>(_ boxes: [(text: TextBox, fresh: Bool)], into storage: inout Tuple) -> Int32 {
        let capacity = Int(TEXTMIRROR_MAX_BOXES)
        let count = min(boxes.count, capacity)
        withUnsafeMutableBytes(of: &storage) { raw in
            let slots = raw.bindMemory(to: TextMirrorBox.self)
            precondition(slots.count == capacity, "TextMirrorFrameResult layout changed")
            for (i, (text, fresh)) in boxes.prefix(count).enumerated() {
                var box = TextMirrorBox()
                box.center_x = text.box.centerX
                box.center_y = text.box.centerY
                box.width = text.box.width
                box.height = text.box.height
                box.angle = text.box.angle
                box.score = text.score
                box.fresh = fresh ? 1 : 0
                if let reading = text.reading {
                    box.read = 1
                    box.text_score = reading.score
                    box.mirrored = reading.mirrored ? 1 : 0
                    Self.copy(reading.text, into: &box.text)
                }
                slots[i] = box
            }
        }
        return Int32(count)
    }

    /// Copies `text` as NUL-terminated UTF-8 into a fixed C array, cut at a character
    /// boundary when it does not fit.
    private static func copy<Tuple>(_ text: String, into storage: inout Tuple) {
        withUnsafeMutableBytes(of: &storage) { raw in
            var length = 0
            for character in text {
                let bytes = character.utf8.count
                guard length + bytes < raw.count else { break }
                for byte in character.utf8 {
                    raw[length] = byte
                    length += 1
                }
            }
            raw[length] = 0
        }
    }
}
