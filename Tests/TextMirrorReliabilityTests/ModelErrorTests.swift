import CGStreamer
import Foundation
import TextMirrorCore
import Testing
import TextMirrorTestSupport

/// A model that is missing, damaged or of another network: the element fails at start with an
/// element error that names the file and says how to fetch the model, and the pipeline fails
/// cleanly (no frame processed, no crash, back to NULL without trouble).
@Suite struct ModelErrorTests {
    init() { GStreamer.setUp() }

    static let fetchCommand = "scripts/fetch-model.sh"

    /// Runs `body` with a folder of its own for the bad files of one test, removed afterwards.
    static func withScratchDirectory(_ body: (String) throws -> Void) throws {
        var template = Array("\(NSTemporaryDirectory())/textmirror-model-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil, "mkdtemp failed")
        let directory = String(cString: template)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Runs `videotestsrc ! textmirror model=PATH ! fakesink` and returns the bus's log.
    static func run(model path: String, extra: String = "") throws -> (BusLog, buffers: Int) {
        let pipeline = try LivePipeline(
            """
            videotestsrc num-buffers=3 ! \(Frame.caps("I420", 64, 48)) \
            ! textmirror name=m model="\(path)" \(extra) ! fakesink name=sink signal-handoffs=true
            """)
        let sink = pipeline.watch("sink")
        let log = pipeline.run(timeout: 30)
        return (log, sink.buffers)
    }

    static func expectCleanFailure(
        _ log: BusLog, buffers: Int, naming path: String, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!log.reachedEOS, "\(what): the pipeline ran", sourceLocation: sourceLocation)
        #expect(buffers == 0, "\(what): \(buffers) frames got through", sourceLocation: sourceLocation)
        #expect(log.errors.count == 1, "\(what): \(log.errors)", sourceLocation: sourceLocation)
        let error = log.errors.first ?? ""
        #expect(error.contains("Could not start textmirror"), "\(what): \(error)", sourceLocation: sourceLocation)
        #expect(
            error.contains(path), "\(what): the error does not name \(path): \(error)", sourceLocation: sourceLocation)
        #expect(
            error.contains(fetchCommand), "\(what): the error does not say how to fetch the model: \(error)",
            sourceLocation: sourceLocation)
    }

    @Test("Missing model file")
    func missing() throws {
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/no-such-model.onnx"
            let (log, buffers) = try Self.run(model: path)
            Self.expectCleanFailure(log, buffers: buffers, naming: path, "missing")
            #expect(log.errors.first?.contains("No such file") == true, "\(log.errors)")
        }
    }

    @Test("A folder where the model should be, and an empty file")
    func folderAndEmptyFile() throws {
        try Self.withScratchDirectory { scratch in
            let directory = scratch
            let (folderLog, folderBuffers) = try Self.run(model: directory)
            Self.expectCleanFailure(folderLog, buffers: folderBuffers, naming: directory, "folder")
            let empty = directory + "/empty.onnx"
            try Self.write([], to: empty)
            let (emptyLog, emptyBuffers) = try Self.run(model: empty)
            Self.expectCleanFailure(emptyLog, buffers: emptyBuffers, naming: empty, "empty file")
        }
    }

    /// Random bytes, from a few bytes to a few hundred kilobytes.
    @Test("Corrupt model: garbage bytes", arguments: [16, 4096, 300_000])
    func garbage(size: Int) throws {
        var rng = SplitMix64(seed: UInt64(size))
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/garbage.onnx"
            try Self.write((0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, to: path)
            let (log, buffers) = try Self.run(model: path)
            Self.expectCleanFailure(log, buffers: buffers, naming: path, "garbage of \(size) bytes")
        }
    }

    /// The real model cut short (as an interrupted download leaves it).
    @Test("Corrupt model: truncated copy of the real one", arguments: [0.02, 0.5, 0.98])
    func truncated(fraction: Double) throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestModel.path)))
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/truncated.onnx"
            try Self.write(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), to: path)
            let (log, buffers) = try Self.run(model: path)
            Self.expectCleanFailure(log, buffers: buffers, naming: path, "truncated to \(fraction)")
        }
    }

    /// Valid ONNX files of other networks, which OpenCV loads: the proof run at start finds
    /// that their output is no 1x1xHxW text probability map.
    @Test("Wrong model: a valid ONNX network that is no text detector", arguments: OtherNetwork.allCases)
    func wrongNetwork(network: OtherNetwork) throws {
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/\(network).onnx"
            try Self.write(network.onnx, to: path)
            let (log, buffers) = try Self.run(model: path)
            Self.expectCleanFailure(log, buffers: buffers, naming: path, "\(network)")
        }
    }

    /// A network shaped like the detector (1x3xHxW in, 1x1xHxW out: the mean of the three
    /// channels) cannot be told from it at start. It must then run like one: frames flow, no
    /// error, no crash, whatever it "detects". (verify=false: its folder has no recognizer.)
    @Test func shapeAlikeNetworkRuns() throws {
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/channel-mean.onnx"
            try Self.write(OtherNetwork.channelMean, to: path)
            let pipeline = try LivePipeline(
                """
                videotestsrc num-buffers=6 pattern=snow ! \(Frame.caps("I420", 96, 64)) \
                ! textmirror model="\(path)" verify=false detection-size=64 detection-mode=sync detection-rate=30 \
                text-threshold=0.1 \
                ! fakesink name=sink signal-handoffs=true
                """)
            let sink = pipeline.watch("sink")
            let log = pipeline.run(timeout: 30)
            #expect(log.errors.isEmpty && log.reachedEOS, "\(log.errors)")
            #expect(sink.buffers == 6)
            #expect(sink.misfits.isEmpty, "\(sink.misfits)")
        }
    }

    /// A detector whose folder lacks its recognizer is refused at start, naming the
    /// recognizer it looked for, when a reading policy needs one; the default folder's
    /// recognizer is not taken silently instead (another generation's may not fit).
    @Test func aDetectorWithoutItsRecognizerIsRefused() throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/" + TestModel.model.fileName
            try Self.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: TestModel.path))), to: path)
            let (log, buffers) = try Self.run(model: path)
            #expect(buffers == 0 && log.errors.count == 1, "\(log.errors)")
            let error = log.errors.first ?? ""
            #expect(error.contains(scratch + "/" + TestModel.model.recognizer.fileName), "\(error)")
            #expect(error.contains("verify=false"), "\(error)")
            // Without reading, the detector alone is enough.
            let (reading, frames) = try Self.run(model: path, extra: "verify=false")
            #expect(reading.errors.isEmpty && frames == 3, "\(reading.errors)")
        }
    }

    /// detect=false needs no model: a bad one is not even opened.
    @Test func badModelIsIgnoredWithoutDetection() throws {
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/missing.onnx"
            let (log, buffers) = try Self.run(model: path, extra: "detect=false regions=0,0,1,1")
            #expect(log.errors.isEmpty && log.reachedEOS, "\(log.errors)")
            #expect(buffers == 3)
        }
    }

    /// One bad element among good ones fails the whole pipeline, cleanly, with its own path.
    @Test func oneBadAmongGoodOnes() throws {
        try #require(TestModel.isAvailable, "model not found at \(TestModel.path): run scripts/fetch-model.sh")
        try Self.withScratchDirectory { scratch in
            let path = scratch + "/missing.onnx"
            let pipeline = try LivePipeline(
                """
                videotestsrc num-buffers=3 ! \(Frame.caps("I420", 64, 48)) ! tee name=t \
                t. ! queue ! textmirror \(TestModel.properties(size: 64)) ! fakesink \
                t. ! queue ! textmirror model="\(path)" ! fakesink \
                t. ! queue ! textmirror \(TestModel.properties(size: 64)) ! fakesink
                """)
            let log = pipeline.run(timeout: 30)
            #expect(!log.reachedEOS)
            #expect(log.errors.count == 1 && log.errors.first?.contains(path) == true, "\(log.errors)")
        }
    }
}

