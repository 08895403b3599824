/* textmirror.h: the whole boundary between the C shim and the Swift core.
 *
 * Why this header exists: GStreamer elements are GObject types, which are written most
 * naturally in C, while the pixel work and all decisions live in Swift modules that know
 * nothing of GStreamer. Everything that crosses between the two is declared here, using plain
 * C types only, so the Swift side can be unit-tested without GStreamer and the C side stays
 * thin glue.
 *
 * Direction: each section says which side implements it. The functions down to the "Implemented
 * in C" section are implemented in Swift (Sources/TextMirrorPlugin) with @_cdecl under the same
 * name and called from the C shim; each Swift implementation carries a comment naming its
 * declaration here, so keep the two in step. The sections from there on are implemented in C
 * or C++ in CShim/ (plugin.c, textmirror_detector.cpp, textmirror_recognizer.cpp,
 * textmirror_flow.cpp) and called from Swift.
 *
 * Conventions: every symbol has the textmirror_ prefix (all plugins share one scanner
 * process); every pointer is checked on the Swift side; failures come back as
 * TextMirrorStatus values, never as crashes.
 */
#ifndef TEXTMIRROR_H
#define TEXTMIRROR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  TEXTMIRROR_OK = 0,
  TEXTMIRROR_ERROR_INVALID_ARGUMENT = 1,   /* a NULL pointer, bad size or bad value */
  TEXTMIRROR_ERROR_UNSUPPORTED_FORMAT = 2, /* no mirror kernel for this pixel layout */
  TEXTMIRROR_ERROR_NOT_CONFIGURED = 3,     /* a frame arrived before a format was set */
} TextMirrorStatus;

/* Pixel formats. Their one table is Swift's PixelFormat
 * (Sources/TextMirrorCore/Frames/PixelFormat.swift): caps, mirror kernels, downscalers and outlines
 * are all derived from its rows. A format crosses this boundary as its position in that table,
 * numbered independently of GstVideoFormat so Swift needs no GStreamer headers; the C shim builds
 * its pad templates from the names below and maps GstVideoFormat to positions once, in class_init.
 */
typedef int32_t TextMirrorFormat;

/* The number of formats in the table. */
int32_t textmirror_format_count (void);

/* The caps name of format `format` ("I420_10LE"): a static string, NULL when `format` is
 * outside 0 ..< textmirror_format_count (). */
const char *textmirror_format_name (TextMirrorFormat format);

/* Which PP-OCRv6 detector runs when the "model" property is not set (the "detector" property). */
typedef enum {
  TEXTMIRROR_DETECTOR_AUTO = 0,  /* tiny where detection is async (live), small where it is sync */
  TEXTMIRROR_DETECTOR_TINY = 1,  /* cheaper */
  TEXTMIRROR_DETECTOR_SMALL = 2, /* finds more lines */
} TextMirrorDetectorChoice;

/* Numeric precision of the networks (the "inference-precision" property). */
typedef enum {
  TEXTMIRROR_PRECISION_AUTO = 0, /* OpenVINO's choice: bf16 where the CPU has bf16 instructions */
  TEXTMIRROR_PRECISION_F32 = 1,  /* 32-bit float everywhere: the same results on every CPU */
} TextMirrorPrecision;

/* Which lines are turned, by how they read (the "text-orientation" property). */
typedef enum {
  TEXTMIRROR_TEXT_ORIENTATION_ANY = 0,      /* every line */
  TEXTMIRROR_TEXT_ORIENTATION_NORMAL = 1,   /* lines that read normally */
  TEXTMIRROR_TEXT_ORIENTATION_MIRRORED = 2, /* lines that read mirror-reversed */
} TextMirrorTextOrientation;

/* How detection is scheduled (the "detection-mode" property). */
typedef enum {
  TEXTMIRROR_DETECTION_AUTO = 0, /* async when upstream is live, sync otherwise */
  TEXTMIRROR_DETECTION_ASYNC = 1,
  TEXTMIRROR_DETECTION_SYNC = 2,
} TextMirrorDetectionMode;

