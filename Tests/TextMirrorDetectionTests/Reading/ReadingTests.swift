import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// The real recognizer on the rendered scenes: every drawn line is read (verification keeps
/// it), in the right orientation, and boxes on pictures without text are dropped.
@Suite(.serialized) struct ReadingTests {
    /// Detects, fits and reads `video` as the element does.
    private func readLines(_ video: RawVideo, policy: LineReader.Policy = .init()) throws -> [TextBox] {
        let detector = try TestModel.detector()
        let reader = LineReader(recognizer: try TestModel.recognizer())
        var copy = video
        let input = copy.withFrameBuffer { detector.prepare($0, layout: FrameLayout(video.format)) }
        let boxes = try detector.detectLines(input, thresholds: .init())
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
