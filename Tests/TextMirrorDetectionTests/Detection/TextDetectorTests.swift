#if canImport(Glibc)
    import Glibc
#endif
import CShim
import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// The detector's contract: the C API refuses bad arguments with a status and a message, a
/// bad model fails at load with the path named, and results depend only on the picture.
@Suite(.serialized) struct TextDetectorTests {
    private func newDetector(_ path: String, _ width: Int32, _ height: Int32, threads: Int32 = 1)
        -> (OpaquePointer?, String)
    {
        var message = [CChar](repeating: 0, count: 512)
        let detector = textmirror_detector_new(
            path, TestModel.input, width, height, threads, TEXTMIRROR_PRECISION_AUTO, &message, message.count)
        return (detector, String(cString: message))
    }

    // MARK: loading

    @Test func missingModelFailsWithThePath() {
        let path = "/nonexistent/textmirror/model.onnx"
        #expect(throws: TextDetector.Failure.self) { try TextDetector(.init(modelPath: path)) }
        do {
            _ = try TextDetector(.init(modelPath: path))
        } catch {
            #expect(error.description.contains(path))
            #expect(error.description.contains("No such file"))
        }
    }

    @Test func aFileThatIsNoModelFailsWithThePath() throws {
        let path = "/tmp/textmirror-not-a-model-\(getpid()).onnx"
        let text = "this is not an ONNX model\n"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        defer { unlink(path) }
        do {
            _ = try TextDetector(.init(modelPath: path))
            Issue.record("loading a text file as a model should fail")
        } catch {
            #expect(error.description.contains(path), "\(error.description)")
        }
    }

    @Test func aDirectoryIsRefused() {
        let (detector, message) = newDetector("/tmp", 64, 64)
        #expect(detector == nil)
        #expect(message.contains("/tmp") && message.contains("regular"))
    }

    @Test func badArgumentsAreRefusedWithAMessage() throws {
        let path = try TestModel.require()
        for (width, height) in [(Int32(100), Int32(64)), (64, 0), (-32, 64), (8192, 64)] {
            let (detector, message) = newDetector(path, width, height)
            #expect(detector == nil, "\(width)x\(height)")
            #expect(message.contains("multiple of 32"), "\(message)")
        }
        var message = [CChar](repeating: 0, count: 64)
        #expect(textmirror_detector_new(nil, TestModel.input, 64, 64, 1, TEXTMIRROR_PRECISION_AUTO, &message, message.count) == nil)
        #expect(String(cString: message) == "no model path given")
        #expect(textmirror_detector_new(path, TestModel.input, 64, 64, -1, TEXTMIRROR_PRECISION_AUTO, nil, 0) == nil)  // no message buffer: no crash
        // A message longer than the buffer is cut and still terminated.
        var tiny = [CChar](repeating: 0x7F, count: 8)
        #expect(textmirror_detector_new(path, TestModel.input, 100, 100, 1, TEXTMIRROR_PRECISION_AUTO, &tiny, tiny.count) == nil)
        #expect(tiny[7] == 0 && strlen(tiny) == 7)
        textmirror_detector_free(nil)
        #expect(String(cString: textmirror_detector_last_error(nil)) == "no detector")
    }

    @Test func runRefusesBadArgumentsAndSaysWhy() throws {
        let path = try TestModel.require()
        let (made, message) = newDetector(path, 64, 32)
        let detector = try #require(made, "\(message)")
        defer { textmirror_detector_free(detector) }
        let rgb = [UInt8](repeating: 128, count: 64 * 32 * 3)
        var boxes = [TextMirrorDetectedBox](repeating: .init(), count: 4)
        var count: Int32 = -1

        func run(
            _ w: Int32, _ h: Int32, _ stride: Int32, _ text: Float, _ box: Float, max: Int32 = 4,
            pixels: Bool = true, out: Bool = true
        ) -> TextMirrorDetectorStatus {
            rgb.withUnsafeBufferPointer { p in
                boxes.withUnsafeMutableBufferPointer { b in
                    textmirror_detector_run(
                        detector, pixels ? p.baseAddress : nil, w, h, stride, text, box,
                        out ? b.baseAddress : nil, max, &count)
                }
            }
        }
        let invalid = TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT
        #expect(run(64, 32, 192, 0.3, 0.5, pixels: false) == invalid)
        #expect(String(cString: textmirror_detector_last_error(detector)).contains("NULL"))
        #expect(run(32, 64, 96, 0.3, 0.5) == invalid)
        #expect(String(cString: textmirror_detector_last_error(detector)).contains("input size 64x32"))
        #expect(run(64, 32, 100, 0.3, 0.5) == invalid)  // stride under 3 x width
        #expect(run(64, 32, 192, 0, 0.5) == invalid)
        #expect(run(64, 32, 192, 0.3, 1.5) == invalid)
        #expect(run(64, 32, 192, .nan, 0.5) == invalid)
        #expect(run(64, 32, 192, 0.3, 0.5, out: false) == invalid)
        #expect(textmirror_detector_run(nil, rgb, 64, 32, 192, 0.3, 0.5, &boxes, 4, &count) == invalid)

        #expect(run(64, 32, 192, 0.3, 0.5) == TEXTMIRROR_DETECTOR_OK)
        #expect(count == 0, "a grey picture holds no text")
        #expect(String(cString: textmirror_detector_last_error(detector)).isEmpty)
        #expect(run(64, 32, 192, 0.3, 0.5, max: 0, out: false) == TEXTMIRROR_DETECTOR_OK)
    }

