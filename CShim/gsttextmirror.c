/* GStreamer textmirror element
 * Copyright (C) 2026 The textmirror authors
 *
 * This library is free software; you can redistribute it and/or modify it under the terms of
 * the GNU Library General Public License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */
/**
 * SECTION:element-textmirror
 * @title: textmirror
 *
 * Mirror-reverses regions of the picture in place: the lines of text that a neural text
 * detector (PaddleOCR's PP-OCR, run by OpenVINO; see #GstTextMirror:detector and
 * #GstTextMirror:model) finds, and the fixed areas given in #GstTextMirror:regions.
 * Everything outside the regions is left untouched and no format conversion happens.
 *
 * Detection runs on an internal queue for live sources, so frames never wait for it, and
 * synchronously on frames spaced by 1/#GstTextMirror:detection-rate otherwise, so a recording
 * made from a file is the same on every machine. After each detection the element posts an
 * element message named `textmirror` (timestamp, stream-time, running-time, duration and a list
 * of `text` boxes), and every output buffer carries a #GstVideoRegionOfInterestMeta of type
 * `text` per mirrored box.
 *
 * This file is GObject glue only: the pixel work and all decisions are made by the Swift
 * session declared in textmirror.h.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 v4l2src ! decodebin ! videoconvert ! textmirror ! videoconvert ! autovideosink
 * gst-launch-1.0 videotestsrc ! textmirror regions="0.25,0.25,0.5,0.5" ! autovideosink
 * ]|
 */

#include <math.h>
#include <string.h>

#include "gsttextmirror.h"

/* Property ids, one per row of TEXTMIRROR_PROPERTIES (textmirror.h), in its order: the rows
 * are the one declaration of a property; ids, param specs, get/set and the settings struct are
 * derived from them. */
enum {
  PROP_0,
#define GST_TEXT_MIRROR_PROP_ID(field, type, name, nick, blurb, mutable) PROP_##field,
  TEXTMIRROR_PROPERTIES (GST_TEXT_MIRROR_PROP_ID)
#undef GST_TEXT_MIRROR_PROP_ID
  N_PROPERTIES
};

static GParamSpec *gst_text_mirror_properties[N_PROPERTIES];

GST_DEBUG_CATEGORY_STATIC (gst_text_mirror_debug);
#define GST_CAT_DEFAULT gst_text_mirror_debug

/* The formats of textmirror.h's table as GstVideoFormats, in table order, so that a format's
 * position is found by comparing numbers. Filled once, in class_init, which also builds the
 * pad templates from the same names: every format listed there is mirrored in place, with no
 * conversion. */
static GstVideoFormat *gst_text_mirror_formats;
static gint gst_text_mirror_n_formats;

/* Registers an enum type once, whichever thread asks first. */
static GType
gst_text_mirror_enum_type (GType *type, const gchar *name, const GEnumValue *values)
{
  if (g_once_init_enter (type))
    g_once_init_leave (type, g_enum_register_static (name, values));
  return *type;
}

static const GEnumValue gst_text_mirror_flip_values[] = {
  { TEXTMIRROR_FLIP_HORIZONTAL, "Reverse left to right (mirror writing)", "horizontal" },
  { TEXTMIRROR_FLIP_VERTICAL, "Reverse top to bottom", "vertical" },
  { TEXTMIRROR_FLIP_ROTATE_180, "Rotate by 180 degrees", "rotate-180" },
  { 0, NULL, NULL },
};

GType
gst_text_mirror_flip_get_type (void)
{
  static GType type = 0;
  return gst_text_mirror_enum_type (&type, "GstTextMirrorFlip", gst_text_mirror_flip_values);
}

static const GEnumValue gst_text_mirror_detection_mode_values[] = {
  { TEXTMIRROR_DETECTION_AUTO, "Async for live sources, sync otherwise", "auto" },
  { TEXTMIRROR_DETECTION_ASYNC, "Detect on an internal queue; frames never wait", "async" },
  { TEXTMIRROR_DETECTION_SYNC,
      "Wait for detection on frames spaced by 1/detection-rate (reproducible)", "sync" },
  { 0, NULL, NULL },
};

GType
gst_text_mirror_detection_mode_get_type (void)
{
  static GType type = 0;
  return gst_text_mirror_enum_type (
      &type, "GstTextMirrorDetectionMode", gst_text_mirror_detection_mode_values);
}

