// textmirror-motion-bench: how well mirrored boxes stay on moving text, and what tracking
// costs the streaming thread at 1080p (its budget: p99 at most 2 ms a frame). Markdown goes to
// stdout, progress to stderr. Exit status: 0 when measured (whatever the figures say), 1 on
// errors, 2 on bad usage.
import CGStreamer
import Glibc
import TextMirrorCore
import TextMirrorPlugin
import TextMirrorToolSupport

/// `$TEXTMIRROR_MODEL` when it names a file, else the live default (`DetectorChoice.auto` for
/// async detection: a moving camera is live) in the models folder (`searchModelsFolder`).
func findModel() throws(ToolError) -> String {
    let fileName = DetectorChoice.auto.model(sync: false).fileName
    if let found = searchModelFile(fileName, levels: 6) { return found }
    throw ToolError("models/\(fileName) not found; run scripts/fetch-model.sh or set TEXTMIRROR_MODEL")
}

runTool("textmirror-motion-bench", usage: MotionBenchOptions.usage) { () throws(ToolError) in
    guard let options = try MotionBenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(MotionBenchOptions.usage)
        return
    }
    try GStreamerRuntime.start()
    let modelPath = try findModel()
    let models = try Models(detectorPath: modelPath, detectionSize: options.detectionSize)
    print(MachineFacts.gather().header("textmirror motion benchmark"))
    print(
        "- Model: \(modelPath), detection-size \(models.detector.configuration.detectionSize), automatic threads; "
            + "recognizer \(models.recognizer.configuration.modelPath)")
    if !options.costOnly {
        try QualityBenchmark(options: options, models: models).run()
    }
    if options.cost || options.costOnly {
        try CostBenchmark(options: options, models: models).run()
    }
    print("\n- Load average at end: \(MachineFacts.loadAverage())")
}