/* The reversal applied inside each region (the element's "flip" property). */
typedef enum {
  TEXTMIRROR_FLIP_HORIZONTAL = 0,
  TEXTMIRROR_FLIP_VERTICAL = 1,
  TEXTMIRROR_FLIP_ROTATE_180 = 2,
} TextMirrorFlip;

#define TEXTMIRROR_MAX_PLANES 4

/* One mapped video frame: the planes exactly as GstVideoFrame maps them. Strides are the
 * real plane strides (they may include padding); never width x bytes-per-pixel. */
typedef struct {
  int32_t width;
  int32_t height;
  int32_t n_planes;
  uint8_t *data[TEXTMIRROR_MAX_PLANES];
  int32_t stride[TEXTMIRROR_MAX_PLANES];
} TextMirrorFrame;

/* ---- Settings that need no session ---------------------------------------------------- */

/* Checks a "regions" property value ("x,y,w,h[,angle];..." in normalized coordinates).
 * Returns TEXTMIRROR_OK, or TEXTMIRROR_ERROR_INVALID_ARGUMENT with a NUL-terminated
 * explanation written to error (truncated to error_size bytes). */
TextMirrorStatus textmirror_regions_validate (const char *spec, char *error, size_t error_size);

/* ---- Properties ------------------------------------------------------------------------ */

/* The element's properties, one row each, in the element's property order (gst-inspect-1.0,
 * README's table and Swift's binding table, SettingsConversions.swift, follow it):
 *
 *   X (field, TYPE, "name", "Nick", "Blurb", MUTABLE)
 *
 * field: the member of TextMirrorSettings (and of nothing else: the C shim derives its property
 * ids, param specs, get/set and logging from these rows). TYPE: BOOLEAN, INT, UINT, DOUBLE,
 * STRING, or one of the enums above by its TEXTMIRROR_CTYPE_ name (FLIP, DETECTOR, ...).
 * MUTABLE: PLAYING, may change while frames flow; READY, read when the element starts (it
 * chooses and loads the networks), so refused with a warning while it runs.
 * Defaults and ranges are not written here: each is written once in Swift, on the settings
 * field that holds the value (MirrorEngine.Settings, DetectorSettings), and read through
 * textmirror_properties. */
