/// Fits detected boxes to their ink on the frame they were detected on, where the detector
/// runs: on the detection queue in async mode, so the streaming thread does not pay for it.
///
/// Why here and not when a detection reaches the streaming thread: fitting reads every box's
/// pixels two or three times and resamples tilted ones, which measured up to 14 ms p99 at
/// 1080p with 18 lines (textmirror-motion-bench --cost-only) against the streaming thread's
/// 2 ms budget. Fitted on its own frame, a box is as exact as it would be on the current one;
/// the tracker then moves it by the motion since (latency compensation).
public struct InkFitting: Sendable, Equatable {
    public var refinement = InkRefinement()
    /// Detector angles within this many degrees of level are taken as level before fitting
    /// (the detector tilts level lines by up to 2.5°); the fit then measures the real tilt.
    public var levelWithin = BoxTracker.Parameters.defaultLevelWithin

    public init() {}

    /// `boxes` with each axis-aligned-or-nearly box fitted to the ink where its ink can be
    /// told (`TextBox.fitted`), the others as they are. `horizontally`/`vertically`: the axes
    /// the mirror reverses.
    public func fit(_ boxes: [TextBox], in frame: FrameBuffer, format: PixelFormat,
                    horizontally: Bool, vertically: Bool) -> [TextBox] {
        boxes.map { detected in
            var box = detected.box
            let turns = (box.angle / 180).rounded()
            if abs(box.angle - turns * 180) <= levelWithin { box.angle = turns * 180 }
            guard let fitted = refinement.refine(box, in: frame, format: format, horizontally: horizontally,
                                                 vertically: vertically) else { return detected }
            return TextBox(box: fitted, score: detected.score, fitted: true, reading: detected.reading)
        }
    }

    /// `fit` on the frame `input` was copied from; `boxes` unchanged when it holds no frame.
    public func fit(_ boxes: [TextBox], on input: DetectionInput, horizontally: Bool, vertically: Bool) -> [TextBox] {
        input.withFrame { frame, format in
            fit(boxes, in: frame, format: format, horizontally: horizontally, vertically: vertically)
        } ?? boxes
    }
}
