import Glibc

/// Everything left to read from `file` (a file or a pipe), decoded as UTF-8 (invalid bytes, a
/// Latin-1 file say, become U+FFFD); nil on a read error. The tools read /proc and /sys, ground
/// truth files and a child's output this one way.
public func readText(from file: UnsafeMutablePointer<FILE>) -> String? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    guard ferror(file) == 0 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// The text file at `path`; nil when it cannot be opened or read.
public func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    return readText(from: file)
}

/// Writes `text` to `path` as UTF-8, replacing the file.
public func writeTextFile(_ path: String, _ text: String) throws(ToolError) {
    guard let file = fopen(path, "wb") else { throw ToolError("\(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var text = text
    let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == text.utf8.count, fflush(file) == 0 else { throw ToolError("\(path): write failed") }
}