    // MARK: results

    /// The three-line scene as the detector's input.
    private func clutterInput(_ detector: TextDetector) -> DetectionInput {
        var video = Scenes.withText.first { $0.name == "three lines on clutter" }!.build().video
        return video.withFrameBuffer { detector.prepare($0, layout: FrameLayout(.rgbx)) }
    }

    @Test func resultsDoNotDependOnTheThreadCount() throws {
        let one = try TestModel.detector(threads: 1)
        let two = try TestModel.detector(threads: 2)
        let input = clutterInput(one)
        let a = try one.detectKernels(input, thresholds: .init())
        let b = try two.detectKernels(input, thresholds: .init())
        let c = try one.detectKernels(input, thresholds: .init())
        #expect(a.count == 3)
        #expect(a == b, "1 and 2 threads must give identical boxes")
        #expect(a == c, "a second run must give identical boxes")
    }

    @Test func maxBoxesKeepsTheBestScoringOnes() throws {
        let path = try TestModel.require()
        let all = try TestModel.detector()
        let capped = try TextDetector(.init(modelPath: path, precision: TestModel.networkPrecision, maxBoxes: 2))
        let input = clutterInput(all)
        let every = try all.detectKernels(input, thresholds: .init())
        let best = try capped.detectKernels(input, thresholds: .init())
        #expect(every.count == 3 && best.count == 2)
        let lowest = every.map(\.score).min()!
        #expect(best.allSatisfy { $0.score > lowest })
        #expect(best == every.filter { $0.score > lowest }, "order is kept")
    }

    @Test func aDetectorFollowsFrameSizeChanges() throws {
        // OpenCV 4.6 keeps layer shapes per net: a new size needs a new net, made on the fly.
        let detector = try TestModel.detector()
        let wide = clutterInput(detector)
        var portraitScene = TextScene(width: 480, height: 640, background: .solid(r: 255, g: 255, b: 255))
        portraitScene.draw(TextLine(text: "Portrait", font: "DejaVu Sans 30", color: 0xFF00_0000, x: 100, y: 300))
        var portraitVideo = portraitScene.video
        let portrait = portraitVideo.withFrameBuffer { detector.prepare($0, layout: FrameLayout(.rgbx)) }
        #expect(portrait.width == 480 && portrait.height == 640)

        let first = try detector.detectKernels(wide, thresholds: .init())
        let second = try detector.detectKernels(portrait, thresholds: .init())
        let third = try detector.detectKernels(wide, thresholds: .init())
        let fresh = try TestModel.detector().detectKernels(portrait, thresholds: .init())
        #expect(first == third)
        #expect(second == fresh)
        #expect(second.count == 1)
    }

    @Test func detectorsShareTheModelAndOutliveEachOther() throws {
        let path = try TestModel.require()
        let (a, messageA) = newDetector(path, 64, 64)
        let (b, messageB) = newDetector(path, 128, 64)
        let first = try #require(a, "\(messageA)")
        let second = try #require(b, "\(messageB)")
        textmirror_detector_free(first)
        let rgb = [UInt8](repeating: 200, count: 128 * 64 * 3)
        var count: Int32 = -1
        #expect(textmirror_detector_run(second, rgb, 128, 64, 384, 0.3, 0.5, nil, 0, &count) == TEXTMIRROR_DETECTOR_OK)
        textmirror_detector_free(second)
    }

    @Test func malformedInputIsAnErrorNotATrap() throws {
        let detector = try TestModel.detector()
        let input = DetectionInput(
            width: 40, height: 30, rgb: [UInt8](repeating: 0, count: 40 * 30 * 3),
            frameWidth: 40, frameHeight: 30)
        #expect(throws: TextDetector.Failure.self) { try detector.detectLines(input, thresholds: .init()) }
    }
}
