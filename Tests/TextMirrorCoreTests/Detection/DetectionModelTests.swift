import Testing
import TextMirrorCore

/// What `DetectionModel` says about each file: the one description the detector, the recognizer,
/// the tools and the tests read.
struct DetectionModelTests {
    @Test func aFileIsDescribedByItsName() {
        #expect(DetectionModel.describing(path: "/any/where/ppocrv6_tiny_det.onnx") == .v6Tiny)
        #expect(DetectionModel.describing(path: "ppocrv6_small_det.onnx") == .v6Small)
        #expect(DetectionModel.describing(path: "models/ppocrv4_det.onnx") == .v4)
        #expect(DetectionModel.describing(path: "models/ppocrv4_det.onnx").recognizer == .v4)
    }

    /// A detector of the user's own is fed as PaddleOCR feeds its DB detectors (v6's rule),
    /// and read by v6's recognizer.
    @Test func anUnknownFileGetsPaddleOCRsConventions() {
        let mine = DetectionModel.describing(path: "/home/me/my_det.onnx")
        #expect(mine.fileName == "my_det.onnx")
        #expect(mine.input == DetectionModel.v6Small.input)
        #expect(mine.thresholds == DetectionModel.v6Small.thresholds)
        #expect(mine.recognizer == .v6)
    }

    @Test func zeroThresholdsAreTheModelsOwn() {
        let model = DetectionModel.v6Tiny
        #expect(model.thresholds(DetectionThresholds(text: 0, box: 0)) == model.thresholds)
        #expect(model.thresholds(DetectionThresholds(text: 0.5, box: 0)) == DetectionThresholds(text: 0.5, box: 0.4))
        #expect(model.thresholds(DetectionThresholds(text: 0, box: 0.7)) == DetectionThresholds(text: 0.2, box: 0.7))
        #expect(DetectionThresholds() == DetectionThresholds(text: 0, box: 0), "the element's defaults defer to the model")
    }

    /// ImageNet's statistics on B, G, R planes: black and white map to -mean/std and
    /// (1-mean)/std of each plane's channel.
    @Test func imageNetNormalizationFeedsBGRPlanes() {
        let n = PixelNormalization.imageNetBGR
        #expect(n.channels == [2, 1, 0])
        let mean: [Float] = [0.485, 0.456, 0.406], deviation: [Float] = [0.229, 0.224, 0.225]
        for p in 0..<3 {
            #expect(abs(n.offset[p] - -mean[p] / deviation[p]) < 1e-6)
            #expect(abs(255 * n.scale[p] + n.offset[p] - (1 - mean[p]) / deviation[p]) < 1e-5)
        }
    }

    /// PaddleOCR's (x/255 - 0.5) / 0.5 maps 0 to -1 and 255 to 1, in either channel order.
    @Test func halfRangeMapsToMinusOneToOne() {
        for n in [PixelNormalization.halfRangeRGB, .halfRangeBGR] {
            for p in 0..<3 {
                #expect(n.offset[p] == -1)
                #expect(abs(255 * n.scale[p] + n.offset[p] - 1) < 1e-6)
            }
        }
        #expect(PixelNormalization.halfRangeRGB.channels == [0, 1, 2])
        #expect(PixelNormalization.halfRangeBGR.channels == [2, 1, 0])
    }

    @Test func autoPicksTinyForAsyncAndSmallForSync() {
        #expect(DetectorChoice.auto.model(sync: false) == .v6Tiny)
        #expect(DetectorChoice.auto.model(sync: true) == .v6Small)
        for sync in [false, true] {
            #expect(DetectorChoice.tiny.model(sync: sync) == .v6Tiny)
            #expect(DetectorChoice.small.model(sync: sync) == .v6Small)
        }
    }
}
