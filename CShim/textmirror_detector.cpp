/* textmirror_detector.cpp: the PP-OCR (DB) text detector on OpenVINO, behind a C API.
 *
 * Why C++ here: the post-processing uses OpenCV's contour functions, which have only a C++
 * API; the network itself runs on OpenVINO (textmirror_openvino.hpp). textmirror.h declares
 * this file's C API ("Implemented in C++") and Swift calls that.
 *
 * What it does per frame: normalize an RGB image that is already at the net's input size,
 * run the network, threshold the probability map, and turn each connected text kernel into a
 * minimum-area rotated rectangle with a score. Everything that depends on the frame (unclip,
 * mapping back to frame pixels, size filters, angle conventions) is done in Swift
 * (TextMirrorCore/Detection/TextBoxPostprocess.swift), where it can be unit-tested without a
 * model.
 *
 * Rules kept here: no C++ exception leaves this file (every entry point catches and turns
 * the exception into a status and a message); every pointer is checked.
 */
#include "textmirror.h"
#include "textmirror_errors.hpp"
#include "textmirror_exit_guard.hpp"
#include "textmirror_openvino.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace openvino = textmirror::openvino;
using textmirror::caught_error;
using textmirror::CaughtError;
using textmirror::copy_message;
using textmirror::loading_failure;

namespace {

/* PP-OCR's DBPostProcess drops kernels whose short side is under 3 probability-map pixels
 * (min_size) and keeps at most 1000 candidates; the same values keep our results comparable. */
constexpr float kMinKernelSide = 3.0f;
constexpr size_t kMaxCandidates = 1000;

/* A kernel at least this many times as long as it is thick is a line, and is scored inside its
 * own outline (PP-OCR's "slow" score) instead of its rectangle: see box_score. On the
 * real-photo dev set 3 and 4 find 95 lines, 8 finds 94 (the rectangle alone: 93), none a false
 * box; scoring every kernel inside its outline boxed a cat's fur. */
constexpr float kLineElongation = 4.0f;

} // namespace

struct TextMirrorDetector {
  std::unique_ptr<openvino::Network> net;
  TextMirrorNormalization normalization;
  int width = 0;
  int height = 0;
  std::string last_error;
  /* Reused from frame to frame so a detection allocates only what OpenCV allocates. */
  cv::Mat mask;
  cv::Mat score_mask;
  std::vector<std::vector<cv::Point> > contours;
  std::vector<TextMirrorDetectedBox> boxes;
};