#define TEXTMIRROR_PROPERTIES(X) \
  X (regions, STRING, "regions", "Regions", \
      "Fixed regions that are always mirrored: \"x,y,w,h[,angle];...\" in " \
      "normalized frame coordinates (0..1, origin top-left; x,y is the " \
      "top-left corner, angle in degrees turns the box about its centre)", \
      PLAYING) \
  X (flip, FLIP, "flip", "Flip", "The reversal applied inside each region", PLAYING) \
  X (enabled, BOOLEAN, "enabled", "Enabled", \
      "Mirror regions; when false, frames pass through untouched", PLAYING) \
  X (detect, BOOLEAN, "detect", "Detect text", \
      "Find lines of text with the neural detector and mirror them " \
      "(false: only the fixed regions are mirrored and no model is needed)", \
      READY) \
  X (detector, DETECTOR, "detector", "Detector", \
      "Which PP-OCRv6 text detector runs when model is not set: tiny (cheaper), " \
      "small (finds more lines), or auto: tiny where detection is async (live " \
      "sources), small where it is sync (files)", \
      READY) \
  X (model, STRING, "model", "Model", \
      "Path of a PP-OCR text detection model (ONNX), instead of the one detector " \
      "picks; the recognizer of its generation is read from the same folder. " \
      "Default: $TEXTMIRROR_MODEL, else the models folder: the first of " \
      "~/.local/share/textmirror/models/, <plugin prefix>/share/textmirror/models/, " \
      "/usr/local/share/textmirror/models/, /usr/share/textmirror/models/ " \
      "(scripts/install.sh puts them there)", \
      READY) \
  X (verify, BOOLEAN, "verify", "Verify", \
      "Mirror a detected box only once the text recognizer read at least " \
      "one character in it, as it is or mirror-reversed (drops boxes on " \
      "textures that are not text); false mirrors every detected box. The " \
      "recognizer reads Latin, Chinese, Cyrillic and Greek, not Arabic or " \
      "Hebrew: set false for those", \
      PLAYING) \
  X (text_orientation, TEXT_ORIENTATION, "text-orientation", "Text orientation", \
      "Which lines are turned, by how they read: any, only those that " \
      "read normally, or only those that read mirror-reversed (a selfie " \
      "view: videoflip video-direction=horiz ! textmirror " \
      "text-orientation=mirrored)", \
      PLAYING) \
  X (vertical_text, BOOLEAN, "vertical-text", "Vertical text", \
      "Also find lines running up or down the picture (a page or a box lying " \
      "sideways, a book's spine) by detecting on the frame turned a quarter as " \
      "well: each detection costs two, so a live source gets about half as many", \
      PLAYING) \
  X (seamless, BOOLEAN, "seamless", "Seamless", \
      "Mirror the text of each detected line but not its background: the " \
      "background is estimated from a thin ring around the box and only the " \
      "difference from it is mirrored, so gradients, vignetting and shadows " \
      "stay continuous and no box edge shows (on a flat background this is the " \
      "plain mirror). Where the plain mirror would leave the weaker edge around " \
      "a box (the ring read a sign's frame or glare, not the background), the " \
      "box is mirrored as it is; where the ground inside the box has a texture " \
      "the ring cannot see (a sheen, an LED panel's dots, bricks, a shadow's " \
      "edge), that ground stays in place and only the letters move, keeping " \
      "their contrast against it, if that leaves the weaker edge. False " \
      "mirrors every box as it is. Fixed regions are always plain mirrors", \
      PLAYING) \
  X (detection_mode, DETECTION_MODE, "detection-mode", "Detection mode", \
      "When detection runs: on an internal queue without delaying frames " \
      "(async), or waiting for it on frames spaced by 1/detection-rate in " \
      "stream time, reproducible (sync); auto = async for live sources", \
      PLAYING) \
  X (detection_rate, DOUBLE, "detection-rate", "Detection rate", \
      "Upper bound on text detections per second of stream time", PLAYING) \
  X (detection_size, INT, "detection-size", "Detection size", \
      "Long side, in pixels, of the picture the detector sees (rounded to " \
      "a multiple of 32); larger finds smaller text but costs more", \
      READY) \
  X (threads, INT, "threads", "Threads", \
      "Threads the text detector and recognizer may use (0 = automatic: one " \
      "per core; they run at a lower priority, so the streaming thread " \
      "still gets a core)", \
      READY) \
  X (parallel_detections, INT, "parallel-detections", "Parallel detections", \
      "Detections that run side by side, each on its own copy of the " \
      "network with a share of the threads. On 2 cores one detection with " \
      "both threads measured faster than two with one each; more may pay " \
      "on machines with more cores", \
      READY) \
  X (inference_precision, PRECISION, "inference-precision", "Inference precision", \
      "Numeric precision of the neural networks: auto lets OpenVINO pick " \
      "bf16 on CPUs that have it (faster, results differ slightly between " \
      "CPUs); f32 gives the same results on every CPU", \
      READY) \
  X (text_threshold, DOUBLE, "text-threshold", "Text threshold", \
      "Text probability above which a pixel counts as text (0: the model's own)", PLAYING) \
  X (box_threshold, DOUBLE, "box-threshold", "Box threshold", \
      "Mean text probability a box needs to be mirrored (0: the model's own)", PLAYING) \
  X (min_text_height, DOUBLE, "min-text-height", "Minimum text height", \
      "Lines of text shorter than this fraction of the frame height are " \
      "left alone", \
      PLAYING) \
  X (tracking, BOOLEAN, "tracking", "Tracking", \
      "Move boxes with the picture between detections (optical flow) and " \
      "bring late detections up to date; false holds each box where it was " \
      "last detected", \
      PLAYING) \
  X (smoothing, DOUBLE, "smoothing", "Smoothing", \
      "Weight of each new detection in a tracked box: box = smoothing x " \
      "detection + (1 - smoothing) x previous box, on centre, size and angle " \
      "(1 = no smoothing)", \
      PLAYING) \
  X (hold_time, UINT, "hold-time", "Hold time", \
      "Milliseconds a box is kept after the last detection that found its " \
      "text, so missed detections do not make it blink (a box the optical " \
      "flow has lost ends at the first detection that misses it)", \
      PLAYING) \
  X (post_messages, BOOLEAN, "post-messages", "Post messages", \
      "Post a \"textmirror\" element message after each detection", PLAYING) \
  X (draw_boxes, BOOLEAN, "draw-boxes", "Draw boxes", \
      "Outline the mirrored text boxes, for debugging: green where the " \
      "detector has just found the text, orange where tracking carries " \
      "the box between detections", \
      PLAYING)

