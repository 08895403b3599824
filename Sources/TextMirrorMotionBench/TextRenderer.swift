import CGStreamer
import Glibc

/// One line of text as GStreamer's `textoverlay` (Pango, DejaVu fonts) draws it: how much each
/// pixel is covered by ink (0...255), and the ink's bounding box.
struct RenderedLine {
    var width: Int
    var height: Int
    var coverage: [UInt8]
    /// Pixels holding any ink: [x0, x1) x [y0, y1).
    var inkX0: Int, inkY0: Int, inkX1: Int, inkY1: Int
    /// Pixels at least half covered by ink: the line's true box. Anti-aliasing leaves faint
    /// pixels (a few percent covered, invisible) past the glyph outlines; counting those would
    /// move a line's "true" centre by up to half a pixel for no visible reason. A pixel at
    /// least half covered has its centre inside the outline, so this box is the outline's
    /// extent on the pixel grid.
    var visibleX0: Int, visibleY0: Int, visibleX1: Int, visibleY1: Int
}

/// Draws text with `textoverlay` into memory: white text on black RGBx through a one-buffer
/// pipeline, written to a temporary file and read back (no appsink needed), so the coverage is
/// exactly what the element would see in a real video with text burnt in.
enum TextRenderer {
    static func render(_ text: String, font: String) throws(ToolError) -> RenderedLine {
        // Big enough for the line at any font size used here; trimmed to the ink below.
        let fontPixels = Int(font.split(separator: " ").last.flatMap { Double($0) } ?? 30) * 2
        let width = min(4096, 64 + text.count * fontPixels)
        let height = fontPixels * 2 + 64
        let path = "/tmp/textmirror-motion-bench-\(getpid()).raw"
        defer { unlink(path) }
        let launch =
            "videotestsrc pattern=black num-buffers=1 ! "
            + "video/x-raw,format=RGBx,width=\(width),height=\(height),framerate=30/1 ! "
            + "textoverlay name=text halignment=left valignment=top xpad=32 ypad=32 "
            + "draw-shadow=false draw-outline=false shaded-background=false auto-resize=false "
            + "color=0xFFFFFFFF ! filesink name=out"
        // The text and font are set as properties, not in the launch line, so no quoting of
        // the text is needed.
        _ = try FilePipeline(purpose: "text", launch: launch).run(
            properties: [("text", "text", text), ("text", "font-desc", font), ("out", "location", path)],
            timeoutSeconds: 10, failure: "textoverlay failed to draw \"\(text)\"")
        let bytes = try FilePipeline.read(path, count: width * height * 4)
        guard bytes.count == width * height * 4 else {
            throw ToolError("textoverlay wrote \(bytes.count) bytes, expected \(width * height * 4)")
        }

        var coverage = [UInt8](repeating: 0, count: width * height)
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        var vx0 = width, vy0 = height, vx1 = 0, vy1 = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = bytes[4 * (y * width + x)]  // R of white-on-black: the coverage
                coverage[y * width + x] = c
                if c > 0 {
                    x0 = min(x0, x)
                    y0 = min(y0, y)
                    x1 = max(x1, x + 1)
                    y1 = max(y1, y + 1)
                }
                if c >= 128 {
                    vx0 = min(vx0, x)
                    vy0 = min(vy0, y)
                    vx1 = max(vx1, x + 1)
                    vy1 = max(vy1, y + 1)
                }
            }
        }
        guard x1 > x0, y1 > y0, vx1 > vx0, vy1 > vy0 else {
            throw ToolError("textoverlay drew nothing for \"\(text)\"")
        }
        guard x1 < width - 8, y1 < height - 8 else {
            throw ToolError("\"\(text)\" does not fit its \(width)x\(height) picture")
        }
        return RenderedLine(
            width: width, height: height, coverage: coverage, inkX0: x0, inkY0: y0, inkX1: x1, inkY1: y1,
            visibleX0: vx0, visibleY0: vy0, visibleX1: vx1, visibleY1: vy1)
    }
}
