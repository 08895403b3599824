import Testing
import TextMirrorCore

@Suite struct RegionSpecTests {
    @Test func parsesRegionsWithAndWithoutAngle() throws {
        let regions = try RegionSpec.parse("0.1,0.2,0.3,0.4; 0.5,0.5,0.25,0.25,30;")
        #expect(
            regions == [
                MirrorRegion(x: 0.1, y: 0.2, width: 0.3, height: 0.4),
                MirrorRegion(x: 0.5, y: 0.5, width: 0.25, height: 0.25, angle: 30)
            ])
    }

    @Test func atMostMaxRegionsAreTaken() throws {
        func spec(_ count: Int) -> String { Array(repeating: "0,0,0.1,0.1,10", count: count).joined(separator: ";") + ";" }
        #expect(try RegionSpec.parse(spec(RegionSpec.maxRegions)).count == RegionSpec.maxRegions)
        let error = #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec(10_000)) }
        #expect(error?.description == "10000 regions given; at most 256 are allowed")
    }

    @Test func emptySpecMeansNoRegions() throws {
        #expect(try RegionSpec.parse("").isEmpty)
        #expect(try RegionSpec.parse("   ").isEmpty)
    }

    static let good: [(String, [MirrorRegion])] = [
        ("0,0,1,1", [MirrorRegion(x: 0, y: 0, width: 1, height: 1)]),
        ("0,0,1,1;", [MirrorRegion(x: 0, y: 0, width: 1, height: 1)]),
        ("  0 , 0 ,\t1 , 1 ; ", [MirrorRegion(x: 0, y: 0, width: 1, height: 1)]),
        ("-0.5,-0.25,2,1.5", [MirrorRegion(x: -0.5, y: -0.25, width: 2, height: 1.5)]),
        ("1e-1,+0.5,2.5E-1,.5", [MirrorRegion(x: 0.1, y: 0.5, width: 0.25, height: 0.5)]),
        ("0,0,1,1,-45", [MirrorRegion(x: 0, y: 0, width: 1, height: 1, angle: -45)]),
        ("0,0,1,1,0", [MirrorRegion(x: 0, y: 0, width: 1, height: 1)]),
        ("-16,16,16,16", [MirrorRegion(x: -16, y: 16, width: 16, height: 16)]),
        (
            "0,0,0.5,0.5;0.5,0.5,0.5,0.5,90;0.25,0,0.1,1",
            [
                MirrorRegion(x: 0, y: 0, width: 0.5, height: 0.5),
                MirrorRegion(x: 0.5, y: 0.5, width: 0.5, height: 0.5, angle: 90),
                MirrorRegion(x: 0.25, y: 0, width: 0.1, height: 1)
            ]
        )
    ]

    @Test(arguments: zip(good.map(\.0), good.map(\.1)))
    func parsesGoodSpecs(spec: String, expected: [MirrorRegion]) throws {
        #expect(try RegionSpec.parse(spec) == expected)
    }

    /// Bad specs, each with the words its error must contain: which region and what is wrong.
    static let bad: [(String, [String])] = [
        ("1,2,3", ["region 1", "has 3 values", "expected 4 or 5 numbers", "x,y,w,h or x,y,w,h,angle"]),
        ("0,0,1,1,1,1", ["region 1", "has 6 values"]),
        ("0,0,1,1; 0,0,1", ["region 2", "\"0,0,1\"", "has 3 values"]),
        ("a,0,1,1", ["region 1", "x \"a\" is not a number", "expected a decimal number such as 0.25"]),
        ("0,b,1,1", ["region 1", "y \"b\" is not a number"]),
        ("0,0,1,1;0,0,w,1", ["region 2", "w \"w\" is not a number"]),
        ("0,0,1,", ["region 1", "h \"\" is not a number"]),
        ("0,0,1,1,deg", ["region 1", "angle \"deg\" is not a number"]),
        ("inf,0,1,1", ["region 1", "x \"inf\" is not a number"]),
        ("0,0,1,1,nan", ["region 1", "angle \"nan\" is not a number"]),
        ("0,0,0,1", ["region 1", "width and height must be greater than 0 (w=0.0, h=1.0)"]),
        ("0,0,1,-0.5", ["region 1", "width and height must be greater than 0"]),
        ("0,0,1,1;;0,0,1,1", ["region 2 is empty"]),
        (";0,0,1,1", ["region 1 is empty"]),
        ("0,0,100,1", ["region 1", "w=100.0", "far outside the frame", "allowed: -16 to 16"]),
        ("0,-17,1,1", ["region 1", "y=-17.0", "far outside the frame"]),
        ("0,0,1,1,400000", ["region 1", "angle 400000.0 is out of range", "allowed: -360000 to 360000 degrees"]),
        ("0;0;0", ["region 1", "\"0\" is not a list of numbers", "x,y,w,h"]),
        ("0 0 1 1", ["region 1", "\"0 0 1 1\" is not a list of numbers"]),
        ("0,0,1,1 x", ["region 1", "h \"1 x\" is not a number"])
    ]

    @Test(arguments: zip(bad.map(\.0), bad.map(\.1)))
    func refusesBadSpecsNamingTheProblem(spec: String, words: [String]) {
        let error = #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec) }
        for word in words {
            #expect(error?.description.contains(word) == true, "\"\(spec)\": \(error?.description ?? "no error")")
        }
    }

    /// Issue 15: every message says what is allowed, and quotes at most a short excerpt of the
    /// bad text (a 1 MB value was echoed back whole; "bad" was said to have "1 numbers"; an
    /// angle was "out of range" without the range).
    static let explained: [(String, [String])] = [
        (
            "0.1,0.1,0.5,0.5,1000000",
            ["region 1", "angle 1000000.0 is out of range", "allowed: -360000 to 360000 degrees"]
        ),
        (
            "ü",
            [
                "region 1 \"ü\" is not a list of numbers", "expected 4 or 5 numbers separated by ','",
                "e.g. 0.1,0.1,0.3,0.2"
            ]
        ),
        ("bad", ["region 1 \"bad\" is not a list of numbers", "x,y,w,h or x,y,w,h,angle"]),
        ("0,0,1,1,1e999", ["region 1", "angle inf is out of range", "allowed: -360000 to 360000 degrees"]),
        ("1e999,0,1,1", ["region 1", "x=inf is far outside the frame", "allowed: -16 to 16"]),
        ("0.\u{0}junk,0,1,1", ["region 1", "x \"0.\\u{0}junk\" is not a number"])
    ]

    @Test(arguments: zip(explained.map(\.0), explained.map(\.1)))
    func errorsSayWhatIsAllowed(spec: String, words: [String]) {
        let error = #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec) }
        for word in words {
            #expect(error?.description.contains(word) == true, "\"\(spec)\": \(error?.description ?? "no error")")
        }
        #expect(error?.description.contains("\u{0}") == false, "a NUL would cut the message short in C")
    }

    /// A 1 MB spec, named in the test log by what it is rather than by its megabyte.
    struct HugeSpec: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var spec: String
    }

    /// A huge bad value is quoted as its beginning and end with its length, wherever it is wrong.
    @Test(arguments: [
        HugeSpec(testDescription: "1 MB of letters", spec: String(repeating: "x", count: 1_000_000)),
        HugeSpec(
            testDescription: "an angle of 1 MB of digits and a letter",
            spec: "0,0,1,1," + String(repeating: "9", count: 999_999) + "z"),
        HugeSpec(
            testDescription: "a region of 500,001 values", spec: "0,0,1,1;" + String(repeating: "1,", count: 500_000)),
        HugeSpec(
            testDescription: "an angle of 10^1000000",
            spec: "0.1,0.1,0.5,0.5,1" + String(repeating: "0", count: 1_000_000))
    ])
    func hugeBadValuesAreQuotedShort(_ huge: HugeSpec) {
        let spec = huge.spec
        let error = #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec) }
        let description = error?.description ?? ""
        #expect(description.hasPrefix("region "), "\(description.prefix(300))")
        // Short enough for the element's 256-byte warning buffer.
        #expect(description.utf8.count < 256, "\(description.utf8.count) bytes: \(description.prefix(300))")
        #expect(description.contains(" characters)") || description.contains("out of range"), "\(description)")
    }

    @Test func shortValuesAreQuotedWholeLongOnesCut() {
        #expect(RegionSpec.excerpt("abc") == "\"abc\"")
        let exactly = String(repeating: "a", count: RegionSpec.excerptLimit)
        #expect(RegionSpec.excerpt(exactly[...]) == "\"\(exactly)\"")
        let long = String(repeating: "a", count: 30) + "END"
        #expect(RegionSpec.excerpt(long[...]) == "\"aaaaaaaaaaaaaaaa…aaaEND\" (33 characters)")
        #expect(RegionSpec.excerpt("a\u{0}\tb") == "\"a\\u{0}\\u{9}b\"")
    }

    /// The regions' text form reads back to the same regions.
    @Test func descriptionRoundTrips() throws {
        let regions = [
            MirrorRegion(x: 0.125, y: -0.5, width: 0.75, height: 2),
            MirrorRegion(x: 0, y: 0, width: 1, height: 1, angle: 12.5)
        ]
        let spec = regions.map(\.description).joined(separator: ";")
        #expect(try RegionSpec.parse(spec) == regions)
    }
}