static const GEnumValue gst_text_mirror_detector_values[] = {
  { TEXTMIRROR_DETECTOR_AUTO, "Tiny for live sources (async detection), small for files (sync)",
      "auto" },
  { TEXTMIRROR_DETECTOR_TINY, "PP-OCRv6 tiny: cheaper, for live video on few cores", "tiny" },
  { TEXTMIRROR_DETECTOR_SMALL, "PP-OCRv6 small: finds more lines, at about 3 times tiny's cost",
      "small" },
  { 0, NULL, NULL },
};

GType
gst_text_mirror_detector_get_type (void)
{
  static GType type = 0;
  return gst_text_mirror_enum_type (
      &type, "GstTextMirrorDetector", gst_text_mirror_detector_values);
}

static const GEnumValue gst_text_mirror_precision_values[] = {
  { TEXTMIRROR_PRECISION_AUTO,
      "OpenVINO's choice: bf16 on CPUs with bf16 instructions (faster; "
      "results differ slightly between CPUs)",
      "auto" },
  { TEXTMIRROR_PRECISION_F32, "32-bit float: the same results on every CPU", "f32" },
  { 0, NULL, NULL },
};

GType
gst_text_mirror_precision_get_type (void)
{
  static GType type = 0;
  return gst_text_mirror_enum_type (
      &type, "GstTextMirrorInferencePrecision", gst_text_mirror_precision_values);
}

static const GEnumValue gst_text_mirror_text_orientation_values[] = {
  { TEXTMIRROR_TEXT_ORIENTATION_ANY, "Every line", "any" },
  { TEXTMIRROR_TEXT_ORIENTATION_NORMAL,
      "Only lines that read normally (mirrored text is left alone)", "normal" },
  { TEXTMIRROR_TEXT_ORIENTATION_MIRRORED,
      "Only lines that read mirror-reversed, which become readable", "mirrored" },
  { 0, NULL, NULL },
};

GType
gst_text_mirror_text_orientation_get_type (void)
{
  static GType type = 0;
  return gst_text_mirror_enum_type (
      &type, "GstTextMirrorTextOrientation", gst_text_mirror_text_orientation_values);
}

#define gst_text_mirror_parent_class parent_class
G_DEFINE_TYPE (GstTextMirror, gst_text_mirror, GST_TYPE_VIDEO_FILTER);
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (textmirror, "textmirror", GST_RANK_NONE,
    GST_TYPE_TEXT_MIRROR,
    GST_DEBUG_CATEGORY_INIT (
        gst_text_mirror_debug, "textmirror", 0, "Mirror-reverses text in video"));

/* Hands changed settings to a running session; call with the object lock held. */
static void
gst_text_mirror_push_settings_locked (GstTextMirror *self)
{
  /* The session copies the strings before the lock is released. */
  if (self->session != NULL)
    textmirror_session_update (self->session, &self->settings);
}

static gboolean
gst_text_mirror_start (GstBaseTransform *trans)
{
  GstTextMirror *self = GST_TEXT_MIRROR (trans);
  TextMirrorSession *session;
  TextMirrorSettings settings;
  gchar error[1024] = "";

  /* Loading the model takes a while; do it without the lock, on a copy of the strings. */
  GST_OBJECT_LOCK (self);
  settings = self->settings;
  settings.regions = g_strdup (self->settings.regions);
  settings.model = g_strdup (self->settings.model);
  GST_OBJECT_UNLOCK (self);

  session = textmirror_session_new (&settings, error, sizeof (error));
  g_free ((gchar *)settings.regions);
  g_free ((gchar *)settings.model);
  if (session == NULL)
    goto no_session;

  GST_OBJECT_LOCK (self);
  self->session = session;
  /* Properties may have changed while the model loaded. */
  gst_text_mirror_push_settings_locked (self);
  GST_OBJECT_UNLOCK (self);
  return TRUE;

no_session : {
  GST_ELEMENT_ERROR (self, RESOURCE, OPEN_READ, ("Could not start textmirror: %s", error), (NULL));
  return FALSE;
}
}

