import Synchronization
import Testing
import TextMirrorCore

/// A recognizer for tests over the characters "a" and "b": `reading` says what a crop reads,
/// and every read is counted.
final class FakeRecognizer: TextRecognizing {
    let decoder = try! CTCDecoder(characterList: "a\nb\n")
    var cropHeight: Int { 48 }
    var maxCropWidth: Int { 1024 }
    let reads = Atomic<Int>(0)
    private let reading: @Sendable (LineCrop) -> RecognizedSteps

    init(_ reading: @escaping @Sendable (LineCrop) -> RecognizedSteps) {
        self.reading = reading
    }

    func recognize(_ crop: LineCrop) throws -> RecognizedSteps {
        reads.add(1, ordering: .relaxed)
        return reading(crop)
    }

    static let surelyAB = RecognizedSteps(classes: [1, 0, 2], probabilities: [0.95, 0.9, 0.9])
    static let nothing = RecognizedSteps(classes: [0, 0, 0], probabilities: [0.9, 0.9, 0.9])

    /// "Reads" colours: a crop that starts red reads "ab" surely, one that starts blue reads "b"
    /// unsurely, a gray one reads nothing. So a red-then-blue line reads normally, a
    /// blue-then-red one reads better mirrored, and gray is a texture with no text.
    static func colours() -> FakeRecognizer {
        FakeRecognizer { crop in
            let at = (crop.height / 2 * crop.width + 2) * 3
            let (r, b) = (crop.rgb[at], crop.rgb[at + 2])
            if r > 200 && b < 50 { return surelyAB }
            if b > 200 && r < 50 { return RecognizedSteps(classes: [2, 0], probabilities: [0.4, 0.9]) }
            return nothing
        }
    }

    /// Reads "ab" when a crop's start is red in its upper half only, as letters are not the
    /// same upside down; anything else reads nothing.
    static func upright() -> FakeRecognizer {
        FakeRecognizer { crop in
            func red(row: Int) -> Bool { crop.rgb[(row * crop.width + crop.width / 4) * 3] > 200 }
            return red(row: crop.height / 4) && !red(row: crop.height * 3 / 4) ? surelyAB : nothing
        }
    }
}

@Suite("LineReader: reading, verification and orientation of detected lines")
struct LineReaderTests {
    /// An RGBA frame with three 200x40 lines: red-then-blue at y 50 (reads normally),
    /// blue-then-red at y 150 (reads mirrored), gray at y 250 (no text).
    final class Scene {
        let width = 400, height = 300
        var bytes: [UInt8]
        static let normal = TextBox(box: PixelBox(centerX: 200, centerY: 50, width: 200, height: 40), score: 0.9)
        static let mirrored = TextBox(box: PixelBox(centerX: 200, centerY: 150, width: 200, height: 40), score: 0.9)
        static let texture = TextBox(box: PixelBox(centerX: 200, centerY: 250, width: 200, height: 40), score: 0.9)

        init() {
            bytes = [UInt8](repeating: 128, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 4
                    guard y < 200 else { continue }
                    let redFirst = y < 100
                    let red = (x < width / 2) == redFirst
                    bytes[at] = red ? 255 : 0
                    bytes[at + 1] = 0
                    bytes[at + 2] = red ? 0 : 255
                }
            }
        }

