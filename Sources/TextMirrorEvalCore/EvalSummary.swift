/// Issue 3's quality targets on photographs of real scenes.
public struct QualityTargets: Equatable, Sendable {
    /// At least this share of legible lines mirrored.
    public var minMirrored = 0.90
    /// Under this share of non-text pixels changed.
    public var maxNonTextChanged = 0.01

    public init() {}
}

/// The figures of a whole set. Both are pooled over the set, not averaged per image: the
/// mirrored share is mirrored lines over all legible lines, the non-text share is changed
/// non-text pixels over all non-text pixels, so an image with one line or a tiny picture does
/// not weigh as much as a page of lines or a large photo.
public struct EvalSummary: Equatable, Sendable {
    public var images: Int
    public var legible: Int
    public var mirrored: Int
    public var dontCare: Int
    public var meanCoverage: Double
    public var nonTextPixels: Int
    public var nonTextChanged: Int
    public var nonTextChangedInFalseBoxes: Int
    public var boxes: Int
    public var falseBoxes: Int
    /// The largest per-image non-text share, for spotting one bad picture.
    public var worstNonTextChanged: Double
    /// Edges added around the mirrored boxes, pooled over the set (energy summed, then its
    /// growth taken), so a picture with a few small boxes does not weigh like a page of lines;
    /// as the pictures are and smoothed (`BorderEdges`).
    public var borderEdges: BorderEdges
    public var backgroundEdges: BorderEdges

    public init(_ scores: [ImageScore]) {
        images = scores.count
        legible = scores.reduce(0) { $0 + $1.legible.count }
        mirrored = scores.reduce(0) { $0 + $1.mirrored }
        dontCare = scores.reduce(0) { $0 + $1.dontCare }
        let coverages = scores.flatMap { $0.legible.map(\.coverage) }
        meanCoverage = coverages.isEmpty ? .nan : coverages.reduce(0, +) / Double(coverages.count)
        nonTextPixels = scores.reduce(0) { $0 + $1.nonTextPixels }
        nonTextChanged = scores.reduce(0) { $0 + $1.nonTextChanged }
        nonTextChangedInFalseBoxes = scores.reduce(0) { $0 + $1.nonTextChangedInFalseBoxes }
        boxes = scores.reduce(0) { $0 + $1.boxes }
        falseBoxes = scores.reduce(0) { $0 + $1.falseBoxes }
        worstNonTextChanged = scores.map(\.nonTextChangedShare).max() ?? 0
        borderEdges = scores.reduce(.zero) { $0 + $1.borderEdges }
        backgroundEdges = scores.reduce(.zero) { $0 + $1.backgroundEdges }
    }

    /// Nan when the set has no legible line.
    public var mirroredShare: Double { legible == 0 ? .nan : Double(mirrored) / Double(legible) }

    public var nonTextChangedShare: Double {
        nonTextPixels == 0 ? 0 : Double(nonTextChanged) / Double(nonTextPixels)
    }

    /// Both targets met. A set without legible lines cannot show the first one, so fails.
    public func passes(_ targets: QualityTargets) -> Bool {
        mirroredShare >= targets.minMirrored && nonTextChangedShare < targets.maxNonTextChanged
    }
}
