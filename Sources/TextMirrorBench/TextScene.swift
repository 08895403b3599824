import Glibc
import TextMirrorCore

/// The picture with text that the detector, live and memory sections run on: the built-in scene
/// of pipelines/scene.sh (a light background, four lines of printed text in different fonts,
/// sizes and colours) plus four smaller lines, drawn by `textoverlay` as a launch fragment for
/// `SourceFrame`. Eight lines from 13 to 45 points at 1080 lines: a sign, a caption and a few
/// lines of body text, what a camera pointed at printed matter sees.
enum TextScene {
    private struct Line {
        let text: String
        let font: String
        /// Font size in points for a 720-line picture (scaled with the height, as scene.sh does).
        let points: Int
        let top: Bool
        let left: Bool
        let xpad: Int
        let ypad: Int
        let color: String
    }

    private static let lines = [
        // The four lines of pipelines/scene.sh, same places and sizes.
        Line(
            text: "THROUGH THE LOOKING GLASS", font: "DejaVu Sans Bold", points: 30, top: true, left: true,
            xpad: 60, ypad: 50, color: "0xff202020"),
        Line(
            text: "Alice wondered what the book said", font: "DejaVu Serif", points: 20, top: true, left: true,
            xpad: 60, ypad: 140, color: "0xff303080"),
        Line(
            text: "OPEN 9-17", font: "DejaVu Sans Mono Bold", points: 26, top: false, left: false,
            xpad: 80, ypad: 70, color: "0xffa01010"),
        Line(
            text: "mirror reading practice", font: "DejaVu Sans", points: 16, top: false, left: true,
            xpad: 60, ypad: 90, color: "0xff106020"),
        // Body text: smaller lines in the middle of the picture.
        Line(
            text: "It was a book of verses, printed back to front", font: "DejaVu Serif", points: 12,
            top: true, left: true, xpad: 60, ypad: 220, color: "0xff202020"),
        Line(
            text: "so she held it up to the glass and read it again", font: "DejaVu Serif", points: 12,
            top: true, left: true, xpad: 60, ypad: 250, color: "0xff202020"),
        Line(
            text: "Platform 3 - trains to the coast", font: "DejaVu Sans", points: 14, top: true, left: false,
            xpad: 80, ypad: 330, color: "0xff202060"),
        Line(
            text: "Tickets  12.50  cash or card", font: "DejaVu Sans Mono", points: 10, top: true, left: false,
            xpad: 80, ypad: 370, color: "0xff404040")
    ]

    static let lineCount = lines.count

    /// The launch fragment (no trailing "!") drawing the scene at `height` lines. `unevenLight`
    /// (`width` needed then) lights the page from the right: the background darkens steadily to
    /// the left (from 242 to about 150 in luma), so every mirrored line meets a gradient, the
    /// case seamless mirroring corrects in every line and every frame. videotestsrc's gradient
    /// runs top to bottom, so it is drawn turned and turned back.
    static func source(width: Int = 0, height: Int, unevenLight: Bool = false) -> String {
        func scaled(_ value: Int) -> Int { max(1, (value * height + 360) / 720) }
        var words = [
            unevenLight
                ? "videotestsrc pattern=gradient foreground-color=0xfff2ead8 background-color=0xff9a9282 "
                    + "! video/x-raw,width=\(height),height=\(width) ! videoflip video-direction=90l"
                : "videotestsrc pattern=solid-color foreground-color=0xfff2ead8"
        ]
        for line in lines {
            words.append(
                "! textoverlay text=\"\(line.text)\" font-desc=\"\(line.font) \(scaled(line.points))\" "
                    + "valignment=\(line.top ? "top" : "bottom") halignment=\(line.left ? "left" : "right") "
                    + "xpad=\(scaled(line.xpad)) ypad=\(scaled(line.ypad)) color=\(line.color) "
                    + "auto-resize=false wrap-mode=none shaded-background=false draw-outline=false draw-shadow=false")
        }
        return words.joined(separator: " ")
    }
}

/// The detection model: `$TEXTMIRROR_MODEL` when it names a file, else the live default
/// (`DetectorChoice.auto` for async detection) in the models folder (`searchModelsFolder`).
/// The element would find it by itself only next to an installed plugin or above a build tree
/// holding the plugin; the benchmark registers the element statically, so it passes the path
/// as `model`.
enum ModelFile {
    static let liveDefault = DetectorChoice.auto.model(sync: false)

    static func find() -> String? { searchModelFile(liveDefault.fileName) }

    static let missing =
        "models/\(liveDefault.fileName) not found (run scripts/fetch-model.sh or set TEXTMIRROR_MODEL)"
}
