/* textmirror_openvino.hpp: what the two networks (the text detector and the text recognizer)
 * share about running on OpenVINO: one runtime per process, model files read once, and a
 * network compiled for one fixed input shape. Internal to CShim's C++ files; the C boundary
 * stays in include/textmirror.h.
 *
 * Errors are C++ exceptions (textmirror::openvino::Error) carrying OpenVINO's own message;
 * the C entry points catch them, so none crosses into C or Swift.
 */
#pragma once

#include "textmirror.h"

#include <openvino/c/openvino.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace textmirror::openvino {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/* The bytes of a model file, read once per path, size and modification time and shared by
 * every network built from it (weak references: they go away with the last network). */
using ModelBytes = std::vector<char>;
std::shared_ptr<const ModelBytes> read_model_file (const char *path);

/* Threads for one network: 0 = one per core; more than the cores is clamped (oneTBB would
 * clamp it anyway, with a warning on stderr). */
int effective_threads (int threads);

/* Runs `work` (making a network and its first inference) on a short-lived thread of lower
 * priority, and waits for it; exceptions pass through. Why: OpenVINO's worker threads are
 * started by the first work that needs them and inherit the priority of the thread that
 * starts them. Made from the element's start() or the streaming thread, they would run at
 * the streaming thread's priority and take its core whenever they have work; made here, they
 * run at the detection queue's lower priority (DetectionWorker.swift), and the streaming
 * thread wins a contended core. A thread cannot raise its priority again without privileges,
 * so a separate thread is lowered rather than the caller. */
void at_worker_priority (const std::function<void ()> &work);

/* Whether `normalization` is given and names RGB channels 0-2 with finite factors. */
bool valid_normalization (const TextMirrorNormalization *normalization);

/* Fills a network's planar input (3 planes of `planar_width` x `height` floats at `planes`)
 * from packed RGB (`width` pixels a row, rows `stride` bytes apart) as `normalization` says;
 * columns from `width` to `planar_width` get 0, the normalized mid-gray PP-OCR pads with. */
void fill_planes (const TextMirrorNormalization &normalization, const uint8_t *rgb, int width,
    int height, int stride, float *planes, int planar_width);

/* One compiled network with one inference request. The caller owns the memory layouts:
 * `input (shape)` is a float tensor of that shape, which the caller fills before `infer`, and
 * `infer` returns the first output.
 *
 * Not thread-safe: one thread at a time (the callers hold their own lock). */
class Network {
public:
  /* Reads the ONNX model from `bytes`, sets its only input's shape to `input_shape` (NCHW; a
   * side of -1 stays dynamic, so one network serves every size there), and compiles it for
   * the CPU with `threads` threads (see effective_threads) and `precision`. A fixed shape
   * runs fastest; the detector fixes every side, the recognizer leaves the width free. */
  Network (std::shared_ptr<const ModelBytes> bytes, const std::vector<int64_t> &input_shape,
      int threads, TextMirrorPrecision precision);
  ~Network ();
  Network (const Network &) = delete;
  Network &operator= (const Network &) = delete;

  /* The input tensor's memory for an input of `shape` (which must fit the network's), zeroed
   * when the shape changes; valid until the next call. */
  float *input (const std::vector<int64_t> &shape);
  /* Runs the network; returns the first output's data and writes its shape. The data stays
   * valid until the next infer. */
  const float *infer (std::vector<int64_t> &output_shape);
  /* The precision OpenVINO chose for inference ("f32", "bf16", ...). */
  std::string inference_precision () const;

private:
  void release ();

  std::shared_ptr<const ModelBytes> bytes_;
  std::vector<int64_t> input_shape_;
  ov_model_t *model_ = nullptr;
  ov_compiled_model_t *compiled_ = nullptr;
  ov_infer_request_t *request_ = nullptr;
  ov_tensor_t *input_tensor_ = nullptr;
  std::vector<float> input_data_;
};

} // namespace textmirror::openvino