namespace {

/* Fills the network's input (1 x 3 x H x W, planar) from packed RGB, as the model wants it. */
void
textmirror_detector_fill_input (TextMirrorDetector *detector, const uint8_t *rgb, int stride)
{
  float *planes = detector->net->input ({ 1, 3, detector->height, detector->width });
  openvino::fill_planes (detector->normalization, rgb, detector->width, detector->height, stride,
      planes, detector->width);
}

/* Runs the network on its filled input and returns the probability map, a header over the
 * network's own output memory (valid until the next run). */
cv::Mat
textmirror_detector_forward (TextMirrorDetector *detector)
{
  std::vector<int64_t> shape;
  const float *output = detector->net->infer (shape);
  /* DB's head upsamples back to the input size: expect 1 x 1 x H x W. */
  if (shape != std::vector<int64_t>{ 1, 1, detector->height, detector->width })
    throw openvino::Error ("the model's output is not a 1x1x" + std::to_string (detector->height)
                           + "x" + std::to_string (detector->width)
                           + " probability map; is it a DB text detector?");
  return cv::Mat (detector->height, detector->width, CV_32F, const_cast<float *> (output));
}

/* Mean probability over the pixels of `bounds` that `fill` marks in the detector's score mask
 * (given the mask, in `bounds`' own coordinates), clipped to the map. */
template <typename Fill>
float
textmirror_detector_mean_inside (
    TextMirrorDetector *detector, const cv::Mat &prob, cv::Rect bounds, Fill fill)
{
  cv::Rect clipped = bounds & cv::Rect (0, 0, prob.cols, prob.rows);
  if (clipped.empty ())
    return 0.0f;
  detector->score_mask.create (bounds.size (), CV_8U);
  detector->score_mask.setTo (0);
  fill (detector->score_mask);
  cv::Mat inside = detector->score_mask (clipped - bounds.tl ());
  return static_cast<float> (cv::mean (prob (clipped), inside)[0]);
}

/* A kernel's score. PP-OCR's "fast" score, the mean probability inside the kernel's rotated
 * rectangle, is what its thresholds (box_thresh 0.5-0.6) were tuned for: a texture's ragged
 * kernel fills its rectangle badly and scores low. But a long line that bends, as on a page
 * curving towards a book's spine, has a rectangle that takes in the bow: a line sagging by 2°
 * either way scored 0.45 and was dropped (DetectionQualityTests.bentLinesAreFound), like a
 * photographed page's 601x17 kernel at 0.465. Long kernels are therefore scored inside their
 * own outline ("slow"); those are lines, not the squarish blobs textures make. */
float
textmirror_detector_box_score (TextMirrorDetector *detector, const cv::Mat &prob,
    const cv::RotatedRect &rect, const std::vector<cv::Point> &contour)
{
  float thick = std::min (rect.size.width, rect.size.height);
  float length = std::max (rect.size.width, rect.size.height);
  if (length >= kLineElongation * thick) {
    cv::Rect bounds = cv::boundingRect (contour);
    return textmirror_detector_mean_inside (detector, prob, bounds, [&] (cv::Mat &mask) {
      const cv::Point *points = contour.data ();
      int count = static_cast<int> (contour.size ());
      cv::fillPoly (mask, &points, &count, 1, cv::Scalar (1), cv::LINE_8, 0, -bounds.tl ());
    });
  }
  cv::Point2f corners[4];
  rect.points (corners);
  cv::Rect bounds = cv::boundingRect (std::vector<cv::Point2f> (corners, corners + 4));
  cv::Point polygon[4];
  for (int i = 0; i < 4; i++)
    polygon[i] = cv::Point (cvRound (corners[i].x) - bounds.x, cvRound (corners[i].y) - bounds.y);
  return textmirror_detector_mean_inside (detector, prob, bounds,
      [&] (cv::Mat &mask) { cv::fillConvexPoly (mask, polygon, 4, cv::Scalar (1)); });
}

} // namespace

