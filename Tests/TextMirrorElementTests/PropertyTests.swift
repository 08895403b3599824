import CGStreamer
import CShim
import Testing
import TextMirrorCore
import TextMirrorTestSupport

/// The element's properties: defaults, refusal of malformed regions, and changes while PLAYING.
/// Frame checks use GRAY8, where the expected picture is easy to write down: each row's bytes.
@Suite struct PropertyTests {
    init() { GStreamer.setUp() }

    static var gray: VideoLayout { VideoLayout("GRAY8", width: 16, height: 6) }

    /// The rows of a GRAY8 picture with columns [x0, x1) of rows [y0, y1) reversed.
    static func grayMirrored(_ picture: PictureBytes, x0: Int, x1: Int, y0: Int = 0, y1: Int = 6) -> PictureBytes {
        var out = picture
        for y in y0..<y1 { out.planes[0][y].replaceSubrange(x0..<x1, with: picture.planes[0][y][x0..<x1].reversed()) }
        return out
    }

    /// Pushes a new patterned frame and returns it as it went in and as it came out.
    static func push(_ harness: Harness, _ layout: VideoLayout = gray, seed: UInt64) throws -> (
        input: PictureBytes, output: PictureBytes
    ) {
        let buffer = PatternBuffers.make(layout, seed: seed)
        let input = PictureBytes(buffer, layout)
        let output = try #require(harness.process(buffer))
        return (input, output.picture(layout))
    }

    @Test func defaults() throws {
        let element = try #require(gst_element_factory_make("textmirror", nil))
        defer { gst_object_unref(UnsafeMutableRawPointer(element)) }
        #expect(ObjectProperties.string(element, "regions") == nil)
        #expect(ObjectProperties.enumNick(element, "flip") == "horizontal")
        #expect(ObjectProperties.bool(element, "enabled"))
        #expect(ObjectProperties.bool(element, "detect"))
        #expect(ObjectProperties.bool(element, "tracking"))
        #expect(ObjectProperties.bool(element, "post-messages"))
        #expect(!ObjectProperties.bool(element, "draw-boxes"))
        #expect(ObjectProperties.bool(element, "verify"))
        #expect(ObjectProperties.bool(element, "seamless"))
        #expect(!ObjectProperties.bool(element, "vertical-text"))
        #expect(ObjectProperties.enumNick(element, "text-orientation") == "any")
        #expect(ObjectProperties.enumNick(element, "inference-precision") == "auto")
        #expect(ObjectProperties.double(element, "detection-rate") == 30)
        #expect(ObjectProperties.int(element, "detection-size") == 640)
        #expect(ObjectProperties.int(element, "parallel-detections") == 1)
        for name in [
            "regions", "flip", "enabled", "smoothing", "tracking", "hold-time", "draw-boxes",
            "post-messages", "detection-rate", "min-text-height", "verify", "text-orientation",
            "vertical-text", "seamless"
        ] {
            let spec = try #require(ObjectProperties.paramSpec(element, name))
            let flags = spec.pointee.flags.rawValue
            #expect(flags & G_PARAM_READWRITE.rawValue == G_PARAM_READWRITE.rawValue, "\(name) is not read-write")
            // GST_PARAM_MUTABLE_PLAYING is a macro Swift cannot import: 1 << (G_PARAM_USER_SHIFT + 4).
            #expect(flags & (1 << (UInt32(G_PARAM_USER_SHIFT) + 4)) != 0, "\(name) cannot change while PLAYING")
        }
    }

