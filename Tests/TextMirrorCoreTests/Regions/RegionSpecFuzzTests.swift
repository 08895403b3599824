import Foundation
import Testing
import TextMirrorCore

/// The `regions` parser against random input: random strings, mutations of valid specs, and
/// valid specs built from the grammar. It must never crash, and must accept exactly what a
/// simple reference grammar accepts, with the same values.
@Suite struct RegionSpecFuzzTests {
    /// The documented grammar, written out independently of `RegionSpec`:
    ///
    ///     spec    = ws* ( region ( ws* ";" ws* region )* ( ws* ";" )? )? ws*
    ///     region  = number "," number "," number "," number ( "," number )?   (ws around numbers)
    ///     number  = [+-]? ( digit+ ( "." digit* )? | "." digit+ ) ( [eE] [+-]? digit+ )?
    ///
    /// and the value rules: finite, |x|, |y|, |w|, |h| <= 16, w > 0, h > 0, |angle| <= 360000.
    enum Reference {
        struct Region: Equatable { var values: [Double] }

        static func parse(_ spec: String) -> [Region]? {
            var items = split(Array(spec), on: ";")
            if let last = items.last, trim(last).isEmpty { items.removeLast() }  // "" and a trailing ";"
            var regions: [Region] = []
            for item in items {
                let fields = split(item, on: ",")
                guard fields.count == 4 || fields.count == 5 else { return nil }
                var values: [Double] = []
                for field in fields {
                    let text = trim(field)
                    guard isDecimal(text), let value = Double(String(text)), value.isFinite else { return nil }
                    values.append(value)
                }
                guard values.prefix(4).allSatisfy({ abs($0) <= 16 }), values[2] > 0, values[3] > 0 else { return nil }
                if values.count == 5, abs(values[4]) > 360_000 { return nil }
                regions.append(Region(values: values))
            }
            return regions
        }

        static func split(_ chars: [Character], on separator: Character) -> [[Character]] {
            var parts: [[Character]] = [[]]
            for c in chars {
                if c == separator { parts.append([]) } else { parts[parts.count - 1].append(c) }
            }
            return parts
        }

        static func trim(_ chars: [Character]) -> [Character] {
            var s = chars[...]
            while let f = s.first, f.isWhitespace { s.removeFirst() }
            while let l = s.last, l.isWhitespace { s.removeLast() }
            return Array(s)
        }

        static func isDecimal(_ t: [Character]) -> Bool {
            var i = 0
            func digits() -> Int {
                let start = i
                while i < t.count, let a = t[i].asciiValue, a >= 48 && a <= 57 { i += 1 }
                return i - start
            }
            if i < t.count, t[i] == "+" || t[i] == "-" { i += 1 }
            let whole = digits()
            var fraction = 0
            if i < t.count, t[i] == "." {
                i += 1
                fraction = digits()
            }
            guard whole + fraction > 0 else { return false }
            if i < t.count, t[i] == "e" || t[i] == "E" {
                i += 1
                if i < t.count, t[i] == "+" || t[i] == "-" { i += 1 }
                guard digits() > 0 else { return false }
            }
            return i == t.count
        }
    }

    /// Characters the mutations draw from: the grammar's own, whitespace of several kinds, and
    /// what a user or a bad tool could type (letters Double() knows, Unicode, control codes).
    static let alphabet: [String] = [
        "0", "1", "5", "9", ".", ",", ";", "-", "+", "e", "E", " ", "\t", "\n",
        "\r\n", "\u{A0}", "\u{2003}", "x", "p", "inf", "nan", "0x", "_", "é",
        "\u{301}", "🙂", "\u{0}", "\u{7F}", "١", "٫", "e999", "1e-999", "16", "17",
        "360000", "360001"
    ]

    static func number(_ rng: inout SplitMix64) -> String {
        var s = rng.chance(15) ? rng.pick(["+", "-"]) : ""
        switch rng.below(4) {
        case 0: s += String(rng.below(17))
        case 1: s += "0." + String(rng.below(1000))
        case 2: s += "." + String(rng.below(100))
        default: s += String(rng.below(3)) + "." + (rng.chance(50) ? String(rng.below(10)) : "")
        }
        if rng.chance(15) { s += rng.pick(["e", "E"]) + rng.pick(["", "+", "-"]) + String(rng.below(4)) }
        return s
    }

    static func ws(_ rng: inout SplitMix64) -> String {
        rng.chance(70) ? "" : rng.pick([" ", "  ", "\t", " \n", "\u{A0}"])
    }