static gboolean
gst_text_mirror_stop (GstBaseTransform *trans)
{
  GstTextMirror *self = GST_TEXT_MIRROR (trans);
  TextMirrorSession *session;

  GST_OBJECT_LOCK (self);
  session = self->session;
  self->session = NULL;
  GST_OBJECT_UNLOCK (self);

  textmirror_session_free (session);
  return TRUE;
}

/* The position of `format` in the table, -1 when it is not there. */
static TextMirrorFormat
gst_text_mirror_map_format (GstVideoFormat format)
{
  for (gint i = 0; i < gst_text_mirror_n_formats; i++) {
    if (gst_text_mirror_formats[i] == format)
      return i;
  }
  return -1;
}

/* Reads the table's names into gst_text_mirror_formats and adds both pad templates:
 * video/x-raw in every format of the table, any size and rate. */
static void
gst_text_mirror_add_pad_templates (GstElementClass *element_class)
{
  GValue list = G_VALUE_INIT;
  GstCaps *caps = gst_caps_new_empty_simple ("video/x-raw");
  gint count = textmirror_format_count ();

  gst_text_mirror_formats = g_new (GstVideoFormat, MAX (count, 1));
  g_value_init (&list, GST_TYPE_LIST);
  for (gint i = 0; i < count; i++) {
    const char *name = textmirror_format_name (i);
    GValue value = G_VALUE_INIT;

    gst_text_mirror_formats[i]
        = name != NULL ? gst_video_format_from_string (name) : GST_VIDEO_FORMAT_UNKNOWN;
    if (gst_text_mirror_formats[i] == GST_VIDEO_FORMAT_UNKNOWN) {
      GST_ERROR ("format %d of the table (%s) is no GStreamer format", i, GST_STR_NULL (name));
      continue;
    }
    g_value_init (&value, G_TYPE_STRING);
    g_value_set_static_string (&value, name);
    gst_value_list_append_and_take_value (&list, &value);
  }
  gst_text_mirror_n_formats = count;
  gst_caps_set_value (caps, "format", &list);
  g_value_unset (&list);
  gst_caps_set_simple (caps, "width", GST_TYPE_INT_RANGE, 1, G_MAXINT, "height", GST_TYPE_INT_RANGE,
      1, G_MAXINT, "framerate", GST_TYPE_FRACTION_RANGE, 0, 1, G_MAXINT, 1, NULL);
  gst_element_class_add_pad_template (
      element_class, gst_pad_template_new ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_element_class_add_pad_template (
      element_class, gst_pad_template_new ("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);
}

/* detection-mode=auto follows whether upstream is live, as the latency query tells. */
static gboolean
gst_text_mirror_query_upstream_live (GstTextMirror *self)
{
  GstQuery *query = gst_query_new_latency ();
  gboolean live = FALSE;

  if (gst_pad_peer_query (GST_BASE_TRANSFORM_SINK_PAD (self), query))
    gst_query_parse_latency (query, &live, NULL, NULL);
  gst_query_unref (query);
  return live;
}

static gboolean
gst_text_mirror_set_info (GstVideoFilter *filter, GstCaps *incaps, GstVideoInfo *in_info,
    GstCaps *outcaps, GstVideoInfo *out_info)
{
  GstTextMirror *self = GST_TEXT_MIRROR (filter);
  TextMirrorFormat format = gst_text_mirror_map_format (GST_VIDEO_INFO_FORMAT (in_info));
  TextMirrorStatus status;

  if (self->session == NULL)
    goto no_session;

  /* Colorimetry the caps leave unknown reads as BT.601 limited range, as most raw video is. */
  status = textmirror_session_set_format (self->session, format, GST_VIDEO_INFO_WIDTH (in_info),
      GST_VIDEO_INFO_HEIGHT (in_info),
      in_info->colorimetry.matrix == GST_VIDEO_COLOR_MATRIX_BT709 ? TEXTMIRROR_MATRIX_BT709
                                                                   : TEXTMIRROR_MATRIX_BT601,
      in_info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255);
  if (status != TEXTMIRROR_OK)
    goto unsupported;

  self->upstream_live = gst_text_mirror_query_upstream_live (self);
  GST_DEBUG_OBJECT (self, "mirroring %s %dx%d in place, upstream %s", GST_VIDEO_INFO_NAME (in_info),
      GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info),
      self->upstream_live ? "live" : "not live");
  return TRUE;

no_session : {
  GST_ERROR_OBJECT (self, "caps %" GST_PTR_FORMAT " set before start", incaps);
  return FALSE;
}
unsupported : {
  GST_ERROR_OBJECT (
      self, "no mirror kernel for caps %" GST_PTR_FORMAT " (status %d)", incaps, status);
  return FALSE;
}
}

static TextMirrorTimestamps
gst_text_mirror_timestamps (GstTextMirror *self, GstBuffer *buffer)
{
  GstSegment *segment = &GST_BASE_TRANSFORM (self)->segment;
  GstClockTime pts = GST_BUFFER_PTS (buffer);
  TextMirrorTimestamps stamps = {
    .pts = GST_CLOCK_TIME_IS_VALID (pts) ? pts : TEXTMIRROR_TIME_NONE,
    .duration
    = GST_BUFFER_DURATION_IS_VALID (buffer) ? GST_BUFFER_DURATION (buffer) : TEXTMIRROR_TIME_NONE,
    .stream_time = TEXTMIRROR_TIME_NONE,
    .running_time = TEXTMIRROR_TIME_NONE,
  };

  /* A segment in another format (or none yet, after a flush with no new segment) has no
   * stream or running time for a timestamp; asking would be a CRITICAL. */
  if (GST_CLOCK_TIME_IS_VALID (pts) && segment->format == GST_FORMAT_TIME) {
    GstClockTime st = gst_segment_to_stream_time (segment, GST_FORMAT_TIME, pts);
    GstClockTime rt = gst_segment_to_running_time (segment, GST_FORMAT_TIME, pts);
    stamps.stream_time = GST_CLOCK_TIME_IS_VALID (st) ? st : TEXTMIRROR_TIME_NONE;
    stamps.running_time = GST_CLOCK_TIME_IS_VALID (rt) ? rt : TEXTMIRROR_TIME_NONE;
  }
  return stamps;
}

/* What the recognizer read, on a box's structure (bus message and ROI meta alike). */
static void
gst_text_mirror_set_reading (GstStructure *s, const TextMirrorBox *box)
{
  if (!box->read)
    return;
  gst_structure_set (s, "text", G_TYPE_STRING, box->text, "text-score", G_TYPE_DOUBLE,
      box->text_score, "mirrored", G_TYPE_BOOLEAN, box->mirrored != 0, NULL);
}

/* One element message per finished detection, shaped like facedetect's. */
static void
gst_text_mirror_post_detection (GstTextMirror *self)
{
  const TextMirrorFrameResult *result = self->result;
  GValue boxes = G_VALUE_INIT;
  GstStructure *s;

  g_value_init (&boxes, GST_TYPE_LIST);
  for (gint i = 0; i < result->n_detected; i++) {
    const TextMirrorBox *box = &result->detected[i];
    GValue item = G_VALUE_INIT;
    GstStructure *entry;

    entry = gst_structure_new ("text", "x", G_TYPE_UINT, box->bounds_x, "y", G_TYPE_UINT,
        box->bounds_y, "width", G_TYPE_UINT, box->bounds_width, "height", G_TYPE_UINT,
        box->bounds_height, "angle", G_TYPE_DOUBLE, box->angle, "score", G_TYPE_DOUBLE, box->score,
        NULL);
    gst_text_mirror_set_reading (entry, box);
    g_value_init (&item, GST_TYPE_STRUCTURE);
    /* take, not gst_value_set_structure: that one copies, and the new structure leaked (one per
     * box per detection; found by scripts/check-memory.sh). */
    g_value_take_boxed (&item, entry);
    gst_value_list_append_and_take_value (&boxes, &item);
  }

  s = gst_structure_new ("textmirror", "timestamp", G_TYPE_UINT64,
      (guint64)result->detection_time.pts, "stream-time", G_TYPE_UINT64,
      (guint64)result->detection_time.stream_time, "running-time", G_TYPE_UINT64,
      (guint64)result->detection_time.running_time, "duration", G_TYPE_UINT64,
      (guint64)result->detection_time.duration, NULL);
  gst_structure_take_value (s, "boxes", &boxes);
  gst_element_post_message (GST_ELEMENT (self), gst_message_new_element (GST_OBJECT (self), s));
}

static void
gst_text_mirror_add_metas (GstTextMirror *self, GstBuffer *buffer)
{
  for (gint i = 0; i < self->result->n_mirrored; i++) {
    const TextMirrorBox *box = &self->result->mirrored[i];
    GstVideoRegionOfInterestMeta *meta;
    GstStructure *param;

    meta = gst_buffer_add_video_region_of_interest_meta (
        buffer, "text", box->bounds_x, box->bounds_y, box->bounds_width, box->bounds_height);
    param = gst_structure_new (
        "textmirror", "angle", G_TYPE_DOUBLE, box->angle, "score", G_TYPE_DOUBLE, box->score, NULL);
    gst_text_mirror_set_reading (param, box);
    gst_video_region_of_interest_meta_add_param (meta, param);
  }
}

static GstFlowReturn
gst_text_mirror_transform_frame_ip (GstVideoFilter *filter, GstVideoFrame *frame)
{
  GstTextMirror *self = GST_TEXT_MIRROR (filter);
  TextMirrorFrame planes;
  TextMirrorTimestamps stamps;
  TextMirrorStatus status;
  gboolean post_messages;

  /* In passthrough (enabled=false) GstVideoFilter maps the frame read-only. Ask the mapping
   * itself, not the passthrough flag again: a read-only mapping may point into a buffer that
   * others share, or into read-only memory, whatever the flag says by now. */
  if (!(frame->map[0].flags & GST_MAP_WRITE))
    return GST_FLOW_OK;

  memset (&planes, 0, sizeof (planes));
  planes.width = GST_VIDEO_FRAME_WIDTH (frame);
  planes.height = GST_VIDEO_FRAME_HEIGHT (frame);
  planes.n_planes = GST_VIDEO_FRAME_N_PLANES (frame);
  for (gint i = 0; i < planes.n_planes && i < TEXTMIRROR_MAX_PLANES; i++) {
    planes.data[i] = GST_VIDEO_FRAME_PLANE_DATA (frame, i);
    planes.stride[i] = GST_VIDEO_FRAME_PLANE_STRIDE (frame, i);
  }
  stamps = gst_text_mirror_timestamps (self, frame->buffer);

  status = textmirror_session_process (
      self->session, &planes, &stamps, self->upstream_live, self->result);
  if (status != TEXTMIRROR_OK)
    goto process_failed;

  /* A failed detection or motion measurement keeps the previous boxes; the session says so
   * at most every few seconds. */
  if (self->result->warning[0] != '\0')
    GST_ELEMENT_WARNING (self, LIBRARY, FAILED, ("%s", self->result->warning), (NULL));
  gst_text_mirror_add_metas (self, frame->buffer);
  GST_OBJECT_LOCK (self);
  post_messages = self->settings.post_messages;
  GST_OBJECT_UNLOCK (self);
  if (self->result->has_detection && post_messages)
    gst_text_mirror_post_detection (self);
  return GST_FLOW_OK;

process_failed : {
  /* A frame before caps were set, as videoflip answers it. */
  if (status == TEXTMIRROR_ERROR_NOT_CONFIGURED) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("A %dx%d frame arrived before a format was negotiated", planes.width, planes.height));
    return GST_FLOW_NOT_NEGOTIATED;
  }
  GST_ELEMENT_ERROR (self, STREAM, FAILED, (NULL),
      ("Mirroring a %dx%d frame failed (status %d)", planes.width, planes.height, status));
  return GST_FLOW_ERROR;
}
}

