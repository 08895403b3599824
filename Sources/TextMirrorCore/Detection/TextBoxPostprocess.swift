#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns detector kernels into text lines in frame pixels, the way PP-OCR's DB post-processing
/// does, plus the conventions the mirror needs:
///
/// 1. *Unclip*: DB is trained to predict each text line shrunk by a margin; the margin is given
///    back by offsetting the kernel outwards by `area * unclipRatio / perimeter`. For a
///    rectangle, that offset (pyclipper's, with round joins) followed by a minimum-area
///    rectangle is exactly the rectangle grown by that distance on every side.
/// 2. *Map to the frame*: input pixels times the per-axis scale (the two scales differ slightly
///    because each input side is rounded to 32).
/// 3. *Orient*: `width` runs along the text line and `angle` is in (-90, 90], so a horizontal
///    mirror reverses the line's reading direction. Boxes clearly longer than high along a
///    steep direction are taken as rotated lines, as PP-OCR does (height/width >= 1.5 means a
///    vertical line); squarer steep boxes are turned back towards upright.
///
/// Lines too small to mirror are left out later, by `MirrorEngine` (`min-text-height`).
public struct TextBoxPostprocess: Equatable, Sendable {
    /// PP-OCR ships 1.5 (PaddleOCR) and 1.6 (RapidOCR); 1.5 measured best against the ink of
    /// rendered text (see Tests/TextMirrorDetectionTests).
    public static let defaultUnclipRatio = 1.5
    /// PP-OCR's rule for vertical lines (`get_rotate_crop_image`).
    public static let steepLineElongation = 1.5

    public var unclipRatio: Double

    public init(unclipRatio: Double = defaultUnclipRatio) {
        self.unclipRatio = unclipRatio
    }

    /// Kernels found in an `input`-sized picture of a `frameWidth` x `frameHeight` frame, as
    /// text lines in frame pixels.
    public func textBoxes(
        _ kernels: [TextKernel], input: DetectorInputSize,
        frameWidth: Int, frameHeight: Int
    ) -> [TextBox] {
        let scale = input.scale(frameWidth: frameWidth, frameHeight: frameHeight)
        return kernels.compactMap { kernel in
            let line = Self.unclip(kernel, ratio: unclipRatio)
            let box = Self.orientedAlongText(Self.toFrame(line, scaleX: scale.x, scaleY: scale.y))
            guard box.width > 0, box.height > 0 else { return nil }
            return TextBox(box: box, score: kernel.score)
        }
    }

    /// The kernel grown by `area * ratio / perimeter` on every side.
    public static func unclip(_ box: TextKernel, ratio: Double) -> TextKernel {
        let perimeter = 2 * (box.width + box.height)
        guard perimeter > 0 else { return box }
        let distance = box.width * box.height * ratio / perimeter
        var grown = box
        grown.width += 2 * distance
        grown.height += 2 * distance
        return grown
    }

    /// Maps a box from input pixels to frame pixels. Under unequal scales a rotated rectangle
    /// becomes a parallelogram; the result keeps the centre, the direction and length of the
    /// width side, and the length of the height side, which covers the parallelogram up to the
    /// (sub-percent) difference between the two scales.
    public static func toFrame(_ box: TextKernel, scaleX: Double, scaleY: Double) -> PixelBox {
        let (along, across) = box.rectangle.axes
        let widthX = box.width * along.x * scaleX, widthY = box.width * along.y * scaleY
        let heightX = box.height * across.x * scaleX, heightY = box.height * across.y * scaleY
        let angle = (widthX == 0 && widthY == 0) ? box.angle : atan2(widthY, widthX) * 180 / .pi
        return PixelBox(
            centerX: box.centerX * scaleX, centerY: box.centerY * scaleY,
            width: (widthX * widthX + widthY * widthY).squareRoot(),
            height: (heightX * heightX + heightY * heightY).squareRoot(),
            angle: angle)
    }

    /// The same rectangle described with `width` along the text line and `angle` in (-90, 90].
    public static func orientedAlongText(_ box: PixelBox) -> PixelBox {
        var b = box
        // The long side first: text lines are longer than they are high.
        if b.height > b.width {
            swap(&b.width, &b.height)
            b.angle += 90
        }
        b.angle = PixelBox.normalizedAngle(b.angle)
        // A steep box that is not clearly elongated is more likely upright glyphs than a
        // rotated line: describe it from the side nearer to horizontal.
        if b.isSteep, b.width < steepLineElongation * b.height {
            swap(&b.width, &b.height)
            b.angle = PixelBox.normalizedAngle(b.angle - 90)
        }
        return b
    }
}
