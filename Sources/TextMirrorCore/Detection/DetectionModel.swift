/// What textmirror knows about a text detection network and the recognizer that reads its lines:
/// file names, how pixels are fed to each, and the detector's own decision thresholds. The one
/// place these facts are written (as a DL Streamer model-proc file keeps them for its models);
/// scripts/fetch-model.sh writes the files under these names.
public struct DetectionModel: Sendable, Equatable {
    /// For messages: "PP-OCRv6 tiny".
    public let name: String
    /// The detector's file in the models folder.
    public let fileName: String
    public let input: PixelNormalization
    /// The thresholds the detector was tuned with, used where the element's `text-threshold` or
    /// `box-threshold` is 0 (the default).
    public let thresholds: DetectionThresholds
    /// DB's margin given back to a kernel (see `TextBoxPostprocess`).
    public let unclipRatio: Double
    public let recognizer: RecognitionModel

    /// PaddleOCR's PP-OCRv6 tiny detector: 0.6 times v4's cost; the default for live sources.
    public static let v6Tiny = DetectionModel(
        name: "PP-OCRv6 tiny", fileName: "ppocrv6_tiny_det.onnx", input: .imageNetBGR,
        thresholds: DetectionThresholds(text: 0.2, box: 0.4), unclipRatio: 1.8, recognizer: .v6)
    /// PaddleOCR's PP-OCRv6 small detector: finds the most lines, at about 1.7 times v4's cost;
    /// the default for files.
    public static let v6Small = DetectionModel(
        name: "PP-OCRv6 small", fileName: "ppocrv6_small_det.onnx", input: .imageNetBGR,
        thresholds: DetectionThresholds(text: 0.2, box: 0.45), unclipRatio: 1.5, recognizer: .v6)
    /// PaddleOCR's PP-OCRv4 mobile detector, loadable with `model=` for comparison. Fed and
    /// thresholded as the element always fed it.
    public static let v4 = DetectionModel(
        name: "PP-OCRv4", fileName: "ppocrv4_det.onnx", input: .halfRangeRGB,
        thresholds: DetectionThresholds(text: 0.3, box: 0.5), unclipRatio: 1.5, recognizer: .v4)

    public static let known = [v6Tiny, v6Small, v4]

    /// The description of a detector file: the known model of that file name, else (a model
    /// of the user's own) PaddleOCR's DB conventions as v6 follows them, with v6's recognizer.
    public static func describing(path: String) -> DetectionModel {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        if let model = known.first(where: { $0.fileName == fileName }) { return model }
        return DetectionModel(
            name: "'\(fileName)'", fileName: fileName, input: v6Small.input, thresholds: v6Small.thresholds,
            unclipRatio: v6Small.unclipRatio, recognizer: .v6)
    }

    /// `requested` with each threshold the user left at 0 replaced by this model's own.
    public func thresholds(_ requested: DetectionThresholds) -> DetectionThresholds {
        DetectionThresholds(
            text: requested.text > 0 ? requested.text : thresholds.text,
            box: requested.box > 0 ? requested.box : thresholds.box)
    }
}

extension DetectionModel: CustomStringConvertible {
    public var description: String { name }
}

/// A CTC line recognizer's files and input.
public struct RecognitionModel: Sendable, Equatable {
    public let fileName: String
    /// One character a line, in class order (class 0 is the CTC blank, the last the space).
    public let charactersFileName: String
    public let input: PixelNormalization

    /// PP-OCRv6 small's recognizer: Latin with word spaces, Chinese, Japanese, Cyrillic, Greek.
    public static let v6 = RecognitionModel(
        fileName: "ppocrv6_rec.onnx", charactersFileName: "ppocrv6_rec_keys.txt", input: .halfRangeBGR)
    public static let v4 = RecognitionModel(
        fileName: "ppocrv4_rec.onnx", charactersFileName: "ppocrv4_rec_keys.txt", input: .halfRangeRGB)
}

/// How 8-bit RGB samples become a network's input planes: plane `p` takes RGB channel
/// `channels[p]` and holds `sample * scale[p] + offset[p]`.
public struct PixelNormalization: Sendable, Equatable {
    /// The RGB channel (0 red, 1 green, 2 blue) of each input plane.
    public let channels: [Int32]
    public let scale: [Float]
    public let offset: [Float]

    /// PaddleOCR's "(x/255 - 0.5) / 0.5", in RGB order.
    public static let halfRangeRGB = PixelNormalization(
        channels: [0, 1, 2], scale: [2 / 255, 2 / 255, 2 / 255], offset: [-1, -1, -1])
    /// The same in BGR order, as PaddleOCR decodes images for training.
    public static let halfRangeBGR = PixelNormalization(
        channels: [2, 1, 0], scale: halfRangeRGB.scale, offset: halfRangeRGB.offset)
    /// ImageNet's mean and deviation on BGR planes, PaddleOCR's detector preprocessing
    /// (`NormalizeImage` in the models' inference.yml).
    public static let imageNetBGR = PixelNormalization(
        bgrMean: [0.485, 0.456, 0.406], deviation: [0.229, 0.224, 0.225])

    public init(channels: [Int32], scale: [Float], offset: [Float]) {
        precondition(channels.count == 3 && scale.count == 3 && offset.count == 3, "three planes")
        self.channels = channels
        self.scale = scale
        self.offset = offset
    }

    /// (x/255 - mean) / deviation on planes in B, G, R order.
    init(bgrMean mean: [Float], deviation: [Float]) {
        self.init(
            channels: [2, 1, 0], scale: deviation.map { 1 / (255 * $0) },
            offset: zip(mean, deviation).map { -$0 / $1 })
    }
}

/// Which PP-OCRv6 detector runs when no model file is named (the element's `detector`). Raw
/// values are textmirror.h's TextMirrorDetectorChoice values.
public enum DetectorChoice: UInt32, Sendable, Equatable {
    /// Tiny where detection is async (a live source must keep up), small where it is sync (a
    /// file waits for each detection, so it can afford the one that finds more).
    case auto = 0
    case tiny = 1
    case small = 2

    /// The model for detection in this mode.
    public func model(sync: Bool) -> DetectionModel {
        switch self {
        case .tiny: .v6Tiny
        case .small: .v6Small
        case .auto: sync ? .v6Small : .v6Tiny
        }
    }
}
