import Glibc
import TextMirrorEvalCore
import TextMirrorToolSupport

/// One picture and its ground truth.
struct EvalItem {
    var imagePath: String
    /// The file name without its extension: what the report and --save call the picture.
    var name: String
    var ground: [GroundTruthLine]
}

/// Finds the pictures of a folder and their ICDAR ground-truth files.
enum Dataset {
    static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    static func load(_ options: EvalOptions) throws(ToolError) -> [EvalItem] {
        let directory = options.imageDirectory
        var names = try listDirectory(directory).filter { name in
            guard let dot = name.lastIndex(of: "."), !name.hasPrefix(".") else { return false }
            return extensions.contains(name[name.index(after: dot)...].lowercased())
        }.sorted()
        guard !names.isEmpty else { throw ToolError("\(directory): no .png, .jpg or .jpeg pictures") }
        if let limit = options.limit { names = Array(names.prefix(limit)) }

        // Where gt files may be; the first folder that has one for a picture wins.
        let gtFolders = options.groundTruthDirectory.map { [$0] } ?? [directory, directory + "/gt"]
        var items: [EvalItem] = []
        var missing: [String] = []
        for name in names {
            let stem = String(name[..<name.lastIndex(of: ".")!])
            let candidates: [String] = gtFolders.map { folder in "\(folder)/gt_\(stem).txt" }
            guard let gtPath = candidates.first(where: { path in access(path, R_OK) == 0 }) else {
                missing.append("gt_\(stem).txt")
                continue
            }
            let text = try readText(gtPath)
            let ground: [GroundTruthLine]
            do {
                ground = try GroundTruthFormat.parse(text)
            } catch {
                throw ToolError("\(gtPath): \(error)")
            }
            items.append(EvalItem(imagePath: "\(directory)/\(name)", name: stem, ground: ground))
        }
        // A picture without ground truth would score its text as non-text: refuse, naming them.
        guard missing.isEmpty else {
            throw ToolError(
                "no ground truth in \(gtFolders.joined(separator: " or ")) for \(missing.count) "
                    + "picture(s): \(missing.prefix(5).joined(separator: ", "))"
                    + (missing.count > 5 ? ", ..." : ""))
        }
        return items
    }

    static func listDirectory(_ path: String) throws(ToolError) -> [String] {
        guard let dir = opendir(path) else { throw ToolError("\(path): \(String(cString: strerror(errno)))") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    static func readText(_ path: String) throws(ToolError) -> String {
        guard let file = fopen(path, "rb") else { throw ToolError("\(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        // Invalid UTF-8 (a Latin-1 file) becomes U+FFFD in transcriptions; coordinates survive.
        guard let text = TextMirrorToolSupport.readText(from: file) else { throw ToolError("\(path): read error") }
        return text
    }
}
