// textmirror-eval: the quality evaluation of docs/EVALUATION.md. Runs a folder of pictures with
// ICDAR 2015 ground truth through the real textmirror element and scores the share of legible
// lines mirrored and of non-text pixels changed. Markdown to stdout, progress to stderr. Exit
// status: 0 when measured (whatever the verdict), 1 on errors, 2 on bad usage.
import Glibc
import TextMirrorCore
import TextMirrorEvalCore

/// Shows the element the models folder (`models/` in or above the working directory or this
/// executable, a build tree), which its own search does not see when it is linked into this
/// program rather than loaded as a plugin file; the element then picks its model from it as
/// its properties say. A `$TEXTMIRROR_MODEL` already set is left to the element.
func showModelsFolder() {
    if let env = getenv("TEXTMIRROR_MODEL"), env[0] != 0 { return }
    if let folder = searchModelsFolder(levels: 6) { setenv("TEXTMIRROR_MODEL", folder, 1) }
}

runTool("textmirror-eval", usage: EvalOptions.usage) { () throws(ToolError) in
    guard let options = try EvalOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(EvalOptions.usage)
        return
    }
    let items = try Dataset.load(options)
    try GStreamerRuntime.start()
    let header = MachineFacts.gather().header("textmirror evaluation")
    print(header)
    print("")
    var properties = options.properties
    showModelsFolder()
    if let model = options.model { properties.insert(("model", model), at: 0) }
    for folder in [options.saveDirectory, options.contactSheetDirectory].compactMap({ $0 })
    where mkdir(folder, 0o755) != 0 && errno != EEXIST {
        throw ToolError("\(folder): \(String(cString: strerror(errno)))")
    }
    // Scoring boxes already made, the element only decodes the pictures (detect=false
    // changes nothing).
    let runner = ElementRun(
        properties: options.resultsDirectory == nil ? properties : [("detect", "false")],
        saveDirectory: options.saveDirectory, mirrorInput: options.mirrorInput, format: options.format)
    // --read-back: the saved output (PNG, lossless) through the element once more, as it is.
    let readBackRunner = ElementRun(properties: properties, saveDirectory: nil, format: options.format)
    var changedPixels = 0, allPixels = 0

    var scores: [ImageScore] = []
    var readBackScores: [ImageScore] = []
    var sheetScores: [ImageScore] = []
    var times: [Double] = []
    for (index, item) in items.enumerated() {
        let result = try runner.run(item)
        let (width, height) = (result.input.width, result.input.height)
        let ground =
            options.mirrorInput ? item.ground.map { $0.mirrored(width: Double(width)) } : item.ground
        var score: ImageScore
        if let directory = options.resultsDirectory {
            // Boxes already made: every pixel in them counts as changed, and there is no output
            // picture to measure edges on ("–").
            let boxes = try ResultFile.read("\(directory)/res_\(item.name).txt")
            let changed = PixelMask(width: width, height: height, filledWith: boxes.map(\.corners))
            changedPixels += changed.count
            score = ImageScore(name: item.name, ground: ground, boxes: boxes, changed: changed, rules: options.rules)
        } else {
            let changed = PixelMask.changedPixels(
                before: result.input.pixels, after: result.output.pixels, width: width, height: height,
                tolerance: options.tolerance)
            changedPixels += changed.count
            score = ImageScore(
                name: item.name, ground: ground, boxes: result.mirrored, changed: changed, rules: options.rules)
            score.borderEdges = BorderEdges(
                before: result.input.pixels, after: result.output.pixels, width: width, height: height,
                boxes: result.mirrored)
            score.backgroundEdges = BorderEdges(
                before: result.input.pixels, after: result.output.pixels, width: width, height: height,
                boxes: result.mirrored, smoothing: BorderEdges.backgroundSmoothing)
        }
        allPixels += width * height
        if let save = options.saveDirectory {
            try ResultFile.write(result.mirrored, to: "\(save)/res_\(item.name).txt")
        }
        if options.readBack, let saved = result.savedPicture {
            let back = try readBackRunner.run(EvalItem(imagePath: saved, name: item.name, ground: ground))
            readBackScores.append(
                ImageScore(
                    name: item.name, ground: ground, boxes: back.mirrored,
                    changed: PixelMask(width: width, height: height), rules: options.rules))
        }
        if let sheet = options.contactSheetDirectory, !score.legible.isEmpty || score.boxes > 0 {
            let regions = item.ground.map(\.polygon) + result.mirrored.map(\.corners)
            let area = ContactSheet.area(of: regions, width: width, height: height)
            try PictureFile.writeJPEG(
                ContactSheet.pair(before: result.input, after: result.output, area: area),
                to: "\(sheet)/\(item.name).jpg")
            sheetScores.append(score)
        }
        scores.append(score)
        times.append(result.milliseconds)
        progress(
            "[\(index + 1)/\(items.count)] \(item.name): \(score.mirrored)/\(score.legible.count) lines, "
                + "non-text changed \(EvalReport.percent(score.nonTextChangedShare)), \(score.boxes) boxes, "
                + "edges added \(EvalReport.growth(score.borderEdges)), background \(EvalReport.growth(score.backgroundEdges))"
        )
        if let detected = result.detected, detected != result.mirrored.count {
            progress("  note: \(detected) boxes detected, \(result.mirrored.count) mirrored")
        }
    }

    let summary = EvalSummary(scores)
    let shown = properties.map { $0.name == "model" ? "model=\($0.value)" : "\($0.name)=\($0.value)" }
    if let directory = options.resultsDirectory {
        print(
            "textmirror-eval: \(items.count) pictures from \(options.imageDirectory); the boxes of \(directory)/res_*.txt"
        )
    } else {
        print(
            "textmirror-eval: \(items.count) pictures from \(options.imageDirectory); textmirror "
                + (shown.isEmpty ? "defaults" : shown.joined(separator: " "))
                + " (otherwise defaults), detection-mode=sync"
                + (options.format != .rgba ? "; frames \(options.format.rawValue) at the element" : "")
                + (options.tolerance > 0 ? "; a pixel counts as changed above \(options.tolerance) levels" : ""))
    }
    print("")
    print(EvalReport.table(scores, milliseconds: times))
    print("")
    if options.listMissed {
        let missed = EvalReport.missedLines(scores, rules: options.rules)
        print(missed.isEmpty ? "No legible line missed." : "Legible lines not mirrored:\n" + missed)
        print("")
    }
    if options.listMisread {
        let misread = EvalReport.misreadLines(scores)
        print(misread.isEmpty ? "Every legible line was read exactly." : "Legible lines not read exactly:\n" + misread)
        print("")
    }
    if options.readBack {
        print(EvalReport.readBack(ReadBackScore(first: scores, second: readBackScores, rules: options.rules)))
        print("")
    }
    print(EvalReport.nonTextBreakdown(summary))
    if options.resultsDirectory == nil {
        print(EvalReport.borderEdges(scores))
        print(EvalReport.reading(ReadingScore(scores)))
    }
    print(
        "Pixels changed in all: \(changedPixels) of \(allPixels) (\(EvalReport.percent(Double(changedPixels) / Double(max(allPixels, 1)))))"
            + (options.mirrorInput ? "; pictures mirrored before textmirror." : "."))
    print(EvalReport.textless(scores))
    print("")
    print(EvalReport.verdict(summary, QualityTargets()))
    if let sheet = options.contactSheetDirectory {
        try writeTextFile("\(sheet)/README.md", ContactSheet.index(header: header, scores: sheetScores))
    }
}
