import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// The real recognizer on the rendered scenes: every drawn line is read (verification keeps
/// it), in the right orientation, and boxes on pictures without text are dropped.
@Suite(.serialized) struct ReadingTests {
    /// Detects, fits and reads `video` as the element does.
    private func readLines(
        _ video: RawVideo, policy: LineReader.Policy = .init(), verticalText: Bool = false
    ) throws -> [TextBox] {
        let detector = try TestModel.detector()
        let reader = LineReader(recognizer: try TestModel.recognizer())
        var copy = video
        var input = copy.withFrameBuffer { detector.prepare($0, layout: FrameLayout(video.format)) }
        input.verticalText = verticalText
        let boxes = try detector.findLines(input, thresholds: .init())
        let fitted = InkFitting().fit(boxes, on: input, horizontally: true, vertically: false)
        return copy.withFrameBuffer { reader.read(fitted, in: $0, format: video.format, policy: policy) }
    }

    @Test(arguments: Scenes.withText)
    func everyLineIsReadAsItIsWritten(_ scene: Scenes.Case) throws {
        let picture = scene.build()
        let read = try readLines(picture.video)
        for (line, _) in picture.lines {
            let texts = read.compactMap(\.reading?.text)
            #expect(texts.contains(line.text), "\(scene.name): \"\(line.text)\" not read; read \(texts)")
        }
        #expect(read.allSatisfy { $0.reading?.mirrored == false }, "\(read.map(\.reading))")
    }

    @Test(arguments: Scenes.withText)
    func mirroredLinesReadMirroredAndOnlyThoseTurn(_ scene: Scenes.Case) throws {
        let picture = scene.build()
        let flipped = runElement("videoflip", properties: [("video-direction", "horiz")], input: picture.video)
        let mirrored = try readLines(flipped, policy: .init(orientation: .mirrored))
        #expect(mirrored.count >= picture.lines.count, "\(scene.name): \(mirrored.map(\.reading))")
        #expect(mirrored.allSatisfy { $0.reading?.mirrored == true })
        // With `normal`, mirrored text is left alone.
        #expect(try readLines(flipped, policy: .init(orientation: .normal)).isEmpty)
    }

    /// `video` turned a quarter in `direction` ("90r" or "90l"), as a page lying sideways.
    private func turnedQuarter(_ video: RawVideo, _ direction: String) -> RawVideo {
        runElement(
            "videoflip", properties: [("video-direction", direction)], input: video,
            outputCaps: RawVideo(format: video.format, width: video.height, height: video.width).caps,
            output: (video.format, video.height, video.width))
    }

    /// Large lines running up or down the frame are found by the detector as they are, and read
    /// as written whichever way they run (each steep box is read turned half as well).
    @Test(arguments: ["90r", "90l"])
    func linesRunningUpOrDownAreReadAsWritten(_ direction: String) throws {
        let font = "DejaVu Sans 28"
        let video = Scenes.scene(
            .solid(r: 250, g: 250, b: 250),
            [
                TextLine(text: "Pages lying sideways", font: font, color: 0xFF10_1010, x: 120, y: 150),
                TextLine(text: "are read both ways", font: font, color: 0xFF10_1010, x: 120, y: 300)
            ]
        ).video
        let read = try readLines(turnedQuarter(video, direction))
        let texts = read.compactMap(\.reading?.text)
        #expect(texts.sorted() == ["Pages lying sideways", "are read both ways"], "\(direction): \(texts)")
        #expect(read.allSatisfy { $0.box.isSteep && $0.reading?.mirrored == false }, "\(read)")
    }

    /// A dense block of small lines turned a quarter, as a newspaper column lying sideways:
    /// the detector misses or merges them unless it also looks at the frame turned a quarter
    /// (`vertical-text`).
    @Test(arguments: ["90r", "90l"])
    func denseVerticalLinesNeedVerticalText(_ direction: String) throws {
        let words = ["river", "window", "summer", "station", "bridge", "garden", "market", "evening"]
        let lines = (0..<8).map { i in
            TextLine(
                text: "\(words[i]) \(words[(i + 3) % 8]) \(words[(i + 5) % 8])", font: "DejaVu Serif 13",
                color: 0xFF10_1010, x: 120, y: 150 + 21 * i)
        }
        let turned = turnedQuarter(Scenes.scene(.solid(r: 240, g: 238, b: 230), lines).video, direction)
        let upright = try readLines(turned).compactMap(\.reading?.text)
        let both = try readLines(turned, verticalText: true).compactMap(\.reading?.text)
        // Measured here: none of the 8 without it, 7 with it, each read exactly as written.
        #expect(upright.count < lines.count / 2, "\(direction): \(upright)")
        #expect(both.count >= 6 && Set(both).isSubset(of: lines.map(\.text)), "\(direction): \(both)")
    }

    /// A line of small print across the frame, its crop about 2,300 columns wide at the
    /// recognizer's height: read at its own width, as PP-OCR reads it. Squeezed into 1,024
    /// columns, as before, it read "... line atits own width ... letter init, ... drops the".
    @Test func aLongLineIsReadAtItsOwnWidth() throws {
        let text =
            "Reading a long line at its own width keeps every thin letter in it, while a squeezed crop drops them"
        let picture = Scenes.scene(
            .solid(r: 250, g: 250, b: 250),
            [TextLine(text: text, font: "DejaVu Sans 14", color: 0xFF10_1010, x: 40, y: 340)])
        let read = try readLines(picture.video)
        #expect(read.compactMap(\.reading?.text) == [text])
    }

    @Test(arguments: Scenes.withoutText)
    func boxesWithoutTextAreDropped(_ scene: Scenes.Case) throws {
        let read = try readLines(scene.build().video)
        #expect(read.isEmpty, "\(scene.name): \(read.map(\.reading))")
    }

    @Test(arguments: [("Cyrillic", "Привет из зеркала"), ("Greek", "Καλημέρα κόσμε")])
    func cyrillicAndGreekAreVerified(_ script: String, _ text: String) throws {
        let picture = Scenes.scene(
            .solid(r: 250, g: 250, b: 250),
            [
                TextLine(text: text, font: "DejaVu Sans 40", color: 0xFF10_1010, x: 200, y: 300)
            ])
        let read = try readLines(picture.video)
        #expect(read.count == 1, "\(script): \(read.map(\.reading))")
    }
}
