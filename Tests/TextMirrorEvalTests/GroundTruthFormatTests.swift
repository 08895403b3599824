import Testing
import TextMirrorEvalCore

/// The committed fixtures, found from this file's path (no bundle resources: the core and its
/// tests stay free of Foundation).
enum Fixture {
    static func text(_ name: String) throws -> String {
        let folder = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Fixtures/"
        return try readFile(folder + name)
    }
}

@Suite struct GroundTruthFormatTests {
    @Test func readsTheOfficialShapeWithBOMAndCRLF() throws {
        let lines = try GroundTruthFormat.parse(try Fixture.text("gt_icdar_style.txt"))
        #expect(lines.count == 5)
        #expect(lines[0].transcription == "Genaxis Theatre")
        #expect(
            lines[0].polygon == [EvalPoint(377, 117), EvalPoint(463, 117), EvalPoint(465, 130), EvalPoint(378, 130)])
        #expect(lines[0].isLegible)
        #expect(lines[1].transcription == "[06]")
        #expect(!lines[2].isLegible, "### is don't care")
        #expect(lines[3].transcription == "\"Hello, world\"", "everything after the eighth comma is text")
        #expect(lines[4].polygon[0] == EvalPoint(10.5, 20.25), "decimal coordinates are accepted")
        #expect(lines[4].transcription == "padded")
    }

    @Test func namesTheBadLine() throws {
        #expect(throws: GroundTruthError.self) { try GroundTruthFormat.parse(try Fixture.text("gt_malformed.txt")) }
        do {
            _ = try GroundTruthFormat.parse(try Fixture.text("gt_malformed.txt"))
        } catch let error as GroundTruthError {
            #expect(error.line == 2)
            #expect(error.reason.contains("Text"), "the non-number is named: \(error.reason)")
        }
    }

    /// Result files (`--save`'s, another detector's for `--score-results`) stop after the
    /// corners; ground truth without a transcription is an error.
    @Test func resultRowsNeedNoTranscription() throws {
        let text = "10,20,110,20,110,40,10,40\n5,5,9,5,9,9,5,9,0.93\n"
        let boxes = try GroundTruthFormat.parse(text, transcriptions: false)
        #expect(boxes.map(\.polygon[2]) == [EvalPoint(110, 40), EvalPoint(9, 9)])
        #expect(boxes[0].transcription.isEmpty)
        #expect(throws: GroundTruthError.self) { try GroundTruthFormat.parse(text) }
        #expect(throws: GroundTruthError.self) { try GroundTruthFormat.parse("1,2,3,4,5,6,7\n", transcriptions: false) }
    }

    @Test func emptyFileHasNoLines() throws {
        #expect(try GroundTruthFormat.parse("").isEmpty)
        #expect(try GroundTruthFormat.parse("\u{FEFF}\r\n").isEmpty)
    }

    @Test func dontCareMarkWithSpacesIsStillDontCare() throws {
        let lines = try GroundTruthFormat.parse("0,0,1,0,1,1,0,1, ### \n")
        #expect(!lines[0].isLegible)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct FixtureMissing: Error, CustomStringConvertible {
    let description: String
}

func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else { throw FixtureMissing(description: "cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        bytes += chunk.prefix(n)
        if n < chunk.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
