import Testing
import TextMirrorCore

/// `FrameMirror.mirror(_:flip:axes: .nearestPerPlane, in:)`, the path detected boxes take: each
/// plane is mirrored about its own nearest axis (`PixelBox.mirrorRects`). Compared plane by
/// plane (guard bytes and row padding included) with `ReferenceMirror` on that plane's rect.
@Suite struct FrameMirrorPerPlaneAxisTests {
    static let width = 37, height = 21

    static let boxes: [(String, PixelBox)] = [
        ("half-pixel axis, odd luma edges", PixelBox(centerX: 10.5, centerY: 6.5, width: 9, height: 5)),
        ("fractional centre and size", PixelBox(centerX: 17.3, centerY: 9.8, width: 12.4, height: 7.1)),
        ("clipped at the left and top", PixelBox(centerX: 3, centerY: 2.5, width: 11, height: 9)),
        ("at the odd right and bottom edges", PixelBox(centerX: 33.5, centerY: 18.5, width: 7, height: 5)),
        ("larger than the frame", PixelBox(centerX: 20, centerY: 10, width: 80, height: 50)),
        ("one pixel", PixelBox(centerX: 8.5, centerY: 8.5, width: 1, height: 1))
    ]

    @Test("Each plane as the reference mirrors its own rect", arguments: PixelFormat.allCases, Flip.allCases)
    func eachPlaneMatchesTheReference(format: PixelFormat, flip: Flip) throws {
        let mirror = try FrameMirror(format: format, width: Self.width, height: Self.height)
        for (name, box) in Self.boxes {
            let frame = TestFrame(format, width: Self.width, height: Self.height, padding: 5, seed: 3)
            let before = frame.copy()
            let rects = try #require(
                box.mirrorRects(
                    layout: mirror.layout, frameWidth: Self.width,
                    frameHeight: Self.height))
            mirror.mirror([box], flip: flip, axes: .nearestPerPlane, in: frame.buffer)
            // Each plane of the expected frame from the reference run on that plane's rect.
            let expected = before.copy()
            for (plane, rect) in zip(mirror.layout.planes, rects) {
                guard let rect else { continue }
                let reference = ReferenceMirror.mirrored(before, rect: rect, flip: flip)
                expected.storage[plane.index].copyMemory(from: UnsafeRawBufferPointer(reference.storage[plane.index]))
            }
            let difference = frame.difference(from: expected)
            #expect(difference == nil, "\(format) \(flip) \(name), rects \(rects): \(difference ?? "")")
        }
    }

    /// In I420 a box centred on a half pixel reverses its luma exactly about that half pixel,
    /// which the shared chroma-grid axis cannot (it would move every stroke by a pixel).
    @Test func i420LumaReversedAboutTheHalfPixel() throws {
        let mirror = try FrameMirror(format: .i420, width: Self.width, height: Self.height)
        let frame = TestFrame(.i420, width: Self.width, height: Self.height)
        let before = frame.copy()
        mirror.mirror(
            [PixelBox(centerX: 10.5, centerY: 6.5, width: 9, height: 5)], flip: .horizontal,
            axes: .nearestPerPlane, in: frame.buffer)
        for y in 0..<Self.height {
            let old = before.row(plane: 0, y), new = frame.row(plane: 0, y)
            for x in 0..<Self.width {
                let inside = (6..<15).contains(x) && (4..<9).contains(y)
                #expect(new[x] == old[inside ? 20 - x : x], "luma (\(x), \(y))")
            }
        }
    }

    /// Rotated boxes take the sample-by-sample path in either mode.
    @Test(arguments: [PixelFormat.i420, .nv12, .yuy2, .rgba])
    func rotatedBoxesAsInSharedMode(format: PixelFormat) throws {
        let mirror = try FrameMirror(format: format, width: Self.width, height: Self.height)
        let box = PixelBox(centerX: 18, centerY: 10, width: 20, height: 8, angle: 25)
        let shared = TestFrame(format, width: Self.width, height: Self.height)
        let perPlane = shared.copy()
        mirror.mirror([box], flip: .horizontal, in: shared.buffer)
        mirror.mirror([box], flip: .horizontal, axes: .nearestPerPlane, in: perPlane.buffer)
        #expect(perPlane.difference(from: shared) == nil)
    }
}
