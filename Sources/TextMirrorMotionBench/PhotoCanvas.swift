import CGStreamer
import Glibc
import TextMirrorCore
import TextMirrorEvalCore
import TextMirrorToolSupport

/// A photograph of real print from the real-photo dev set (datasets/real, fetched by
/// scripts/fetch-real-photos.sh), with the line boxes drawn on it by hand (ICDAR quads): the
/// rendered scene's text is sharp, evenly lit and on plain signs; this is what a camera sees.
/// Any picture with ICDAR ground truth will do (`--photos`): the generated set's pages give a
/// pan over dense print with exact boxes.
struct Photo {
    var name: String
    var width: Int
    var height: Int
    /// Packed RGB, 3 bytes a pixel.
    var rgb: [UInt8]
    var lines: [GroundTruthLine]

    /// Pictures with several legible lines each, upright or a few degrees off: street signs,
    /// a shop front, a bus. Their order is the order the pan passes them: at 240 px/s, 6 s
    /// cover the first three.
    static let defaultNames = [
        "ocv_scenetext01", "ocv_segmented_word03", "ultralytics_bus",
        "ocv_scenetext06", "ocv_scenetext02"
    ]

    /// The fetch script's default folder, relative to the working directory (the checkout).
    static let defaultDirectory = "out/real-photos"

    static func fetchHint(_ directory: String) -> String {
        "no real photographs in \(directory): run scripts/fetch-real-photos.sh"
            + (directory == defaultDirectory ? "" : " --out \(directory)") + " (or pass --photos DIR)"
    }

    /// `NAME.jpg` (or .png, .jpeg) and `gt_NAME.txt` from `directory`.
    static func load(_ name: String, from directory: String) throws(ToolError) -> Photo {
        let truthPath = "\(directory)/gt_\(name).txt"
        guard let truthText = readTextFile(truthPath) else {
            // A folder of photographs that lacks this one: a wrong name, not a missing set.
            if access("\(directory)/gt_\(defaultNames[0]).txt", R_OK) == 0 {
                throw ToolError(
                    "no photograph \(name) in \(directory) (names are those of its gt_NAME.txt files)")
            }
            throw ToolError(fetchHint(directory))
        }
        let lines: [GroundTruthLine]
        do {
            lines = try GroundTruthFormat.parse(truthText)
        } catch {
            throw ToolError("\(truthPath): \(error)")
        }
        guard lines.contains(where: \.isLegible) else { throw ToolError("\(name) has no legible line to score") }
        let candidates = ["jpg", "png", "jpeg"].map { (ext: String) -> String in "\(directory)/\(name).\(ext)" }
        guard let picture = candidates.first(where: { (path: String) -> Bool in access(path, R_OK) == 0 }) else {
            throw ToolError("no picture \(name).jpg or .png in \(directory); \(fetchHint(directory))")
        }
        let (width, height, rgbx) = try decode(picture)
        let pixels = width * height
        var rgb = [UInt8](repeating: 0, count: pixels * 3)
        for i in 0..<pixels {
            rgb[3 * i] = rgbx[4 * i]
            rgb[3 * i + 1] = rgbx[4 * i + 1]
            rgb[3 * i + 2] = rgbx[4 * i + 2]
        }
        return Photo(name: name, width: width, height: height, rgb: rgb, lines: lines)
    }

    /// Decodes a JPEG or PNG to packed RGBx with GStreamer (decodebin, as textmirror-eval reads
    /// pictures), through a file as `TextRenderer` does; the size comes from the sink's caps.
    static func decode(_ path: String) throws(ToolError) -> (Int, Int, [UInt8]) {
        let raw = "/tmp/textmirror-motion-bench-photo-\(getpid()).raw"
        defer { unlink(raw) }
        let pipeline = FilePipeline(
            purpose: "decoding",
            launch: "filesrc name=source ! decodebin ! videoconvert ! video/x-raw,format=RGBx ! filesink name=out")
        guard
            let info = try pipeline.run(
                properties: [("source", "location", path), ("out", "location", raw)],
                timeoutSeconds: 30, failure: "cannot decode \(path)")
        else { throw ToolError("\(path): no readable caps after decoding") }
        let width = Int(info.width), height = Int(info.height)
        // RGBx rows are 4 x width bytes, already a multiple of 4: no padding.
        let bytes = try FilePipeline.read(raw, count: width * height * 4)
        guard bytes.count == width * height * 4, width >= 2, height >= 2 else {
            throw ToolError("\(path): decoded \(bytes.count) bytes, expected \(width * height * 4)")
        }
        return (width, height, bytes)
    }

