import Foundation
import Testing
import TextMirrorCore
import TextMirrorPlugin

@Suite(.serialized) struct ZZExplore {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["EXPLORE"] != nil)) func explore() throws {
        let detector = try TestModel.detector(detectionSize: Int(ProcessInfo.processInfo.environment["DSIZE"] ?? "640")!)
        let swap = ProcessInfo.processInfo.environment["BGR"] != nil
        let ratios = [1.2, 1.4, 1.5, 1.6, 1.8, 2.0]
        var sums = [Double](repeating: 0, count: ratios.count)
        for c in Scenes.withText + Scenes.withoutText {
            var scene = c.build()
            var video = scene.video
            var input = video.withFrameBuffer { detector.prepare($0, layout: FrameLayout(.rgbx)) }
            if swap { for i in stride(from: 0, to: input.rgb.count, by: 3) { input.rgb.swapAt(i, i + 2) } }
            let t0 = Date()
            let kernels = try detector.detectKernels(input, thresholds: .init(text: 0.3, box: 0.5))
            let dt = Date().timeIntervalSince(t0)
            print("== \(c.name): \(kernels.count) kernels in \(Int(dt*1000)) ms; scores \(kernels.map { String(format: "%.2f", $0.score) })")
            for (k, r) in ratios.enumerated() {
                let boxes = TextBoxPostprocess(unclipRatio: r).textBoxes(kernels, input: DetectorInputSize(width: input.width, height: input.height), frameWidth: scene.width, frameHeight: scene.height).map(\.box)
                let score = SceneScore(scene: scene, boxes: boxes)
                sums[k] += score.lines.map(\.iou).reduce(0, +)
                print("ratio \(r):\n\(score)")
            }
            if ProcessInfo.processInfo.environment["DUMP"] != nil {
                let url = URL(fileURLWithPath: "/tmp/explore/\(c.name.replacingOccurrences(of: " ", with: "_")).ppm")
                var d = Data("P6\n\(scene.width) \(scene.height)\n255\n".utf8)
                for i in 0..<(scene.width*scene.height) { d.append(contentsOf: scene.pixels[4*i..<4*i+3]) }
                try d.write(to: url)
            }
            _ = scene
        }
        print("IoU sums by ratio: \(zip(ratios, sums).map { "\($0): \(String(format: "%.3f", $1))" })")
    }
}
