/// Per row of a window: how much it steps from column to column (`sums`: rows through letters
/// step at every stroke) and its largest single step (`strongest`: a row crossed by one
/// descender still has a stroke's full contrast, a row of noise or anti-aliasing does not).
struct RowInk {
    var sums: [Int32]
    var strongest: [Int32]
}
