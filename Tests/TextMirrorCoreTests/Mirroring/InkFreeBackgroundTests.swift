import Testing
@testable import TextMirrorCore

/// The ground under a line's letters, read from inside its box (InkFreeBackground.swift).
@Suite struct InkFreeBackgroundTests {
    /// Strokes `stroke` samples wide: vertical bars every 12 samples and one horizontal bar
    /// across rows 20 ..< 20 + stroke, on a 60 x 40 picture.
    static func letters(stroke: Int) -> (width: Int, height: Int, isInk: (Int, Int) -> Bool) {
        (60, 40, { x, y in (x % 12 < stroke && y >= 5 && y < 35) || (y >= 20 && y < 20 + stroke && x < 48) })
    }

    @Test("The ink's side is the smaller of Otsu's two classes, counted inside the mask only")
    func inkSide() {
        let (width, height, isInk) = Self.letters(stroke: 3)
        let dark = (0..<(width * height)).map { isInk($0 % width, $0 / width) ? UInt8(30) : 200 }
        let light = dark.map { 255 - $0 }
        let everywhere = [Bool](repeating: true, count: dark.count)
        #expect(InkFreeBackground.InkSplit(dark, inside: everywhere).darkInk)
        #expect(!InkFreeBackground.InkSplit(light, inside: everywhere).darkInk)
        // Outside the mask, a dark surround larger than the box's ground does not count.
        let surrounded = dark + [UInt8](repeating: 10, count: 3 * dark.count)
        let mask = everywhere + [Bool](repeating: false, count: 3 * dark.count)
        #expect(InkFreeBackground.InkSplit(surrounded, inside: mask).darkInk)
        // Counted, it would make the light ground the smaller class.
        #expect(!InkFreeBackground.InkSplit(surrounded, inside: mask.map { _ in true }).darkInk)
    }