static gboolean
gst_text_mirror_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  GstTextMirror *self = GST_TEXT_MIRROR (trans);

  /* A flushing seek: boxes of the old position must not appear at the new one. */
  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP && self->session != NULL)
    textmirror_session_reset (self->session);
  return GST_BASE_TRANSFORM_CLASS (parent_class)->sink_event (trans, event);
}

/* Called on the streaming thread before each buffer is handled: the one place passthrough
 * changes, so it cannot change while GstBaseTransform and GstVideoFilter decide, one after the
 * other, whether to make the buffer writable and how to map it. Disabled means untouched
 * buffers, so passthrough lets GstBaseTransform skip making them writable. */
static void
gst_text_mirror_before_transform (GstBaseTransform *trans, GstBuffer *buffer)
{
  GstTextMirror *self = GST_TEXT_MIRROR (trans);
  gboolean enabled;

  GST_OBJECT_LOCK (self);
  enabled = self->settings.enabled;
  GST_OBJECT_UNLOCK (self);
  if (gst_base_transform_is_passthrough (trans) == enabled)
    gst_base_transform_set_passthrough (trans, !enabled);
}

/* Whether a "regions" value parses; when it does not, says why (as a bus warning, or on
 * stderr outside a pipeline) and the previous regions stay. */
static gboolean
gst_text_mirror_regions_valid (GstTextMirror *self, const gchar *spec)
{
  gchar error[256];
  GstBus *bus;
  /* The value is quoted only up to here: it may hold thousands of regions. */
  const int quoted = 80;
  int length;
  const gchar *more;

  if (textmirror_regions_validate (spec, error, sizeof (error)) == TEXTMIRROR_OK)
    return TRUE;
  length = (int) MIN (strlen (spec), (gsize) quoted);
  more = strlen (spec) > (gsize) quoted ? "..." : "";

  bus = gst_element_get_bus (GST_ELEMENT (self));
  /* Outside a pipeline a bus message would reach nobody (gst-launch sets properties before
   * the pipeline exists), so say it on stderr instead. */
  if (bus != NULL) {
    GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
        ("Invalid value for property \"regions\": %s", error),
        ("regions=\"%.*s%s\" refused; the previous regions stay in effect", length, spec,
            more));
    gst_object_unref (bus);
  } else {
    g_warning ("textmirror: invalid value for property \"regions\" (\"%.*s%s\"): %s; "
               "the previous regions stay in effect",
        length, spec, more, error);
  }
  return FALSE;
}

