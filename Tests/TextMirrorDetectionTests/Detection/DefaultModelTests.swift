import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// The PP-OCRv6 models the element runs by default (`DetectorChoice`): each detector, fed and
/// thresholded as `DetectionModel` says, finds every drawn line, and v6's recognizer reads it
/// with its word spaces. (The other detection tests pin PP-OCRv4, see `TestModel`.)
@Suite(.serialized) struct DefaultModelTests {
    static let detectors = [DetectionModel.v6Tiny, .v6Small]

    /// Detects, fits and reads as the element does, with `model` and its recognizer.
    private func readLines(_ scene: TextScene, model: DetectionModel) throws -> [TextBox] {
        let path = TestModel.folder + "/" + model.fileName
        let detector = try TextDetector(.init(modelPath: path, precision: TestModel.networkPrecision))
        let reader = LineReader(
            recognizer: try TextRecognizer(.init(besideDetector: path, precision: TestModel.networkPrecision)))
        var video = scene.video
        let input = video.withFrameBuffer { detector.prepare($0, layout: FrameLayout(scene.video.format)) }
        let boxes = try detector.findLines(input, thresholds: .init())
        let fitted = InkFitting().fit(boxes, on: input, horizontally: true, vertically: false)
        return video.withFrameBuffer { reader.read(fitted, in: $0, format: scene.video.format, policy: .init()) }
    }

    /// Every word of every line is read, in a box whose reading keeps the spaces between the
    /// words it holds (the v4 recognizer read "Openuntil8pm").
    @Test(arguments: detectors)
    func everyWordIsReadWithItsSpaces(_ model: DetectionModel) throws {
        let scene = try #require(Scenes.withText.first { $0.name == "three lines on clutter" }).build()
        let read = try readLines(scene, model: model).compactMap(\.reading?.text)
        for (line, _) in scene.lines {
            for word in line.text.split(separator: " ") {
                #expect(read.contains { $0.split(separator: " ").contains(word) }, "\(model.name): \(word) of \"\(line.text)\" in \(read)")
            }
        }
        #expect(read.contains { $0.contains(" ") }, "\(model.name): no word space read in \(read)")
    }

    /// Scenes without text get no box once lines are verified by reading.
    @Test(arguments: detectors)
    func nothingIsReadWhereThereIsNoText(_ model: DetectionModel) throws {
        for scene in Scenes.withoutText {
            let read = try readLines(scene.build(), model: model)
            #expect(read.isEmpty, "\(model.name), \(scene.name): \(read.map(\.reading))")
        }
    }
}
