import CShim
import Synchronization
import TextMirrorCore

extension MirrorEngine.Settings {
    /// Takes the values of a C settings struct. A regions value the parser refuses keeps the
    /// previous regions (the element has already warned about it) and reports
    /// TEXTMIRROR_ERROR_INVALID_ARGUMENT; everything else is applied regardless.
    mutating func apply(_ c: TextMirrorSettings) -> TextMirrorStatus {
        var status = TEXTMIRROR_OK
        if case .success(let regions) = ParsedRegions.parse(c.regions) {
            self.regions = regions
        } else {
            status = TEXTMIRROR_ERROR_INVALID_ARGUMENT
        }
        flip = BoundaryEnums.flip.swift(c.flip)
        detect = c.detect != 0
        verify = c.verify != 0
        textOrientation = BoundaryEnums.textOrientation.swift(c.text_orientation)
        verticalText = c.vertical_text != 0
        seamless = c.seamless != 0
        mode = BoundaryEnums.detectionMode.swift(c.detection_mode)
        if c.detection_rate.isFinite, c.detection_rate > 0 { rate = c.detection_rate }
        thresholds = DetectionThresholds(text: c.text_threshold, box: c.box_threshold)
        if c.min_text_height.isFinite { minTextHeight = ElementProperties.minTextHeight.clamped(c.min_text_height) }
        tracking = c.tracking != 0
        if c.smoothing.isFinite { smoothing = ElementProperties.smoothing.clamped(c.smoothing) }
        holdTime = Double(max(c.hold_time, 0))
        drawBoxes = c.draw_boxes != 0
        return status
    }
}

/// The `regions` string, parsed once per value: the check when the property is set
/// (textmirror_regions_validate) and every settings update after it share the result.
enum ParsedRegions {
    private static let last = Mutex<(spec: String, result: Result<[MirrorRegion], RegionSpec.ParseError>)?>(nil)

    static func parse(_ spec: UnsafePointer<CChar>?) -> Result<[MirrorRegion], RegionSpec.ParseError> {
        let text = spec.map { String(cString: $0) } ?? ""
        if let cached = last.withLock({ $0 }), cached.spec == text { return cached.result }
        let result = Result { () throws(RegionSpec.ParseError) in try RegionSpec.parse(text) }
        last.withLock { $0 = (text, result) }
        return result
    }
}

/// A C enum's values beside the Swift enum's, read in both directions from one table. A C
/// value the table lacks reads as its first row, the property's default.
struct EnumMapping<C: Equatable & Sendable, S: Equatable & Sendable>: Sendable {
    let rows: [(c: C, swift: S)]

    func swift(_ c: C) -> S { rows.first { $0.c == c }?.swift ?? rows[0].swift }
    func c(_ swift: S) -> C { rows.first { $0.swift == swift }?.c ?? rows[0].c }
}

/// The enums of textmirror.h beside the core's.
enum BoundaryEnums {
    static let flip = EnumMapping<TextMirrorFlip, Flip>(rows: [
        (TEXTMIRROR_FLIP_HORIZONTAL, .horizontal), (TEXTMIRROR_FLIP_VERTICAL, .vertical),
        (TEXTMIRROR_FLIP_ROTATE_180, .rotate180)
    ])
    static let textOrientation = EnumMapping<TextMirrorTextOrientation, TextOrientation>(rows: [
        (TEXTMIRROR_TEXT_ORIENTATION_ANY, .any), (TEXTMIRROR_TEXT_ORIENTATION_NORMAL, .normal),
        (TEXTMIRROR_TEXT_ORIENTATION_MIRRORED, .mirrored)
    ])
    static let detectionMode = EnumMapping<TextMirrorDetectionMode, DetectionMode>(rows: [
        (TEXTMIRROR_DETECTION_AUTO, .auto), (TEXTMIRROR_DETECTION_ASYNC, .async),
        (TEXTMIRROR_DETECTION_SYNC, .sync)
    ])
    static let detector = EnumMapping<TextMirrorDetectorChoice, DetectorChoice>(rows: [
        (TEXTMIRROR_DETECTOR_AUTO, .auto), (TEXTMIRROR_DETECTOR_TINY, .tiny), (TEXTMIRROR_DETECTOR_SMALL, .small)
    ])
    static let precision = EnumMapping<TextMirrorPrecision, ElementProperties.InferencePrecision>(rows: [
        (TEXTMIRROR_PRECISION_AUTO, .auto), (TEXTMIRROR_PRECISION_F32, .f32)
    ])
}

extension SessionSettings {
    init?(_ c: TextMirrorSettings) {
        var engine = MirrorEngine.Settings()
        guard engine.apply(c) == TEXTMIRROR_OK else { return nil }
        self.init(
            engine: engine,
            detector: DetectorConfiguration(
                modelPath: c.model.map { String(cString: $0) },
                choice: BoundaryEnums.detector.swift(c.detector),
                detectionSize: Int(c.detection_size),
                threads: Int(c.threads),
                parallelDetections: Int(c.parallel_detections),
                precision: BoundaryEnums.precision.c(BoundaryEnums.precision.swift(c.precision))))
    }
}