/* The C type of each TYPE of the rows. */
#define TEXTMIRROR_CTYPE_BOOLEAN int32_t /* nonzero: true */
#define TEXTMIRROR_CTYPE_INT int32_t
#define TEXTMIRROR_CTYPE_UINT uint32_t
#define TEXTMIRROR_CTYPE_DOUBLE double
#define TEXTMIRROR_CTYPE_STRING const char * /* NULL: unset */
#define TEXTMIRROR_CTYPE_FLIP TextMirrorFlip
#define TEXTMIRROR_CTYPE_DETECTOR TextMirrorDetectorChoice
#define TEXTMIRROR_CTYPE_TEXT_ORIENTATION TextMirrorTextOrientation
#define TEXTMIRROR_CTYPE_DETECTION_MODE TextMirrorDetectionMode
#define TEXTMIRROR_CTYPE_PRECISION TextMirrorPrecision

#define TEXTMIRROR_SETTINGS_FIELD(field, type, name, nick, blurb, mutable) \
  TEXTMIRROR_CTYPE_##type field;

/* Every property value, one member per row of TEXTMIRROR_PROPERTIES, in its order. The element
 * keeps one (strings owned by it); the session gets copies (the callee copies the strings). */
typedef struct {
  TEXTMIRROR_PROPERTIES (TEXTMIRROR_SETTINGS_FIELD)
} TextMirrorSettings;

/* The default and the bounds of every property, written once, in Swift (see
 * TEXTMIRROR_PROPERTIES): the element's param specs and initial values come from here.
 * minimum and maximum are meaningful for INT, UINT and DOUBLE rows. */
typedef struct {
  TextMirrorSettings defaults; /* strings: NULL */
  TextMirrorSettings minimum;
  TextMirrorSettings maximum;
} TextMirrorProperties;

/* The table; never NULL, the same constant table for the life of the process. */
const TextMirrorProperties *textmirror_properties (void);

/* ---- Per-instance session, created at start() and released at stop() ------------------- */

typedef struct TextMirrorSession TextMirrorSession;

/* Timestamps of one frame in nanoseconds; TEXTMIRROR_TIME_NONE where unknown. */
/* A constant rather than a macro so Swift imports it. */
static const uint64_t TEXTMIRROR_TIME_NONE = UINT64_MAX;
typedef struct {
  uint64_t pts;
  uint64_t duration;
  uint64_t stream_time;
  uint64_t running_time;
} TextMirrorTimestamps;

/* Bytes of a line's reading kept in a TextMirrorBox, NUL included. */
#define TEXTMIRROR_MAX_TEXT 128

/* A rotated box in frame pixels: centre, size, angle (degrees, clockwise on screen), and its
 * axis-aligned bounding box in whole pixels, clipped to the frame (what the messages and ROI
 * metas report; worked out by the Swift side, which owns box geometry). */
typedef struct {
  double center_x;
  double center_y;
  double width;
  double height;
  double angle;
  uint32_t bounds_x;
  uint32_t bounds_y;
  uint32_t bounds_width;
  uint32_t bounds_height;
  double score;
  int32_t fresh; /* nonzero: a detection was folded into this box in this frame
                  * (always nonzero in `detected`); zero: carried by tracking */
  int32_t read;  /* nonzero: the recognizer read the line; the fields below hold it */
  char text[TEXTMIRROR_MAX_TEXT]; /* UTF-8, NUL-terminated, cut at a character boundary */
  double text_score;              /* mean probability of the characters read, 0..1 */
  int32_t mirrored;               /* nonzero: the input showed the text mirror-reversed */
} TextMirrorBox;

