/* textmirror_flow.cpp: sparse optical flow (OpenCV goodFeaturesToTrack + pyramidal
 * Lucas-Kanade) behind the C API declared in textmirror.h ("Implemented in C++ ...
 * textmirror_flow.cpp").
 *
 * Why C++ here: the same reason as textmirror_detector.cpp (OpenCV has only a C++ API). This
 * file only measures where points went; choosing the points' areas, converting between the
 * small picture and the frame, and fitting a motion to the pairs is done in Swift, where it can
 * be unit-tested without OpenCV.
 *
 * Threads and the streaming thread: this code runs on the streaming thread, once per frame,
 * and must never wait for the text detector, whose OpenVINO inference runs on other threads at
 * the same time, on the same oneTBB library (libtbb.so.12) that Debian's OpenCV uses for its
 * parallel_for_. A parallel_for_ here would share TBB's worker threads with the detector's
 * network, and this thread could wait for a worker busy there. So every OpenCV call here runs
 * inside one cv::parallel_for_ over a single-element range: OpenCV runs such a range on the
 * calling thread, and marks the process as inside a parallel region meanwhile, so every
 * parallel_for_ nested in it (in LK, pyrDown, goodFeaturesToTrack) runs serially on this
 * thread too. The work is small (about a millisecond), so one thread is enough, and the
 * results are the same as with threads (each point is tracked on its own). The cost: OpenCV
 * calls elsewhere in the process (the detector's contour post-processing) run serially for
 * that millisecond.
 *
 * Rules kept here: no C++ exception leaves this file; every pointer is checked.
 */
#include "textmirror.h"
#include "textmirror_errors.hpp"
#include "textmirror_exit_guard.hpp"

#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace {

/* The smallest picture worth tracking in (textmirror.h), and a bound far above any useful size,
 * so a bad value fails cleanly instead of asking OpenCV for gigabytes. */
constexpr int kMinSide = TEXTMIRROR_FLOW_MIN_SIDE;
constexpr int kMaxSide = 8192;

/* Runs `work` on this thread with every OpenCV parallel_for_ inside it serial (see the top of
 * the file). Exceptions pass through. */
void
textmirror_flow_serially (const std::function<void ()> &work)
{
  textmirror::LibraryCall call;
  cv::parallel_for_ (cv::Range (0, 1), [&work] (const cv::Range &) { work (); });
}

} // namespace

struct TextMirrorFlow {
  TextMirrorFlowParams params;
  /* Pyramids with derivatives, as buildOpticalFlowPyramid makes them: level L's picture at
   * index 2L. [0] is the previous picture, [1] the newest. */
  std::vector<cv::Mat> pyramids[2];
  int pictures = 0; /* pushed since the last reset, at most 2 */
  int width = 0;
  int height = 0;
  std::string last_error;
  /* Reused from call to call so a frame allocates only what OpenCV allocates. */
  std::vector<cv::Point2f> corners;
  std::vector<cv::Point2f> from;
  std::vector<cv::Point2f> to;
  std::vector<uchar> status;
  std::vector<float> errors;

  /* Levels actually built (a small picture gets fewer than asked for). */
  int built_levels (int which) const { return static_cast<int> (pyramids[which].size ()) / 2 - 1; }
};

namespace {

/* Call from a catch (...) block: records what the exception in flight says in
 * flow->last_error and turns it into a status, so no exception leaves this file. */
TextMirrorFlowStatus
textmirror_flow_failed (TextMirrorFlow *flow)
{
  /* OpenCV's own messages (cv::Exception) begin with "OpenCV(<version>)". */
  textmirror::CaughtError caught = textmirror::caught_error ();
  flow->last_error = caught.message;
  return caught.out_of_memory ? TEXTMIRROR_FLOW_ERROR_OUT_OF_MEMORY : TEXTMIRROR_FLOW_ERROR_OPENCV;
}

} // namespace

