import Foundation
import Testing

/// The `draw-boxes` debugging outline: it appears around detected text when asked for, and only
/// then.
@Suite("draw-boxes")
struct DrawBoxesTests {
    /// Pixels of the "fresh detection" green (0, 230, 60) in packed RGB.
    private func freshGreenPixels(_ rgb: Data) -> Int {
        var count = 0
        rgb.withUnsafeBytes { bytes in
            var i = 0
            while i + 2 < bytes.count {
                if bytes[i] < 40 && bytes[i + 1] > 190 && bytes[i + 2] < 100 { count += 1 }
                i += 3
            }
        }
        return count
    }

    @Test("outlines detected text in green, and nothing without the property")
    func outlines() async throws {
        try Repository.requirePlugin()
        try Repository.requireModel()
        let work = try Workspace()
        let before = work.file("before.png")
        let plain = work.file("plain.png"), outlined = work.file("outlined.png")
        let scene = try await work.pipeline("before-after.sh", ["--size", "640x360", before, plain])
        try #require(scene.succeeded, "\(scene)")
        let drawn = try await work.pipeline("photo.sh", [before, outlined, "draw-boxes=true"])
        try #require(drawn.succeeded, "\(drawn)")

        let plainGreen = freshGreenPixels(try await work.decodeRGB(plain))
        let outlinedGreen = freshGreenPixels(try await work.decodeRGB(outlined))
        #expect(plainGreen == 0, "green pixels without draw-boxes: \(plainGreen)")
        // Four lines of text, each outlined by a 2-pixel frame: several hundred pixels.
        #expect(outlinedGreen > 400, "only \(outlinedGreen) outline pixels with draw-boxes=true")
    }
}