    /// The photograph with every channel scaled by `light` (at most 1): less light on the same
    /// print, its contrast shrinking with it.
    func dimmed(to light: Double) -> Photo {
        guard light < 1 else { return self }
        var dim = self
        dim.rgb = rgb.map { UInt8((Double($0) * light).rounded()) }
        return dim
    }

    /// The rectangle of a hand-drawn quadrilateral, in photo pixels.
    static func rectangle(_ quad: [EvalPoint]) -> PixelBox { RotatedBox(enclosing: quad).pixelBox }
}

extension SceneCanvas {
    /// A strip of photographs side by side, each at its own size or enlarged to fill the
    /// canvas height (never shrunk: small print would fall below legibility), a taller one
    /// cropped about the middle of its lines; the strip repeats until the canvas is full. Its
    /// lines are the photos' hand-drawn quads carried onto the canvas; `###` ones are text
    /// that is not scored.
    init(photos: [Photo], width: Int, height: Int) {
        precondition(!photos.isEmpty, "a photo canvas needs a photo")
        self.width = width
        self.height = height
        var r = [UInt8](repeating: 0, count: width * height)
        var g = r, b = r
        var lines: [Line] = []
        var left = 0
        var index = 0
        while left < width {
            let photo = photos[index % photos.count]
            index += 1
            let scale = max(Double(height) / Double(photo.height), 1)
            let scaledWidth = Int((Double(photo.width) * scale).rounded(.down))
            let scaledHeight = Int((Double(photo.height) * scale).rounded(.down))
            // The middle of the legible lines at the canvas's middle, within the photo.
            let boxes = photo.lines.map { Photo.rectangle($0.polygon) }
            let legible = zip(photo.lines, boxes).filter { $0.0.isLegible }.map(\.1)
            let top = legible.map { $0.centerY - $0.height / 2 }.min()!,
                bottom = legible.map { $0.centerY + $0.height / 2 }.max()!
            let middle = (top + bottom) / 2 * scale
            let cropTop = min(max(Int((middle - Double(height) / 2).rounded()), 0), scaledHeight - height)
            let columns = min(scaledWidth, width - left)
            photo.rgb.withUnsafeBufferPointer { source in
                // Canvas pixel centre -> photo coordinates -> bilinear between photo pixel
                // centres (an exact copy at scale 1). Photos are at least 2x2 (`load`).
                func tap(_ position: Double, _ size: Int) -> (Int, Double) {
                    let s = min(max(position / scale - 0.5, 0), Double(size - 1))
                    let i = min(Int(s), size - 2)
                    return (i, s - Double(i))
                }
                let xs = (0..<columns).map { tap(Double($0) + 0.5, photo.width) }
                for y in 0..<height {
                    let (y0, fy) = tap(Double(y + cropTop) + 0.5, photo.height)
                    for (x, (x0, fx)) in xs.enumerated() {
                        let top = 3 * (y0 * photo.width + x0), bottom = top + 3 * photo.width
                        func channel(_ c: Int) -> UInt8 {
                            let upper = Double(source[top + c]) * (1 - fx) + Double(source[top + 3 + c]) * fx
                            let lower = Double(source[bottom + c]) * (1 - fx) + Double(source[bottom + 3 + c]) * fx
                            return UInt8(min(max((upper * (1 - fy) + lower * fy).rounded(), 0), 255))
                        }
                        let i = y * width + left + x
                        (r[i], g[i], b[i]) = (channel(0), channel(1), channel(2))
                    }
                }
            }
            for (line, box) in zip(photo.lines, boxes) {
                let cx = Double(left) + box.centerX * scale, cy = box.centerY * scale - Double(cropTop)
                let w = box.width * scale, h = box.height * scale
                lines.append(
                    Line(
                        text: line.transcription, font: photo.name, x0: cx - w / 2, y0: cy - h / 2,
                        x1: cx + w / 2, y1: cy + h / 2, angle: box.angle, legible: line.isLegible))
            }
            left += columns
        }
        self.lines = lines
        (y, u, v) = Self.yuv(r, g, b)
    }
}
