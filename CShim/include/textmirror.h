/* textmirror.h: the whole boundary between the C shim and the Swift core.
 *
 * Why this header exists: GStreamer elements are GObject types, which are written most
 * naturally in C, while the pixel work and all decisions live in Swift modules that know
 * nothing of GStreamer. Everything that crosses between the two is declared here, using plain
 * C types only, so the Swift side can be unit-tested without GStreamer and the C side stays
 * thin glue.
 *
 * Direction: every function below is implemented in Swift (Sources/TextMirrorPlugin) with
 * @_cdecl under the same name and called from the C shim. Each Swift implementation carries a
 * comment naming its declaration here; keep the two in step.
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
  TEXTMIRROR_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer, bad size or bad value */
  TEXTMIRROR_ERROR_UNSUPPORTED_FORMAT = 2, /* no mirror kernel for this pixel layout */
  TEXTMIRROR_ERROR_NOT_CONFIGURED = 3, /* a frame arrived before a format was set */
} TextMirrorStatus;

/* Pixel formats, numbered independently of GstVideoFormat so Swift needs no GStreamer
 * headers; the C shim maps one to the other in a table. */
typedef enum {
  TEXTMIRROR_FORMAT_UNKNOWN = 0,
  TEXTMIRROR_FORMAT_RGBA, TEXTMIRROR_FORMAT_BGRA, TEXTMIRROR_FORMAT_ARGB, TEXTMIRROR_FORMAT_ABGR,
  TEXTMIRROR_FORMAT_RGBX, TEXTMIRROR_FORMAT_BGRX, TEXTMIRROR_FORMAT_XRGB, TEXTMIRROR_FORMAT_XBGR,
  TEXTMIRROR_FORMAT_RGB, TEXTMIRROR_FORMAT_BGR,
  TEXTMIRROR_FORMAT_AYUV, TEXTMIRROR_FORMAT_Y444,
  TEXTMIRROR_FORMAT_I420, TEXTMIRROR_FORMAT_YV12,
  TEXTMIRROR_FORMAT_NV12, TEXTMIRROR_FORMAT_NV21,
  TEXTMIRROR_FORMAT_YUY2, TEXTMIRROR_FORMAT_UYVY, TEXTMIRROR_FORMAT_YVYU,
  TEXTMIRROR_FORMAT_GRAY8,
} TextMirrorFormat;

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

/* ---- Per-instance session, created at start() and released at stop() ------------------- */

typedef struct TextMirrorSession TextMirrorSession;

/* Returns NULL only if memory is exhausted. */
TextMirrorSession *textmirror_session_new (void);
/* Accepts NULL. */
void textmirror_session_free (TextMirrorSession *session);

/* Chooses the mirror kernels for this format and size (called from set_info). */
TextMirrorStatus textmirror_session_set_format (TextMirrorSession *session,
    TextMirrorFormat format, int32_t width, int32_t height);

/* Setters may be called from any thread while frames are being processed. A spec that
 * textmirror_regions_validate refuses leaves the previous regions in place. */
TextMirrorStatus textmirror_session_set_regions (TextMirrorSession *session, const char *spec);
TextMirrorStatus textmirror_session_set_flip (TextMirrorSession *session, TextMirrorFlip flip);

/* Mirrors every region of the frame in place. */
TextMirrorStatus textmirror_session_process (TextMirrorSession *session,
    const TextMirrorFrame *frame);

/* ---- Implemented in C (CShim/plugin.c), called from Swift tests and the benchmark -------- */

/* Registers the textmirror element with GStreamer from inside the running process, as if the
 * plugin had been found on the plugin path. Returns nonzero on success; safe to call twice. */
int textmirror_plugin_register_static (void);

#ifdef __cplusplus
}
#endif
#endif /* TEXTMIRROR_H */