        func read(
            _ reader: LineReader, _ boxes: [TextBox], _ policy: LineReader.Policy,
            while mayRead: () -> Bool = { true }
        ) -> [TextBox] {
            bytes.withUnsafeMutableBytes { raw in
                reader.read(
                    boxes,
                    in: FrameBuffer(
                        width: width, height: height, planes: [raw.baseAddress!],
                        strides: [width * 4]),
                    format: .rgba, policy: policy, while: mayRead)
            }
        }
    }

    @Test func readsEachLineInTheOrientationThatReadsBetter() {
        let scene = Scene(), reader = LineReader(recognizer: FakeRecognizer.colours())
        let read = scene.read(reader, [Scene.normal, Scene.mirrored], LineReader.Policy())
        #expect(read.map { $0.reading?.text } == ["ab", "ab"])
        #expect(read.map { $0.reading?.mirrored } == [false, true])
        #expect(read.allSatisfy { abs(($0.reading?.score ?? 0) - 0.925) < 1e-6 })
    }

    /// The spaces the decoder puts in between characters carry no probability, so they do not
    /// make a reading weigh more: a sign's "Way Out" read mirrored as "tuO vsW /" at 0.83 had won
    /// over "Way Out" at 0.999 by its two spaces. Here the wrong way reads "b a" less surely.
    @Test func spacesPutInDoNotWinTheOrientation() {
        let recognizer = FakeRecognizer { crop in
            let at = (crop.height / 2 * crop.width + 2) * 3
            if crop.rgb[at] > 200 { return RecognizedSteps(classes: [1, 2], probabilities: [0.99, 0.99]) }
            // "b", a blank step that gives the space a share, "a": decoded "b a".
            return RecognizedSteps(classes: [2, 0, 1], probabilities: [0.8, 0.9, 0.8], spaceProbabilities: [0, 0.5, 0])
        }
        let read = Scene().read(LineReader(recognizer: recognizer), [Scene.normal], LineReader.Policy())
        #expect(read.map { $0.reading?.text } == ["ab"])
        #expect(read.map { $0.reading?.mirrored } == [false])
    }

    /// Live, a detection reads for only so long (`MirrorEngine`'s reading allowance).
    @Test func pacedReadingReadsLinesWhollyInViewFirstAndTheRestNextTime() {
        let scene = Scene(), reader = LineReader(recognizer: FakeRecognizer.colours())
        // Red then blue, its start 30 px from the frame's left side: it may still be coming into view.
        let atSide = TextBox(box: PixelBox(centerX: 130, centerY: 50, width: 200, height: 40), score: 0.9)
        let lines = [atSide, Scene.mirrored]
        // Out of time from the start: one line is read all the same, the one wholly in view.
        #expect(scene.read(reader, lines, LineReader.Policy(), while: { false }).map(\.box) == [Scene.mirrored.box])
        // The next detection reads the other, and the first keeps its reading.
        let next = scene.read(reader, lines, LineReader.Policy(), while: { false })
        #expect(next.map(\.box) == [atSide.box, Scene.mirrored.box])
        #expect(next.map { $0.reading?.mirrored } == [false, true])
    }

    /// With `orientation` `.any` the orientation decides no line's turning, so a new line is
    /// taken on one read that finds text, and read the other way when time allows.
    @Test func aNewLineIsReadOneWayFirstAndTheOtherWayWhenTimeAllows() {
        let scene = Scene(), recognizer = FakeRecognizer.colours(), reader = LineReader(recognizer: recognizer)
        func reads() -> Int { recognizer.reads.load(ordering: .relaxed) }
        let first = scene.read(reader, [Scene.normal], LineReader.Policy(), while: { false })
        #expect(first.map { $0.reading?.text } == ["ab"])
        #expect(reads() == 1)
        // The next detection reads it mirrored, and the normal reading stays the better.
        #expect(scene.read(reader, [Scene.normal], LineReader.Policy(), while: { false }).first?.reading?.mirrored == false)
        #expect(reads() == 2)
        _ = scene.read(reader, [Scene.normal], LineReader.Policy(), while: { false })
        #expect(reads() == 2)
        // With time, both ways in one detection.
        reader.reset()
        _ = scene.read(reader, [Scene.normal], LineReader.Policy())
        #expect(reads() == 4)
        // Where the orientation decides whether a line turns, one read does not decide it.
        reader.reset()
        _ = scene.read(reader, [Scene.normal], LineReader.Policy(orientation: .normal), while: { false })
        #expect(reads() == 6)
    }

    /// Text in a view mostly reads one way: once a line read better mirrored, a new line is
    /// first read mirrored (a selfie view).
    @Test func aNewLineIsFirstReadTheWayTheViewsLastLineRead() {
        let scene = Scene(), recognizer = FakeRecognizer.colours(), reader = LineReader(recognizer: recognizer)
        func reads() -> Int { recognizer.reads.load(ordering: .relaxed) }
        #expect(scene.read(reader, [Scene.mirrored], LineReader.Policy()).first?.reading?.mirrored == true)
        #expect(reads() == 2)
        // Another line (narrower) on the same blue-then-red print: read mirrored only.
        var narrower = Scene.mirrored
        narrower.box.width = 120
        #expect(scene.read(reader, [narrower], LineReader.Policy(), while: { false }).first?.reading?.mirrored == true)
        #expect(reads() == 3)
    }

    @Test func verifyDropsBoxesWithoutCharacters() {
        let scene = Scene(), reader = LineReader(recognizer: FakeRecognizer.colours())
        let all = [Scene.normal, Scene.mirrored, Scene.texture]
        #expect(
            scene.read(reader, all, LineReader.Policy(verify: true)).map(\.box) == [
                Scene.normal.box, Scene.mirrored.box
            ])
        reader.reset()
        let unverified = scene.read(reader, all, LineReader.Policy(verify: false, orientation: .normal))
        #expect(unverified.map(\.box) == [Scene.normal.box, Scene.texture.box])
    }

    @Test func orientationPicksWhichLinesTurn() {
        let scene = Scene(), all = [Scene.normal, Scene.mirrored, Scene.texture]
        let normal = scene.read(
            LineReader(recognizer: FakeRecognizer.colours()), all, LineReader.Policy(orientation: .normal))
        #expect(normal.map(\.box) == [Scene.normal.box])
        let mirrored = scene.read(
            LineReader(recognizer: FakeRecognizer.colours()), all,
            LineReader.Policy(orientation: .mirrored))
        #expect(mirrored.map(\.box) == [Scene.mirrored.box])
    }

    @Test func nothingIsReadWhenNothingDependsOnIt() {
        let scene = Scene(), recognizer = FakeRecognizer.colours()
        let boxes = [Scene.normal, Scene.texture]
        let read = scene.read(
            LineReader(recognizer: recognizer), boxes, LineReader.Policy(verify: false, orientation: .any))
        #expect(read == boxes)
        #expect(recognizer.reads.load(ordering: .relaxed) == 0)
    }

    @Test func rememberedLinesAreReadAgainOnlyWhenDueAndOnlyOneWay() {
        let scene = Scene(), recognizer = FakeRecognizer.colours(), reader = LineReader(recognizer: recognizer)
        let policy = LineReader.Policy(rereadAfter: 3)
        var moved = Scene.normal
        _ = scene.read(reader, [moved], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)  // both orientations
        // The same line, a little moved: remembered for two more detections...
        moved.box.centerX += 3
        for _ in 0..<2 {
            #expect(scene.read(reader, [moved], policy).first?.reading?.text == "ab")
        }
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)
        // ...then read again, in the orientation that won.
        _ = scene.read(reader, [moved], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 3)
        // A box of another size is another line: read in both orientations.
        moved.box.width = 120
        _ = scene.read(reader, [moved], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 5)
    }

    @Test func aRereadThatFindsNothingTheKnownWayTriesOnlyTheOthers() {
        let scene = Scene(), recognizer = FakeRecognizer.colours(), reader = LineReader(recognizer: recognizer)
        let policy = LineReader.Policy(rereadAfter: 1)
        var line = Scene.normal
        #expect(scene.read(reader, [line], policy).first?.reading?.mirrored == false)
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)  // both orientations
        // The same line turns mirrored (its rows now hold the blue-then-red line) and moves, so
        // it is due: read the known way (nothing), then only mirrored.
        let rowBytes = scene.width * 4
        scene.bytes.replaceSubrange(0..<100 * rowBytes, with: scene.bytes[100 * rowBytes..<200 * rowBytes])
        line.box.centerX += 3
        #expect(scene.read(reader, [line], policy).first?.reading?.mirrored == true)
        #expect(recognizer.reads.load(ordering: .relaxed) == 4)
    }

    @Test func aLineThatHasNotMovedIsReadAgainTenTimesLessOften() {
        let scene = Scene(), recognizer = FakeRecognizer.colours(), reader = LineReader(recognizer: recognizer)
        let policy = LineReader.Policy(rereadAfter: 3)
        var still = Scene.normal
        _ = scene.read(reader, [still], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)  // both orientations
        // Within a pixel of where it was read, for 10 x 3 detections: its reading stays...
        for n in 1..<30 {
            still.box.centerX = Scene.normal.box.centerX + (n % 2 == 0 ? 0.5 : -0.5)
            #expect(scene.read(reader, [still], policy).first?.reading?.text == "ab")
        }
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)
        // ...then it is read again, in the orientation that won.
        _ = scene.read(reader, [still], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 3)
    }

    @Test func aMissedLineIsForgottenAfterRereadAfterDetections() {
        let scene = Scene(), recognizer = FakeRecognizer.colours(), reader = LineReader(recognizer: recognizer)
        let policy = LineReader.Policy(rereadAfter: 3)
        _ = scene.read(reader, [Scene.normal], policy)
        // Missed twice: still remembered.
        for _ in 0..<2 { _ = scene.read(reader, [], policy) }
        _ = scene.read(reader, [Scene.normal], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)
        // Missed three times: read again, both ways (another line may stand there now).
        for _ in 0..<3 { _ = scene.read(reader, [], policy) }
        _ = scene.read(reader, [Scene.normal], policy)
        #expect(recognizer.reads.load(ordering: .relaxed) == 4)
    }

    /// A gray 300x400 RGBA frame with one line 200 long and 40 across, reading from `start`
    /// (a corner of its red quarter) towards the line's other end; the letters' tops point to
    /// `up`.
    static func frame(line: PixelBox, start: SIMD2<Double>, up: SIMD2<Double>) -> [UInt8] {
        var bytes = [UInt8](repeating: 128, count: 300 * 400 * 4)
        let (along, across) = line.axes
        for y in 0..<400 {
            for x in 0..<300 {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - line.center
                let s = (p * along).sum(), t = (p * across).sum()
                guard abs(s) < line.width / 2, abs(t) < line.height / 2 else { continue }
                let nearStart = ((p + line.center - start) * (start - line.center)).sum() > -line.width * line.width / 4
                let upper = (p * up).sum() > 0
                let at = (y * 300 + x) * 4
                (bytes[at], bytes[at + 1], bytes[at + 2]) = nearStart && upper ? (255, 0, 0) : (0, 0, 0)
            }
        }
        return bytes
    }

    /// `line` read by `reader` in `bytes`, a frame made by `frame(line:start:up:)`.
    static func read(
        _ line: PixelBox, in bytes: inout [UInt8], by reader: LineReader, policy: LineReader.Policy,
        fitted: Bool = false
    ) -> [TextBox] {
        bytes.withUnsafeMutableBytes { raw in
            reader.read(
                [TextBox(box: line, score: 0.9, fitted: fitted)],
                in: FrameBuffer(width: 300, height: 400, planes: [raw.baseAddress!], strides: [1200]),
                format: .rgba, policy: policy)
        }
    }

    @Test func aLineRunningUpThePictureIsReadTurnedHalfAndRereadThatWayOnly() {
        // Up the picture, letters' tops to the left, as on a page lying sideways. The box's width
        // axis points down (angle 90), so the text reads against it.
        let line = PixelBox(centerX: 150, centerY: 200, width: 200, height: 40, angle: 90)
        #expect(line.isSteep)
        var bytes = Self.frame(line: line, start: SIMD2(150, 300), up: SIMD2(-1, 0))
        let recognizer = FakeRecognizer.upright(), reader = LineReader(recognizer: recognizer)
        func read() -> [TextBox] { Self.read(line, in: &bytes, by: reader, policy: LineReader.Policy(rereadAfter: 1)) }
        let first = read().first?.reading
        #expect(first?.text == "ab" && first?.mirrored == false && first?.turnedHalf == true)
        #expect(first?.readsAgainstBox == true)
        #expect(recognizer.reads.load(ordering: .relaxed) == 4)  // two halves, each both ways
        // Once due again (an unmoved line after 10 detections): read once, the way that won.
        for _ in 0..<10 { #expect(read().first?.reading?.turnedHalf == true) }
        #expect(recognizer.reads.load(ordering: .relaxed) == 5)
    }

    @Test func aLevelLineIsReadUpsideDownOnlyWhenFittedAndUnreadableUpright() {
        // Upside down: starts at the right, letters' tops pointing down.
        let line = PixelBox(centerX: 150, centerY: 200, width: 200, height: 40)
        #expect(!line.isSteep)
        var bytes = Self.frame(line: line, start: SIMD2(250, 200), up: SIMD2(0, 1))
        // As detected (perhaps a texture): read as it is and mirrored only.
        var recognizer = FakeRecognizer.upright(), reader = LineReader(recognizer: recognizer)
        #expect(Self.read(line, in: &bytes, by: reader, policy: LineReader.Policy()).isEmpty)
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)
        // Fitted to its ink: turned half as well, once upright found nothing.
        recognizer = FakeRecognizer.upright()
        reader = LineReader(recognizer: recognizer)
        let reading = Self.read(line, in: &bytes, by: reader, policy: LineReader.Policy(), fitted: true).first?.reading
        #expect(reading?.text == "ab" && reading?.turnedHalf == true && reading?.mirrored == false)
        #expect(recognizer.reads.load(ordering: .relaxed) == 4)
        // The right way up, a fitted line is read upright only.
        bytes = Self.frame(line: line, start: SIMD2(50, 200), up: SIMD2(0, -1))
        recognizer = FakeRecognizer.upright()
        reader = LineReader(recognizer: recognizer)
        let upright = Self.read(line, in: &bytes, by: reader, policy: LineReader.Policy(), fitted: true).first?.reading
        #expect(upright?.text == "ab" && upright?.turnedHalf == false)
        #expect(recognizer.reads.load(ordering: .relaxed) == 2)
    }

    /// A line read one way first is still read upside down when, settled, it reads as nothing:
    /// here it reads "ab" as it is, "ababab" unsurely mirrored (more weight, but no text), and
    /// "ab" surely turned half, its right way up. Read both ways at once, the same line was
    /// found upside down; settled later, it had been dropped.
    @Test func aLineReadOneWayFirstIsStillFoundUpsideDown() {
        let line = PixelBox(centerX: 150, centerY: 200, width: 200, height: 40)
        var bytes = Self.frame(line: line, start: SIMD2(250, 200), up: SIMD2(0, 1))
        let recognizer = FakeRecognizer { crop in
            func red(_ column: Int, _ row: Int) -> Bool { crop.rgb[(row * crop.width + column) * 3] > 200 }
            let (left, right, upper, lower) = (crop.width / 4, crop.width * 3 / 4, crop.height / 4, crop.height * 3 / 4)
            if red(left, upper) { return FakeRecognizer.surelyAB }
            if red(right, lower) { return RecognizedSteps(classes: [1, 2], probabilities: [0.9, 0.9]) }
            if red(left, lower) { return RecognizedSteps(classes: [1, 2, 1, 2, 1, 2], probabilities: Array(repeating: 0.45, count: 6)) }
            return FakeRecognizer.nothing
        }
        let reading = Self.read(line, in: &bytes, by: LineReader(recognizer: recognizer), policy: LineReader.Policy(), fitted: true)
            .first?.reading
        #expect(reading?.text == "ab" && reading?.turnedHalf == true && reading?.mirrored == false)
    }

    @Test func failuresCountAsUnread() {
        final class Failing: TextRecognizing {
            struct Broken: Error {}
            let decoder = try! CTCDecoder(characterList: "a\n")
            var cropHeight: Int { 48 }
            var maxCropWidth: Int { 1024 }
            func recognize(_ crop: LineCrop) throws -> RecognizedSteps { throw Broken() }
        }
        let reader = LineReader(recognizer: Failing())
        let kept = Scene().read(reader, [Scene.normal], LineReader.Policy())
        #expect(kept.isEmpty)
        #expect(reader.failures.failures.count == 1)
    }
}