extern "C" {

TextMirrorDetector *
textmirror_detector_new (const char *model_path, const TextMirrorNormalization *normalization,
    int input_width, int input_height, int threads, TextMirrorPrecision precision, char *error,
    size_t error_size)
{
  if (model_path == nullptr || model_path[0] == '\0') {
    copy_message (error, error_size, "no model path given");
    return nullptr;
  }
  if (!openvino::valid_normalization (normalization)) {
    copy_message (error, error_size, "no valid input normalization given");
    return nullptr;
  }
  const int max_side = static_cast<int> (textmirror_properties ()->maximum.detection_size);
  if (input_width <= 0 || input_height <= 0 || input_width % 32 != 0 || input_height % 32 != 0
      || input_width > max_side || input_height > max_side) {
    copy_message (error, error_size,
        "input size " + std::to_string (input_width) + "x" + std::to_string (input_height)
            + " is not a multiple of 32 between 32 and " + std::to_string (max_side));
    return nullptr;
  }
  if (threads < 0) {
    copy_message (error, error_size, "threads must be 0 (one per core) or more");
    return nullptr;
  }

  try {
    textmirror::LibraryCall call;
    auto detector = std::make_unique<TextMirrorDetector> ();
    detector->normalization = *normalization;
    detector->width = input_width;
    detector->height = input_height;
    openvino::at_worker_priority ([&] {
      detector->net = std::make_unique<openvino::Network> (openvino::read_model_file (model_path),
          std::vector<int64_t>{ 1, 3, input_height, input_width }, threads, precision);
      detector->net->input ({ 1, 3, input_height, input_width });
      /* One run now: it proves the model is a DB detector that runs at this size (a wrong
       * file fails here, at start, not on the first frame), and it makes OpenVINO allocate
       * its buffers and start its workers before the stream runs. */
      textmirror_detector_forward (detector.get ());
    });
    return detector.release ();
  } catch (...) {
    copy_message (error, error_size, loading_failure (model_path, "model", "the PP-OCR detector"));
  }
  return nullptr;
}

void
textmirror_detector_free (TextMirrorDetector *detector)
{
  delete detector;
}

const char *
textmirror_detector_last_error (const TextMirrorDetector *detector)
{
  if (detector == nullptr)
    return "no detector";
  return detector->last_error.c_str ();
}

TextMirrorDetectorStatus
textmirror_detector_run (TextMirrorDetector *detector, const uint8_t *rgb, int width, int height,
    int stride, float text_threshold, float box_threshold, TextMirrorDetectedBox *out,
    int max_boxes, int *out_count)
{
  if (out_count != nullptr)
    *out_count = 0;
  if (detector == nullptr)
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  detector->last_error.clear ();
  if (rgb == nullptr || out_count == nullptr || max_boxes < 0
      || (out == nullptr && max_boxes > 0)) {
    detector->last_error = "a NULL pointer or a negative max_boxes";
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  }
  if (width != detector->width || height != detector->height || stride < 3 * width) {
    detector->last_error
        = "image " + std::to_string (width) + "x" + std::to_string (height) + " (stride "
          + std::to_string (stride) + ") does not match the detector's input size "
          + std::to_string (detector->width) + "x" + std::to_string (detector->height);
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  }
  if (!(text_threshold > 0.0f && text_threshold < 1.0f)
      || !(box_threshold >= 0.0f && box_threshold <= 1.0f)) {
    detector->last_error = "text_threshold must be in (0, 1) and box_threshold in [0, 1]";
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  }

  try {
    textmirror::LibraryCall call;
    textmirror_detector_fill_input (detector, rgb, stride);
    cv::Mat prob = textmirror_detector_forward (detector);

    cv::compare (prob, text_threshold, detector->mask, cv::CMP_GT);
    detector->contours.clear ();
    cv::findContours (detector->mask, detector->contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);

    detector->boxes.clear ();
    size_t candidates = std::min (detector->contours.size (), kMaxCandidates);
    for (size_t i = 0; i < candidates; i++) {
      cv::RotatedRect rect = cv::minAreaRect (detector->contours[i]);
      if (std::min (rect.size.width, rect.size.height) < kMinKernelSide)
        continue;
      float score = textmirror_detector_box_score (detector, prob, rect, detector->contours[i]);
      if (score < box_threshold)
        continue;
      /* Contour points are pixel indices; the kernel covers those pixels whole, so in
       * continuous coordinates (pixel i spans [i, i+1)) the centre moves by half a pixel and
       * each side grows by one. */
      TextMirrorDetectedBox box;
      box.center_x = rect.center.x + 0.5f;
      box.center_y = rect.center.y + 0.5f;
      box.width = rect.size.width + 1.0f;
      box.height = rect.size.height + 1.0f;
      box.angle = rect.angle;
      box.score = score;
      detector->boxes.push_back (box);
    }

    /* Too many boxes for the caller: keep the best-scoring ones, in their original order. */
    if (detector->boxes.size () > static_cast<size_t> (max_boxes)) {
      std::vector<float> scores;
      for (const auto &box : detector->boxes)
        scores.push_back (box.score);
      std::nth_element (
          scores.begin (), scores.begin () + (scores.size () - max_boxes), scores.end ());
      float cutoff = max_boxes > 0 ? scores[scores.size () - max_boxes] : 2.0f;
      int written = 0;
      for (const auto &box : detector->boxes) {
        if (box.score >= cutoff && written < max_boxes)
          out[written++] = box;
      }
      *out_count = written;
      return TEXTMIRROR_DETECTOR_OK;
    }
    std::copy (detector->boxes.begin (), detector->boxes.end (), out);
    *out_count = static_cast<int> (detector->boxes.size ());
    return TEXTMIRROR_DETECTOR_OK;
  } catch (...) {
    CaughtError caught = caught_error ();
    detector->last_error = caught.message;
    return caught.out_of_memory ? TEXTMIRROR_DETECTOR_ERROR_OUT_OF_MEMORY
                                : TEXTMIRROR_DETECTOR_ERROR_INFERENCE;
  }
}

} /* extern "C" */