#define TEXTMIRROR_MAX_BOXES 256

/* Bytes of a warning in a TextMirrorFrameResult, NUL included. */
#define TEXTMIRROR_MAX_WARNING 512

/* What one frame produced, for the element to report. Boxes past TEXTMIRROR_MAX_BOXES are
 * mirrored but not reported. */
typedef struct {
  int32_t n_mirrored; /* detected boxes mirrored in this frame */
  TextMirrorBox mirrored[TEXTMIRROR_MAX_BOXES];
  int32_t has_detection;               /* nonzero: a detection finished since the last frame */
  TextMirrorTimestamps detection_time; /* of the frame that detection ran on */
  int32_t n_detected;
  TextMirrorBox detected[TEXTMIRROR_MAX_BOXES];
  /* "" or, at most every few seconds per kind, what failed since the last warning (the
   * detector, the optical flow), for the element to post as a warning; the frame itself was
   * processed (a failed detection keeps the previous boxes). */
  char warning[TEXTMIRROR_MAX_WARNING];
} TextMirrorFrameResult;

/* Creates a session with these settings; loads the detection model when settings->detect is
 * set. Returns NULL with a NUL-terminated explanation in error (naming the model path and how
 * to fetch it) when the model cannot be loaded. */
TextMirrorSession *textmirror_session_new (
    const TextMirrorSettings *settings, char *error, size_t error_size);
/* Waits for queued detection work to finish, then releases the session. Accepts NULL. */
void textmirror_session_free (TextMirrorSession *session);

/* From now on, keeps every detector and recognizer network loaded (and compiled for the shapes
 * it has seen) until the process exits, rather than only while an element uses it. For
 * programs that start many elements one after another, such as the test suite, where each
 * start would otherwise load and compile the networks again. */
void textmirror_keep_models_loaded (void);

/* Replaces the settings; may be called from any thread while frames are being processed.
 * Model, detection size and threads only take effect at the next start. A regions value that
 * textmirror_regions_validate refuses leaves the previous regions in place. */
TextMirrorStatus textmirror_session_update (
    TextMirrorSession *session, const TextMirrorSettings *settings);

/* How a YUV stream's values stand for colours, from its caps' colorimetry: read where YUV
 * becomes RGB for the detector and the reader (JPEG and MJPEG cameras are full-range BT.601). */
typedef enum {
  TEXTMIRROR_MATRIX_BT601 = 0,
  TEXTMIRROR_MATRIX_BT709 = 1,
} TextMirrorMatrix;

/* Chooses the mirror kernels for this format and size (called from set_info); boxes and
 * detections of the previous geometry are dropped. matrix and full_range (0 or 1) describe YUV
 * values; other formats ignore them. */
TextMirrorStatus textmirror_session_set_format (TextMirrorSession *session, TextMirrorFormat format,
    int32_t width, int32_t height, TextMirrorMatrix matrix, int32_t full_range);

/* Forgets boxes and pending detections (flushing seek). */
TextMirrorStatus textmirror_session_reset (TextMirrorSession *session);

/* Detects (or collects async results) and mirrors every region of the frame in place.
 * upstream_is_live decides the auto detection mode. result may be NULL. */
TextMirrorStatus textmirror_session_process (TextMirrorSession *session,
    const TextMirrorFrame *frame, const TextMirrorTimestamps *timestamps, int32_t upstream_is_live,
    TextMirrorFrameResult *result);

/* ---- Implemented in C (CShim/plugin.c), called from Swift tests and the benchmark -------- */

/* Registers the textmirror element with GStreamer from inside the running process, as if the
 * plugin had been found on the plugin path. Returns nonzero on success; safe to call twice. */
int textmirror_plugin_register_static (void);

/* The file the plugin was loaded from, as GStreamer found it; NULL when it was registered
 * statically (tests). Used to look for the model next to an installed plugin. */
const char *textmirror_plugin_filename (void);

/* ---- Implemented in C++ (CShim/textmirror_detector.cpp), called from Swift --------------- */

