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
    /// Where the characters read lie along the box that was read: offsets in pixels from its
    /// centre along its width axis (`PixelBox.axes.along`), from the middle of the first
    /// character's first recognizer step to the middle of the last's last. A character
    /// comes out of the steps over its middle or so: the span lies within the outer
    /// characters. Nil when nothing was read, or not known (a reading joined from two).
    public var characterSpan: ClosedRange<Double>?

    public init(
        text: String, score: Double, mirrored: Bool, turnedHalf: Bool = false,
        characterSpan: ClosedRange<Double>? = nil
    ) {
        self.text = text
        self.score = score
        self.mirrored = mirrored
        self.turnedHalf = turnedHalf
        self.characterSpan = characterSpan
    }

    /// The text reads against the box's `width` axis once on screen: mirrored or turned half,
    /// but not both (which cancel). Decides the reading order of a line's pieces.
    public var readsAgainstBox: Bool { mirrored != turnedHalf }

    /// The characters read, spaces left out: the decoder puts most spaces in without a
    /// probability, so only these say how much was read.
    public var characters: String { text.filter { !$0.isWhitespace } }

    /// The box holds text (what `verify` asks of it): characters read with a mean probability
    /// that rises as they get fewer, since a texture reads as a character or a few: at least
    /// `minimumScore` for a line, `minimumShortScore` for two or three characters,
    /// `minimumLoneScore` for one. A lone round glyph never counts (`roundGlyphs`), nor a lone
    /// mark that is neither a letter nor a digit: PP-OCRv6 tiny boxed a stroke in a cluttered
    /// picture, and the recognizer read it as "_" at 0.93.
    public var foundText: Bool {
        switch characters.count {
        case 0: return false
        case 1:
            let lone = characters.first!
            return score >= Self.minimumLoneScore && !Self.roundGlyphs.contains(lone) && (lone.isLetter || lone.isNumber)
        case 2...3: return score >= Self.minimumShortScore
        default: return score >= Self.minimumScore
        }
    }

    /// `foundText`, for a box of `boxArea` pixels in a frame of `frameArea`: one to three
    /// characters (`maxShortCharacters`) over more than `maxShortFrameShare` of the frame are
    /// not taken as text.
    public func foundText(boxArea: Double, frameArea: Double) -> Bool {
        foundText && !(characters.count <= Self.maxShortCharacters && boxArea > Self.maxShortFrameShare * frameArea)
    }

    /// A detector that finds more also boxes whole scenes: PP-OCRv6 small boxed 90% of a
    /// photograph of a coffee cup, and the recognizer read the cup as "8" at 0.97; on a CPU
    /// with bf16, it boxed the same cup whole and the recognizer read "18" at 0.87.
    /// A word of a few characters as large as a quarter of the picture is rare: in the
    /// real-photo dev set and the generated set, no box over a tenth of the picture read as
    /// text with fewer than five characters but this cup. Such a box is left alone.
    public static let maxShortFrameShare = 0.25
    /// Readings of up to this many characters are held to `maxShortFrameShare`: those that
    /// `minimumLoneScore` and `minimumShortScore` are for.
    public static let maxShortCharacters = 3

    /// Real lines read at 0.77-0.99 (Greek and Cyrillic lowest), textures that are not text at
    /// 0.12-0.37 when the recognizer finds anything in them at all (one or a few characters in
    /// an eagle's feathers, a cloister's arches, horses: the real-photo dev set).
    public static let minimumScore = 0.5
    /// Two or three characters: with `detection-size=960` the real-photo dev set's textures
    /// (a giraffe's coat, a dog, a cloister, a field) read as "ee.", "1o", "ci" and "1 3" at
    /// 0.51-0.56, and with PP-OCRv6 small sand as "te" at 0.64; its real short words and
    /// numbers ("the", "Box", "79", "82", "Co") at 0.70-1.00.
    public static let minimumShortScore = 0.7
    /// One character is the easiest reading for a texture to give: a splash of water's round
    /// crown read as "0" at 0.60 (a textless wallpaper of the real-photo dev set, 13% of the
    /// picture), a castle's window bars as "中" at 0.80 (PP-OCRv6 tiny). A real one, a
    /// platform's "3" or a door's "B", reads surely.
    public static let minimumLoneScore = 0.85
    /// Round things read as a lone "0" or "O" as surely as print does: a cup's rim at 0.89, a
    /// cat's eye at 0.87, a splash at 0.60 (the real-photo dev set). The recognizer cannot tell
    /// them apart, so a lone round glyph is not taken as text (Latin, Greek and Cyrillic O, the
    /// digit, and the ideographic zero).
    public static let roundGlyphs: Set<Character> = ["0", "O", "o", "Ο", "ο", "О", "о", "〇", "○"]
}
