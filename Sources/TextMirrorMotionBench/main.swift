// textmirror-motion-bench: how well mirrored boxes stay on moving text (issue 4, "Measure"),
// and what tracking costs the streaming thread at 1080p (issue 5's budget). Markdown goes to
// stdout, progress to stderr. Exit status: 0 when measured (whatever the figures say), 1 on
// errors, 2 on bad usage.
import CGStreamer
import Glibc
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorToolSupport

/// stderr without touching C's global `stderr` (which Swift 6 rejects as shared mutable state).
func progress(_ text: String) {
    var text = text + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

/// `$TEXTMIRROR_MODEL` when it names a file, else the live default (`DetectorChoice.auto` for
/// async detection: a moving camera is live) in the models folder (`searchModelsFolder`).
func findModel() throws(MotionBenchError) -> String {
    let fileName = DetectorChoice.auto.model(sync: false).fileName
    if let found = searchModelFile(fileName, levels: 6) { return found }
    throw MotionBenchError("models/\(fileName) not found; run scripts/fetch-model.sh or set TEXTMIRROR_MODEL")
}

func machine() -> String {
    var model = "unknown CPU"
    if let file = fopen("/proc/cpuinfo", "r") {
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, 512, file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") {
                model = text[text.index(after: colon)...].trimmingCharacters(in: " \n")
                break
            }
        }
        fclose(file)
    }
    return "\(model), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores"
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

func loadAverage() -> String {
    guard let file = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, 128, file) != nil else { return "?" }
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

do {
    guard let options = try MotionBenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(MotionBenchOptions.usage)
        exit(0)
    }
    gst_init(nil, nil)
    let modelPath = try findModel()
    let detector: TextDetector
    do {
        detector = try TextDetector(.init(modelPath: modelPath, detectionSize: options.detectionSize))
    } catch {
        throw MotionBenchError("cannot load the detector: \(error)")
    }
    print("## textmirror motion benchmark\n")
    print("- Machine: \(machine()); load average at start \(loadAverage())")
    print("- Model: \(modelPath), detection-size \(detector.configuration.detectionSize), automatic threads")
    if !options.costOnly {
        try QualityBenchmark(options: options, detector: detector).run()
    }
    if options.cost || options.costOnly {
        try CostBenchmark(options: options, detector: detector).run()
    }
    print("\n- Load average at end: \(loadAverage())")
    exit(0)
} catch let error as MotionBenchError {
    progress("textmirror-motion-bench: error: \(error)")
    exit(error.description.hasPrefix("unknown") || error.description.contains("wants") ? 2 : 1)
} catch {
    progress("textmirror-motion-bench: error: \(error)")
    exit(1)
}