/// Small ONNX networks written byte by byte (ONNX is a protobuf; no ONNX library needed), each
/// valid and loadable by OpenCV, none a DB text detector.
enum OtherNetwork: String, CaseIterable, CustomStringConvertible {
    /// y = x: a 1x3xHxW output where a 1x1xHxW probability map is expected.
    case identity
    /// y = mean over H and W: a 1x3x1x1 output, the shape of a classifier's.
    case globalPool
    /// Input fixed at 1x3x8x8: OpenCV refuses the detector's 64x64 probe input.
    case fixedInput

    var description: String { rawValue }

    var onnx: [UInt8] {
        switch self {
        case .identity:
            return Self.model(
                node: Self.node("Identity"), inputShape: [.fixed(1), .fixed(3), .named("H"), .named("W")],
                outputShape: [.fixed(1), .fixed(3), .named("H"), .named("W")])
        case .globalPool:
            return Self.model(
                node: Self.node("GlobalAveragePool"), inputShape: [.fixed(1), .fixed(3), .named("H"), .named("W")],
                outputShape: [.fixed(1), .fixed(3), .fixed(1), .fixed(1)])
        case .fixedInput:
            return Self.model(
                node: Self.node("Flatten"), inputShape: [.fixed(1), .fixed(3), .fixed(8), .fixed(8)],
                outputShape: [.fixed(1), .fixed(192)])
        }
    }