extension TextMirrorProperties {
    /// `ElementProperties` as textmirror.h carries it.
    static func fromElementProperties() -> TextMirrorProperties {
        typealias P = ElementProperties
        var table = TextMirrorProperties()
        table.defaults = TextMirrorSettings(
            regions: nil, flip: BoundaryEnums.flip.c(P.flip), detect: P.detect ? 1 : 0,
            detector: BoundaryEnums.detector.c(P.detector), model: nil,
            verify: P.verify ? 1 : 0, text_orientation: BoundaryEnums.textOrientation.c(P.textOrientation),
            vertical_text: P.verticalText ? 1 : 0,
            seamless: P.seamless ? 1 : 0, detection_mode: BoundaryEnums.detectionMode.c(P.detectionMode),
            detection_rate: P.detectionRate.defaultValue, detection_size: Int32(P.detectionSize.defaultValue),
            threads: Int32(P.threads.defaultValue),
            parallel_detections: Int32(P.parallelDetections.defaultValue),
            precision: BoundaryEnums.precision.c(P.inferencePrecision),
            text_threshold: P.textThreshold.defaultValue, box_threshold: P.boxThreshold.defaultValue,
            min_text_height: P.minTextHeight.defaultValue, tracking: P.tracking ? 1 : 0,
            smoothing: P.smoothing.defaultValue, hold_time: Int32(P.holdTime.defaultValue),
            draw_boxes: P.drawBoxes ? 1 : 0)
        table.enabled = P.enabled ? 1 : 0
        table.post_messages = P.postMessages ? 1 : 0
        table.detection_rate = TextMirrorRange(P.detectionRate)
        table.detection_size = TextMirrorRange(P.detectionSize)
        table.threads = TextMirrorRange(P.threads)
        table.parallel_detections = TextMirrorRange(P.parallelDetections)
        table.text_threshold = TextMirrorRange(P.textThreshold)
        table.box_threshold = TextMirrorRange(P.boxThreshold)
        table.min_text_height = TextMirrorRange(P.minTextHeight)
        table.smoothing = TextMirrorRange(P.smoothing)
        table.hold_time = TextMirrorRange(P.holdTime)
        return table
    }
}

extension TextMirrorRange {
    init(_ limits: ElementProperties.Limits<Double>) {
        self.init(minimum: limits.minimum, maximum: limits.maximum)
    }

    init(_ limits: ElementProperties.Limits<Int>) {
        self.init(minimum: Double(limits.minimum), maximum: Double(limits.maximum))
    }
}

extension FrameStamp {
    init(_ c: TextMirrorTimestamps) {
        func known(_ t: UInt64) -> UInt64? { t == TEXTMIRROR_TIME_NONE ? nil : t }
        self.init(
            pts: known(c.pts), duration: known(c.duration),
            streamTime: known(c.stream_time), runningTime: known(c.running_time))
    }
}

extension TextMirrorTimestamps {
    init(_ stamp: FrameStamp) {
        self.init(
            pts: stamp.pts ?? TEXTMIRROR_TIME_NONE, duration: stamp.duration ?? TEXTMIRROR_TIME_NONE,
            stream_time: stamp.streamTime ?? TEXTMIRROR_TIME_NONE,
            running_time: stamp.runningTime ?? TEXTMIRROR_TIME_NONE)
    }
}

extension TextMirrorFrameResult {
    /// `report` of a `frameWidth` x `frameHeight` frame, for the element to post.
    mutating func fill(from report: MirrorEngine.FrameReport, frameWidth: Int, frameHeight: Int) {
        let frame = (width: frameWidth, height: frameHeight)
        n_mirrored = Self.copy(report.mirrored.map { ($0.text, $0.fresh) }, in: frame, into: &mirrored)
        has_detection = report.detection == nil ? 0 : 1
        detection_time = TextMirrorTimestamps(report.detection?.stamp ?? FrameStamp())
        // What the detector found is fresh by definition.
        n_detected = Self.copy((report.detection?.boxes ?? []).map { ($0, true) }, in: frame, into: &detected)
        Self.copy(report.warning ?? "", into: &warning)
    }

    /// Copies up to TEXTMIRROR_MAX_BOXES boxes into one of the fixed C arrays (imported as a
    /// tuple); returns how many were copied.
    private static func copy<Tuple>(
        _ boxes: [(text: TextBox, fresh: Bool)], in frame: (width: Int, height: Int),
        into storage: inout Tuple
    ) -> Int32 {
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
                let bounds = text.box.boundingRect(frameWidth: frame.width, frameHeight: frame.height)
                box.bounds_x = UInt32(bounds.x0)
                box.bounds_y = UInt32(bounds.y0)
                box.bounds_width = UInt32(max(bounds.x1 - bounds.x0, 0))
                box.bounds_height = UInt32(max(bounds.y1 - bounds.y0, 0))
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
