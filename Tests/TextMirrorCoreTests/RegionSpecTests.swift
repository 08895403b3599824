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
    }

    @Test(arguments: ["1,2,3", "a,0,1,1", "0,0,0,1", "0,0,1,1;;0,0,1,1", "0,0,100,1", "0,0,1,1,1,1"])
    func refusesMalformedSpecs(_ spec: String) {
        #expect(throws: RegionSpec.ParseError.self) { try RegionSpec.parse(spec) }
    }
}