    /// A spec the grammar allows (values may still break the value rules: that is tested too).
    static func validSpec(_ rng: inout SplitMix64) -> String {
        let regions = (0..<rng.below(5)).map { _ -> String in
            let count = rng.chance(30) ? 5 : 4
            return (0..<count).map { _ in ws(&rng) + number(&rng) + ws(&rng) }.joined(separator: ",")
        }
        var spec = regions.joined(separator: ";")
        if rng.chance(20) { spec += ";" + ws(&rng) }
        return ws(&rng) + spec
    }

    static func mutate(_ spec: String, _ rng: inout SplitMix64) -> String {
        var chars = Array(spec)
        for _ in 0..<(1 + rng.below(3)) {
            let at = chars.isEmpty ? 0 : rng.below(chars.count + 1)
            switch rng.below(3) {
            case 0: chars.insert(contentsOf: Array(rng.pick(alphabet)), at: at)
            case 1: if at < chars.count { chars.remove(at: at) }
            default: if at < chars.count { chars.replaceSubrange(at...at, with: Array(rng.pick(alphabet))) }
            }
        }
        return String(chars)
    }

    static func randomString(_ rng: inout SplitMix64) -> String {
        (0..<rng.below(40)).map { _ in rng.pick(alphabet) }.joined()
    }

    /// What the first fuzz runs found: Double() also reads hexadecimal, and stops at a NUL (it
    /// goes through a C string), so these were accepted. They must be refused, saying which
    /// number is wrong.
    @Test(
        "Hexadecimal numbers and embedded NULs are refused",
        arguments: ["0x1p-1,0,1,1", "0,0x.8,1,1", "0,0,0x1,1", "0,0,1,1,0X10", "0.\u{0}junk,0,1,1", "0,0,1\u{0}5,1"])
    func foundByFuzzing(spec: String) {
        let error = #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec) }
        #expect(
            error?.description.contains("is not a number") == true,
            "\(spec.debugDescription): \(error?.description ?? "accepted")")
        #expect(Reference.parse(spec) == nil)
    }

    @Test("Random and mutated specs: never a crash, same verdict and values as the reference grammar")
    func fuzzParser() {
        let budget = FuzzBudget(iterations: 200_000, seconds: 3)
        var rng = SplitMix64(seed: budget.seed)
        var tried = 0, accepted = 0, mismatches = 0
        while budget.allows(tried) {
            let spec: String
            switch rng.below(3) {
            case 0: spec = Self.validSpec(&rng)
            case 1: spec = Self.mutate(Self.validSpec(&rng), &rng)
            default: spec = Self.randomString(&rng)
            }
            tried += 1
            let expected = Reference.parse(spec)
            let result = Result<[MirrorRegion], RegionSpec.ParseError> { () throws(RegionSpec.ParseError) in
                try RegionSpec.parse(spec)
            }
            switch (result, expected) {
            case (.success(let regions), .some(let reference)):
                accepted += 1
                let values = regions.map { [$0.x, $0.y, $0.width, $0.height] + ($0.angle == 0 ? [] : [$0.angle]) }
                let referenceValues = reference.map {
                    $0.values.count == 5 && $0.values[4] == 0 ? Array($0.values.prefix(4)) : $0.values
                }
                if values != referenceValues {
                    mismatches += 1
                    if mismatches <= 5 {
                        Issue.record(
                            "\(budget.repeatHint): \(spec.debugDescription) gave \(values), reference \(referenceValues)"
                        )
                    }
                }
            case (.failure(let error), .none):
                if !error.description.hasPrefix("region ") {
                    mismatches += 1
                    if mismatches <= 5 {
                        Issue.record("\(budget.repeatHint): \(spec.debugDescription) refused with \"\(error)\"")
                    }
                }
            case (.success, .none):
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(budget.repeatHint): \(spec.debugDescription) accepted, the grammar refuses it")
                }
            case (.failure(let error), .some):
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        "\(budget.repeatHint): \(spec.debugDescription) refused (\(error)), the grammar accepts it")
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) mismatches in \(tried) specs, \(budget.repeatHint)")
        #expect(accepted > tried / 10, "the generator hardly makes valid specs (\(accepted) of \(tried))")
        print("regions fuzz: \(tried) specs (\(accepted) accepted), \(mismatches) mismatches, \(budget.repeatHint)")
    }
}