    /// A 1x1 convolution averaging the three channels: 1x1xHxW like the detector's probability map.
    static var channelMean: [UInt8] {
        // TensorProto { dims = 1: 1,3,1,1, data_type = 2: FLOAT (1), float_data = 4: packed, name = 8 }
        let third = Float(1.0 / 3.0).bitPattern
        let floats = (0..<3).flatMap { _ in (0..<4).map { UInt8(truncatingIfNeeded: third >> (8 * $0)) } }
        let weights =
            [1, 3, 1, 1].flatMap { field(1, varint: $0) } + field(2, varint: 1)
            + field(4, bytes: floats) + field(8, "W")
        // NodeProto.attribute = 5: AttributeProto { name = 1, ints = 8, type = 20: INTS (7) }.
        let kernel = field(1, "kernel_shape") + field(8, varint: 1) + field(8, varint: 1) + field(20, varint: 7)
        let conv =
            field(1, "x") + field(1, "W") + field(2, "y") + field(3, "n0") + field(4, "Conv")
            + field(5, bytes: kernel)
        // GraphProto.initializer = 5.
        let graph =
            field(1, bytes: conv) + field(2, "g") + field(5, bytes: weights)
            + field(11, bytes: valueInfo("x", [.fixed(1), .fixed(3), .named("H"), .named("W")]))
            + field(12, bytes: valueInfo("y", [.fixed(1), .fixed(1), .named("H"), .named("W")]))
        return field(1, varint: 7) + field(8, bytes: field(2, varint: 11)) + field(7, bytes: graph)
    }

    enum Dim { case fixed(Int), named(String) }

    // Protobuf wire format: a field is (number << 3 | wire type); 0 = varint, 2 = bytes.
    static func varint(_ value: Int) -> [UInt8] {
        var v = UInt64(value), out: [UInt8] = []
        repeat {
            var byte = UInt8(v & 0x7F)
            v >>= 7
            if v != 0 { byte |= 0x80 }
            out.append(byte)
        } while v != 0
        return out
    }
    static func field(_ number: Int, varint value: Int) -> [UInt8] { varint(number << 3) + varint(value) }
    static func field(_ number: Int, bytes: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(bytes.count) + bytes
    }
    static func field(_ number: Int, _ text: String) -> [UInt8] { field(number, bytes: Array(text.utf8)) }

    /// NodeProto: input = 1, output = 2, name = 3, op_type = 4.
    static func node(_ op: String) -> [UInt8] { field(1, "x") + field(2, "y") + field(3, "n0") + field(4, op) }

    /// ValueInfoProto { name = 1, type = 2: TypeProto { tensor_type = 1: { elem_type = 1
    /// (float), shape = 2: { dim = 1: { dim_value = 1 | dim_param = 2 } } } } }
    static func valueInfo(_ name: String, _ shape: [Dim]) -> [UInt8] {
        let dims = shape.flatMap { dim -> [UInt8] in
            switch dim {
            case .fixed(let n): return field(1, bytes: field(1, varint: n))
            case .named(let s): return field(1, bytes: field(2, s))
            }
        }
        let tensor = field(1, varint: 1) + field(2, bytes: dims)
        return field(1, name) + field(2, bytes: field(1, bytes: tensor))
    }

    /// ModelProto { ir_version = 1, opset_import = 8: { version = 2 }, graph = 7: GraphProto
    /// { node = 1, name = 2, input = 11, output = 12 } }
    static func model(node: [UInt8], inputShape: [Dim], outputShape: [Dim]) -> [UInt8] {
        let graph =
            field(1, bytes: node) + field(2, "g") + field(11, bytes: valueInfo("x", inputShape))
            + field(12, bytes: valueInfo("y", outputShape))
        return field(1, varint: 7) + field(8, bytes: field(2, varint: 11)) + field(7, bytes: graph)
    }
}