/* The GType of each TYPE of TEXTMIRROR_PROPERTIES' rows. */
#define GST_TEXT_MIRROR_GTYPE_BOOLEAN G_TYPE_BOOLEAN
#define GST_TEXT_MIRROR_GTYPE_INT G_TYPE_INT
#define GST_TEXT_MIRROR_GTYPE_UINT G_TYPE_UINT
#define GST_TEXT_MIRROR_GTYPE_DOUBLE G_TYPE_DOUBLE
#define GST_TEXT_MIRROR_GTYPE_STRING G_TYPE_STRING
#define GST_TEXT_MIRROR_GTYPE_FLIP GST_TYPE_TEXT_MIRROR_FLIP
#define GST_TEXT_MIRROR_GTYPE_DETECTOR GST_TYPE_TEXT_MIRROR_DETECTOR
#define GST_TEXT_MIRROR_GTYPE_TEXT_ORIENTATION GST_TYPE_TEXT_MIRROR_TEXT_ORIENTATION
#define GST_TEXT_MIRROR_GTYPE_DETECTION_MODE GST_TYPE_TEXT_MIRROR_DETECTION_MODE
#define GST_TEXT_MIRROR_GTYPE_PRECISION GST_TYPE_TEXT_MIRROR_PRECISION

/* Enum members are read and written as gint. */
G_STATIC_ASSERT (sizeof (TextMirrorFlip) == sizeof (gint));
G_STATIC_ASSERT (sizeof (TextMirrorDetectorChoice) == sizeof (gint));
G_STATIC_ASSERT (sizeof (TextMirrorTextOrientation) == sizeof (gint));
G_STATIC_ASSERT (sizeof (TextMirrorDetectionMode) == sizeof (gint));
G_STATIC_ASSERT (sizeof (TextMirrorPrecision) == sizeof (gint));