    /// Every numeric property's range and default is the table's (textmirror_properties), and
    /// the properties are installed in the one property order.
    @Test func rangesAndDefaultsComeFromTheTable() throws {
        let element = try #require(gst_element_factory_make("textmirror", nil))
        defer { gst_object_unref(UnsafeMutableRawPointer(element)) }
        let table = textmirror_properties().pointee
        let (defaults, minimum, maximum) = (table.defaults, table.minimum, table.maximum)
        let doubles: [(String, KeyPath<TextMirrorSettings, Double>)] = [
            ("detection-rate", \.detection_rate), ("text-threshold", \.text_threshold),
            ("box-threshold", \.box_threshold), ("min-text-height", \.min_text_height), ("smoothing", \.smoothing)
        ]
        for (name, field) in doubles {
            let spec = try #require(ObjectProperties.paramSpec(element, name))
            let d = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecDouble.self).pointee
            #expect(
                (d.minimum, d.maximum, d.default_value) == (minimum[keyPath: field], maximum[keyPath: field], defaults[keyPath: field]),
                "\(name)")
        }
        let ints: [(String, KeyPath<TextMirrorSettings, Int32>)] = [
            ("detection-size", \.detection_size), ("threads", \.threads), ("parallel-detections", \.parallel_detections)
        ]
        for (name, field) in ints {
            let spec = try #require(ObjectProperties.paramSpec(element, name))
            let i = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecInt.self).pointee
            #expect(
                (i.minimum, i.maximum, i.default_value) == (minimum[keyPath: field], maximum[keyPath: field], defaults[keyPath: field]),
                "\(name)")
        }
        let hold = try #require(ObjectProperties.paramSpec(element, "hold-time"))
        let u = UnsafeMutableRawPointer(hold).assumingMemoryBound(to: GParamSpecUInt.self).pointee
        #expect((u.minimum, u.maximum, u.default_value) == (minimum.hold_time, maximum.hold_time, defaults.hold_time))
        #expect((maximum.detection_size, defaults.hold_time, defaults.smoothing) == (4096, 500, 0.35))

        var count: guint = 0
        let klass = UnsafeMutableRawPointer(
            UnsafeMutableRawPointer(element).assumingMemoryBound(to: GTypeInstance.self)
                .pointee.g_class!
        ).assumingMemoryBound(to: GObjectClass.self)
        let specs = try #require(g_object_class_list_properties(klass, &count))
        defer { g_free(specs) }
        let own = (0..<Int(count)).compactMap { i -> String? in
            let spec = specs[i]!
            return spec.pointee.owner_type == klass.pointee.g_type_class.g_type
                ? String(cString: spec.pointee.name) : nil
        }
        #expect(
            own == [
                "regions", "flip", "enabled", "detect", "detector", "model", "verify", "text-orientation", "vertical-text",
                "seamless",
                "detection-mode", "detection-rate", "detection-size", "threads", "parallel-detections",
                "inference-precision",
                "text-threshold", "box-threshold", "min-text-height", "tracking", "smoothing", "hold-time",
                "post-messages", "draw-boxes"
            ])
    }

    /// The properties that choose and load the networks are read at start, and say so in their
    /// flags (GST_PARAM_MUTABLE_READY, which the setter reads): while the element runs they are
    /// refused, with a warning on the bus that says when they can change.
    @Test(arguments: [
        ("detect", "true", "false"), ("detection-size", "320", "640"), ("threads", "1", "0"),
        ("parallel-detections", "2", "1"), ("inference-precision", "f32", "auto"), ("model", "/elsewhere.onnx", "")
    ])
    func startOnlyPropertiesAreRefusedWhileRunning(_ name: String, _ value: String, _ unchanged: String) throws {
        let harness = Harness(textmirror("detect=false"), caps: Self.gray.caps)
        // GST_PARAM_MUTABLE_READY is a macro Swift cannot import: 1 << (G_PARAM_USER_SHIFT + 2).
        let spec = try #require(ObjectProperties.paramSpec(harness.element("mirror"), name))
        #expect(spec.pointee.flags.rawValue & (1 << (UInt32(G_PARAM_USER_SHIFT) + 2)) != 0, "\(name) is not READY-only")
        let bus = gst_bus_new()!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        gst_element_set_bus(harness.harness.pointee.element, bus)
        _ = try Self.push(harness, seed: 1)
        let mirror = harness.element("mirror")
        ObjectProperties.set(mirror, name, value)
        let now: String? =
            switch name {
            case "detect": String(ObjectProperties.bool(mirror, name))
            case "model": ObjectProperties.string(mirror, name) ?? ""
            case "inference-precision": ObjectProperties.enumNick(mirror, name)
            default: String(ObjectProperties.int(mirror, name))
            }
        #expect(now == unchanged)
        let warning = try #require(gst_bus_pop_filtered(bus, GST_MESSAGE_WARNING), "no warning for \(name)")
        defer { gst_message_unref(warning) }
        var error: UnsafeMutablePointer<GError>? = nil
        gst_message_parse_warning(warning, &error, nil)
        defer { g_error_free(error) }
        let text = error.map { String(cString: $0.pointee.message) } ?? ""
        #expect(text.contains("\"\(name)\"") && text.contains("stopped"), "\(text)")
        // Frames still flow.
        _ = try Self.push(harness, seed: 2)
    }

    /// The core's enums carry textmirror.h's values as their raw values, so no table maps
    /// between the two.
    @Test func swiftEnumsHoldTheCValues() {
        #expect(Flip.allCases.map(\.rawValue) == [TEXTMIRROR_FLIP_HORIZONTAL, TEXTMIRROR_FLIP_VERTICAL, TEXTMIRROR_FLIP_ROTATE_180].map(\.rawValue))
        #expect(
            TextOrientation.allCases.map(\.rawValue)
                == [TEXTMIRROR_TEXT_ORIENTATION_ANY, TEXTMIRROR_TEXT_ORIENTATION_NORMAL, TEXTMIRROR_TEXT_ORIENTATION_MIRRORED].map(\.rawValue))
        #expect(
            [DetectionMode.auto, .async, .sync].map(\.rawValue)
                == [TEXTMIRROR_DETECTION_AUTO, TEXTMIRROR_DETECTION_ASYNC, TEXTMIRROR_DETECTION_SYNC].map(\.rawValue))
        #expect(
            [DetectorChoice.auto, .tiny, .small].map(\.rawValue)
                == [TEXTMIRROR_DETECTOR_AUTO, TEXTMIRROR_DETECTOR_TINY, TEXTMIRROR_DETECTOR_SMALL].map(\.rawValue))
        #expect(
            [InferencePrecision.auto, .f32].map(\.rawValue)
                == [TEXTMIRROR_PRECISION_AUTO, TEXTMIRROR_PRECISION_F32].map(\.rawValue))
    }

    @Test func flipNamesRoundTrip() throws {
        let element = try #require(gst_element_factory_make("textmirror", nil))
        defer { gst_object_unref(UnsafeMutableRawPointer(element)) }
        for flip in FlipMode.allCases + [.horizontal] {
            ObjectProperties.set(element, "flip", flip.rawValue)
            #expect(ObjectProperties.enumNick(element, "flip") == flip.rawValue)
        }
    }

    @Test func regionsReadBackAsSetAndCanBeCleared() throws {
        let element = try #require(gst_element_factory_make("textmirror", nil))
        defer { gst_object_unref(UnsafeMutableRawPointer(element)) }
        ObjectProperties.set(element, "regions", "0.1,0.2,0.3,0.4;0.5,0.5,0.2,0.2,30")
        #expect(ObjectProperties.string(element, "regions") == "0.1,0.2,0.3,0.4;0.5,0.5,0.2,0.2,30")
        ObjectProperties.set(element, "regions", "")
        #expect(ObjectProperties.string(element, "regions") == "")
        ObjectProperties.set(element, "regions", "0,0,1,1")
        ObjectProperties.setNull(element, "regions")
        #expect(ObjectProperties.string(element, "regions") == nil)
    }

    static let malformed = ["0,0,1", "a,0,1,1", "0,0,0,1", "0,0,1,1;;0,0,1,1", "0,0,100,1", "0,0,1,1,1,1"]

    /// A malformed value is refused as a whole: the property reads back the old value, and
    /// frames are still mirrored with the old regions.
    @Test("Malformed regions keep the previous value", arguments: malformed)
    func malformedRegionsAreRefused(spec: String) throws {
        let harness = Harness(textmirror("regions=\"0,0,0.5,1\""), caps: Self.gray.caps)
        let mirror = harness.element("mirror")
        ObjectProperties.set(mirror, "regions", spec)
        #expect(ObjectProperties.string(mirror, "regions") == "0,0,0.5,1")
        let (input, output) = try Self.push(harness, seed: 1)
        #expect(output == Self.grayMirrored(input, x0: 0, x1: 8))
    }

    /// In a pipeline the refusal is reported on the bus as a warning that names the problem.
    @Test func malformedRegionsPostAWarningNamingTheProblem() throws {
        let pipeline = try Pipeline(
            "videotestsrc num-buffers=1 ! \(Self.gray.caps) ! \(textmirror("regions=0,0,1,1")) ! fakesink")
        let mirror = pipeline.element("mirror")
        ObjectProperties.set(mirror, "regions", "0,0,1,1;0,zero,1,1")
        #expect(ObjectProperties.string(mirror, "regions") == "0,0,1,1")
        let result = pipeline.run()
        #expect(result.errors.isEmpty && result.reachedEOS, "\(result.errors)")
        #expect(result.warnings.count == 1)
        let warning = result.warnings.first ?? ""
        #expect(
            warning.contains("regions") && warning.contains("region 2") && warning.contains("\"zero\" is not a number"),
            "\(warning)")
    }

    /// The boundary's validator: the same verdicts, with the explanation cut to the buffer.
    @Test func validatorExplainsAndTruncates() {
        var buffer = [CChar](repeating: 0x7F, count: 64)
        #expect(textmirror_regions_validate("0,0,1,1;0.5,0.5,0.1,0.1,45", &buffer, 64) == TEXTMIRROR_OK)
        #expect(textmirror_regions_validate(nil, &buffer, 64) == TEXTMIRROR_OK)
        #expect(textmirror_regions_validate("0,0,1,x", &buffer, 64) == TEXTMIRROR_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: buffer).hasPrefix("region 1: h \"x\" is not a number; expected a decimal number"))
        var small = [CChar](repeating: 0x7F, count: 9)
        #expect(textmirror_regions_validate("0,0,1,x", &small, 8) == TEXTMIRROR_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: small) == "region ")
        #expect(small[8] == 0x7F, "wrote past the given size")
        #expect(textmirror_regions_validate("0,0,1,x", nil, 0) == TEXTMIRROR_ERROR_INVALID_ARGUMENT)
    }

    /// With no regions set, frames come out as they went in.
    @Test func noRegionsMirrorNothing() throws {
        let harness = Harness(textmirror(), caps: Self.gray.caps)
        let (input, output) = try Self.push(harness, seed: 2)
        #expect(output == input)
    }

    /// enabled=false is passthrough: the very buffer that went in comes out, untouched, even
    /// when it is not writable (no copy is made).
    @Test func disabledPassesBuffersThrough() throws {
        for format in ["GRAY8", "I420", "YUY2"] {
            let layout = VideoLayout(format, width: 33, height: 9)
            let harness = Harness(textmirror("regions=0,0,1,1 enabled=false"), caps: layout.caps)
            let input = PatternBuffers.make(layout, seed: 3)
            let before = PatternBuffers.bytes(of: input)
            gst_buffer_ref(input)
            defer { gst_buffer_unref(input) }
            let output = try #require(harness.process(input))
            #expect(output.buffer == input, "\(format): passthrough made a new buffer")
            #expect(output.bytes == before, "\(format): passthrough changed the buffer")
        }
    }

    @Test func enabledCanBeToggledWhilePlaying() throws {
        let harness = Harness(textmirror("regions=0,0,1,1"), caps: Self.gray.caps)
        let mirror = harness.element("mirror")
        var (input, output) = try Self.push(harness, seed: 4)
        #expect(output == Self.grayMirrored(input, x0: 0, x1: 16))
        ObjectProperties.set(mirror, "enabled", "false")
        #expect(!ObjectProperties.bool(mirror, "enabled"))
        (input, output) = try Self.push(harness, seed: 5)
        #expect(output == input)
        ObjectProperties.set(mirror, "enabled", "true")
        (input, output) = try Self.push(harness, seed: 6)
        #expect(output == Self.grayMirrored(input, x0: 0, x1: 16))
    }

    /// flip set while PLAYING applies to the next buffer, checked against videoflip.
    @Test func flipChangesWhilePlaying() throws {
        let layout = VideoLayout("I420", width: 33, height: 9)
        let harness = Harness(textmirror("regions=0,0,1,1"), caps: layout.caps)
        let mirror = harness.element("mirror")
        for (seed, flip) in zip(UInt64(10)..., [FlipMode.horizontal, .vertical, .rotate180, .horizontal]) {
            ObjectProperties.set(mirror, "flip", flip.rawValue)
            let output = try #require(harness.process(PatternBuffers.make(layout, seed: seed)))
            let reference = try #require(videoflipped(layout, seed: seed, flip))
            #expect(output.picture(layout) == reference.picture(layout), "\(flip)")
        }
    }

    /// regions set while PLAYING apply to the next buffer.
    @Test func regionsChangeWhilePlaying() throws {
        let harness = Harness(textmirror(), caps: Self.gray.caps)
        let mirror = harness.element("mirror")
        var (input, output) = try Self.push(harness, seed: 20)
        #expect(output == input)
        ObjectProperties.set(mirror, "regions", "0,0,1,1")
        (input, output) = try Self.push(harness, seed: 21)
        #expect(output == Self.grayMirrored(input, x0: 0, x1: 16))
        ObjectProperties.set(mirror, "regions", "0.5,0,0.5,0.5")
        (input, output) = try Self.push(harness, seed: 22)
        #expect(output == Self.grayMirrored(input, x0: 8, x1: 16, y0: 0, y1: 3))
        ObjectProperties.set(mirror, "regions", "0,0,0.25,1;0.75,0,0.25,1")
        (input, output) = try Self.push(harness, seed: 23)
        #expect(output == Self.grayMirrored(Self.grayMirrored(input, x0: 0, x1: 4), x0: 12, x1: 16))
        ObjectProperties.set(mirror, "regions", "")
        (input, output) = try Self.push(harness, seed: 24)
        #expect(output == input)
    }

    /// Regions are fractions of the frame, so they follow a change of frame size mid-stream.
    @Test func regionsFollowACapsChange() throws {
        let harness = Harness(textmirror("regions=0,0,0.5,1"), caps: Self.gray.caps)
        var (input, output) = try Self.push(harness, seed: 30)
        #expect(output == Self.grayMirrored(input, x0: 0, x1: 8))
        let wide = VideoLayout("GRAY8", width: 40, height: 6)
        harness.setCaps(wide.caps)
        (input, output) = try Self.push(harness, wide, seed: 31)
        #expect(output == Self.grayMirrored(input, x0: 0, x1: 20))
    }
}
