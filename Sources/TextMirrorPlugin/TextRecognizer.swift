import CShim
import Synchronization
import TextMirrorCore

/// The PP-OCR text recognizer (CShim/textmirror_recognizer.cpp) as a `TextRecognizing`, with
/// its character list. One network reads crops of every width; reads are serialised on it.
public final class TextRecognizer: TextRecognizing {
    public struct Configuration: Sendable, Equatable {
        public var modelPath: String
        /// The character list (one a line), as scripts/fetch-model.sh writes it.
        public var charactersPath: String
        /// How the network wants its pixels.
        public var input: PixelNormalization
        public var precision: TextMirrorPrecision
        /// OpenVINO threads, 0 = one per core (the element's `threads`, as the detector's). Why
        /// more than one: a page's line is a crop 1000-2000 columns wide, read one way round in
        /// 90-110 ms on one thread and 55-65 ms on two (2 cores; textmirror-motion-bench over
        /// dense pages, live: q 0.25 -> 0.32). Reads run on the detection queue right after the
        /// detector, at its lower priority and with as many threads; over the photographs the
        /// streaming thread's cost differed between one and two threads by less than between
        /// two runs of either.
        public var threads: Int

        public init(
            modelPath: String, charactersPath: String, input: PixelNormalization,
            precision: TextMirrorPrecision = TEXTMIRROR_PRECISION_AUTO, threads: Int = DetectorSettings().threads
        ) {
            self.modelPath = modelPath
            self.charactersPath = charactersPath
            self.input = input
            self.precision = precision
            self.threads = threads
        }

        /// The recognizer of the detector's generation (`DetectionModel`), in the detector's
        /// folder, as scripts/fetch-model.sh writes them.
        public init(
            besideDetector detectorPath: String, precision: TextMirrorPrecision,
            threads: Int = DetectorSettings().threads
        ) {
            let folder = detectorPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")
            let prefix = folder.isEmpty && !detectorPath.hasPrefix("/") ? "" : folder + "/"
            let model = DetectionModel.describing(path: detectorPath).recognizer
            self.init(
                modelPath: prefix + model.fileName, charactersPath: prefix + model.charactersFileName,
                input: model.input, precision: precision, threads: threads)
        }
    }

    /// A model or character list that cannot be loaded, or a read that failed.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public let configuration: Configuration
    public let decoder: CTCDecoder
    public var cropHeight: Int { Int(TEXTMIRROR_RECOGNIZER_HEIGHT) }
    public var maxCropWidth: Int { Int(TEXTMIRROR_RECOGNIZER_MAX_WIDTH) }
    private let handle: Mutex<RecognizerHandle>

    public init(_ configuration: Configuration) throws(Failure) {
        self.configuration = configuration
        let list: String
        do {
            list = try String(contentsOfFile: configuration.charactersPath, encoding: .utf8)
        } catch {
            throw Failure(description: "cannot read the recognizer's character list '\(configuration.charactersPath)'")
        }
        do {
            decoder = try CTCDecoder(characterList: list)
        } catch {
            throw Failure(description: "the character list '\(configuration.charactersPath)': \(error)")
        }
        let made = try RecognizerHandle(configuration)
        handle = Mutex(made)
        // The network's classes must be the list's: blank, the characters, the space.
        let blank = try LineCrop.blank(height: cropHeight)
        let classes = try handle.withLock { (h: inout RecognizerHandle) throws(Failure) in try h.run(blank).classCount }
        guard classes == decoder.classCount else {
            throw Failure(
                description: "the recognizer '\(configuration.modelPath)' has \(classes) classes, but "
                    + "'\(configuration.charactersPath)' lists \(decoder.characters.count) characters "
                    + "(\(decoder.classCount) classes with the blank and the space)")
        }
    }

    public func recognize(_ crop: LineCrop) throws -> RecognizedSteps {
        try handle.withLock { (h: inout RecognizerHandle) throws(Failure) in try h.run(crop).steps }
    }
}

extension LineCrop {
    /// A white crop, to prove a recognizer runs.
    static func blank(height: Int) throws(TextRecognizer.Failure) -> LineCrop {
        var pixel: [UInt8] = [255, 255, 255, 255]
        let made = pixel.withUnsafeMutableBytes { raw in
            LineCrop(
                PixelBox(centerX: 0.5, centerY: 0.5, width: 1, height: 1),
                in: FrameBuffer(width: 1, height: 1, planes: [raw.baseAddress!], strides: [4]),
                format: .rgba, height: height, maxWidth: 64)
        }
        guard let made else { throw TextRecognizer.Failure(description: "cannot make a blank crop") }
        return made
    }
}

/// Owns one `TextMirrorRecognizer *` (textmirror.h); only used inside `TextRecognizer`'s lock.
private struct RecognizerHandle: ~Copyable {
    private let pointer: OpaquePointer
    private var classes = [Int32](repeating: 0, count: Int(TEXTMIRROR_RECOGNIZER_MAX_WIDTH))
    private var probabilities = [Float](repeating: 0, count: Int(TEXTMIRROR_RECOGNIZER_MAX_WIDTH))
    private var spaces = [Float](repeating: 0, count: Int(TEXTMIRROR_RECOGNIZER_MAX_WIDTH))

    init(_ configuration: TextRecognizer.Configuration) throws(TextRecognizer.Failure) {
        var message = [CChar](repeating: 0, count: 1024)
        let made = message.withUnsafeMutableBufferPointer { buffer in
            var input = TextMirrorNormalization(configuration.input)
            return textmirror_recognizer_new(
                configuration.modelPath, &input, Int32(clamping: configuration.threads), configuration.precision,
                buffer.baseAddress, buffer.count)
        }
        guard let made else {
            throw TextRecognizer.Failure(
                description: CString.decode(message, orElse: "could not load the text recognizer"))
        }
        pointer = made
    }

    deinit { textmirror_recognizer_free(pointer) }

    mutating func run(_ crop: LineCrop) throws(TextRecognizer.Failure)
        -> (steps: RecognizedSteps, classCount: Int)
    {
        var steps: Int32 = 0, classCount: Int32 = 0
        let pointer = self.pointer
        let status = crop.rgb.withUnsafeBufferPointer { rgb in
            classes.withUnsafeMutableBufferPointer { best in
                probabilities.withUnsafeMutableBufferPointer { probability in
                    spaces.withUnsafeMutableBufferPointer { space in
                        textmirror_recognizer_run(
                            pointer, rgb.baseAddress, Int32(crop.width), Int32(crop.width * 3),
                            best.baseAddress, probability.baseAddress, space.baseAddress, Int32(best.count),
                            &steps, &classCount)
                    }
                }
            }
        }
        guard status == TEXTMIRROR_RECOGNIZER_OK else {
            throw TextRecognizer.Failure(
                description: "text recognition failed: "
                    + String(cString: textmirror_recognizer_last_error(pointer)))
        }
        let n = Int(steps)
        return (
            RecognizedSteps(
                classes: Array(classes.prefix(n)), probabilities: Array(probabilities.prefix(n)),
                spaceProbabilities: Array(spaces.prefix(n))),
            Int(classCount)
        )
    }
}
