import Testing
import TextMirrorCore

@Suite struct RegionSpecTests {
    @Test func parsesRegionsWithAndWithoutAngle() throws {
        let regions = try RegionSpec.parse("0.1,0.2,0.3,0.4; 0.5,0.5,0.25,0.25,30;")
        #expect(regions == [
            MirrorRegion(x: 0.1, y: 0.2, width: 0.3, height: 0.4),
            MirrorRegion(x: 0.5, y: 0.5, width: 0.25, height: 0.25, angle: 30),
        ])
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
        ("0,0,0.5,0.5;0.5,0.5,0.5,0.5,90;0.25,0,0.1,1", [
            MirrorRegion(x: 0, y: 0, width: 0.5, height: 0.5),
            MirrorRegion(x: 0.5, y: 0.5, width: 0.5, height: 0.5, angle: 90),
            MirrorRegion(x: 0.25, y: 0, width: 0.1, height: 1),
        ]),
    ]

    @Test(arguments: zip(good.map(\.0), good.map(\.1)))
    func parsesGoodSpecs(spec: String, expected: [MirrorRegion]) throws {
        #expect(try RegionSpec.parse(spec) == expected)
    }

    /// Bad specs, each with the words its error must contain: which region and what is wrong.
    static let bad: [(String, [String])] = [
        ("1,2,3", ["region 1", "has 3 numbers", "x,y,w,h"]),
        ("0,0,1,1,1,1", ["region 1", "has 6 numbers"]),
        ("0,0,1,1; 0,0,1", ["region 2", "\"0,0,1\"", "has 3 numbers"]),
        ("a,0,1,1", ["region 1", "x \"a\" is not a number"]),
        ("0,b,1,1", ["region 1", "y \"b\" is not a number"]),
        ("0,0,1,1;0,0,w,1", ["region 2", "w \"w\" is not a number"]),
        ("0,0,1,", ["region 1", "h \"\" is not a number"]),
        ("0,0,1,1,deg", ["region 1", "angle \"deg\" is not a number"]),
        ("inf,0,1,1", ["region 1", "x \"inf\" is not a number"]),
        ("0,0,1,1,nan", ["region 1", "angle \"nan\" is not a number"]),
        ("0,0,0,1", ["region 1", "width and height must be greater than 0"]),
        ("0,0,1,-0.5", ["region 1", "width and height must be greater than 0"]),
        ("0,0,1,1;;0,0,1,1", ["region 2 is empty"]),
        (";0,0,1,1", ["region 1 is empty"]),
        ("0,0,100,1", ["region 1", "w=100.0", "far outside the frame"]),
        ("0,-17,1,1", ["region 1", "y=-17.0", "far outside the frame"]),
        ("0,0,1,1,400000", ["region 1", "angle 400000.0 is out of range"]),
        ("0;0;0", ["region 1", "has 1 numbers"]),
        ("0 0 1 1", ["region 1", "has 1 numbers"]),
        ("0,0,1,1 x", ["region 1", "h \"1 x\" is not a number"]),
    ]

    @Test(arguments: zip(bad.map(\.0), bad.map(\.1)))
    func refusesBadSpecsNamingTheProblem(spec: String, words: [String]) {
        let error = #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec) }
        for word in words {
            #expect(error?.description.contains(word) == true, "\"\(spec)\": \(error?.description ?? "no error")")
        }
    }

    /// The regions' text form reads back to the same regions.
    @Test func descriptionRoundTrips() throws {
        let regions = [MirrorRegion(x: 0.125, y: -0.5, width: 0.75, height: 2), MirrorRegion(x: 0, y: 0, width: 1, height: 1, angle: 12.5)]
        let spec = regions.map(\.description).joined(separator: ";")
        #expect(try RegionSpec.parse(spec) == regions)
    }
}
