/* textmirror_detector.cpp: the PP-OCR (DB) text detector on OpenCV DNN, behind a C API.
 *
 * Why C++ here: OpenCV 4.6's DNN module has only a C++ API, and Swift 6.3 C++ interop with
 * OpenCV's headers would tie the Swift modules to them. This file is the whole C++ surface;
 * textmirror.h declares its C API ("Implemented in C++") and Swift calls that.
 *
 * What it does per frame: normalize an RGB image that is already at the net's input size,
 * run the forward pass, threshold the probability map, and turn each connected text kernel
 * into a minimum-area rotated rectangle with a score. Everything that depends on the frame
 * (unclip, mapping back to frame pixels, size filters, angle conventions) is done in Swift
 * (TextMirrorCore/TextBoxPostprocess.swift), where it can be unit-tested without a model.
 *
 * Rules kept here: no C++ exception leaves this file (every entry point catches and turns
 * the exception into a status and a message); every pointer is checked.
 */
#include "textmirror.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <shared_mutex>
#include <string>
#include <vector>

namespace {

/* PP-OCR's DBPostProcess drops kernels whose short side is under 3 probability-map pixels
 * (min_size) and keeps at most 1000 candidates; the same values keep our results comparable. */
constexpr float kMinKernelSide = 3.0f;
constexpr size_t kMaxCandidates = 1000;
/* A bound on input sizes, far above any useful detection-size, so a bad value fails cleanly
 * instead of asking OpenCV for gigabytes. */
constexpr int kMaxInputSide = 4096;
constexpr int kMaxThreads = 256;

using ModelBytes = std::vector<uchar>;

void textmirror_detector_copy_message (char *error, size_t error_size, const std::string &text)
{
  if (error == nullptr || error_size == 0)
    return;
  size_t n = std::min (text.size (), error_size - 1);
  std::memcpy (error, text.data (), n);
  error[n] = '\0';
}

/* ---- Model bytes, shared between detectors --------------------------------------------------
 *
 * Each detector needs its own cv::dnn::Net (OpenCV 4.6 caches layer shapes per net, so one
 * net serves one input size, and a net is not safe to use from two threads). What they can
 * share is the model file: it is read once per path into memory and every net is built from
 * that buffer. The cache holds weak references, so the bytes go away with the last detector;
 * the key includes size and modification time, so a replaced file is read again. */

std::mutex textmirror_detector_cache_mutex;
std::map<std::string, std::weak_ptr<const ModelBytes>> textmirror_detector_cache;

std::shared_ptr<const ModelBytes>
textmirror_detector_read_model (const char *path, std::string &message)
{
  struct stat info;
  if (stat (path, &info) != 0) {
    message = std::string ("cannot read model file '") + path + "': " + std::strerror (errno);
    return nullptr;
  }
  if (!S_ISREG (info.st_mode) || info.st_size <= 0) {
    message = std::string ("model file '") + path + "' is not a regular, non-empty file";
    return nullptr;
  }
  std::string key = std::string (path) + '\n' + std::to_string (info.st_size) + '\n'
      + std::to_string (info.st_mtim.tv_sec) + '.' + std::to_string (info.st_mtim.tv_nsec);

  std::lock_guard<std::mutex> lock (textmirror_detector_cache_mutex);
  auto found = textmirror_detector_cache.find (key);
  if (found != textmirror_detector_cache.end ()) {
    if (auto bytes = found->second.lock ())
      return bytes;
  }

  FILE *file = std::fopen (path, "rb");
  if (file == nullptr) {
    message = std::string ("cannot open model file '") + path + "': " + std::strerror (errno);
    return nullptr;
  }
  auto bytes = std::make_shared<ModelBytes> (static_cast<size_t> (info.st_size));
  size_t got = std::fread (bytes->data (), 1, bytes->size (), file);
  std::fclose (file);
  if (got != bytes->size ()) {
    message = std::string ("short read from model file '") + path + "'";
    return nullptr;
  }
  /* Forget entries whose detectors are all gone, so the map does not grow with every file. */
  for (auto it = textmirror_detector_cache.begin (); it != textmirror_detector_cache.end ();) {
    it = it->second.expired () ? textmirror_detector_cache.erase (it) : std::next (it);
  }
  textmirror_detector_cache[key] = bytes;
  return bytes;
}

/* ---- Thread count ----------------------------------------------------------------------------
 *
 * OpenCV's thread pool (TBB in Debian's build) is process-wide, and cv::setNumThreads
 * replaces the pool, which must not happen while another thread is inside a forward pass.
 * So forward passes hold this lock shared and a change of thread count holds it exclusively.
 * With several detectors asking for different counts, the one running applies its own;
 * results do not depend on the count, only speed does. */

std::shared_mutex textmirror_detector_threads_mutex;

void textmirror_detector_apply_threads (int threads)
{
  {
    std::shared_lock<std::shared_mutex> lock (textmirror_detector_threads_mutex);
    if (cv::getNumThreads () == threads)
      return;
  }
  std::unique_lock<std::shared_mutex> lock (textmirror_detector_threads_mutex);
  if (cv::getNumThreads () != threads)
    cv::setNumThreads (threads);
}

}  // namespace

