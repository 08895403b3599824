import CShim
import Dispatch
import Synchronization
import TextMirrorCore

/// A PP-OCR text detector (CShim/textmirror_detector.cpp) as a `TextDetecting`: copies frames
/// into small RGB pictures, runs the network on them and returns text lines in frame pixels.
///
/// The C++ detector is bound to one input size (a network compiled for a fixed shape), so this class
/// keeps networks for the last `maxNetworks` input sizes it saw (two elements of different
/// frame sizes may share one `TextDetector`, and must not rebuild a network every frame), one
/// per lane (`DetectorLanes`) for each; the model file is read only once (the C++ side shares it).
///
/// Locking: a C++ detector is single-threaded, so a detection takes a network out of `nets`
/// (under its lock) and puts it back when done; detections on different lanes run at once.
/// `slots` admits `lanes.count` detections at once, whatever their sizes: one more (a sync-mode
/// frame while every async lane runs, or another element sharing this detector) waits for a
/// network to come back rather than building another (a network build costs more than a
/// detection, and its memory would stay).
/// `scaler` is a separate lock so `prepare`, on the streaming thread, never waits for either.
public final class TextDetector: TextDetecting {
    public struct Configuration: Sendable, Equatable {
        public var modelPath: String
        /// Long side of the detector's input in pixels (the element's `detection-size`).
        public var detectionSize: Int
        /// OpenVINO threads in all, 0 = one per core (they run at the detection queue's lower
        /// priority), split into lanes by `DetectorLanes`.
        public var threads: Int
        /// Detections side by side, 0 = automatic (the element's `parallel-detections`).
        public var parallelDetections: Int
        /// The network's numeric precision (the element's `inference-precision`).
        public var precision: TextMirrorPrecision
        /// Unclip and orientation; the unclip ratio by default the model's own.
        public var postprocess: TextBoxPostprocess
        public var sampling: RGBDownscaler.Sampling
        /// More boxes than this in one frame keeps the best-scoring ones; by default as many as
        /// a frame's report holds (TEXTMIRROR_MAX_BOXES).
        public var maxBoxes: Int

        public init(
            modelPath: String, detectionSize: Int = DetectorInputSize.defaultDetectionSize,
            threads: Int = DetectorSettings().threads,
            parallelDetections: Int = DetectorSettings().parallelDetections,
            precision: TextMirrorPrecision = TEXTMIRROR_PRECISION_AUTO,
            postprocess: TextBoxPostprocess? = nil,
            sampling: RGBDownscaler.Sampling = .box, maxBoxes: Int = Int(TEXTMIRROR_MAX_BOXES)
        ) {
            self.modelPath = modelPath
            self.detectionSize = detectionSize
            self.threads = threads
            self.parallelDetections = parallelDetections
            self.precision = precision
            self.postprocess =
                postprocess ?? TextBoxPostprocess(unclipRatio: DetectionModel.describing(path: modelPath).unclipRatio)
            self.sampling = sampling
            self.maxBoxes = maxBoxes
        }

        /// What the model file is and how it is fed.
        public var model: DetectionModel { DetectionModel.describing(path: modelPath) }
    }

    /// A model that cannot be loaded, or a detection that failed; the text says why and, for a
    /// model, names the path.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Networks kept at once. Each holds its own copy of the weights and its activations
    /// (tens of megabytes, more at larger sizes: `textmirror-bench --sections memory`), so only
    /// a few. With `vertical-text` one element uses two sizes, its frame's and the frame's turned
    /// a quarter (`QuarterTurn`); two such elements of different frame sizes sharing this
    /// detector would rebuild a network for most detections, a case judged too rare to keep more
    /// networks for.
    public static let maxNetworks = 2

    /// The networks not running now, most recently used first, and the input sizes they serve
    /// (most recent first). The probe made by `init` only keeps the model bytes alive until the
    /// first real network exists.
    private struct Networks {
        var probe: DetectorNet?
        var idle: [DetectorNet] = []
        var sizes: [DetectorInputSize] = []

