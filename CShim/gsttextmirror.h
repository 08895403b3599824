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
#define GST_TYPE_TEXT_MIRROR_PRECISION (gst_text_mirror_precision_get_type ())
GType gst_text_mirror_precision_get_type (void);
#define GST_TYPE_TEXT_MIRROR_TEXT_ORIENTATION (gst_text_mirror_text_orientation_get_type ())
GType gst_text_mirror_text_orientation_get_type (void);

struct _GstTextMirror
{
  GstVideoFilter parent;

  /* Property values, protected by the object lock. They are the element's settings; the
   * Swift session gets a copy at start() and on every change while it exists. */
  gchar *regions;
  TextMirrorFlip flip;
  gboolean enabled;
  gboolean detect;
  gchar *model;
  TextMirrorDetectionMode detection_mode;
  gdouble detection_rate;
  gint detection_size;
  gint threads;
  TextMirrorPrecision precision;
  gdouble text_threshold;
  gdouble box_threshold;
  gdouble min_text_height;
  gboolean post_messages;
  gboolean draw_boxes;
  gdouble smoothing;
  gboolean tracking;
  guint hold_time;
  gboolean verify;
  TextMirrorTextOrientation text_orientation;
  gboolean seamless;

  /* Streaming-thread state: whether upstream is live (answers the latency query with live=TRUE),
   * asked again on every caps change; and the per-frame report, allocated once with the element
   * so the large struct is neither on the stack nor in the instance (GType caps that at 64 KB). */
  gboolean upstream_live;
  TextMirrorFrameResult *result;

  /* Created at start(), released at stop(); the pointer itself is protected by the object
   * lock, so property setters never reach a session that stop() is releasing. */
  TextMirrorSession *session;
};

GST_ELEMENT_REGISTER_DECLARE (textmirror);

G_END_DECLS

#endif /* __GST_TEXT_MIRROR_H__ */