    @Test("Stroke width: the median of each ink sample's shorter run", arguments: [1, 3, 5])
    func strokeWidth(stroke: Int) {
        let (width, height, isInk) = Self.letters(stroke: stroke)
        let values = (0..<(width * height)).map { isInk($0 % width, $0 / width) ? UInt8(20) : 220 }
        let everywhere = [Bool](repeating: true, count: values.count)
        #expect(
            InkFreeBackground.strokeWidth(
                values, inside: everywhere, width: width, height: height,
                split: InkFreeBackground.InkSplit(values, inside: everywhere)) == stroke)
        // No ink at all: 1.
        let flat = [UInt8](repeating: 128, count: values.count)
        #expect(
            InkFreeBackground.strokeWidth(
                flat, inside: everywhere, width: width, height: height,
                split: InkFreeBackground.InkSplit(flat, inside: everywhere)) == 1)
    }

    /// The closing or opening computed the slow way: every window in full.
    static func reference(_ values: [UInt8], width: Int, height: Int, window: Int, darkInk: Bool) -> [UInt8] {
        let half = window / 2
        func filter(_ a: [UInt8], largest: Bool) -> [UInt8] {
            (0..<a.count).map { i in
                let (x, y) = (i % width, i / width)
                var best: UInt8 = largest ? 0 : 255
                for j in max(y - half, 0)...min(y + half, height - 1) {
                    for k in max(x - half, 0)...min(x + half, width - 1) {
                        best = largest ? max(best, a[j * width + k]) : min(best, a[j * width + k])
                    }
                }
                return best
            }
        }
        return filter(filter(values, largest: darkInk), largest: !darkInk)
    }

    @Test(
        "Closing and opening equal the full-window filter, at every size and window",
        arguments: [(1, 1, 3), (7, 5, 3), (5, 9, 7), (33, 4, 9), (20, 20, 41), (64, 13, 5)], [true, false])
    func morphologyMatchesReference(size: (width: Int, height: Int, window: Int), darkInk: Bool) {
        var generator = SplitMix64(seed: UInt64(size.width * 1000 + size.height * 10 + size.window))
        let values = (0..<(size.width * size.height)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var filtered = values
        filtered.withUnsafeMutableBufferPointer {
            InkFreeBackground.removeStrokes(
                $0, width: size.width, height: size.height, window: size.window, darkInk: darkInk)
        }
        let expected = Self.reference(
            values, width: size.width, height: size.height, window: size.window, darkInk: darkInk)
        #expect(filtered == expected, "\(size) dark \(darkInk)")
    }

    @Test("Under letters on a textured ground, the ground comes back", arguments: [true, false])
    func groundUnderLetters(darkInk: Bool) {
        let (width, height, isInk) = Self.letters(stroke: 3)
        // Bands 10 samples wide, 30 levels apart, on a ramp: what a ring around the box cannot
        // see, and coarser than the strokes, so that the window keeps them.
        func ground(_ x: Int, _ y: Int) -> Int { 90 + x + ((x / 10) % 2 == 0 ? 30 : 0) - y / 4 }
        var values = (0..<(width * height)).map { i -> UInt8 in
            let (x, y) = (i % width, i / width)
            return UInt8(isInk(x, y) ? (darkInk ? 10 : 250) : ground(x, y))
        }
        let everywhere = [Bool](repeating: true, count: values.count)
        let split = InkFreeBackground.InkSplit(values, inside: everywhere)
        #expect(split.darkInk == darkInk)
        let stroke = InkFreeBackground.strokeWidth(
            values, inside: everywhere, width: width, height: height, split: split)
        #expect(stroke == 3)
        values.withUnsafeMutableBufferPointer {
            InkFreeBackground.removeInk(
                $0, width: width, height: height, window: InkFreeBackground.window(forStroke: stroke),
                darkInk: darkInk)
        }
        // The strokes (80 levels and more off the ground) are gone everywhere; a stroke beside
        // a band's edge is filled from the brighter (or darker) side, by up to the bands' step.
        // Away from the bands' edges and the picture's (where the window is cut), the ground
        // comes back within a few levels.
        for y in 0..<height {
            for x in 0..<width {
                let error = abs(Int(values[y * width + x]) - ground(x, y))
                let nearEdge = min(x % 10, 9 - x % 10) < 4 || min(x, y, width - 1 - x, height - 1 - y) < 4
                #expect(error <= (nearEdge ? 31 : 4), "dark \(darkInk): (\(x), \(y)) is \(error) levels off")
                if error > (nearEdge ? 31 : 4) { return }
            }
        }
    }

    @Test("Roughness: a sloping ground has none, bands and a shadow's edge have some")
    func roughness() {
        let (width, height) = (80, 24)
        func measured(_ ground: (Int, Int) -> Int) -> Double {
            let values = (0..<(width * height)).map { UInt8(ground($0 % width, $0 / width)) }
            return InkFreeBackground.roughness(
                values, inside: [Bool](repeating: true, count: values.count), width: width, height: height,
                window: 25)
        }
        // Light falling off across the line and along it, as on a page lit from one side.
        #expect(measured { x, y in 120 + x / 2 + y / 3 } < InkFreeBackground.texturedGround)
        // Bands 10 samples wide, 30 levels apart; a shadow's edge 60 levels deep across the box.
        #expect(measured { x, _ in 120 + ((x / 10) % 2 == 0 ? 30 : 0) } > InkFreeBackground.texturedGround)
        #expect(measured { x, y in x + y < 50 ? 100 : 160 } > InkFreeBackground.texturedGround)
    }

    @Test("Halved: each value the rounded mean of its 2 x 2 block, inside where any of it is")
    func halved() {
        // 5 x 3: the last column and row are blocks of two and one.
        let values: [UInt8] = [
            10, 20, 30, 41, 7,
            30, 40, 50, 60, 9,
            100, 101, 0, 255, 5
        ]
        var inside = [Bool](repeating: false, count: values.count)
        inside[8] = true
        let half = InkFreeBackground.halved(values, inside: inside, width: 5, height: 3)
        #expect(half.width == 3 && half.height == 2)
        #expect(half.values == [25, 45, 8, 101, 128, 5])
        #expect(half.inside == [false, true, false, false, false, false])
    }

    @Test("Texture looked for at half resolution: letters on bands or a shadow's edge, not on paper")
    func mayBeTextured() {
        // The letters 6 samples in from the box's left end, as a detector's box leaves them.
        let (width, height, isInk) = Self.letters(stroke: 3)
        func picture(_ ground: (Int, Int) -> Int) -> [UInt8] {
            (0..<(width * height)).map { i in
                let (x, y) = (i % width, i / width)
                return x >= 6 && isInk(x - 6, y) ? UInt8(ground(x, y) / 4) : UInt8(ground(x, y))
            }
        }
        func mayBeTextured(_ ground: (Int, Int) -> Int) -> Bool {
            let values = picture(ground)
            let everywhere = [Bool](repeating: true, count: values.count)
            let split = InkFreeBackground.InkSplit(values, inside: everywhere)
            let stroke = InkFreeBackground.strokeWidth(
                values, inside: everywhere, width: width, height: height, split: split)
            return InkFreeBackground.mayBeTextured(
                values, inside: everywhere, width: width, height: height,
                window: InkFreeBackground.window(forStroke: stroke), textureWindow: height | 1, darkInk: split.darkInk)
        }
        // Paper under light that falls off gently across the box (0.8 levels of roughness at
        // either resolution, measured alone), and under even light.
        #expect(!mayBeTextured { x, y in 160 + x / 8 + y / 8 })
        #expect(!mayBeTextured { _, _ in 200 })
        #expect(mayBeTextured { x, _ in 150 + ((x / 16) % 2 == 0 ? 40 : 0) })
        #expect(mayBeTextured { x, y in x + y < 50 ? 130 : 210 })
    }

    @Test("Dips between lighter rims are filled, a dark stretch at a column's end stays")
    func fillDips() {
        // Columns, top to bottom: a band of print taller than any window between paper above
        // and below; a shadow from the top edge down to row 6 above lit paper, with print in
        // the lit part; and print between rims of 180 and 150.
        let columns: [[UInt8]] = [
            [200, 200, 40, 40, 40, 40, 40, 40, 200, 200],
            [90, 90, 90, 90, 90, 90, 200, 30, 200, 200],
            [180, 60, 60, 60, 150, 150, 150, 150, 150, 150]
        ]
        let expected: [[UInt8]] = [
            [200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
            [90, 90, 90, 90, 90, 90, 200, 200, 200, 200],
            [180, 150, 150, 150, 150, 150, 150, 150, 150, 150]
        ]
        let (width, height) = (columns.count, columns[0].count)
        var values = (0..<(width * height)).map { columns[$0 % width][$0 / width] }
        values.withUnsafeMutableBufferPointer { InkFreeBackground.fillDips($0, width: width, height: height) }
        for x in 0..<width {
            #expect((0..<height).map { values[$0 * width + x] } == expected[x], "column \(x)")
        }
    }
}