        /// An idle network for `size`, or a new one.
        mutating func take(
            _ size: DetectorInputSize, _ configuration: Configuration,
            threads: Int
        ) throws(Failure) -> DetectorNet {
            sizes.removeAll { $0 == size }
            sizes.insert(size, at: 0)
            sizes = Array(sizes.prefix(TextDetector.maxNetworks))
            if let index = idle.firstIndex(where: { $0.size == size }) { return idle.remove(at: index) }
            let net = try DetectorNet(configuration, size: size, threads: threads)
            probe = nil
            return net
        }

        /// Puts `net` back, unless its size is no longer among the recent ones.
        mutating func giveBack(_ net: DetectorNet) {
            guard sizes.contains(net.size) else { return }
            idle.insert(net, at: 0)
            idle.removeAll { !sizes.contains($0.size) }
        }
    }

    public let configuration: Configuration
    public let lanes: DetectorLanes
    private let nets: Mutex<Networks>
    private let slots: DispatchSemaphore
    private let scaler = Mutex<RGBDownscaler?>(nil)
    /// Memory for the frame copies `prepare` makes, reused so the streaming thread does not
    /// fault in fresh pages for every copy (see `FrameCopyPool`).
    private let copies = FrameCopyPool()

    /// Loads the model and proves it runs (on a tiny input, so start-up stays fast); the
    /// network for the real frame size is made on the first detection or by `preload`.
    public init(_ configuration: Configuration) throws(Failure) {
        guard configuration.maxBoxes >= 0 else { throw Failure(description: "maxBoxes must not be negative") }
        self.configuration = configuration
        lanes = DetectorLanes(
            threads: configuration.threads, parallel: configuration.parallelDetections,
            cores: DetectorLanes.cores)
        slots = DispatchSemaphore(value: lanes.count)
        let probe = try DetectorNet(
            configuration, size: DetectorInputSize(width: 64, height: 64),
            threads: lanes.threadsPerLane)
        nets = Mutex(Networks(probe: probe))
    }

    /// The detector's input size for a frame of this size.
    public func inputSize(frameWidth: Int, frameHeight: Int) -> DetectorInputSize {
        DetectorInputSize(
            frameWidth: frameWidth, frameHeight: frameHeight,
            detectionSize: configuration.detectionSize)
    }

    /// Makes the networks for frames of this size (one per lane) now rather than on the first
    /// detections (which would then take a network build, 0.1-0.6 s, longer). Call it where a
    /// short wait is harmless.
    public func preload(frameWidth: Int, frameHeight: Int) throws(Failure) {
        let size = inputSize(frameWidth: frameWidth, frameHeight: frameHeight)
        for _ in 0..<lanes.count { slots.wait() }
        defer { for _ in 0..<lanes.count { slots.signal() } }
        try nets.withLock { (nets: inout Networks) throws(Failure) in
            var taken: [DetectorNet] = []
            defer { taken.forEach { nets.giveBack($0) } }
            for _ in 0..<lanes.count {
                taken.append(try nets.take(size, configuration, threads: lanes.threadsPerLane))
            }
        }
    }

    public var concurrentDetections: Int { lanes.count }

    // MARK: TextDetecting

    public func prepare(_ frame: FrameBuffer, layout: FrameLayout) -> DetectionInput {
        let size = inputSize(frameWidth: frame.width, frameHeight: frame.height)
        let downscaler = scaler.withLock { cached -> RGBDownscaler in
            if let cached, cached.format == layout.format, cached.frameWidth == frame.width,
                cached.frameHeight == frame.height, cached.outputWidth == size.width,
                cached.outputHeight == size.height, cached.sampling == configuration.sampling
            {
                return cached
            }
            let made = RGBDownscaler(
                format: layout.format, frameWidth: frame.width,
                frameHeight: frame.height, outputWidth: size.width,
                outputHeight: size.height, sampling: configuration.sampling)
            cached = made
            return made
        }
        // Only a copy here, on the streaming thread; the downscale runs where the input is
        // used (DetectionInput.makeRGB), on the detection queue in async mode.
        return DetectionInput(snapshot: FrameSnapshot(frame, layout: layout, pool: copies), downscaler: downscaler)
    }

