import CShim
import Testing

/// The recognizer reads crops at widths of a fixed grid (textmirror.h), so OpenVINO prepares a
/// bounded number of input shapes however many line widths the text takes.
@Suite struct RecognizerInputWidthTests {
    static let widths = Array(8...Int(TEXTMIRROR_RECOGNIZER_MAX_WIDTH))

    @Test func everyCropFitsItsWidthWithLittlePadding() {
        for width in Self.widths {
            let input = Int(textmirror_recognizer_input_width(Int32(width)))
            #expect(input >= width && input % 8 == 0, "width \(width) read at \(input)")
            // A twelfth up to 272 columns, a fifth beyond.
            let most = width <= 272 ? width * 115 / 100 + 8 : width * 124 / 100 + 8
            #expect(input <= max(64, most), "width \(width) padded to \(input)")
        }
    }

    @Test func thirtyShapesServeEveryWidth() {
        let shapes = Set(Self.widths.map { textmirror_recognizer_input_width(Int32($0)) })
        #expect(shapes.count == 30)
        #expect(shapes.max() == TEXTMIRROR_RECOGNIZER_MAX_WIDTH)
    }
}