extern "C" {

TextMirrorFlow *
textmirror_flow_new (const TextMirrorFlowParams *params, char *error, size_t error_size)
{
  if (params == nullptr) {
    textmirror::copy_message (error, error_size, "no flow parameters given");
    return nullptr;
  }
  if (params->window < 5 || params->window > 31 || params->window % 2 == 0 || params->levels < 0
      || params->levels > 5 || params->iterations < 1 || params->iterations > 100
      || !(params->epsilon > 0.0f && params->epsilon < 10.0f)) {
    textmirror::copy_message (error, error_size,
        "flow parameters out of range: window " + std::to_string (params->window)
            + " (odd, 5..31), levels " + std::to_string (params->levels) + " (0..5), iterations "
            + std::to_string (params->iterations) + " (1..100), epsilon "
            + std::to_string (params->epsilon) + " (0..10)");
    return nullptr;
  }
  try {
    TextMirrorFlow *flow = new TextMirrorFlow ();
    flow->params = *params;
    return flow;
  } catch (...) {
    textmirror::copy_message (error, error_size, "out of memory");
    return nullptr;
  }
}

void
textmirror_flow_free (TextMirrorFlow *flow)
{
  delete flow;
}

void
textmirror_flow_reset (TextMirrorFlow *flow)
{
  if (flow == nullptr)
    return;
  flow->pictures = 0;
  flow->last_error.clear ();
}

const char *
textmirror_flow_last_error (const TextMirrorFlow *flow)
{
  if (flow == nullptr)
    return "no flow object";
  return flow->last_error.c_str ();
}

TextMirrorFlowStatus
textmirror_flow_push (
    TextMirrorFlow *flow, const uint8_t *gray, int32_t width, int32_t height, int32_t stride)
{
  if (flow == nullptr)
    return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
  flow->last_error.clear ();
  if (gray == nullptr || width < kMinSide || height < kMinSide || width > kMaxSide
      || height > kMaxSide || stride < width) {
    flow->last_error = "picture " + std::to_string (width) + "x" + std::to_string (height)
                       + " (stride " + std::to_string (stride) + ") is not a valid gray picture of "
                       + std::to_string (kMinSide) + ".." + std::to_string (kMaxSide)
                       + " pixels a side";
    return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
  }
  if (width != flow->width || height != flow->height) {
    flow->pictures = 0;
    flow->width = width;
    flow->height = height;
  }
  try {
    /* The Mat only wraps the caller's pixels; the pyramid is built from a copy
     * (tryReuseInputImage = false), so nothing refers to them after this call. */
    const cv::Mat picture (
        height, width, CV_8UC1, const_cast<uint8_t *> (gray), static_cast<size_t> (stride));
    std::swap (flow->pyramids[0], flow->pyramids[1]);
    const cv::Size window (flow->params.window, flow->params.window);
    textmirror_flow_serially ([&] {
      cv::buildOpticalFlowPyramid (picture, flow->pyramids[1], window, flow->params.levels, true,
          cv::BORDER_REFLECT_101, cv::BORDER_CONSTANT, false);
    });
    flow->pictures = std::min (flow->pictures + 1, 2);
    return TEXTMIRROR_FLOW_OK;
  } catch (...) {
    /* A half-built pyramid is no previous picture. */
    flow->pictures = 0;
    return textmirror_flow_failed (flow);
  }
}

TextMirrorFlowStatus
textmirror_flow_find_features (TextMirrorFlow *flow, const TextMirrorFlowArea *areas,
    int32_t n_areas, TextMirrorFlowPoint *points, int32_t *point_area, int32_t capacity,
    int32_t *out_count)
{
  if (flow == nullptr)
    return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
  if (out_count != nullptr)
    *out_count = 0;
  flow->last_error.clear ();
  if (out_count == nullptr || n_areas < 0 || capacity < 0 || (areas == nullptr && n_areas > 0)
      || ((points == nullptr || point_area == nullptr) && capacity > 0)) {
    flow->last_error = "a NULL pointer or a negative count";
    return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
  }
  if (flow->pictures < 2) {
    flow->last_error = "features are found in the previous picture; push two first";
    return TEXTMIRROR_FLOW_ERROR_NO_PREVIOUS;
  }
  for (int32_t i = 0; i < n_areas; i++) {
    const TextMirrorFlowArea &a = areas[i];
    if (a.max_points < 1 || !(a.min_distance >= 0.0f) || !(a.quality > 0.0f && a.quality < 1.0f)) {
      flow->last_error = "area " + std::to_string (i)
                         + ": max_points must be >= 1, "
                           "min_distance >= 0 and quality in (0, 1)";
      return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
    }
  }

  try {
    int32_t written = 0;
    /* The picture itself: level 0 of its pyramid. */
    const cv::Mat &picture = flow->pyramids[0][0];
    textmirror_flow_serially ([&] {
      for (int32_t i = 0; i < n_areas && written < capacity; i++) {
        const TextMirrorFlowArea &a = areas[i];
        /* Clipped to the picture. A corner found near the clipped edge is still a fine
         * feature: LK samples the bordered pyramid. */
        const cv::Rect rect = cv::Rect (a.x, a.y, std::max (a.width, 1), std::max (a.height, 1))
                              & cv::Rect (0, 0, picture.cols, picture.rows);
        /* goodFeaturesToTrack's 3x3 blocks need a few pixels each way. */
        if (rect.width < 3 || rect.height < 3)
          continue;
        const double spacing = std::max (1.0, static_cast<double> (a.min_distance));
        flow->corners.clear ();
        cv::goodFeaturesToTrack (picture (rect), flow->corners,
            std::min (a.max_points, capacity - written), a.quality, spacing);
        /* Corners come at whole pixels of the area: add its corner. */
        for (const cv::Point2f &c : flow->corners) {
          points[written].x = c.x + rect.x;
          points[written].y = c.y + rect.y;
          point_area[written] = i;
          written++;
        }
      }
    });
    *out_count = written;
    return TEXTMIRROR_FLOW_OK;
  } catch (...) {
    return textmirror_flow_failed (flow);
  }
}

TextMirrorFlowStatus
textmirror_flow_track (TextMirrorFlow *flow, const TextMirrorFlowPoint *from,
    TextMirrorFlowPoint *to, uint8_t *found, int32_t count)
{
  if (flow == nullptr)
    return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
  flow->last_error.clear ();
  if (count < 0 || (count > 0 && (from == nullptr || to == nullptr || found == nullptr))) {
    flow->last_error = "a NULL pointer or a negative count";
    return TEXTMIRROR_FLOW_ERROR_INVALID_ARGUMENT;
  }
  if (flow->pictures < 2) {
    flow->last_error = "tracking needs a previous and a newest picture; push two first";
    return TEXTMIRROR_FLOW_ERROR_NO_PREVIOUS;
  }
  if (count == 0)
    return TEXTMIRROR_FLOW_OK;

  try {
    flow->from.resize (count);
    flow->to.resize (count);
    for (int32_t i = 0; i < count; i++) {
      flow->from[i] = cv::Point2f (from[i].x, from[i].y);
      flow->to[i] = cv::Point2f (to[i].x, to[i].y);
    }
    const TextMirrorFlowParams &p = flow->params;
    const int levels = std::min (flow->built_levels (0), flow->built_levels (1));
    textmirror_flow_serially ([&] {
      cv::calcOpticalFlowPyrLK (flow->pyramids[0], flow->pyramids[1], flow->from, flow->to,
          flow->status, flow->errors, cv::Size (p.window, p.window), levels,
          cv::TermCriteria (
              cv::TermCriteria::COUNT | cv::TermCriteria::EPS, p.iterations, p.epsilon),
          cv::OPTFLOW_USE_INITIAL_FLOW);
    });
    for (int32_t i = 0; i < count; i++) {
      to[i].x = flow->to[i].x;
      to[i].y = flow->to[i].y;
      found[i]
          = flow->status[i] != 0 && std::isfinite (flow->to[i].x) && std::isfinite (flow->to[i].y);
    }
    return TEXTMIRROR_FLOW_OK;
  } catch (...) {
    return textmirror_flow_failed (flow);
  }
}

} /* extern "C" */
