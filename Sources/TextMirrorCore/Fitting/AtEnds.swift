/// One value for each end of a line, along its box's width: its start and its end (`PixelBox`'s
/// angle points from the first to the second).
///
/// Why: a line is read beyond each end as far as that end needs (`InkRefinement.fit`), and the
/// frame stops a window at one end and not the other.
struct AtEnds<Value: Equatable>: Equatable {
    var start: Value
    var end: Value

    init(start: Value, end: Value) {
        self.start = start
        self.end = end
    }

    init(both value: Value) {
        self.init(start: value, end: value)
    }
}

extension AtEnds where Value == Bool {
    var either: Bool { start || end }
}
