import TextMirrorCore

/// The rules that turn ground truth, mirrored boxes and the input and output pictures into the
/// two figures of docs/EVALUATION.md. Defaults are the documented rules; options of
/// textmirror-eval change them only for experiments.
public struct ScoringRules: Equatable, Sendable {
    /// A legible line is mirrored when the mirrored boxes together cover at least this share
    /// of its polygon's pixels.
    public var mirroredCoverage = 0.8
    /// Pixels within this many pixels of a text region (square neighbourhood) are not counted
    /// as non-text: hand-drawn ground truth is tight or off by a pixel or two, and a mirrored
    /// line's edge pixels are text by any reading.
    public var textMargin = 2
    /// Join neighbouring words of one line (see `LineGrouping`); nil scores every region alone.
    public var grouping: LineGrouping? = LineGrouping()
    /// A box is a false box when less than this share of its pixels lies on text...
    public var falseBoxTextShare = 0.1
    /// ...and it covers less than this share of every ground-truth region.
    public var falseBoxRegionShare = 0.5

    public init() {}
}

/// How one image scored.
public struct ImageScore: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public var transcription: String
        /// Share of the line's pixels inside some mirrored box, 0...1.
        public var coverage: Double
        public var pixels: Int
        /// What the element read in the box covering most of the line; nil when no box covers
        /// it or the box was not read.
        public var read: String? = nil
        /// What was read on the line: the box covering most of it, then every other box lying
        /// mostly on it, by how much of the line each covers (`ReadBackScore`).
        public var readings: [Reading] = []
        /// The other legible lines the reader sees in the box covering most of this one, beside
        /// it: any part of them inside the box with the margin the reader's crop adds
        /// (`LineCrop.source`), their centre on this line's (`isBeside`).
        public var sharingTheBox = LinesAround()
    }

    /// Lines before and after a line in its reading order (along its ground-truth region's
    /// reading direction, `RegionFrame`), nearest last and first: "copy centre" has "the"
    /// before it.
    public struct LinesAround: Equatable, Sendable {
        public var before: [String] = []
        public var after: [String] = []

        public init(before: [String] = [], after: [String] = []) {
            self.before = before
            self.after = after
        }
    }

    /// What the element read in one box, and which way it read.
    public struct Reading: Equatable, Sendable {
        public var text: String
        public var mirrored: Bool
    }

    public var name: String
    public var width: Int
    public var height: Int
    /// Legible regions with at least one pixel inside the image, with their coverage.
    public var legible: [Line]
    /// "###" regions.
    public var dontCare: Int
    /// Legible regions with no pixel inside the image (nothing to measure).
    public var unmeasurable: Int
    public var mirrored: Int
    public var nonTextPixels: Int
    public var nonTextChanged: Int
    /// The part of `nonTextChanged` inside false boxes: changes that no text explains at all,
    /// as opposed to the margins of boxes that are too loose around their text.
    public var nonTextChangedInFalseBoxes: Int
    public var boxes: Int
    public var falseBoxes: Int
    /// Edges added around the mirrored boxes (`BorderEdges`), as the pictures are and smoothed
    /// (the background's seams); measured by the caller, who has the pictures themselves (zero
    /// until then).
    public var borderEdges = BorderEdges.zero
    public var backgroundEdges = BorderEdges.zero

    public var nonTextChangedShare: Double {
        nonTextPixels == 0 ? 0 : Double(nonTextChanged) / Double(nonTextPixels)
    }

    public var meanCoverage: Double {
        legible.isEmpty ? .nan : legible.map(\.coverage).reduce(0, +) / Double(legible.count)
    }

    /// Scores one image. `changed` holds the pixels whose value differs between the element's
    /// input and output (`PixelMask.changedPixels`).
    public init(
        name: String, ground: [GroundTruthLine], boxes: [RotatedBox], changed: PixelMask,
        rules: ScoringRules = ScoringRules()
    ) {
        let w = changed.width, h = changed.height
        self.name = name
        width = w
        height = h

        let regions = ground.map { PixelMask.polygon($0.polygon, width: w, height: h) }
        let boxMasks = boxes.map { PixelMask.polygon($0.corners, width: w, height: h) }
        var mirroredArea = PixelMask(width: w, height: h)
        for mask in boxMasks { mirroredArea.formUnion(mask) }

        var lines: [Line] = []
        var unmeasurable = 0
        for (index, (line, region)) in zip(ground, regions).enumerated() where line.isLegible {
            let pixels = region.count
            guard pixels > 0 else {
                unmeasurable += 1
                continue
            }
            let coverage = Double(region.intersectionCount(mirroredArea)) / Double(pixels)
            let overlaps = boxMasks.map { region.intersectionCount($0) }
            let best = overlaps.indices.max { overlaps[$0] < overlaps[$1] }
            let read = best.flatMap { overlaps[$0] > 0 ? boxes[$0].text : nil }
            // The best box, and every other lying mostly on the line (not a neighbour's that
            // touches it).
            let onLine = overlaps.indices.filter { $0 == best ? overlaps[$0] > 0 : 2 * overlaps[$0] > boxMasks[$0].count }
            let readings = onLine.sorted { overlaps[$0] > overlaps[$1] }
                .compactMap { b in boxes[b].text.map { Reading(text: $0, mirrored: boxes[b].mirrored ?? false) } }
            var sharing = LinesAround()
            if let best, overlaps[best] > 0 {
                let crop = LineCrop.source(of: boxes[best].pixelBox).corners.map { EvalPoint($0.x, $0.y) }
                let seen = PixelMask.polygon(crop, width: w, height: h)
                let others = ground.indices.filter { k in
                    k != index && ground[k].isLegible && regions[k].intersectionCount(seen) > 0
                        && Self.isBeside(ground[k], line)
                }
                (sharing.before, sharing.after) = Self.inReadingOrder(others.map { ground[$0] }, around: line)
            }
            lines.append(
                Line(
                    transcription: line.transcription, coverage: coverage, pixels: pixels, read: read,
                    readings: readings, sharingTheBox: sharing))
        }
        legible = lines
        self.unmeasurable = unmeasurable
        dontCare = ground.count { !$0.isLegible }
        mirrored = lines.count { $0.coverage >= rules.mirroredCoverage }

        // Text: every region, legible or not, plus the spaces between words of one line.
        var text = PixelMask(width: w, height: h)
        for region in regions { text.formUnion(region) }
        for hull in rules.grouping?.joins(ground.map(\.polygon)) ?? [] { text.fill(hull) }
        let nonText = text.dilated(by: rules.textMargin).inverted
        nonTextPixels = nonText.count
        nonTextChanged = nonText.intersectionCount(changed)

        self.boxes = boxes.count
        let falseMasks = boxMasks.filter { box in
            let pixels = box.count
            guard pixels > 0 else { return true }
            if Double(box.intersectionCount(text)) >= rules.falseBoxTextShare * Double(pixels) { return false }
            return !regions.contains { region in
                let area = region.count
                return area > 0 && Double(region.intersectionCount(box)) >= rules.falseBoxRegionShare * Double(area)
            }
        }
        falseBoxes = falseMasks.count
        var falseArea = PixelMask(width: w, height: h)
        for mask in falseMasks { falseArea.formUnion(mask) }
        var changedNonText = nonText
        changedNonText.formIntersection(changed)
        nonTextChangedInFalseBoxes = changedNonText.intersectionCount(falseArea)
    }

    /// A line the reader reads together with `line`: its centre lies as near `line`'s centre
    /// line as two words of one line do (`LineGrouping.maxOffset` of the smaller height). Lines
    /// above and below, which a crop's margin may touch on a dense page, read in a box of their
    /// own.
    static func isBeside(_ other: GroundTruthLine, _ line: GroundTruthLine) -> Bool {
        guard let here = RegionFrame(line.polygon), let there = RegionFrame(other.polygon) else { return false }
        return here.offsetAcross(to: there) <= LineGrouping().maxOffset * min(here.height, there.height)
    }

    /// `others`' transcriptions split into those before `line` and those after it along its
    /// reading direction (`RegionFrame`), each in reading order.
    static func inReadingOrder(_ others: [GroundTruthLine], around line: GroundTruthLine) -> (
        before: [String], after: [String]
    ) {
        guard let frame = RegionFrame(line.polygon) else { return ([], []) }
        func position(_ f: RegionFrame) -> Double { f.centerX * frame.ux + f.centerY * frame.uy }
        let here = position(frame)
        let placed = others.compactMap { other in RegionFrame(other.polygon).map { (position($0), other.transcription) } }
            .sorted { $0.0 < $1.0 }
        return (placed.filter { $0.0 < here }.map(\.1), placed.filter { $0.0 >= here }.map(\.1))
    }
}

extension PixelMask {
    /// The pixels whose RGBA value differs between two packed RGBA pictures of one size: in any
    /// byte (`tolerance` 0, the target's rule), or by more than `tolerance` levels in
    /// some channel (to ask which changes are visible: moving a patch of sensor noise or
    /// paper grain changes its pixels by a few levels only).
    public static func changedPixels(
        before: [UInt8], after: [UInt8], width: Int, height: Int,
        tolerance: Int = 0
    ) -> PixelMask {
        precondition(
            before.count == width * height * 4 && after.count == before.count,
            "pictures must be packed RGBA of \(width)x\(height)")
        var mask = PixelMask(width: width, height: height)
        before.withUnsafeBytes { a in
            after.withUnsafeBytes { b in
                for i in 0..<(width * height) {
                    // One 32-bit compare per pixel first; unaligned loads because [UInt8] storage
                    // promises no 4-byte alignment.
                    guard
                        a.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                            != b.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                    else { continue }
                    var differs = tolerance == 0
                    for c in 0..<4 where !differs {
                        differs = abs(Int(a[4 * i + c]) - Int(b[4 * i + c])) > tolerance
                    }
                    if differs { mask[i % width, i / width] = true }
                }
            }
        }
        return mask
    }
}