    public func detect(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
        try detectLines(input, thresholds: thresholds)
    }

    /// `detect` with its error type spelled out.
    public func detectLines(_ input: DetectionInput, thresholds: DetectionThresholds) throws(Failure) -> [TextBox] {
        let kernels = try detectKernels(input, thresholds: thresholds)
        let size = DetectorInputSize(width: input.width, height: input.height)
        return configuration.postprocess.textBoxes(
            kernels, input: size, frameWidth: input.frameWidth,
            frameHeight: input.frameHeight)
    }

    /// Kernels straight from the network (input pixels, before unclip); for tests and tuning.
    public func detectKernels(_ input: DetectionInput, thresholds: DetectionThresholds) throws(Failure) -> [TextKernel]
    {
        let g = DetectorInputSize.granularity
        // Outside the network lock: downscaling one frame may overlap another's forward pass.
        let rgb = input.makeRGB()
        guard input.width > 0, input.height > 0, input.width % g == 0, input.height % g == 0,
            rgb.count == input.width * input.height * 3,
            input.frameWidth > 0, input.frameHeight > 0
        else {
            throw Failure(
                description: "detection input \(input.width)x\(input.height) is not a multiple of \(g) "
                    + "or does not match its pixels")
        }
        let size = DetectorInputSize(width: input.width, height: input.height)
        slots.wait()
        defer { slots.signal() }
        let net = try nets.withLock { (nets: inout Networks) throws(Failure) in
            try nets.take(size, configuration, threads: lanes.threadsPerLane)
        }
        defer { nets.withLock { $0.giveBack(net) } }
        return try net.run(
            rgb, thresholds: configuration.model.thresholds(thresholds), maxBoxes: configuration.maxBoxes)
    }
}

/// Owns one `TextMirrorDetector *` (textmirror.h). Used by one detection at a time: it is out
/// of `TextDetector`'s pool while it runs, which is what makes the unchecked `Sendable` true.
private final class DetectorNet: @unchecked Sendable {
    let size: DetectorInputSize
    private let handle: OpaquePointer

    init(
        _ configuration: TextDetector.Configuration, size: DetectorInputSize,
        threads: Int
    ) throws(TextDetector.Failure) {
        var message = [CChar](repeating: 0, count: 1024)
        let made = message.withUnsafeMutableBufferPointer { buffer in
            var input = TextMirrorNormalization(configuration.model.input)
            return textmirror_detector_new(
                configuration.modelPath, &input, Int32(size.width), Int32(size.height),
                Int32(clamping: threads), configuration.precision,
                buffer.baseAddress, buffer.count)
        }
        guard let made else {
            throw TextDetector.Failure(
                description: CString.decode(message, orElse: "could not load the text detection model"))
        }
        self.size = size
        handle = made
    }

    deinit {
        textmirror_detector_free(handle)
    }

    func run(_ rgb: [UInt8], thresholds: DetectionThresholds, maxBoxes: Int) throws(TextDetector.Failure)
        -> [TextKernel]
    {
        var boxes = [TextMirrorDetectedBox](repeating: TextMirrorDetectedBox(), count: maxBoxes)
        var count: Int32 = 0
        let status = rgb.withUnsafeBufferPointer { pixels in
            boxes.withUnsafeMutableBufferPointer { out in
                textmirror_detector_run(
                    handle, pixels.baseAddress, Int32(size.width), Int32(size.height),
                    Int32(size.width * 3), Float(thresholds.text), Float(thresholds.box),
                    out.baseAddress, Int32(clamping: out.count), &count)
            }
        }
        guard status == TEXTMIRROR_DETECTOR_OK else {
            throw TextDetector.Failure(
                description: "text detection failed: "
                    + String(cString: textmirror_detector_last_error(handle)))
        }
        return boxes.prefix(Int(count)).map {
            TextKernel(
                centerX: Double($0.center_x), centerY: Double($0.center_y), width: Double($0.width),
                height: Double($0.height), angle: Double($0.angle), score: Double($0.score))
        }
    }
}
