import Synchronization

/// Reads detected lines of text and decides which of them are turned: the recognizer's work on
/// the detection queue (or in the sync detection pass, so reading adds no frame of delay).
///
/// A line is read in both orientations, as it is and mirrored, and the one that reads better
/// wins: text that is already mirrored in the input (a selfie camera) still counts, and says
/// so (`TextReading.mirrored`). What was read is remembered per line: a box that overlaps a
/// line read less than `Policy.rereadAfter` detections ago, at about the same size, takes its
/// reading without a new read, and a line due for a new read is read only in the orientation
/// that won before. The steady-state cost is then one read per line per `rereadAfter`
/// detections (about a second at the default detection rate). A line whose box has not moved
/// since it was read (`unmoved`) is read again only after `unmovedRereadFactor` times as many
/// detections: its pixels are those already read. Measured live (1080p MJPEG camera, 8 still
/// lines): the batch of 8 rereads every 30 detections held the detection queue for 0.4-0.6 s,
/// about a fifth of the detection rate.
///
/// Locking: `memory` is held only to look up and store readings, never while reading.
public final class LineReader: Sendable {
    public struct Policy: Sendable, Equatable {
        /// Keep only boxes in which at least one character was read.
        public var verify: Bool
        /// Which lines are turned.
        public var orientation: TextOrientation
        /// Detections after which a remembered line is read again.
        public var rereadAfter: Int

        public init(verify: Bool = true, orientation: TextOrientation = .any, rereadAfter: Int = 30) {
            self.verify = verify
            self.orientation = orientation
            self.rereadAfter = rereadAfter
        }

        /// Nothing to decide: every box is turned and no reading is needed.
        public var readsNothing: Bool { !verify && orientation == .any }
    }

    private struct Remembered {
        /// Where the line was last detected.
        var box: PixelBox
        /// Where it was when it was read.
        var readBox: PixelBox
        var reading: TextReading
        /// Detections since the line was last read.
        var age: Int
        /// Detections in a row that missed the line.
        var missed = 0

        /// Whether a detection at `box` still takes the remembered reading.
        func stillValid(at box: PixelBox, policy: Policy) -> Bool {
            age + 1 < policy.rereadAfter * (LineReader.unmoved(readBox, box) ? LineReader.unmovedRereadFactor : 1)
        }
    }

    /// Reuse: a box overlapping a remembered one by this intersection-over-union, ...
    static let sameLineOverlap = 0.5
    /// ... whose width and height each differ by at most this fraction.
    static let sameLineSizeChange = 0.25
    /// A line's box has not moved when its centre, width and height are each within this many
    /// pixels of where it was read, and its angle within `unmovedDegrees`: a still camera on
    /// still text gives the same box detection after detection.
    static let unmovedPixels = 1.0
    static let unmovedDegrees = 0.5
    /// How many times `Policy.rereadAfter` an unmoved line keeps its reading: text that changes
    /// in place (a display) is read again within this many seconds or so.
    static let unmovedRereadFactor = 10

    static func unmoved(_ a: PixelBox, _ b: PixelBox) -> Bool {
        abs(a.centerX - b.centerX) <= unmovedPixels && abs(a.centerY - b.centerY) <= unmovedPixels
            && abs(a.width - b.width) <= unmovedPixels && abs(a.height - b.height) <= unmovedPixels
            && abs(a.angle - b.angle) <= unmovedDegrees
    }

    private let recognizer: any TextRecognizing
    private let memory = Mutex<[Remembered]>([])

    public init(recognizer: any TextRecognizing) {
        self.recognizer = recognizer
    }

    /// Forgets every remembered line (caps change, flush).
    public func reset() {
        memory.withLock { $0.removeAll() }
    }

