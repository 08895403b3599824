import Synchronization

/// The rendered test pictures: several fonts, sizes, colours and backgrounds, rotated lines, and
/// pictures without text. 1280x720, the size of a typical camera preview.
enum Scenes {
    static let width = 1280
    static let height = 720

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var make: @Sendable () -> TextScene
        var description: String { name }

        init(name: String, make: @escaping @Sendable () -> TextScene) {
            self.name = name
            self.make = make
        }

        /// The scene, drawn once per test process (drawing costs about a second in debug builds).
        func build() -> TextScene {
            Scenes.drawn.withLock { drawn in
                if let scene = drawn[name] { return scene }
                let scene = make()
                drawn[name] = scene
                return scene
            }
        }
    }

    private static let drawn = Mutex<[String: TextScene]>([:])

    static func scene(_ background: Background, _ lines: [TextLine]) -> TextScene {
        var scene = TextScene(width: width, height: height, background: background)
        for line in lines { scene.draw(line) }
        return scene
    }

    /// Scenes with text; each line must be found.
    static let withText: [Case] = [
        Case(name: "black sans on white") {
            scene(
                .solid(r: 255, g: 255, b: 255),
                [
                    TextLine(text: "Mirror the printed words", font: "DejaVu Sans 36", color: 0xFF00_0000, x: 80, y: 80)
                ])
        },
        Case(name: "white serif bold on dark blue") {
            scene(
                .solid(r: 20, g: 30, b: 80),
                [
                    TextLine(
                        text: "Bakery open daily 7-19", font: "DejaVu Serif Bold 30", color: 0xFFFF_FFFF, x: 200, y: 300
                    )
                ])
        },
        Case(name: "red mono on gradient") {
            scene(
                .gradient(from: (250, 240, 200), to: (190, 230, 240)),
                [
                    TextLine(
                        text: "ERROR 404: page not found", font: "DejaVu Sans Mono 28", color: 0xFFC0_1010, x: 100,
                        y: 500)
                ])
        },
        Case(name: "outlined yellow on noise") {
            scene(
                .noise(block: 6, seed: 7),
                [
                    TextLine(
                        text: "Exit 12 Airport", font: "DejaVu Sans Bold 40", color: 0xFFFF_E000, x: 300, y: 200,
                        outline: true, shadow: true)
                ])
        },
        Case(name: "small print on light grey") {
            scene(
                .solid(r: 235, g: 235, b: 235),
                [
                    TextLine(
                        text: "small print: terms and conditions apply", font: "DejaVu Sans 14",
                        color: 0xFF20_2020, x: 60, y: 640)
                ])
        },
        Case(name: "large condensed serif") {
            scene(
                .solid(r: 250, g: 250, b: 245),
                [
                    TextLine(text: "Hello", font: "DejaVu Serif Condensed 80", color: 0xFF10_6020, x: 400, y: 250)
                ])
        },
        Case(name: "line turned 20 degrees") {
            scene(
                .solid(r: 255, g: 255, b: 255),
                [
                    TextLine(
                        text: "Turned line of text", font: "DejaVu Sans 32", color: 0xFF00_0000, x: 380, y: 300,
                        angle: 20)
                ])
        },
        Case(name: "line turned -35 degrees on gradient") {
            scene(
                .gradient(from: (230, 230, 250), to: (250, 220, 220)),
                [
                    TextLine(
                        text: "Uphill street name", font: "DejaVu Serif 30", color: 0xFF30_3060, x: 420, y: 360,
                        angle: -35)
                ])
        },
        Case(name: "three lines on clutter") {
            scene(
                .clutter(seed: 3),
                [
                    TextLine(
                        text: "Fresh fruit", font: "DejaVu Sans Bold 44", color: 0xFFFF_FFFF, x: 90, y: 60,
                        outline: true),
                    TextLine(
                        text: "Apples 2.50", font: "DejaVu Serif 32", color: 0xFF00_0000, x: 700, y: 330,
                        outline: false, shadow: true),
                    TextLine(
                        text: "Open until 8 pm", font: "DejaVu Sans Mono Bold 26", color: 0xFFFF_FF40, x: 260, y: 600,
                        outline: true)
                ])
        }
    ]

    /// Scenes without text; nothing should be found.
    static let withoutText: [Case] = [
        Case(name: "clutter") { scene(.clutter(seed: 11), []) },
        Case(name: "noise") { scene(.noise(block: 4, seed: 5), []) },
        Case(name: "gradient") { scene(.gradient(from: (0, 0, 0), to: (255, 255, 255)), []) }
    ]
}
