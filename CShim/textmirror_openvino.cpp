/* textmirror_openvino.cpp: one OpenVINO runtime per process, shared model bytes, and a
 * network compiled for one input shape (see textmirror_openvino.hpp). */
#include "textmirror_openvino.hpp"
#include "textmirror_unwinder.h"

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

namespace textmirror::openvino {

namespace {

[[noreturn]] void
fail (const std::string &what, ov_status_e status)
{
  const char *detail = ov_get_last_err_msg ();
  throw Error (what + " failed (OpenVINO status " + std::to_string (static_cast<int> (status))
               + (detail != nullptr && detail[0] != '\0' ? std::string ("): ") + detail
                                                         : std::string (")")));
}

void
check (ov_status_e status, const char *what)
{
  if (status != OK)
    fail (what, status);
}

/* The runtime. Created on first use and never destroyed: it holds the loaded CPU plugin and
 * its thread pool, and destroying it from a static destructor while a detection thread is
 * still inside a network (an application that exits mid-stream) would crash; the process's
 * exit reclaims it. */
ov_core_t *
core ()
{
  static ov_core_t *shared = [] {
    ov_core_t *made = nullptr;
    check (ov_core_create (&made), "creating the OpenVINO runtime");
    return made;
  }();
  return shared;
}

/* The nice value of the networks' worker threads: that of the detection queue (Dispatch's
 * utility QoS, nice 2 on Linux). */
constexpr int kWorkerNice = 2;

std::mutex model_cache_mutex;
std::map<std::string, std::weak_ptr<const ModelBytes> > model_cache;

} // namespace

std::shared_ptr<const ModelBytes>
read_model_file (const char *path)
{
  struct stat info;
  if (stat (path, &info) != 0)
    throw Error (std::string ("cannot read model file '") + path + "': " + std::strerror (errno));
  if (!S_ISREG (info.st_mode) || info.st_size <= 0)
    throw Error (std::string ("model file '") + path + "' is not a regular, non-empty file");
  /* A replaced file (other size or time) is read again. */
  std::string key = std::string (path) + '\n' + std::to_string (info.st_size) + '\n'
                    + std::to_string (info.st_mtim.tv_sec) + '.'
                    + std::to_string (info.st_mtim.tv_nsec);

  std::lock_guard<std::mutex> lock (model_cache_mutex);
  auto found = model_cache.find (key);
  if (found != model_cache.end ()) {
    if (auto bytes = found->second.lock ())
      return bytes;
  }
  std::unique_ptr<FILE, int (*) (FILE *)> file (std::fopen (path, "rb"), std::fclose);
  if (!file)
    throw Error (std::string ("cannot open model file '") + path + "': " + std::strerror (errno));
  auto bytes = std::make_shared<ModelBytes> (static_cast<size_t> (info.st_size));
  if (std::fread (bytes->data (), 1, bytes->size (), file.get ()) != bytes->size ())
    throw Error (std::string ("short read from model file '") + path + "'");
  /* Forget entries whose networks are all gone, so the map does not grow with every file. */
  for (auto it = model_cache.begin (); it != model_cache.end ();)
    it = it->second.expired () ? model_cache.erase (it) : std::next (it);
  model_cache[key] = bytes;
  return bytes;
}

void
at_worker_priority (const std::function<void ()> &work)
{
  std::exception_ptr failure;
  std::thread worker ([&] {
    /* Best effort: a failure leaves the workers at the caller's priority, which is slower for
     * the streaming thread but still correct. */
    errno = 0;
    int now = getpriority (PRIO_PROCESS, static_cast<id_t> (gettid ()));
    if (errno == 0 && now < kWorkerNice)
      setpriority (PRIO_PROCESS, static_cast<id_t> (gettid ()), kWorkerNice);
    try {
      work ();
    } catch (...) {
      failure = std::current_exception ();
    }
  });
  worker.join ();
  if (failure)
    std::rethrow_exception (failure);
}

int
effective_threads (int threads)
{
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  int available = cores > 0 ? static_cast<int> (cores) : 1;
  return threads <= 0 ? available : std::min (threads, available);
}

Network::Network (std::shared_ptr<const ModelBytes> bytes, const std::vector<int64_t> &input_shape,
    int threads, TextMirrorPrecision precision)
    : bytes_ (std::move (bytes))
{
  /* Here as well as at plugin load, for hosts that call the networks without loading the
   * plugin (the tools, the tests); cheap when nothing was loaded since. */
  textmirror_unwinder_reconcile ();
  try {
    check (ov_core_read_model_from_memory_buffer (
               core (), bytes_->data (), bytes_->size (), nullptr, &model_),
        "reading the ONNX model");

    std::vector<ov_dimension_t> dimensions;
    for (int64_t side : input_shape)
      dimensions.push_back (side < 0 ? ov_dimension_t{ -1, -1 } : ov_dimension_t{ side, side });
    ov_partial_shape_t partial;
    check (ov_partial_shape_create (
               static_cast<int64_t> (dimensions.size ()), dimensions.data (), &partial),
        "making the input shape");
    ov_status_e reshaped = ov_model_reshape_single_input (model_, partial);
    ov_partial_shape_free (&partial);
    check (reshaped, "fixing the model's input shape");

    /* Latency: one request at a time, every thread on it. No pinning: the threads must stay
     * free to move, so the streaming thread can take a core from them (they also run at the
     * detection queue's lower priority). */
    std::string thread_count = std::to_string (effective_threads (threads));
    std::vector<ov_property_t> properties = {
      { ov_property_key_inference_num_threads, thread_count.c_str () },
      { ov_property_key_hint_performance_mode, "LATENCY" },
      { ov_property_key_hint_enable_cpu_pinning, "NO" },
    };
    /* auto: OpenVINO's choice, bf16 on CPUs with bf16 instructions (faster, results differ
     * slightly between CPUs); f32: the same results on every CPU. */
    if (precision == TEXTMIRROR_PRECISION_F32)
      properties.push_back ({ ov_property_key_hint_inference_precision, "f32" });
    check (ov_core_compile_model_props (
               core (), model_, "CPU", properties.size (), properties.data (), &compiled_),
        "compiling the model for the CPU");
    /* OpenVINO loads its CPU plugin and frontend the first time they are needed. */
    textmirror_unwinder_reconcile ();
    check (ov_compiled_model_create_infer_request (compiled_, &request_),
        "making an inference request");
  } catch (...) {
    release ();
    throw;
  }
}

Network::~Network ()
{
  release ();
}

void
Network::release ()
{
  if (input_tensor_ != nullptr)
    ov_tensor_free (input_tensor_);
  if (request_ != nullptr)
    ov_infer_request_free (request_);
  if (compiled_ != nullptr)
    ov_compiled_model_free (compiled_);
  if (model_ != nullptr)
    ov_model_free (model_);
  input_tensor_ = nullptr;
  request_ = nullptr;
  compiled_ = nullptr;
  model_ = nullptr;
}

float *
Network::input (const std::vector<int64_t> &shape)
{
  if (input_tensor_ != nullptr && shape == input_shape_)
    return input_data_.data ();
  size_t elements = 1;
  for (int64_t side : shape) {
    if (side <= 0)
      throw Error ("input shape with a side of " + std::to_string (side));
    elements *= static_cast<size_t> (side);
  }
  if (input_tensor_ != nullptr) {
    ov_tensor_free (input_tensor_);
    input_tensor_ = nullptr;
  }
  input_shape_.clear ();
  input_data_.assign (elements, 0.0f);
  ov_shape_t made_shape;
  check (ov_shape_create (static_cast<int64_t> (shape.size ()), shape.data (), &made_shape),
      "making the input tensor's shape");
  ov_status_e made
      = ov_tensor_create_from_host_ptr (F32, made_shape, input_data_.data (), &input_tensor_);
  ov_shape_free (&made_shape);
  check (made, "making the input tensor");
  check (ov_infer_request_set_input_tensor (request_, input_tensor_), "setting the input tensor");
  input_shape_ = shape;
  return input_data_.data ();
}

const float *
Network::infer (std::vector<int64_t> &output_shape)
{
  check (ov_infer_request_infer (request_), "running the network");
  ov_tensor_t *output = nullptr;
  check (ov_infer_request_get_output_tensor (request_, &output), "reading the network's output");
  std::unique_ptr<ov_tensor_t, void (*) (ov_tensor_t *)> owned (output, ov_tensor_free);

  ov_element_type_e type;
  check (ov_tensor_get_element_type (output, &type), "reading the output's element type");
  if (type != F32)
    throw Error ("the network's output is not 32-bit float");
  ov_shape_t shape;
  check (ov_tensor_get_shape (output, &shape), "reading the output's shape");
  output_shape.assign (shape.dims, shape.dims + shape.rank);
  ov_shape_free (&shape);
  void *data = nullptr;
  check (ov_tensor_data (output, &data), "reading the output's data");
  /* The request owns the output memory; freeing this handle does not free it. */
  return static_cast<const float *> (data);
}

std::string
Network::inference_precision () const
{
  char *value = nullptr;
  if (ov_compiled_model_get_property (compiled_, ov_property_key_hint_inference_precision, &value)
          != OK
      || value == nullptr)
    return "unknown";
  std::string text (value);
  ov_free (value);
  return text;
}

bool
valid_normalization (const TextMirrorNormalization *normalization)
{
  if (normalization == nullptr)
    return false;
  for (int p = 0; p < 3; p++) {
    if (normalization->channel[p] < 0 || normalization->channel[p] > 2
        || !std::isfinite (normalization->scale[p]) || !std::isfinite (normalization->offset[p]))
      return false;
  }
  return true;
}

void
fill_planes (const TextMirrorNormalization &normalization, const uint8_t *rgb, int width,
    int height, int stride, float *planes, int planar_width)
{
  const size_t plane_size = static_cast<size_t> (planar_width) * height;
  for (int p = 0; p < 3; p++) {
    float *plane = planes + p * plane_size;
    const int channel = normalization.channel[p];
    const float scale = normalization.scale[p];
    const float offset = normalization.offset[p];
    for (int y = 0; y < height; y++) {
      const uint8_t *row = rgb + static_cast<size_t> (y) * stride + channel;
      float *out = plane + static_cast<size_t> (y) * planar_width;
      for (int x = 0; x < width; x++)
        out[x] = row[3 * x] * scale + offset;
      std::fill (out + width, out + planar_width, 0.0f);
    }
  }
}

} // namespace textmirror::openvino
