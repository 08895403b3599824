/* textmirror_recognizer.cpp: a PP-OCR text recognizer on OpenVINO, behind a C API (see
 * textmirror.h). Normalizes a crop, runs the network, and reduces its output (a probability
 * for every class at every step) to the best class of each step, which is all greedy CTC
 * decoding needs; the decoding itself is Swift's.
 *
 * Rules kept here: no C++ exception leaves this file; every pointer is checked.
 */
#include "textmirror.h"
#include "textmirror_errors.hpp"
#include "textmirror_exit_guard.hpp"
#include "textmirror_openvino.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace openvino = textmirror::openvino;
using textmirror::caught_error;
using textmirror::copy_message;
using textmirror::loading_failure;

struct TextMirrorRecognizer {
  std::unique_ptr<openvino::Network> net;
  TextMirrorNormalization normalization;
  std::string last_error;
};

namespace {

constexpr int kHeight = TEXTMIRROR_RECOGNIZER_HEIGHT;
/* Input columns per output step of the network. */
constexpr int kColumnsPerStep = 8;

/* Runs the network on a crop and writes each step's best class, and the space's probability. */
void
textmirror_recognizer_read (TextMirrorRecognizer *recognizer, const uint8_t *rgb, int width,
    int stride, int32_t *best_class, float *best_probability, float *space_probability,
    int capacity, int *out_steps, int *out_classes)
{
  /* The padding is 0 after normalization (mid-gray), as PP-OCR pads its crops. */
  const int padded = textmirror_recognizer_input_width (width);
  float *planes = recognizer->net->input ({ 1, 3, kHeight, padded });
  openvino::fill_planes (recognizer->normalization, rgb, width, kHeight, stride, planes, padded);

  std::vector<int64_t> shape;
  const float *output = recognizer->net->infer (shape);
  if (shape.size () != 3 || shape[0] != 1 || shape[1] <= 0 || shape[2] < 2)
    throw openvino::Error (
        "the model's output is not 1 x steps x classes; is it a CTC text recognizer?");
  /* Only the steps over the crop itself: the padding reads as nothing, or as spaces. */
  const int crop_steps = (width + kColumnsPerStep - 1) / kColumnsPerStep;
  const int steps = std::min (static_cast<int> (shape[1]),
      static_cast<int> ((static_cast<int64_t> (shape[1]) * crop_steps * kColumnsPerStep + padded - 1) / padded));
  const int classes = static_cast<int> (shape[2]);
  for (int t = 0; t < steps && t < capacity; t++) {
    const float *scores = output + static_cast<size_t> (t) * classes;
    const float *best = std::max_element (scores, scores + classes);
    best_class[t] = static_cast<int32_t> (best - scores);
    best_probability[t] = *best;
    space_probability[t] = scores[classes - 1];
  }
  *out_steps = std::min (steps, capacity);
  *out_classes = classes;
}

} // namespace

extern "C" {

TextMirrorRecognizer *
textmirror_recognizer_new (const char *model_path, const TextMirrorNormalization *normalization,
    int threads, TextMirrorPrecision precision, char *error, size_t error_size)
{
  if (model_path == nullptr || model_path[0] == '\0') {
    copy_message (error, error_size, "no recognizer model path given");
    return nullptr;
  }
  if (!openvino::valid_normalization (normalization)) {
    copy_message (error, error_size, "no valid input normalization given");
    return nullptr;
  }
  try {
    textmirror::LibraryCall call;
    auto recognizer = std::make_unique<TextMirrorRecognizer> ();
    recognizer->normalization = *normalization;
    openvino::at_worker_priority ([&] {
      recognizer->net = std::make_unique<openvino::Network> (openvino::read_model_file (model_path),
          std::vector<int64_t>{ 1, 3, kHeight, -1 }, threads, precision);
      /* One read of a blank crop proves the model is a recognizer of this input height. */
      std::vector<uint8_t> blank (static_cast<size_t> (kHeight) * 64 * 3, 255);
      std::vector<int32_t> classes (64);
      std::vector<float> probabilities (64), spaces (64);
      int steps = 0, count = 0;
      textmirror_recognizer_read (recognizer.get (), blank.data (), 64, 64 * 3, classes.data (),
          probabilities.data (), spaces.data (), 64, &steps, &count);
    });
    return recognizer.release ();
  } catch (...) {
    copy_message (error, error_size,
        loading_failure (model_path, "recognizer model", "the PP-OCR recognizer"));
  }
  return nullptr;
}

void
textmirror_recognizer_free (TextMirrorRecognizer *recognizer)
{
  delete recognizer;
}

const char *
textmirror_recognizer_last_error (const TextMirrorRecognizer *recognizer)
{
  return recognizer == nullptr ? "no recognizer" : recognizer->last_error.c_str ();
}

TextMirrorRecognizerStatus
textmirror_recognizer_run (TextMirrorRecognizer *recognizer, const uint8_t *rgb, int width,
    int stride, int32_t *best_class, float *best_probability, float *space_probability,
    int capacity, int *out_steps, int *out_classes)
{
  if (recognizer == nullptr)
    return TEXTMIRROR_RECOGNIZER_ERROR_INVALID_ARGUMENT;
  recognizer->last_error.clear ();
  if (rgb == nullptr || best_class == nullptr || best_probability == nullptr
      || space_probability == nullptr || out_steps == nullptr || out_classes == nullptr
      || capacity < 0) {
    recognizer->last_error = "a NULL pointer or a negative capacity";
    return TEXTMIRROR_RECOGNIZER_ERROR_INVALID_ARGUMENT;
  }
  *out_steps = 0;
  *out_classes = 0;
  if (width < kColumnsPerStep || width > TEXTMIRROR_RECOGNIZER_MAX_WIDTH || stride < 3 * width) {
    recognizer->last_error = "crop width " + std::to_string (width) + " (stride "
                             + std::to_string (stride) + ") is not between "
                             + std::to_string (kColumnsPerStep) + " and "
                             + std::to_string (TEXTMIRROR_RECOGNIZER_MAX_WIDTH);
    return TEXTMIRROR_RECOGNIZER_ERROR_INVALID_ARGUMENT;
  }
  try {
    textmirror::LibraryCall call;
    textmirror_recognizer_read (recognizer, rgb, width, stride, best_class, best_probability,
        space_probability, capacity, out_steps, out_classes);
    return TEXTMIRROR_RECOGNIZER_OK;
  } catch (...) {
    recognizer->last_error = caught_error ().message;
  }
  return TEXTMIRROR_RECOGNIZER_ERROR_INFERENCE;
}

} /* extern "C" */