/* The member of `settings` that holds property `prop_id`, NULL for an unknown id. */
static gpointer
gst_text_mirror_field (const TextMirrorSettings *settings, guint prop_id)
{
  switch (prop_id) {
#define GST_TEXT_MIRROR_FIELD(field, type, name, nick, blurb, mutable) \
  case PROP_##field:                                                   \
    return (gpointer)&settings->field;
    TEXTMIRROR_PROPERTIES (GST_TEXT_MIRROR_FIELD)
#undef GST_TEXT_MIRROR_FIELD
    default:
      return NULL;
  }
}

/* A param spec of the row's type, its default and bounds read from the same member of the
 * three settings of textmirror_properties. */
static GParamSpec *
gst_text_mirror_param_spec (GType type, const gchar *name, const gchar *nick, const gchar *blurb,
    GParamFlags mutability, guint prop_id)
{
  const TextMirrorProperties *props = textmirror_properties ();
  gconstpointer def = gst_text_mirror_field (&props->defaults, prop_id);
  gconstpointer min = gst_text_mirror_field (&props->minimum, prop_id);
  gconstpointer max = gst_text_mirror_field (&props->maximum, prop_id);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | mutability;

  switch (G_TYPE_FUNDAMENTAL (type)) {
    case G_TYPE_BOOLEAN:
      return g_param_spec_boolean (name, nick, blurb, *(const int32_t *)def != 0, flags);
    case G_TYPE_INT:
      return g_param_spec_int (name, nick, blurb, *(const int32_t *)min, *(const int32_t *)max,
          *(const int32_t *)def, flags);
    case G_TYPE_UINT:
      return g_param_spec_uint (name, nick, blurb, *(const uint32_t *)min, *(const uint32_t *)max,
          *(const uint32_t *)def, flags);
    case G_TYPE_DOUBLE:
      return g_param_spec_double (
          name, nick, blurb, *(const double *)min, *(const double *)max, *(const double *)def, flags);
    case G_TYPE_ENUM:
      return g_param_spec_enum (name, nick, blurb, type, *(const gint *)def, flags);
    case G_TYPE_STRING:
      return g_param_spec_string (name, nick, blurb, *(const char *const *)def, flags);
    default:
      g_assert_not_reached ();
  }
}

