import CShim
import Synchronization
import TextMirrorCore

/// How each property of textmirror.h's TEXTMIRROR_PROPERTIES crosses into Swift: its member of
/// `TextMirrorSettings` and the `SessionSettings` field that holds it. One row per property, in
/// the element's property order. The default (and, for numbers, the range) is the field's own,
/// written once where the field is declared; `textmirror_properties` (the table the C element
/// installs its param specs from) and every settings hand-over (`SessionSettings.apply`) are
/// read from these rows.
struct PropertyBinding {
    typealias C = TextMirrorSettings
    typealias S = SessionSettings

    /// Writes the default (and the bounds) into the table.
    let export: (inout TextMirrorProperties) -> Void
    /// Takes the value from the C settings; false when it is refused (a malformed regions value,
    /// which leaves the previous regions).
    let apply: (C, inout S) -> Bool

    static var rows: [PropertyBinding] {
        [
            .regions(\.regions, \.engine.regions),
            .choice(\.flip, \.engine.flip),
            .flag(\.enabled, \.enabled),
            .flag(\.detect, \.engine.detect),
            .choice(\.detector, \.detector.choice),
            .path(\.model, \.detector.modelPath),
            .flag(\.verify, \.engine.verify),
            .choice(\.text_orientation, \.engine.textOrientation),
            .flag(\.vertical_text, \.engine.verticalText),
            .flag(\.seamless, \.engine.seamless),
            .choice(\.detection_mode, \.engine.detectionMode),
            .number(\.detection_rate, \.engine.$detectionRate),
            .number(\.detection_size, \.detector.$detectionSize),
            .number(\.threads, \.detector.$threads),
            .number(\.parallel_detections, \.detector.$parallelDetections),
            .choice(\.inference_precision, \.detector.inferencePrecision),
            .number(\.text_threshold, \.engine.thresholds.$text),
            .number(\.box_threshold, \.engine.thresholds.$box),
            .number(\.min_text_height, \.engine.$minTextHeight),
            .flag(\.tracking, \.engine.tracking),
            .number(\.smoothing, \.engine.$smoothing),
            .number(\.hold_time, \.engine.$holdTime),
            .flag(\.post_messages, \.postMessages),
            .flag(\.draw_boxes, \.engine.drawBoxes)
        ]
    }

    /// Where each default is read: the settings the element starts with.
    private static let defaults = S()

    /// A boolean: nonzero in C.
    static func flag(_ c: WritableKeyPath<C, Int32>, _ swift: WritableKeyPath<S, Bool>) -> Self {
        Self(
            export: { $0.defaults[keyPath: c] = defaults[keyPath: swift] ? 1 : 0 },
            apply: { from, to in
                to[keyPath: swift] = from[keyPath: c] != 0
                return true
            })
    }

    /// An enum: the Swift enum's raw values are the C values (a value C does not name reads
    /// as the default).
    static func choice<CEnum: RawRepresentable, SwiftEnum: RawRepresentable>(
        _ c: WritableKeyPath<C, CEnum>, _ swift: WritableKeyPath<S, SwiftEnum>
    ) -> Self where CEnum.RawValue == SwiftEnum.RawValue {
        Self(
            export: { $0.defaults[keyPath: c] = CEnum(rawValue: defaults[keyPath: swift].rawValue)! },
            apply: { from, to in
                to[keyPath: swift] = SwiftEnum(rawValue: from[keyPath: c].rawValue) ?? defaults[keyPath: swift]
                return true
            })
    }

    /// A number within its field's range (`Bounded` brings a value into it and keeps the
    /// previous one for a NaN); C and Swift may hold it in different number types.
    private static func number<CNumber, SwiftNumber: Comparable & Sendable>(
        _ c: WritableKeyPath<C, CNumber>, _ swift: WritableKeyPath<S, Bounded<SwiftNumber>>,
        toC: @escaping (SwiftNumber) -> CNumber, fromC: @escaping (CNumber) -> SwiftNumber
    ) -> Self {
        Self(
            export: { table in
                let field = defaults[keyPath: swift]
                table.defaults[keyPath: c] = toC(field.wrappedValue)
                table.minimum[keyPath: c] = toC(field.range.lowerBound)
                table.maximum[keyPath: c] = toC(field.range.upperBound)
            },
            apply: { from, to in
                to[keyPath: swift].wrappedValue = fromC(from[keyPath: c])
                return true
            })
    }

    static func number<CNumber: BinaryInteger, SwiftNumber: BinaryInteger & Sendable>(
        _ c: WritableKeyPath<C, CNumber>, _ swift: WritableKeyPath<S, Bounded<SwiftNumber>>
    ) -> Self {
        number(c, swift, toC: { CNumber($0) }, fromC: { SwiftNumber(clamping: $0) })
    }

    static func number<CNumber: BinaryInteger>(
        _ c: WritableKeyPath<C, CNumber>, _ swift: WritableKeyPath<S, Bounded<Double>>
    ) -> Self {
        number(c, swift, toC: { CNumber($0) }, fromC: { Double($0) })
    }

    static func number(_ c: WritableKeyPath<C, Double>, _ swift: WritableKeyPath<S, Bounded<Double>>) -> Self {
        number(c, swift, toC: { $0 }, fromC: { $0 })
    }

    /// A file path; NULL (the default) is none.
    static func path(_ c: KeyPath<C, UnsafePointer<CChar>?>, _ swift: WritableKeyPath<S, String?>) -> Self {
        Self(
            export: { _ in },
            apply: { from, to in
                to[keyPath: swift] = from[keyPath: c].map { String(cString: $0) }
                return true
            })
    }

    /// The regions; NULL (the default) is none. A value the parser refuses keeps the previous
    /// regions (the element has already warned about it).
    static func regions(_ c: KeyPath<C, UnsafePointer<CChar>?>, _ swift: WritableKeyPath<S, [MirrorRegion]>) -> Self {
        Self(
            export: { _ in },
            apply: { from, to in
                guard case .success(let regions) = ParsedRegions.parse(from[keyPath: c]) else { return false }
                to[keyPath: swift] = regions
                return true
            })
    }
}

extension SessionSettings {
    /// Takes every value of a C settings struct. A regions value the parser refuses keeps the
    /// previous regions and reports TEXTMIRROR_ERROR_INVALID_ARGUMENT; everything else is
    /// applied regardless.
    mutating func apply(_ c: TextMirrorSettings) -> TextMirrorStatus {
        var status = TEXTMIRROR_OK
        for row in PropertyBinding.rows where !row.apply(c, &self) {
            status = TEXTMIRROR_ERROR_INVALID_ARGUMENT
        }
        return status
    }

    init?(_ c: TextMirrorSettings) {
        self.init()
        guard apply(c) == TEXTMIRROR_OK else { return nil }
    }
}

extension TextMirrorProperties {
    /// Every property's default and range, as textmirror.h carries them.
    static func fromSettingsDefaults() -> TextMirrorProperties {
        var table = TextMirrorProperties()
        for row in PropertyBinding.rows { row.export(&table) }
        return table
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