struct TextMirrorDetector {
  std::shared_ptr<const ModelBytes> model;
  cv::dnn::Net net;
  int width = 0;
  int height = 0;
  int threads = 1;
  std::string last_error;
  /* Reused from frame to frame so a detection allocates only what OpenCV allocates. */
  cv::Mat blob;
  cv::Mat mask;
  cv::Mat score_mask;
  std::vector<std::vector<cv::Point>> contours;
  std::vector<TextMirrorDetectedBox> boxes;
};

namespace {

/* Runs the net on `blob` with `threads` OpenCV threads and returns the probability map (the
 * net's output, not a copy). */
cv::Mat
textmirror_detector_forward (TextMirrorDetector *detector, int threads, std::string &message)
{
  textmirror_detector_apply_threads (threads);
  cv::Mat output;
  {
    std::shared_lock<std::shared_mutex> lock (textmirror_detector_threads_mutex);
    detector->net.setInput (detector->blob);
    output = detector->net.forward ();
  }
  /* DB's head upsamples back to the input size: expect 1 x 1 x H x W. */
  if (output.dims != 4 || output.size[0] != 1 || output.size[1] != 1
      || output.size[2] != detector->height || output.size[3] != detector->width
      || output.type () != CV_32F) {
    message = "the model's output is not a 1x1x" + std::to_string (detector->height) + "x"
        + std::to_string (detector->width) + " probability map; is it a DB text detector?";
    return cv::Mat ();
  }
  /* A 2-D header over the same data, sharing its reference count: valid as long as it is used,
   * even if the net reallocates its outputs. */
  return output.reshape (1, std::vector<int> { detector->height, detector->width });
}

/* Mean probability inside the rotated rectangle: PP-OCR's "fast" box score, which its
 * thresholds (box_thresh 0.5-0.6) were tuned for. */
float
textmirror_detector_box_score (TextMirrorDetector *detector, const cv::Mat &prob,
    const cv::RotatedRect &rect)
{
  cv::Point2f corners[4];
  rect.points (corners);
  cv::Rect bounds = cv::boundingRect (std::vector<cv::Point2f> (corners, corners + 4))
      & cv::Rect (0, 0, prob.cols, prob.rows);
  if (bounds.empty ())
    return 0.0f;
  detector->score_mask.create (bounds.size (), CV_8U);
  detector->score_mask.setTo (0);
  cv::Point polygon[4];
  for (int i = 0; i < 4; i++)
    polygon[i] = cv::Point (cvRound (corners[i].x) - bounds.x, cvRound (corners[i].y) - bounds.y);
  cv::fillConvexPoly (detector->score_mask, polygon, 4, cv::Scalar (1));
  return static_cast<float> (cv::mean (prob (bounds), detector->score_mask)[0]);
}

}  // namespace