/* The PP-OCR text detector (a DB network) run by OpenVINO. It sees an RGB image already
 * scaled to its input size and returns the text kernels it finds as rotated rectangles in
 * that image's pixels, *before* unclip: expanding them to whole text lines and mapping them to
 * the frame is Swift's job (TextMirrorCore/Detection/TextBoxPostprocess.swift).
 *
 * Threads: one detector is used by one thread at a time; different detectors may run at the
 * same time. No C++ exception crosses this boundary. */

typedef enum {
  TEXTMIRROR_DETECTOR_OK = 0,
  TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer, wrong size or bad threshold */
  TEXTMIRROR_DETECTOR_ERROR_INFERENCE = 2,        /* OpenVINO failed while running the network */
  TEXTMIRROR_DETECTOR_ERROR_OUT_OF_MEMORY = 3,
} TextMirrorDetectorStatus;

/* A rotated rectangle as cv::RotatedRect gives it, in continuous input-image coordinates
 * (pixel (i, j) covers [i, i+1) x [j, j+1)): angle in degrees, positive clockwise on screen,
 * in (0, 90] as cv::minAreaRect returns it, so `width` is not necessarily along the text.
 * score is the mean text probability inside the rectangle, 0..1. */
typedef struct {
  float center_x;
  float center_y;
  float width;
  float height;
  float angle;
  float score;
} TextMirrorDetectedBox;

typedef struct TextMirrorDetector TextMirrorDetector;

/* How 8-bit RGB samples become a network's input planes (each model's own rule, written once
 * in Swift: TextMirrorCore/Detection/DetectionModel.swift): plane p takes RGB channel
 * channel[p] (0 red, 1 green, 2 blue) and holds sample * scale[p] + offset[p]. */
typedef struct {
  int32_t channel[3];
  float scale[3];
  float offset[3];
} TextMirrorNormalization;

/* Loads the model (an ONNX file fetched by scripts/fetch-model.sh), fed as `normalization`
 * says, and compiles it for one input size, input_width x input_height (both multiples of 32, at most the "detection-size"
 * property's maximum, textmirror_properties): OpenVINO runs a network of fixed shape fastest, so
 * make a new detector when the size changes. The file is read once per path and shared between
 * detectors. threads: OpenVINO threads for this network, 0 = one per core, clamped to the
 * cores. Runs the network once to prove the model works. Returns NULL on failure with a
 * NUL-terminated explanation, naming the path, in error (truncated to error_size bytes; error
 * may be NULL). */
TextMirrorDetector *textmirror_detector_new (const char *model_path,
    const TextMirrorNormalization *normalization, int input_width, int input_height, int threads,
    TextMirrorPrecision precision, char *error, size_t error_size);
/* Accepts NULL. */
void textmirror_detector_free (TextMirrorDetector *detector);

/* Detects text in a packed RGB image of exactly the detector's input size (stride in bytes,
 * at least 3 x width). Pixels are thresholded at text_threshold (0..1, exclusive), kernels
 * whose box score is under box_threshold are dropped. Writes up to max_boxes boxes to out (the
 * best-scoring ones if there are more) and their number to out_count. On failure, returns a
 * status and textmirror_detector_last_error explains it. */
TextMirrorDetectorStatus textmirror_detector_run (TextMirrorDetector *detector, const uint8_t *rgb,
    int width, int height, int stride, float text_threshold, float box_threshold,
    TextMirrorDetectedBox *out, int max_boxes, int *out_count);

/* The explanation for the last failed textmirror_detector_run ("" after a success); valid
 * until the next call with this detector. Never NULL. */
const char *textmirror_detector_last_error (const TextMirrorDetector *detector);

/* ---- Implemented in C++ (CShim/textmirror_recognizer.cpp), called from Swift ------------- */

/* A PP-OCR text recognizer (an SVTR network trained with CTC) run by OpenVINO. It
 * sees one line of text already cut out along its angle and scaled to
 * TEXTMIRROR_RECOGNIZER_HEIGHT rows, as packed RGB, and returns for each of its output steps
 * (one per 8 input columns) the most likely class and its probability. Greedy CTC decoding and
 * the character list are Swift's (TextMirrorCore/Reading/CTCDecoder.swift).
 *
 * Threads: one recognizer is used by one thread at a time. No C++ exception crosses this
 * boundary. */

