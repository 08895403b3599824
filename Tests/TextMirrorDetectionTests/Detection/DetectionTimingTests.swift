#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// Rough timing tables (not a benchmark): per detection size and thread count, the median time
/// of the C++ part (normalize, forward, threshold, contours, scores) and of the Swift parts
/// (downscale of a 1280x720 RGBx frame, post-processing); and the downscale of a 1080p frame
/// per format. Opt-in, because timings on a shared 2-core machine are noise for everyone
/// else's tests:
///
///     TEXTMIRROR_DETECTION_TIMING=1 scripts/test.sh --filter DetectionTimingTests
@Suite(.serialized) struct DetectionTimingTests {
    static var enabled: Bool { getenv("TEXTMIRROR_DETECTION_TIMING") != nil }

    private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        try body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test(.enabled(if: enabled)) func timingTable() throws {
        let path = try TestModel.require()
        let picture = Scenes.withText.first { $0.name == "three lines on clutter" }!.build()
        let runs = Int(getenv("TEXTMIRROR_DETECTION_RUNS").map { String(cString: $0) } ?? "") ?? 15
        print("size  input    threads  detect ms (C++)  post ms  downscale ms box/nearest  boxes")
        for size in [320, 480, 640, 960] {
            for threads in [1, 2] {
                let detector = try TextDetector(.init(modelPath: path, detectionSize: size, threads: threads))
                var video = picture.video
                var input: DetectionInput?
                var boxScale: [Double] = [], nearestScale: [Double] = []
                let nearest = RGBDownscaler(
                    format: .rgbx, frameWidth: picture.width, frameHeight: picture.height,
                    outputWidth: detector.inputSize(frameWidth: picture.width, frameHeight: picture.height).width,
                    outputHeight: detector.inputSize(frameWidth: picture.width, frameHeight: picture.height).height,
                    sampling: .nearest)
                for _ in 0..<runs {
                    boxScale.append(
                        milliseconds {
                            input = video.withFrameBuffer { detector.prepare($0, layout: FrameLayout(.rgbx)) }
                        })
                    nearestScale.append(milliseconds { _ = video.withFrameBuffer { nearest.downscale($0) } })
                }
                let prepared = try #require(input)
                _ = try detector.detectKernels(prepared, thresholds: .init())  // makes the net for this size
                var kernels: [TextKernel] = []
                var detect: [Double] = [], post: [Double] = []
                var lines: [TextBox] = []
                for _ in 0..<runs {
                    detect.append(
                        try milliseconds { kernels = try detector.detectKernels(prepared, thresholds: .init()) })
                    post.append(
                        milliseconds {
                            lines = TextBoxPostprocess().textBoxes(
                                kernels, input: DetectorInputSize(width: prepared.width, height: prepared.height),
                                frameWidth: picture.width, frameHeight: picture.height)
                        })
                }
                print(
                    String(
                        format: "%4d  %3dx%-3d  %7d  %15.1f  %7.3f  %8.2f / %.2f  %6d", size, prepared.width,
                        prepared.height, threads, median(detect), median(post), median(boxScale),
                        median(nearestScale), lines.count))
            }
        }
    }

    @Test(.enabled(if: enabled)) func downscaleTable() {
        let runs = 15
        let output = DetectorInputSize(frameWidth: 1920, frameHeight: 1080, detectionSize: 640)
        print("1920x1080 -> \(output) downscale ms, box / nearest")
        for format in [PixelFormat.rgbx, .rgb, .i420, .nv12, .yuy2, .gray8] {
            var frame = HandPackedFrame(format, width: 1920, height: 1080, padding: 0) { x, y in
                (UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y), 128)
            }
            var times: [RGBDownscaler.Sampling: [Double]] = [:]
            for sampling in [RGBDownscaler.Sampling.box, .nearest] {
                let scaler = RGBDownscaler(
                    format: format, frameWidth: 1920, frameHeight: 1080,
                    outputWidth: output.width, outputHeight: output.height, sampling: sampling)
                times[sampling] = (0..<runs).map { _ in
                    milliseconds { _ = frame.withFrameBuffer { scaler.downscale($0) } }
                }
            }
            print(
                String(
                    format: "%@  %6.2f / %.2f", format.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0),
                    median(times[.box]!), median(times[.nearest]!)))
        }
    }
}
