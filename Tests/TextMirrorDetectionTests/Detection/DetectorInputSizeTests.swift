import Testing
import TextMirrorCore

@Suite struct DetectorInputSizeTests {
    @Test(arguments: [
        // frame, long side -> input
        ((1280, 720), 640, (640, 352)),  // 360 is 11.25 x 32: rounds to 352
        ((1920, 1080), 640, (640, 352)),
        ((720, 1280), 640, (352, 640)),  // portrait keeps the long side vertical
        ((640, 480), 640, (640, 480)),
        ((1920, 1080), 960, (960, 544)),  // 540 -> 544
        ((1920, 1080), 320, (320, 192)),  // 180 -> 192
        ((1920, 1080), 480, (480, 256)),  // 270 -> 256 (8.4375 x 32)
        ((100, 100), 640, (640, 640)),  // small frames are scaled up
        ((4000, 10), 640, (640, 32)),  // never below one grid step
        ((1280, 720), 650, (640, 352)),  // the long side is itself rounded to the grid
        ((1280, 720), 10, (32, 32))
    ])
    func inputSize(frame: (Int, Int), detectionSize: Int, expected: (Int, Int)) {
        let size = DetectorInputSize(frameWidth: frame.0, frameHeight: frame.1, detectionSize: detectionSize)
        #expect(size.width == expected.0 && size.height == expected.1, "got \(size)")
    }

    @Test func everySizeIsOnTheGridAndKeepsOrientation() {
        for width in stride(from: 1, through: 4000, by: 97) {
            for height in stride(from: 1, through: 3000, by: 89) {
                for detectionSize in [320, 480, 640, 960] {
                    let s = DetectorInputSize(frameWidth: width, frameHeight: height, detectionSize: detectionSize)
                    #expect(s.width % 32 == 0 && s.height % 32 == 0 && s.width >= 32 && s.height >= 32)
                    #expect(max(s.width, s.height) == detectionSize)
                    if width > height { #expect(s.width >= s.height) }
                    if height > width { #expect(s.height >= s.width) }
                }
            }
        }
    }

    @Test func scaleMapsInputPixelsToFramePixels() {
        let size = DetectorInputSize(frameWidth: 1280, frameHeight: 720, detectionSize: 640)
        let scale = size.scale(frameWidth: 1280, frameHeight: 720)
        #expect(scale.x == 2)
        #expect(scale.y == 720.0 / 352.0)
    }

    @Test func defaultDetectionSizeIs640() {
        #expect(DetectorInputSize(frameWidth: 1920, frameHeight: 1080) == DetectorInputSize(width: 640, height: 352))
    }
}
