/* GstTextMirror: the textmirror element type (GObject side only; see textmirror.h). */
#ifndef __GST_TEXT_MIRROR_H__
#define __GST_TEXT_MIRROR_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/video/gstvideofilter.h>

#include "textmirror.h"

G_BEGIN_DECLS

#define GST_TYPE_TEXT_MIRROR (gst_text_mirror_get_type ())
G_DECLARE_FINAL_TYPE (GstTextMirror, gst_text_mirror, GST, TEXT_MIRROR, GstVideoFilter)

#define GST_TYPE_TEXT_MIRROR_FLIP (gst_text_mirror_flip_get_type ())
GType gst_text_mirror_flip_get_type (void);
#define GST_TYPE_TEXT_MIRROR_DETECTION_MODE (gst_text_mirror_detection_mode_get_type ())
GType gst_text_mirror_detection_mode_get_type (void);
#define GST_TYPE_TEXT_MIRROR_DETECTOR (gst_text_mirror_detector_get_type ())
GType gst_text_mirror_detector_get_type (void);
#define GST_TYPE_TEXT_MIRROR_PRECISION (gst_text_mirror_precision_get_type ())
GType gst_text_mirror_precision_get_type (void);
#define GST_TYPE_TEXT_MIRROR_TEXT_ORIENTATION (gst_text_mirror_text_orientation_get_type ())
GType gst_text_mirror_text_orientation_get_type (void);

struct _GstTextMirror {
  GstVideoFilter parent;

  /* Locking. The property values, one member per row of TEXTMIRROR_PROPERTIES (textmirror.h),
   * are protected by the object lock; the strings are owned here. The Swift session gets a
   * copy at start() and on every change while it exists.
   *
   * Lock order: the object lock, then the Swift session's own locks (property setters hand
   * the new settings to the session, textmirror_session_update, with the object lock held).
   * Swift never takes the object lock nor calls back into this file, and no lock is held
   * while a frame is processed (textmirror_session_process runs without the object lock). */
  TextMirrorSettings settings;

  /* Streaming-thread state, touched only by the streaming thread (set_info, transform,
   * sink_event), without a lock: whether upstream is live (answers the latency query with
   * live=TRUE), asked again on every caps change; and the per-frame report, allocated once with
   * the element so the large struct is neither on the stack nor in the instance (GType caps
   * that at 64 KB). */
  gboolean upstream_live;
  TextMirrorFrameResult *result;

  /* Created at start(), released at stop(). Written only there, with the object lock held;
   * property setters read it with the lock held, so they never reach a session that stop() is
   * releasing. The streaming thread reads it without the lock: GstBaseTransform calls start()
   * before streaming begins and stop() after it has ended (pad activation and deactivation,
   * under the stream lock), so it cannot change under a frame. */
  TextMirrorSession *session;
};

GST_ELEMENT_REGISTER_DECLARE (textmirror);

G_END_DECLS

#endif /* __GST_TEXT_MIRROR_H__ */
