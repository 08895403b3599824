import Testing

@testable import TextMirrorCore

/// The tabulated background surface a turned box reads (`RingBackground.Table`).
@Suite struct RingBackgroundTableTests {
    /// A surface whose top bends at knots 16 px apart (steeper by 0.375 and 0.5 levels a pixel),
    /// at odd pixels of a side 80 px long, the others straight. (A knot unlike both neighbours
    /// would be despiked away.)
    static let surface: RingBackground = {
        let bent = RingBackground.Side(knots: [10, 12, 20, 36, 60], centres: [9, 25, 41, 57, 73])
        return RingBackground(
            top: RingBackground.Profile(bent, length: 80, inset: 2),
            bottom: RingBackground.Profile(from: 50, to: 60),
            left: RingBackground.Profile(from: 0, to: 50),
            right: RingBackground.Profile(from: 45, to: 60))!
    }()

    @Test func equalsTheSurfaceAtItsNodesAndNearlyBetweenThem() {
        // 43 nodes across the 84 px of the ring's rectangle: 2 px apart.
        let table = RingBackground.Table(Self.surface, columns: 43, rows: 9)
        var atNodes = 0.0, between = 0.0
        for j in 0..<(2 * 8 + 1) {
            for i in 0..<(2 * 42 + 1) {
                let s = Float(i) / 84, t = Float(j) / 16
                let error = Double(abs(table.value(s: s, t: t) - Self.surface.value(s: s, t: t)))
                if i % 2 == 0 && j % 2 == 0 { atNodes = max(atNodes, error) } else { between = max(between, error) }
            }
        }
        #expect(atNodes < 0.01, "\(atNodes)")
        // At most a quarter of the node spacing times the largest change of slope: a quarter
        // of a level.
        #expect(between <= 0.25, "\(between)")
        #expect(between > 0.01, "the top's bends lie between nodes: \(between)")
    }

    /// Points beyond the ring's rectangle (a turned box's samples never lie there, but rounding
    /// may put them a hair past 0 or 1) read its edge.
    @Test func readsTheEdgeBeyondTheRectangle() {
        let table = RingBackground.Table(Self.surface, columns: 2, rows: 2)
        #expect(table.value(s: -1, t: 2) == table.value(s: 0, t: 1))
        #expect(table.value(s: 1.5, t: -0.5) == table.value(s: 1, t: 0))
    }
}