/* The one function that reads a property; call with the object lock held. */
static void
gst_text_mirror_get_property_locked (
    GstTextMirror *self, guint prop_id, GValue *value, GParamSpec *pspec)
{
  gpointer field = gst_text_mirror_field (&self->settings, prop_id);

  if (field == NULL) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (self, prop_id, pspec);
    return;
  }
  switch (G_TYPE_FUNDAMENTAL (G_PARAM_SPEC_VALUE_TYPE (pspec))) {
    case G_TYPE_BOOLEAN:
      g_value_set_boolean (value, *(int32_t *)field != 0);
      break;
    case G_TYPE_INT:
      g_value_set_int (value, *(int32_t *)field);
      break;
    case G_TYPE_UINT:
      g_value_set_uint (value, *(uint32_t *)field);
      break;
    case G_TYPE_DOUBLE:
      g_value_set_double (value, *(double *)field);
      break;
    case G_TYPE_ENUM:
      g_value_set_enum (value, *(gint *)field);
      break;
    case G_TYPE_STRING:
      g_value_set_string (value, *(const char **)field);
      break;
    default:
      g_assert_not_reached ();
  }
}

/* The one function that writes a property; call with the object lock held. */
static void
gst_text_mirror_set_property_locked (
    GstTextMirror *self, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  gpointer field = gst_text_mirror_field (&self->settings, prop_id);

  if (field == NULL) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (self, prop_id, pspec);
    return;
  }
  switch (G_TYPE_FUNDAMENTAL (G_PARAM_SPEC_VALUE_TYPE (pspec))) {
    case G_TYPE_BOOLEAN:
      *(int32_t *)field = g_value_get_boolean (value);
      break;
    case G_TYPE_INT:
      *(int32_t *)field = g_value_get_int (value);
      break;
    case G_TYPE_UINT:
      *(uint32_t *)field = g_value_get_uint (value);
      break;
    case G_TYPE_DOUBLE:
      *(double *)field = g_value_get_double (value);
      break;
    case G_TYPE_ENUM:
      *(gint *)field = g_value_get_enum (value);
      break;
    case G_TYPE_STRING:
      g_free (*(gchar **)field);
      *(gchar **)field = g_value_dup_string (value);
      break;
    default:
      g_assert_not_reached ();
  }
}

/* A property value for the log: an enum by its nick ("vertical"), anything else as GLib
 * prints it. Free with g_free. */
static gchar *
gst_text_mirror_value_text (const GValue *value)
{
  if (G_VALUE_HOLDS_ENUM (value)) {
    GEnumClass *klass = g_type_class_peek (G_VALUE_TYPE (value));
    GEnumValue *entry = klass ? g_enum_get_value (klass, g_value_get_enum (value)) : NULL;
    if (entry != NULL)
      return g_strdup (entry->value_nick);
  }
  return g_strdup_value_contents (value);
}

