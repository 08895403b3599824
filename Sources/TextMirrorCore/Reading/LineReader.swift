import Synchronization

/// Reads detected lines of text and decides which of them are turned: the recognizer's work on
/// the detection queue (or in the sync detection pass, so reading adds no frame of delay).
///
/// A line is read in both orientations, as it is and mirrored (a steep one also turned half, a
/// level one that reads as nothing either way too if it was fitted to its ink), and the one
/// that reads better wins: text that is already mirrored in the input (a selfie camera) still
/// counts, and says so (`TextReading.mirrored`). With `TextOrientation.any` a new line is
/// first read one way only, the other later (`read(_:in:format:policy:while:)`).
///
/// What was read is remembered per line (`LineMemory`): a line read less than
/// `Policy.rereadAfter` detections ago takes its reading without a new read, and a line due
/// for a new read is read only in the orientation that won before (then in the others when
/// that finds no text). The steady-state cost is then one read per line per `rereadAfter`
/// detections (about a second at the default detection rate), and less for a line that has
/// not moved (`LineMemory`: its pixels are those already read). The cost of a batch of rereads
/// shows in `textmirror-bench --sections live` as detections a second.
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

    /// A line's reading as remembered, and whether it is settled: read in every orientation it
    /// could read in (or again in one that won before), not only in the one guessed.
    struct LineReading: Sendable {
        var reading: TextReading
        var settled: Bool
    }

    private let recognizer: any TextRecognizing
    private let memory = LineMemory<LineReading>()
    /// Whether the last line read in every orientation read mirrored: how a new line is
    /// guessed to read (`read(_:in:format:known:guess:)`). Text in one view mostly reads one
    /// way (all of it mirrored in a selfie view).
    private let viewMirrored = Mutex(false)
    /// Reads that failed (the recognizer threw); the engine warns about them.
    public let failures = FailureLog()

    public init(recognizer: any TextRecognizing) {
        self.recognizer = recognizer
    }

    /// Forgets every remembered line (caps change, flush).
    public func reset() {
        memory.reset()
        viewMirrored.withLock { $0 = false }
    }

    /// `boxes` with their readings, less those the policy leaves alone. A box that cannot be
    /// read (the recognizer failed) counts as unread: kept only when the policy needs no
    /// reading. Throws nothing: a failure is recorded in `failures`.
    ///
    /// New lines are read first, and lines are read only while `mayRead()` says so
    /// (`LineMemory.values`): a new line left unread counts as unread in this detection and
    /// is read in the next, and a line due to be read again keeps its last reading until then.
    ///
    /// With `orientation` `.any`, a new level line is first read only the way the view's text
    /// reads, and taken as read when that finds text; its other orientation is read after
    /// every new line had its first read, so in this detection when time allows, else in a
    /// later one (until then, the text reported and the ends fitted to it may be those of the
    /// wrong way round). Why: a page's line is a crop 1000-2000 columns wide, 50-65 ms a
    /// read on two cores, and reading each both ways let a live detection of a page read one
    /// line of its 27. Not so with `.normal` or `.mirrored`, where the orientation decides
    /// whether the line turns: one read cannot decide it (mirrored Latin also reads surely as
    /// it is: "an you both so more still" as "omoo oW :Ilits orom os dtod uov an").
    public func read(
        _ boxes: [TextBox], in frame: FrameBuffer, format: PixelFormat, policy: Policy,
        while mayRead: () -> Bool = { true }
    ) -> [TextBox] {
        if policy.readsNothing { return boxes }
        // Lines wholly in view first: one at the frame's side is still coming into view, and
        // its box, grown by the next detection, is a new line to the memory again.
        let order = boxes.indices.sorted {
            func rank(_ i: Int) -> (Int, Int) {
                let box = boxes[i].box
                return (box.comesWithin(min(box.width, box.height), ofSidesOf: frame.width, frame.height) ? 1 : 0, i)
            }
            return rank($0) < rank($1)
        }
        let guessing = policy.orientation == .any
        let ordered = memory.values(
            for: order.map { boxes[$0].box }, renewAfter: policy.rereadAfter, while: mayRead, settled: \.settled
        ) { i, known in
            do {
                let read = try read(
                    boxes[order[i]], in: frame, format: format, known: known.flatMap { $0.reading.foundText ? $0 : nil },
                    guess: guessing ? viewMirrored.withLock { $0 } : nil)
                if read.settled, read.reading.foundText, !read.reading.turnedHalf {
                    viewMirrored.withLock { $0 = read.reading.mirrored }
                }
                return read
            } catch {
                failures.record(error)
                return nil
            }
        }
        var readings = [TextReading?](repeating: nil, count: boxes.count)
        for (i, read) in zip(order, ordered) { readings[i] = read?.reading }
        let frameArea = Double(frame.width * frame.height)
        return zip(boxes, readings).compactMap { text, reading in
            let box = text.box
            if policy.verify && !(reading?.foundText(boxArea: box.width * box.height, frameArea: frameArea) ?? false) {
                return nil
            }
            if !policy.orientation.accepts(reading) { return nil }
            var text = text
            text.reading = reading
            return text
        }
    }

    /// Reads one line (`read(_:in:format:known:)` on its box), and a level one fitted to its
    /// ink (`TextBox.fitted`: a run of letters, not a texture) turned half a turn as well when
    /// it reads as nothing either way: it may be upside down (a book lying the other way
    /// round). Why not every level box: reading them all turned half found 2 more upside-down
    /// lines of 127 on the real-photo dev set, but also "text" in one more picture without
    /// any (a box over 12% of it). This way it found "定价: 48.00元" on an upside-down book
    /// back, and nothing in the 50 pictures without text.
    ///
    /// A new level line with a `guess` (mirrored or not) is read that way first, and taken
    /// unsettled when that finds text. An unsettled `known` line is settled: read in its
    /// other orientations, and the one that reads better wins.
    func read(
        _ line: TextBox, in frame: FrameBuffer, format: PixelFormat, known: LineReading?, guess: Bool? = nil
    ) throws -> LineReading {
        let reading: TextReading, settled: Bool
        if let known, !known.settled {
            (reading, settled) = (try completed(known.reading, of: line.box, in: frame, format: format), true)
        } else {
            let first = known.map { ($0.reading.turnedHalf, $0.reading.mirrored) }
                ?? guess.flatMap { line.box.isSteep ? nil : (false, $0) }
            let read = try read(line.box, in: frame, format: format, first: first)
            (reading, settled) = (read.reading, known != nil || !read.oneWay)
        }
        // However it was settled: a fitted level line that reads as nothing may be upside down.
        guard !reading.foundText, line.fitted, !line.box.isSteep else {
            return LineReading(reading: reading, settled: settled)
        }
        let turned = try read(line.box, in: frame, format: format, halves: [true], mirrorings: [false, true])
        return LineReading(reading: turned.foundText ? turned : reading, settled: true)
    }

    /// Reads one box: as it is and mirrored, or first only in the orientation `first` names
    /// (and in the others when that finds no text: a steep line's box may have swapped ends
    /// since, from 89° to -89°); `oneWay` when only `first` was read. A steep box
    /// (`PixelBox.isSteep`) is read turned half a turn as well: a line running up or down the
    /// picture reads either way along it (a page lying sideways, a book's spine).
    func read(
        _ box: PixelBox, in frame: FrameBuffer, format: PixelFormat, first: (turnedHalf: Bool, mirrored: Bool)?
    ) throws -> (reading: TextReading, oneWay: Bool) {
        guard let first else { return (try read(box, in: frame, format: format), false) }
        let again = try read(box, in: frame, format: format, halves: [first.turnedHalf], mirrorings: [first.mirrored])
        if again.foundText { return (again, true) }
        return (try completed(again, of: box, in: frame, format: format), false)
    }

    /// `reading`, read in one orientation only, or the best reading of `box` in its other
    /// orientations if that reads better.
    private func completed(_ reading: TextReading, of box: PixelBox, in frame: FrameBuffer, format: PixelFormat) throws
        -> TextReading
    {
        let others = try read(box, in: frame, format: format, skipping: (reading.turnedHalf, reading.mirrored))
        return Self.weight(others) > Self.weight(reading) ? others : reading
    }

    /// The best reading of `box` in every orientation it could read in (turned half as well
    /// when steep) but the one `skipping` names.
    private func read(
        _ box: PixelBox, in frame: FrameBuffer, format: PixelFormat, skipping: (turnedHalf: Bool, mirrored: Bool)? = nil
    ) throws -> TextReading {
        try read(
            box, in: frame, format: format, halves: box.isSteep ? [false, true] : [false], mirrorings: [false, true],
            skipping: skipping)
    }

    /// Whether `reading`'s text lies in `line` and not in `cutOff`, boxes along the line's
    /// axis beside it: `line` alone (nothing beyond its ends in view) reads the same
    /// characters in the reading's orientation, and no part of `cutOff` reads as text, mirrored
    /// or not. False when the recognizer fails.
    public func reads(
        _ reading: TextReading, onlyIn line: PixelBox, notIn cutOff: [PixelBox], frame: FrameBuffer,
        format: PixelFormat
    ) -> Bool {
        do {
            let again = try read(
                line, in: frame, format: format, halves: [reading.turnedHalf], mirrorings: [reading.mirrored],
                onlyBox: true)
            guard again.foundText, again.characters == reading.characters else { return false }
            for part in cutOff {
                let beside = try read(
                    part, in: frame, format: format, halves: [reading.turnedHalf], mirrorings: [false, true],
                    onlyBox: true)
                if beside.foundText { return false }
            }
            return true
        } catch {
            failures.record(error)
            return false
        }
    }

    /// How well a reading reads: the sum of its characters' probabilities. Between the
    /// orientations of one line, the right one reads more characters with more confidence (a
    /// mirrored line read the wrong way round gives fewer, less surely). Spaces do not count
    /// (`TextReading.characters`): counting them let a sign's "Way Out" read backwards as
    /// "tuO vsW /" (0.83) win over "Way Out" (0.999).
    private static func weight(_ reading: TextReading) -> Double {
        reading.score * Double(reading.characters.count)
    }

    /// Where `steps`' characters lie along `box` (`TextReading.characterSpan`), read from
    /// `crop`, cut from `box` as `mirrored` and `turnedHalf` say.
    private func characterSpan(
        _ steps: RecognizedSteps, crop: LineCrop, of box: PixelBox, mirrored: Bool, turnedHalf: Bool
    ) -> ClosedRange<Double>? {
        guard let read = recognizer.decoder.characterSteps(steps) else { return nil }
        let perStep = Double(crop.width) / Double(steps.classes.count)
        let along = LineCrop.span(
            ofColumns: (Double(read.lowerBound) + 0.5) * perStep...(Double(read.upperBound) + 0.5) * perStep,
            width: crop.width, box: box, mirrored: mirrored)
        // Turned half, the crop ran against `box`'s own width axis.
        return turnedHalf ? -along.upperBound...(-along.lowerBound) : along
    }

    /// The best reading of `box` among the orientations given: turned half a turn or not, each
    /// mirrored or not, less the one `skipping` names (already read).
    private func read(
        _ box: PixelBox, in frame: FrameBuffer, format: PixelFormat, halves: [Bool], mirrorings: [Bool],
        skipping: (turnedHalf: Bool, mirrored: Bool)? = nil, onlyBox: Bool = false
    ) throws -> TextReading {
        var best: (reading: TextReading, weight: Double)?
        for turnedHalf in halves {
            var cutBox = box
            if turnedHalf { cutBox.angle += 180 }
            // Both mirrorings come from one cut: the mirrored crop is the other's columns reversed.
            guard
                let cut = LineCrop(
                    cutBox, in: frame, format: format, height: recognizer.cropHeight,
                    maxWidth: recognizer.maxCropWidth, mirrored: mirrorings[0], onlyBox: onlyBox)
            else { break }
            for mirrored in mirrorings where !(skipping.map { $0 == (turnedHalf, mirrored) } ?? false) {
                let crop = mirrored == mirrorings[0] ? cut : cut.mirrored()
                let steps = try recognizer.recognize(crop)
                let (text, score) = recognizer.decoder.decode(steps)
                let reading = TextReading(
                    text: text, score: score, mirrored: mirrored, turnedHalf: turnedHalf,
                    characterSpan: characterSpan(steps, crop: crop, of: box, mirrored: mirrored, turnedHalf: turnedHalf))
                if best == nil || Self.weight(reading) > best!.weight { best = (reading, Self.weight(reading)) }
            }
        }
        return best?.reading ?? TextReading(text: "", score: 0, mirrored: false)
    }
}