#define TEXTMIRROR_RECOGNIZER_HEIGHT 48
/* Widest crop read (about 160 characters at full size): a line is read at its own aspect up to
 * it, as PP-OCR's own inference reads it; longer lines are squeezed to it. A page's
 * 90-character line squeezed 2-2.5 times, as a cap of 1024 did, loses its thin letters. */
#define TEXTMIRROR_RECOGNIZER_MAX_WIDTH 4096

/* The width the network reads a crop of `width` columns at: the crop padded (mid-gray, as
 * PP-OCR pads) to the next width of a fixed grid of 30 widths (multiples of 8): from 64 columns
 * steps of about a twelfth up to 272 (a word or two, where padding changes a reading most), then
 * of about a fifth (at most 24% more columns). OpenVINO keeps what it prepared for each input
 * shape it has seen, 1 to 3 MB each, so memory grew with every new width of changing text (a
 * clock). With a twelfth all the way (46 widths), a ten-minute changing-text soak still grew
 * 8.5 MB after its first minute as wider shapes came; with a fifth all the way, one short line
 * of the real-photo set ("MORMON") no longer read as text.
 * Measure: CHANGING_FRAMES=18000 scripts/check-memory.sh --soak-only. */
static inline int
textmirror_recognizer_input_width (int width)
{
  int grid = 64;
  while (grid < width && grid < TEXTMIRROR_RECOGNIZER_MAX_WIDTH)
    grid = (grid + (grid < 256 ? grid / 11 : grid / 5) + 7) / 8 * 8;
  return grid < TEXTMIRROR_RECOGNIZER_MAX_WIDTH ? grid : TEXTMIRROR_RECOGNIZER_MAX_WIDTH;
}

typedef enum {
  TEXTMIRROR_RECOGNIZER_OK = 0,
  TEXTMIRROR_RECOGNIZER_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer or a bad size */
  TEXTMIRROR_RECOGNIZER_ERROR_INFERENCE = 2,        /* OpenVINO failed while running the network */
} TextMirrorRecognizerStatus;

typedef struct TextMirrorRecognizer TextMirrorRecognizer;

/* Loads the recognizer model (an ONNX file fetched by scripts/fetch-model.sh), fed as
 * `normalization` says, with its input width left free, so one network reads crops of every
 * width. threads and precision as for textmirror_detector_new. Runs the network once to prove the model works. Returns NULL with
 * an explanation naming the path in error on failure. */
TextMirrorRecognizer *textmirror_recognizer_new (const char *model_path,
    const TextMirrorNormalization *normalization, int threads, TextMirrorPrecision precision,
    char *error, size_t error_size);
/* Accepts NULL. */
void textmirror_recognizer_free (TextMirrorRecognizer *recognizer);

/* Reads a packed RGB crop, TEXTMIRROR_RECOGNIZER_HEIGHT rows of `width` pixels (8 to
 * TEXTMIRROR_RECOGNIZER_MAX_WIDTH; rows `stride` bytes apart). Writes the best class of each
 * output step to best_class and its probability to best_probability, and the probability of
 * the space (the last class) to space_probability (up to capacity steps each), the number of
 * steps to out_steps and the number of classes (the character list plus the
 * CTC blank and the space) to out_classes. */
TextMirrorRecognizerStatus textmirror_recognizer_run (TextMirrorRecognizer *recognizer,
    const uint8_t *rgb, int width, int stride, int32_t *best_class, float *best_probability,
    float *space_probability, int capacity, int *out_steps, int *out_classes);

/* The explanation for the last failed call ("" after a success). Never NULL. */
const char *textmirror_recognizer_last_error (const TextMirrorRecognizer *recognizer);

/* ---- Implemented in C++ (CShim/textmirror_flow.cpp), called from Swift ------------------- */

