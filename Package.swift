// swift-tools-version:6.0
//
// textmirror: a GStreamer element that mirror-reverses the text it finds in video.
//
// Layout (see README.md, "How the code is organised"):
//   CShim/            C glue: GObject element + plugin registration, and the C++ wrappers of
//                     OpenVINO (the networks) and OpenCV (contours, optical flow).
//                     CShim/include/textmirror.h is the whole C <-> Swift boundary.
//   Sources/TextMirrorCore    Swift, no GStreamer: a folder per stage a box goes through.
//   Sources/TextMirrorPlugin  Swift implementation of the boundary header (@_cdecl exports).
//   Tests/                    unit tests of the core, element tests in real pipelines.
import PackageDescription

/// The OpenVINO runtime unpacked by scripts/fetch-openvino.sh (git-ignored): its C API header
/// and libraries, which the plugin links and finds at run time through its RUNPATH
/// (scripts/install.sh rewrites that for an installed copy).
let openVINO = Context.packageDirectory + "/vendor/openvino"

let package = Package(
    name: "textmirror",
    products: [
        // The loadable GStreamer plugin: libgsttextmirror.so (the name is what GStreamer derives
        // the plugin name "textmirror" from).
        .library(name: "gsttextmirror", type: .dynamic, targets: ["TextMirrorPlugin"]),
        .executable(name: "textmirror-bench", targets: ["TextMirrorBench"]),
        .executable(name: "textmirror-motion-bench", targets: ["TextMirrorMotionBench"]),
        .executable(name: "textmirror-eval", targets: ["TextMirrorEval"])
    ],
    targets: [
        .systemLibrary(
            name: "CGStreamer",
            path: "CShim/system/gstreamer",
            pkgConfig: "gstreamer-video-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        .systemLibrary(
            name: "CGStreamerCheck",
            path: "CShim/system/gstreamer-check",
            pkgConfig: "gstreamer-check-1.0",
            providers: [.apt(["libgstreamer1.0-dev"])]
        ),
        .target(
            name: "CShim",
            dependencies: ["CGStreamer"],
            path: "CShim",
            exclude: ["system"],
            publicHeadersPath: "include",
            cSettings: [.define("GST_USE_UNSTABLE_API")],
            // Debian installs OpenCV's headers outside the default search path, and pkg-config's
            // opencv4 would link every OpenCV module, so the include path is given here and
            // only the modules used are linked (imgproc: contours of the text map; video:
            // optical flow, for tracking boxes between detections).
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-I\(openVINO)/include"])],
            linkerSettings: [
                .linkedLibrary("opencv_video"), .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_core"),
                .linkedLibrary("openvino_c"),
                .unsafeFlags(["-L\(openVINO)/lib", "-Xlinker", "-rpath", "-Xlinker", "\(openVINO)/lib"])
            ]
        ),
        .target(name: "TextMirrorCore"),
        .target(name: "TextMirrorPlugin", dependencies: ["CShim", "TextMirrorCore"]),
        // Small GStreamer helpers shared by the command-line tools (benchmarks, evaluation).
        .target(name: "TextMirrorToolSupport", dependencies: ["CGStreamer", "CShim"]),
        .executableTarget(
            name: "TextMirrorBench",
            dependencies: ["TextMirrorPlugin", "CShim", "CGStreamer", "TextMirrorCore", "TextMirrorToolSupport"]
        ),
        // Moving-text benchmark of tracking (issue 4): a simulated camera over a scene drawn
        // with textoverlay, and over real photographs with hand-drawn line boxes (the eval's
        // ground-truth reader), scored against the known boxes; plus tracking's streaming-thread
        // cost.
        .executableTarget(
            name: "TextMirrorMotionBench",
            dependencies: [
                "TextMirrorPlugin", "TextMirrorCore", "CGStreamer", "TextMirrorToolSupport", "TextMirrorEvalCore"
            ]
        ),
        .testTarget(name: "TextMirrorCoreTests", dependencies: ["TextMirrorCore"]),
        // Post-processing geometry, input sizes and RGB downscaling, plus detection on frames the
        // tests draw themselves (textoverlay); needs models/ppocrv4_det.onnx or $TEXTMIRROR_MODEL.
        .testTarget(
            name: "TextMirrorDetectionTests",
            dependencies: [
                "TextMirrorPlugin", "TextMirrorCore", "CShim", "CGStreamer", "CGStreamerCheck",
                "TextMirrorTestSupport"
            ]
        ),
        // Helpers the GStreamer test targets share (setup, the test model, picture bytes).
        .target(
            name: "TextMirrorTestSupport",
            dependencies: ["CShim", "CGStreamer", "TextMirrorCore", "TextMirrorToolSupport"],
            path: "Tests/TextMirrorTestSupport"
        ),
        .testTarget(
            name: "TextMirrorElementTests",
            dependencies: [
                "TextMirrorPlugin", "CShim", "CGStreamer", "CGStreamerCheck", "TextMirrorTestSupport",
                "TextMirrorToolSupport"
            ]
        ),
        // Runs pipelines/*.sh, the embedding examples (examples/) and scripts/install.sh as a user
        // would, in child processes; needs the release plugin (scripts/test.sh builds it first).
        .testTarget(name: "TextMirrorPipelineTests", dependencies: ["TextMirrorCore", "TextMirrorTestSupport"]),
        // Reliability: renegotiation, flushes, state changes, threads, disposal with detection in
        // flight, 8K and 1x1 frames, bad models, several instances; the real model for the tests
        // that detect (models/ or $TEXTMIRROR_MODEL).
        .testTarget(
            name: "TextMirrorReliabilityTests",
            dependencies: [
                "TextMirrorPlugin", "TextMirrorCore", "CShim", "CGStreamer", "CGStreamerCheck",
                "TextMirrorTestSupport", "TextMirrorToolSupport"
            ]
        ),
        // Quality evaluation of issue 3 on photos with ICDAR 2015 ground truth: the scoring, free
        // of GStreamer so it is unit-tested (box geometry from TextMirrorCore, which is free of it
        // too), and the command that runs pictures through the element.
        .target(name: "TextMirrorEvalCore", dependencies: ["TextMirrorCore"]),
        .executableTarget(
            name: "TextMirrorEval",
            dependencies: [
                "TextMirrorEvalCore", "TextMirrorPlugin", "TextMirrorCore", "CShim", "CGStreamer",
                "TextMirrorToolSupport"
            ]
        ),
        .testTarget(name: "TextMirrorEvalTests", dependencies: ["TextMirrorEvalCore"], exclude: ["Fixtures"])
    ]
)