static void
gst_text_mirror_set_property (
    GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  GstTextMirror *self = GST_TEXT_MIRROR (object);
  GValue old = G_VALUE_INIT;
  gchar *old_text, *new_text;

  if (prop_id == PROP_regions && !gst_text_mirror_regions_valid (self, g_value_get_string (value)))
    return;

  GST_OBJECT_LOCK (self);
  if (self->session != NULL && (pspec->flags & GST_PARAM_MUTABLE_READY) != 0) {
    /* The detector and recognizer are loaded at start(): these properties cannot change
     * under a running session. Refused with a warning that says when they can. */
    GST_OBJECT_UNLOCK (self);
    GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
        ("The \"%s\" property can only be changed while the element is stopped "
         "(NULL or READY state); the new value was ignored",
            pspec->name),
        (NULL));
    return;
  }
  g_value_init (&old, G_PARAM_SPEC_VALUE_TYPE (pspec));
  gst_text_mirror_get_property_locked (self, prop_id, &old, pspec);
  gst_text_mirror_set_property_locked (self, prop_id, value, pspec);
  gst_text_mirror_push_settings_locked (self);
  GST_OBJECT_UNLOCK (self);

  old_text = gst_text_mirror_value_text (&old);
  new_text = gst_text_mirror_value_text (value);
  GST_INFO_OBJECT (self, "Changing %s from %s to %s", pspec->name, old_text, new_text);
  g_free (old_text);
  g_free (new_text);
  g_value_unset (&old);
}

static void
gst_text_mirror_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  GstTextMirror *self = GST_TEXT_MIRROR (object);

  GST_OBJECT_LOCK (self);
  gst_text_mirror_get_property_locked (self, prop_id, value, pspec);
  GST_OBJECT_UNLOCK (self);
}

static void
gst_text_mirror_finalize (GObject *object)
{
  GstTextMirror *self = GST_TEXT_MIRROR (object);

  /* stop() has normally released it; an element never started has none. */
  textmirror_session_free (self->session);
  g_free ((gchar *)self->settings.regions);
  g_free ((gchar *)self->settings.model);
  g_free (self->result);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_text_mirror_class_init (GstTextMirrorClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstVideoFilterClass *filter_class = GST_VIDEO_FILTER_CLASS (klass);
  gobject_class->set_property = gst_text_mirror_set_property;
  gobject_class->get_property = gst_text_mirror_get_property;
  gobject_class->finalize = gst_text_mirror_finalize;
#define GST_TEXT_MIRROR_INSTALL(field, type, name, nick, blurb, mutable) \
  gst_text_mirror_properties[PROP_##field] = gst_text_mirror_param_spec (  \
      GST_TEXT_MIRROR_GTYPE_##type, name, nick, blurb, GST_PARAM_MUTABLE_##mutable, PROP_##field);
  TEXTMIRROR_PROPERTIES (GST_TEXT_MIRROR_INSTALL)
#undef GST_TEXT_MIRROR_INSTALL
  g_object_class_install_properties (gobject_class, N_PROPERTIES, gst_text_mirror_properties);

  gst_element_class_set_static_metadata (element_class, "Text mirror", "Filter/Effect/Video",
      "Finds printed text in video and mirror-reverses only the text, in place",
      "The textmirror authors");
  gst_text_mirror_add_pad_templates (element_class);
  gst_type_mark_as_plugin_api (GST_TYPE_TEXT_MIRROR_FLIP, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_TEXT_MIRROR_DETECTION_MODE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_TEXT_MIRROR_DETECTOR, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_TEXT_MIRROR_PRECISION, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_TEXT_MIRROR_TEXT_ORIENTATION, 0);

  trans_class->start = GST_DEBUG_FUNCPTR (gst_text_mirror_start);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_text_mirror_stop);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_text_mirror_sink_event);
  trans_class->before_transform = GST_DEBUG_FUNCPTR (gst_text_mirror_before_transform);
  filter_class->set_info = GST_DEBUG_FUNCPTR (gst_text_mirror_set_info);
  filter_class->transform_frame_ip = GST_DEBUG_FUNCPTR (gst_text_mirror_transform_frame_ip);
}

static void
gst_text_mirror_init (GstTextMirror *self)
{
  /* The defaults hold no strings (regions and model are NULL), so nothing is shared. */
  self->settings = textmirror_properties ()->defaults;
  self->session = NULL;
  self->result = g_new0 (TextMirrorFrameResult, 1);
}