/* Sparse optical flow between consecutive small gray pictures, to move tracked boxes between
 * detections: corners (OpenCV goodFeaturesToTrack) found in the previous picture inside given
 * areas, then followed into the newest picture by pyramidal Lucas-Kanade
 * (calcOpticalFlowPyrLK). Fitting a motion to the point pairs is Swift's job
 * (TextMirrorCore/Tracking/MotionFit.swift).
 *
 * The flow object keeps the last two pictures (copies) and their pyramids, so each picture is
 * copied and its pyramid built once. Coordinates are OpenCV's: the centre of pixel (i, j) is
 * at (i, j).
 *
 * Threads: one flow object is used by one thread at a time. No C++ exception crosses this
 * boundary; every pointer is checked. */

typedef enum {
  TEXTMIRROR_FLOW_OK = 0,
  TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer, bad size or bad parameter */
  TEXTMIRROR_FLOW_ERROR_NO_PREVIOUS = 2,      /* fewer than two pictures pushed since the reset */
  TEXTMIRROR_FLOW_ERROR_OPENCV = 3, /* OpenCV failed; textmirror_flow_last_error says how */
  TEXTMIRROR_FLOW_ERROR_OUT_OF_MEMORY = 4,
} TextMirrorFlowStatus;

/* The smallest picture side worth tracking in; smaller pictures are refused. */
#define TEXTMIRROR_FLOW_MIN_SIDE 8

/* How points are followed; fixed for the life of a flow object. */
typedef struct {
  int32_t window;     /* Lucas-Kanade window side in pixels, odd, 5..31 */
  int32_t levels;     /* pyramid levels above the picture itself, 0..5 */
  int32_t iterations; /* at most this many Lucas-Kanade steps per level, 1..100 */
  float epsilon;      /* ...or until a step moves less than this, pixels */
} TextMirrorFlowParams;

/* Where to look for corners in the previous picture: a rectangle in picture pixels (clipped
 * to the picture). At most max_points corners at least min_distance pixels apart, each at
 * least `quality` times the strongest corner of the area. */
typedef struct {
  int32_t x;
  int32_t y;
  int32_t width;
  int32_t height;
  int32_t max_points;
  float min_distance;
  float quality;
} TextMirrorFlowArea;

typedef struct {
  float x;
  float y;
} TextMirrorFlowPoint;

typedef struct TextMirrorFlow TextMirrorFlow;

/* Returns NULL with a NUL-terminated explanation in error (truncated to error_size bytes;
 * error may be NULL) when params is NULL or out of range. */
TextMirrorFlow *textmirror_flow_new (
    const TextMirrorFlowParams *params, char *error, size_t error_size);
/* Accepts NULL. */
void textmirror_flow_free (TextMirrorFlow *flow);

/* Copies a width x height gray picture (rows stride bytes apart) in as the newest; the newest
 * before it becomes the previous one. A picture of another size than the last starts over
 * (there is then no previous picture). */
TextMirrorFlowStatus textmirror_flow_push (
    TextMirrorFlow *flow, const uint8_t *gray, int32_t width, int32_t height, int32_t stride);

/* Forgets both pictures. Accepts NULL. */
void textmirror_flow_reset (TextMirrorFlow *flow);

/* Finds corners in the previous picture, area by area, in the order given: writes up to
 * capacity points to points, the index of the area each came from to point_area, and their
 * number to out_count. Areas past the capacity get no points. */
TextMirrorFlowStatus textmirror_flow_find_features (TextMirrorFlow *flow,
    const TextMirrorFlowArea *areas, int32_t n_areas, TextMirrorFlowPoint *points,
    int32_t *point_area, int32_t capacity, int32_t *out_count);

/* Follows count points from the previous picture into the newest. On entry `to` holds a guess
 * for each (e.g. where the last motion would take it; a copy of `from` when there is none);
 * on return, where each was found, and found[i] is nonzero where it was. */
TextMirrorFlowStatus textmirror_flow_track (TextMirrorFlow *flow, const TextMirrorFlowPoint *from,
    TextMirrorFlowPoint *to, uint8_t *found, int32_t count);

/* The explanation for the last failed call with this flow object ("" after a success); valid
 * until the next call. Never NULL (also for a NULL flow). */
const char *textmirror_flow_last_error (const TextMirrorFlow *flow);

#ifdef __cplusplus
}
#endif
#endif /* TEXTMIRROR_H */
