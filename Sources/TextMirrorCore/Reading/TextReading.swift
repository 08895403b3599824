/// What the recognizer read in a line of text.
public struct TextReading: Equatable, Sendable {
    /// The characters read, in the orientation that read better; empty when nothing was read.
    public var text: String
    /// Mean probability of the characters read, 0...1 (0 when nothing was read).
    public var score: Double
    /// The input showed the text mirror-reversed: its mirror image read better.
    public var mirrored: Bool
    /// The text reads against the box's `width` axis (it was read with the box turned half a
    /// turn). Only steep boxes are read so (`PixelBox.isSteep`): a line running up or down the
    /// picture may read either way.
    public var turnedHalf: Bool

    public init(text: String, score: Double, mirrored: Bool, turnedHalf: Bool = false) {
        self.text = text
        self.score = score
        self.mirrored = mirrored
        self.turnedHalf = turnedHalf
    }

    /// The text reads against the box's `width` axis once on screen: mirrored or turned half,
    /// but not both (which cancel). Decides the reading order of a line's pieces.
    public var readsAgainstBox: Bool { mirrored != turnedHalf }

    /// The box holds text (what `verify` asks of it): at least one character was read, with a
    /// mean probability of at least `minimumScore`, and a lone character with at least
    /// `minimumLoneScore`.
    public var foundText: Bool {
        let characters = text.count { !$0.isWhitespace }
        return characters > 0 && score >= (characters == 1 ? Self.minimumLoneScore : Self.minimumScore)
    }

    /// Real lines read at 0.77-0.99 (Greek and Cyrillic lowest), textures that are not text at
    /// 0.12-0.37 when the recognizer finds anything in them at all (one or a few characters in
    /// an eagle's feathers, a cloister's arches, horses: the real-photo dev set).
    public static let minimumScore = 0.5
    /// One character is the easiest reading for a texture to give: a splash of water's round
    /// crown read as "0" at 0.60 (a textless wallpaper of the real-photo dev set, 13% of the
    /// picture). A real one, a platform's "3" or a door's "B", reads surely.
    public static let minimumLoneScore = 0.75
}