extern "C" {

TextMirrorDetector *
textmirror_detector_new (const char *model_path, int input_width, int input_height, int threads,
    char *error, size_t error_size)
{
  if (model_path == nullptr || model_path[0] == '\0') {
    textmirror_detector_copy_message (error, error_size, "no model path given");
    return nullptr;
  }
  if (input_width <= 0 || input_height <= 0 || input_width % 32 != 0 || input_height % 32 != 0
      || input_width > kMaxInputSide || input_height > kMaxInputSide) {
    textmirror_detector_copy_message (error, error_size, "input size "
        + std::to_string (input_width) + "x" + std::to_string (input_height)
        + " is not a multiple of 32 between 32 and " + std::to_string (kMaxInputSide));
    return nullptr;
  }
  if (threads < 0 || threads > kMaxThreads) {
    textmirror_detector_copy_message (error, error_size, "threads must be 0 (auto) to "
        + std::to_string (kMaxThreads));
    return nullptr;
  }

  std::unique_ptr<TextMirrorDetector> detector;
  std::string message;
  try {
    detector.reset (new TextMirrorDetector ());
    detector->width = input_width;
    detector->height = input_height;
    /* getNumberOfCPUs honours the CPU affinity mask and cgroup limits. */
    /* Automatic: one thread per core. The detection queue runs at a lower priority (nice 2,
     * DetectionWorker.swift) and OpenCV's worker threads inherit it when the first
     * multi-threaded forward pass starts them from that queue (the probe below runs on one
     * thread so it does not start them here), so the streaming thread takes a core whenever
     * it needs one. Measured on 2 cores (README, benchmark section 3): 1 thread gives 8.8
     * detections/s at 640, 2 threads 12-13/s, streaming-thread p99 within 2 ms either way. */
    detector->threads = threads > 0 ? threads : std::max (1, cv::getNumberOfCPUs ());
    detector->model = textmirror_detector_read_model (model_path, message);
    if (!detector->model) {
      textmirror_detector_copy_message (error, error_size, message);
      return nullptr;
    }
    detector->net = cv::dnn::readNetFromONNX (*detector->model);
    if (detector->net.empty ()) {
      textmirror_detector_copy_message (error, error_size,
          std::string ("OpenCV built an empty network from '") + model_path + "'");
      return nullptr;
    }
    detector->net.setPreferableBackend (cv::dnn::DNN_BACKEND_OPENCV);
    detector->net.setPreferableTarget (cv::dnn::DNN_TARGET_CPU);

    /* One forward pass now: it proves the model is a DB detector that runs at this size
     * (a wrong file fails here, at start, not on the first frame), and it makes OpenCV
     * allocate its buffers before the stream runs. */
    int shape[] = { 1, 3, input_height, input_width };
    detector->blob.create (4, shape, CV_32F);
    detector->blob.setTo (0);
    if (textmirror_detector_forward (detector.get (), 1, message).empty ()) {
      textmirror_detector_copy_message (error, error_size,
          std::string ("model '") + model_path + "': " + message);
      return nullptr;
    }
  } catch (const cv::Exception &e) {
    textmirror_detector_copy_message (error, error_size, std::string ("OpenCV could not load '")
        + model_path + "' (is it the PP-OCR detector prepared by scripts/fetch-model.sh?): "
        + e.what ());
    return nullptr;
  } catch (const std::bad_alloc &) {
    textmirror_detector_copy_message (error, error_size, "out of memory loading the model");
    return nullptr;
  } catch (const std::exception &e) {
    textmirror_detector_copy_message (error, error_size, std::string ("could not load '")
        + model_path + "': " + e.what ());
    return nullptr;
  } catch (...) {
    textmirror_detector_copy_message (error, error_size, "unknown error loading the model");
    return nullptr;
  }
  return detector.release ();
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
  if (rgb == nullptr || out_count == nullptr || max_boxes < 0 || (out == nullptr && max_boxes > 0)) {
    detector->last_error = "a NULL pointer or a negative max_boxes";
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  }
  if (width != detector->width || height != detector->height || stride < 3 * width) {
    detector->last_error = "image " + std::to_string (width) + "x" + std::to_string (height)
        + " (stride " + std::to_string (stride) + ") does not match the detector's input size "
        + std::to_string (detector->width) + "x" + std::to_string (detector->height);
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  }
  if (!(text_threshold > 0.0f && text_threshold < 1.0f) || !(box_threshold >= 0.0f && box_threshold <= 1.0f)) {
    detector->last_error = "text_threshold must be in (0, 1) and box_threshold in [0, 1]";
    return TEXTMIRROR_DETECTOR_ERROR_INVALID_ARGUMENT;
  }

  try {
    /* The Mat only wraps the caller's pixels; blobFromImage reads them and writes a new blob.
     * (x - 127.5) * 2/255 is PP-OCR's (x/255 - 0.5) / 0.5. */
    const cv::Mat image (height, width, CV_8UC3, const_cast<uint8_t *> (rgb),
        static_cast<size_t> (stride));
    cv::dnn::blobFromImage (image, detector->blob, 2.0 / 255.0, cv::Size (),
        cv::Scalar (127.5, 127.5, 127.5), false, false, CV_32F);

    std::string message;
    cv::Mat prob = textmirror_detector_forward (detector, detector->threads, message);
    if (prob.empty ()) {
      detector->last_error = message;
      return TEXTMIRROR_DETECTOR_ERROR_INFERENCE;
    }

    cv::compare (prob, text_threshold, detector->mask, cv::CMP_GT);
    detector->contours.clear ();
    cv::findContours (detector->mask, detector->contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);

    detector->boxes.clear ();
    size_t candidates = std::min (detector->contours.size (), kMaxCandidates);
    for (size_t i = 0; i < candidates; i++) {
      cv::RotatedRect rect = cv::minAreaRect (detector->contours[i]);
      if (std::min (rect.size.width, rect.size.height) < kMinKernelSide)
        continue;
      float score = textmirror_detector_box_score (detector, prob, rect);
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
      std::nth_element (scores.begin (), scores.begin () + (scores.size () - max_boxes),
          scores.end ());
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
  } catch (const cv::Exception &e) {
    detector->last_error = std::string ("OpenCV: ") + e.what ();
    return TEXTMIRROR_DETECTOR_ERROR_INFERENCE;
  } catch (const std::bad_alloc &) {
    detector->last_error = "out of memory";
    return TEXTMIRROR_DETECTOR_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception &e) {
    detector->last_error = e.what ();
    return TEXTMIRROR_DETECTOR_ERROR_INFERENCE;
  } catch (...) {
    detector->last_error = "unknown error";
    return TEXTMIRROR_DETECTOR_ERROR_INFERENCE;
  }
}

}  /* extern "C" */