    /// `boxes` with their readings, less those the policy leaves alone. A box that cannot be
    /// read (the recognizer failed) counts as unread: kept only when the policy needs no
    /// reading. Throws nothing: a failure is reported through `failures`.
    public func read(_ boxes: [TextBox], in frame: FrameBuffer, format: PixelFormat, policy: Policy,
                     failures: (String) -> Void = { _ in }) -> [TextBox] {
        if policy.readsNothing { return boxes }
        let remembered = memory.withLock { $0 }
        var kept: [TextBox] = []
        var next: [Remembered] = []
        var used = Set<Int>()
        for var text in boxes {
            let match = Self.bestMatch(for: text.box, in: remembered, excluding: used)
            var reading: TextReading?
            var readBox = text.box
            var age = 0
            if let match, remembered[match].stillValid(at: text.box, policy: policy) {
                used.insert(match)
                reading = remembered[match].reading
                readBox = remembered[match].readBox
                age = remembered[match].age + 1
            } else {
                if let match { used.insert(match) }
                let known = match.map { remembered[$0].reading }
                do {
                    reading = try read(text.box, in: frame, format: format,
                                       onlyMirrored: known.flatMap { $0.foundText ? $0.mirrored : nil })
                } catch {
                    failures("text recognition failed: \(error)")
                }
            }
            if let reading { next.append(Remembered(box: text.box, readBox: readBox, reading: reading, age: age)) }
            text.reading = reading
            if policy.verify && !(reading?.foundText ?? false) { continue }
            if !policy.orientation.accepts(reading) { continue }
            kept.append(text)
        }
        // Lines this detection missed are remembered a little longer, so one missed detection
        // does not cost a new read; not for long, so another line in the same place is read.
        for (i, var line) in remembered.enumerated() where !used.contains(i) {
            guard line.missed + 1 < policy.rereadAfter, line.stillValid(at: line.box, policy: policy) else { continue }
            line.age += 1
            line.missed += 1
            next.append(line)
        }
        memory.withLock { $0 = next }
        return kept
    }

    /// Reads one box: both orientations, or only `onlyMirrored`'s when it is known. Not turned
    /// half a turn as well: on the real-photo dev set that found 2 more upside-down lines of
    /// 127, but also "text" in one more picture without any (a box over 12% of it).
    func read(_ box: PixelBox, in frame: FrameBuffer, format: PixelFormat, onlyMirrored: Bool?) throws -> TextReading {
        var best: (reading: TextReading, weight: Double)?
        // Both orientations come from one cut: the mirrored crop is the other's columns reversed.
        guard let cut = LineCrop(box, in: frame, format: format, height: recognizer.cropHeight,
                                 maxWidth: recognizer.maxCropWidth, mirrored: onlyMirrored ?? false) else {
            return TextReading(text: "", score: 0, mirrored: false)
        }
        for mirrored in onlyMirrored.map({ [$0] }) ?? [false, true] {
            let crop = mirrored == (onlyMirrored ?? false) ? cut : cut.mirrored()
            let steps = try recognizer.recognize(crop)
            let (text, score) = recognizer.decoder.decode(classes: steps.classes, probabilities: steps.probabilities)
            // The orientation that reads more characters with more confidence: the sum of the
            // characters' probabilities (a mirrored line read the wrong way round gives fewer
            // characters, less surely).
            let weight = score * Double(text.count)
            if best == nil || weight > best!.weight {
                best = (TextReading(text: text, score: score, mirrored: mirrored), weight)
            }
        }
        return best?.reading ?? TextReading(text: "", score: 0, mirrored: false)
    }

    private static func bestMatch(for box: PixelBox, in lines: [Remembered], excluding used: Set<Int>) -> Int? {
        var best: (index: Int, overlap: Double)?
        for (i, line) in lines.enumerated() where !used.contains(i) {
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= sameLineSizeChange * max(a, b) }
            guard close(line.box.width, box.width), close(line.box.height, box.height) else { continue }
            let overlap = line.box.iou(box)
            if overlap >= sameLineOverlap, overlap > (best?.overlap ?? 0) { best = (i, overlap) }
        }
        return best?.index
    }
}
