/// Lines running up or down a frame, found by detecting on the frame's picture turned a quarter
/// (the element's `vertical-text`).
///
/// Why: the detector was trained on level lines. It finds a vertical line only when it is large
/// (a headline), and boxes a small one's letters as level pieces or not at all; turned a quarter,
/// the same line lies level and is found like any other. One turn, clockwise, serves both
/// directions: text reading down the frame then lies upside down, which the detector finds
/// about as well as upright text (the real-photo dev set's sideways newspaper, turned the wrong
/// way round: its headlines and small lines were boxed upside down), and `LineReader` reads
/// steep lines both ways.
public enum QuarterTurn {
    /// Packed RGB `width` x `height` turned a quarter clockwise: `height` wide, `width` high.
    /// Pixel (u, v) of the result is pixel (v, height - 1 - u) of `rgb`.
    public static func turn(_ rgb: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(rgb.count == width * height * 3, "RGB buffer does not match its size")
        var turned = [UInt8](repeating: 0, count: rgb.count)
        turned.withUnsafeMutableBufferPointer { out in
            rgb.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let u = height - 1 - y
                    for x in 0..<width {
                        let from = (y * width + x) * 3, to = (x * height + u) * 3
                        out[to] = source[from]
                        out[to + 1] = source[from + 1]
                        out[to + 2] = source[from + 2]
                    }
                }
            }
        }
        return turned
    }

    /// A box found in the turned picture of a frame `frameHeight` high (pixel coordinates of
    /// the turned frame), in the frame itself, with `width` still along the line.
    public static func unturn(_ box: PixelBox, frameHeight: Int) -> PixelBox {
        // Turned point (u, v) is frame point (v, frameHeight - u); a direction turns back a
        // quarter anticlockwise.
        TextBoxPostprocess.orientedAlongText(
            PixelBox(
                centerX: box.centerY, centerY: Double(frameHeight) - box.centerX, width: box.width,
                height: box.height, angle: box.angle - 90))
    }

    /// A steep box of the turned pass is kept only when at least this many times as long as it
    /// is high: a line of a few characters. Squarer ones are single characters, which the
    /// upright pass finds as well, or textures: the nested arches of the real-photo dev set's
    /// cloister came as one 1341x882 box that read "C".
    public static let minimumElongation = 2.0

    /// Overlap of the smaller box above which two boxes of the two passes are the same text.
    public static let sameTextOverlap = 0.5

    /// The lines of both passes (`turned` already in frame coordinates), each found once.
    ///
    /// Each pass is trusted with the lines it sees level: the upright pass with level boxes,
    /// the turned one with steep boxes. Of two such boxes on the same text, the longer stays: a
    /// whole vertical line rather than the level piece of it the upright pass boxed (a letter
    /// or two, often at a higher score), a level line rather than a short vertical box
    /// crossing it. A steep box of the upright pass stays unless a steep box of the turned pass
    /// covers the same text (the line, seen level). A level box of the turned pass is dropped
    /// (a level line seen on end, found in pieces if at all), and so is a steep one not clearly
    /// elongated (`minimumElongation`).
    public static func merge(upright: [TextBox], turned: [TextBox]) -> [TextBox] {
        let uprightLevel = upright.filter { !$0.box.isSteep }
        let turnedSteep = turned.filter { $0.box.isSteep && $0.box.width >= minimumElongation * $0.box.height }
        func same(_ a: TextBox, _ b: TextBox) -> Bool { a.box.overlapOfSmaller(b.box) > sameTextOverlap }
        let level = uprightLevel.filter { a in !turnedSteep.contains { same(a, $0) && $0.box.width > a.box.width } }
        let steep = turnedSteep.filter { b in !uprightLevel.contains { same(b, $0) && $0.box.width >= b.box.width } }
        let uprightSteep = upright.filter { a in a.box.isSteep && !steep.contains { same(a, $0) } }
        return level + uprightSteep + steep
    }
}

extension TextDetecting {
    /// The lines in `input`: what `detect` finds, and with `input.verticalText` also the lines
    /// that a detection of the picture turned a quarter finds running up or down the frame
    /// (`QuarterTurn`), which costs a second detection.
    public func findLines(_ input: DetectionInput, thresholds: DetectionThresholds) throws -> [TextBox] {
        guard input.verticalText else { return try detect(input, thresholds: thresholds) }
        // Downscaled once for both passes.
        let rgb = input.makeRGB()
        let upright = try detect(
            DetectionInput(
                width: input.width, height: input.height, rgb: rgb, frameWidth: input.frameWidth,
                frameHeight: input.frameHeight),
            thresholds: thresholds)
        let turned = try detect(
            DetectionInput(
                width: input.height, height: input.width,
                rgb: QuarterTurn.turn(rgb, width: input.width, height: input.height),
                frameWidth: input.frameHeight, frameHeight: input.frameWidth),
            thresholds: thresholds)
        return QuarterTurn.merge(
            upright: upright,
            turned: turned.map {
                var line = $0
                line.box = QuarterTurn.unturn(line.box, frameHeight: input.frameHeight)
                return line
            })
    }
}
