#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorTestSupport

/// A quality table on the rendered scenes, for tuning (unclip ratio, thresholds, detection size)
/// and for the figures in the README. Opt-in, since it only prints:
///
///     TEXTMIRROR_DETECTION_REPORT=1 scripts/test.sh --filter DetectionReportTests
///
/// Optional: TEXTMIRROR_REPORT_SIZES (default "320,480,640,960"), TEXTMIRROR_REPORT_RATIOS
/// (default "1.2,1.5,1.8"), TEXTMIRROR_REPORT_BOX_THRESHOLD (default 0.5).
@Suite(.serialized) struct DetectionReportTests {
    static var enabled: Bool { getenv("TEXTMIRROR_DETECTION_REPORT") != nil }

    private func list(_ name: String, _ fallback: String) -> [Double] {
        (getenv(name).map { String(cString: $0) } ?? fallback).split(separator: ",").compactMap { Double($0) }
    }

    @Test(.enabled(if: enabled)) func qualityTable() throws {
        let path = try TestModel.require()
        let sizes = list("TEXTMIRROR_REPORT_SIZES", "320,480,640,960").map { Int($0) }
        let ratios = list("TEXTMIRROR_REPORT_RATIOS", "1.2,1.5,1.8")
        let boxThreshold = list("TEXTMIRROR_REPORT_BOX_THRESHOLD", "0.5").first ?? 0.5
        print(
            "size  ratio  scene                                  lines found  min cover  mean IoU  max angle err  false boxes  spill"
        )
        for size in sizes {
            let detector = try TextDetector(
                .init(modelPath: path, detectionSize: size, precision: TestModel.networkPrecision))
            for ratio in ratios {
                var totals = (lines: 0, found: 0, falseBoxes: 0)
                for scene in Scenes.withText + Scenes.withoutText {
                    let picture = scene.build()
                    var video = picture.video
                    let input = video.withFrameBuffer { detector.prepare($0, layout: FrameLayout(.rgbx)) }
                    let kernels = try detector.detectKernels(input, thresholds: .init(text: 0.3, box: boxThreshold))
                    let boxes = TextBoxPostprocess(unclipRatio: ratio).textBoxes(
                        kernels, input: DetectorInputSize(width: input.width, height: input.height),
                        frameWidth: picture.width, frameHeight: picture.height
                    ).map(\.box)
                    let score = SceneScore(scene: picture, boxes: boxes)
                    let found = score.lines.filter { $0.coverage >= 0.98 }.count
                    let angle =
                        score.lines.compactMap { line in
                            line.best.map { abs(PixelBox.normalizedAngle($0.angle - line.inkBox.angle)) }
                        }.max() ?? 0
                    let iou = score.lines.isEmpty ? 0 : score.lines.map(\.iou).reduce(0, +) / Double(score.lines.count)
                    totals.lines += score.lines.count
                    totals.found += found
                    totals.falseBoxes += score.falsePositives.count
                    let name = scene.name.padding(toLength: 38, withPad: " ", startingAt: 0)
                    print(
                        String(format: "%4d  %5.2f  ", size, ratio) + name
                            + String(
                                format: "  %5d/%-5d  %9.3f  %8.2f  %13.1f  %11d  %.4f", found, score.lines.count,
                                score.minCoverage, iou, angle, score.falsePositives.count, score.spill))
                }
                print(
                    String(
                        format: "%4d  %5.2f  TOTAL: %d of %d lines found, %d false boxes", size, ratio,
                        totals.found, totals.lines, totals.falseBoxes))
            }
        }
    }
}
