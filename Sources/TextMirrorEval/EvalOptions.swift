import TextMirrorCore
import TextMirrorEvalCore

/// Command line of textmirror-eval.
struct EvalOptions {
    var imageDirectory = ""
    var groundTruthDirectory: String?
    /// textmirror properties, name and value as gst-launch would take them, in command-line
    /// order (a later value of the same name wins, as with g_object_set).
    var properties: [(name: String, value: String)] = []
    var model: String?
    var rules = ScoringRules()
    var saveDirectory: String?
    /// Folder for the before/after contact sheet (`ContactSheet`).
    var contactSheetDirectory: String?
    var listMissed = false
    var listMisread = false
    /// Run each output picture through the element again and check that the mirrored lines
    /// read back whole (`ReadBackScore`).
    var readBack = false
    /// Mirror every picture (videoflip) before textmirror sees it, and its ground truth with it:
    /// text that reaches the element mirror-reversed, as from a selfie camera.
    var mirrorInput = false
    /// The frames' format at the element (`--format`).
    var format = PixelFormat.rgba
    var limit: Int?
    /// Levels a channel must change by for a pixel to count as changed (0: any change).
    var tolerance = 0
    /// Score the boxes in DIR/res_<name>.txt instead of textmirror's: another detector's
    /// output, under the same rules.
    var resultsDirectory: String?

    static let usage = """
        usage: textmirror-eval DIR [options]

        Runs every PNG/JPEG picture in DIR through the textmirror element (sync detection, the
        element's defaults unless set below) and scores the output against ICDAR 2015 ground
        truth: gt_<picture name without extension>.txt beside the pictures, in DIR/gt, or in
        --gt DIR. Prints a markdown table and a PASS/FAIL line against the quality targets of
        docs/EVALUATION.md (>= 90% of legible lines mirrored, < 1% of non-text pixels
        changed). Exit status 0 when measured, whatever the verdict; 1 on errors; 2 on bad
        usage.

        element properties:
          --detection-size N     detector input long side (element default 640)
          --box-threshold T      mean probability a box needs (element default 0: the model's)
          --text-threshold T     pixel probability that counts as text (default 0: the model's)
          --min-text-height H    shortest line mirrored, fraction of picture height (default 0.01)
          --set NAME=VALUE       any other textmirror property; repeatable
          --model PATH           a detector file instead of the element's choice (detector=auto:
                                 the small one in sync mode), which is looked for in
                                 $TEXTMIRROR_MODEL (a file or the models folder), else in models/
                                 in or above the working directory or this executable
        scoring:
          --gt DIR               folder of the gt_*.txt files
          --coverage C           share of a line's pixels the mirrored boxes must cover for it
                                 to count as mirrored (default 0.8)
          --margin N             pixels around text regions not counted as non-text (default 2)
          --no-join-words        do not treat the space between words of one line as text
          --tolerance N          count a pixel as changed only when a channel moves by more than
                                 N levels (default 0: any change, the target's rule)
        output:
          --missed               list the legible lines that were not mirrored
          --misread              list the legible lines that were not read exactly
          --read-back            run each mirrored picture through the element again and list
                                 the lines that do not read back whole: mirrored and read
                                 exactly, yet not read the same from the output turned back (a
                                 word left unmirrored beside its line, a cut letter); needs --save
          --format F             the frames' format at the element (default RGBA); a camera's,
                                 such as I420, NV12 or YUY2, mirrors chroma at its own
                                 resolution. Scored after GStreamer's conversion back to RGBA,
                                 the same for input and output
          --mirror-input         mirror each picture (and its ground truth) before textmirror:
                                 text that arrives mirror-reversed (with --set
                                 text-orientation=mirrored its lines should all be turned back)
          --save DIR             write each mirrored picture to DIR/<name>.png and its mirrored
                                 boxes to DIR/res_<name>.txt (ICDAR 2015 result format)
          --contact-sheet DIR    write DIR/<name>.jpg, each picture with text or boxes before and
                                 after, cropped to its text, and DIR/README.md, which shows them
                                 with their figures (docs/contact-sheet is made this way)
          --limit N              only the first N pictures (by name)
          --score-results DIR    score the boxes in DIR/res_<name>.txt (ICDAR 2015 result format,
                                 as --save writes them, e.g. another detector's) instead of
                                 textmirror's: each box counts as mirrored and every pixel in it
                                 as changed; lines, non-text pixels and false boxes are scored,
                                 edges and reading are not
        """

    /// Nil when help was asked for.
    static func parse(_ arguments: [String]) throws(ToolError) -> EvalOptions? {
        var o = EvalOptions()
        var args = ArgumentList(arguments)
        var positional: [String] = []
        // Element properties are passed on as text; the element itself checks their values.
        func property(_ option: String) throws(ToolError) {
            o.properties.append((String(option.dropFirst(2)), try args.value(for: option)))
        }
        while let argument = args.next() {
            switch argument {
            case "--detection-size", "--box-threshold", "--text-threshold", "--min-text-height":
                try property(argument)
            case "--set":
                let pair = try args.value(for: argument)
                guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                    throw ToolError("--set wants NAME=VALUE, not \"\(pair)\"", isUsage: true)
                }
                o.properties.append((String(pair[..<eq]), String(pair[pair.index(after: eq)...])))
            case "--model": o.model = try args.value(for: argument)
            case "--gt": o.groundTruthDirectory = try args.value(for: argument)
            case "--coverage": o.rules.mirroredCoverage = try args.number(for: argument, in: 0.01...1)
            case "--margin": o.rules.textMargin = Int(try args.number(for: argument, in: 0...100))
            case "--no-join-words": o.rules.grouping = nil
            case "--tolerance": o.tolerance = Int(try args.number(for: argument, in: 0...255))
            case "--missed": o.listMissed = true
            case "--misread": o.listMisread = true
            case "--read-back": o.readBack = true
            case "--mirror-input": o.mirrorInput = true
            case "--format":
                let name = try args.value(for: argument)
                guard let format = PixelFormat(rawValue: name) else {
                    throw ToolError(
                        "--format: textmirror takes no format \"\(name)\"; it takes "
                            + PixelFormat.allCases.map(\.rawValue).joined(separator: ", "),
                        isUsage: true)
                }
                o.format = format
            case "--save": o.saveDirectory = try args.value(for: argument)
            case "--contact-sheet": o.contactSheetDirectory = try args.value(for: argument)
            case "--score-results": o.resultsDirectory = try args.value(for: argument)
            case "--limit": o.limit = Int(try args.number(for: argument, in: 1...1_000_000))
            case "-h", "--help": return nil
            default:
                guard !argument.hasPrefix("-") else { throw ToolError("unknown option \"\(argument)\"", isUsage: true) }
                positional.append(argument)
            }
        }
        guard positional.count == 1 else {
            throw ToolError(
                positional.isEmpty ? "no picture folder given" : "one picture folder, please", isUsage: true)
        }
        o.imageDirectory = positional[0]
        if o.readBack && (o.saveDirectory == nil || o.resultsDirectory != nil) {
            throw ToolError(
                "--read-back runs the pictures --save writes through the element again: give --save DIR", isUsage: true)
        }
        if o.resultsDirectory != nil,
            o.mirrorInput || o.saveDirectory != nil || o.contactSheetDirectory != nil || !o.properties.isEmpty
                || o.format != .rgba
        {
            throw ToolError(
                "--score-results scores boxes already made: it takes no element properties, --format, --mirror-input, "
                    + "--save or --contact-sheet",
                isUsage: true)
        }
        return o
    }
}
