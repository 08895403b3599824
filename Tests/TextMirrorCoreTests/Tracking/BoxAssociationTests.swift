import Testing
import TextMirrorCore

@Suite struct BoxAssociationTests {
    @Test func oneToOneByBestOverlap() {
        let tracks = [
            PixelBox(centerX: 100, centerY: 50, width: 200, height: 20),
            PixelBox(centerX: 100, centerY: 100, width: 200, height: 20)
        ]
        // The second detection overlaps the first track best, the first detection the second.
        let detections = [
            PixelBox(centerX: 104, centerY: 98, width: 200, height: 20),
            PixelBox(centerX: 102, centerY: 52, width: 200, height: 20),
            PixelBox(centerX: 500, centerY: 300, width: 80, height: 20)
        ]
        let pairs = BoxAssociation.match(detections: detections, tracks: tracks)
        #expect(pairs.map(\.detection) == [0, 1] && pairs.map(\.track) == [1, 0])
    }

    @Test func eachTrackAtMostOnce() {
        let tracks = [PixelBox(centerX: 100, centerY: 50, width: 200, height: 20)]
        let detections = [
            PixelBox(centerX: 100, centerY: 50, width: 200, height: 20),
            PixelBox(centerX: 101, centerY: 50, width: 200, height: 20)
        ]
        let pairs = BoxAssociation.match(detections: detections, tracks: tracks)
        #expect(pairs.count == 1 && pairs[0].detection == 0)
    }
}
