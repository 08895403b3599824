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
 * detector (PP-OCRv4 through OpenCV DNN) finds, and the fixed areas given in
 * #GstTextMirror:regions. Everything outside the regions is left untouched and no format
 * conversion happens.
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
 * gst-launch-1.0 v4l2src ! textmirror ! autovideosink
 * gst-launch-1.0 videotestsrc ! textmirror regions="0.25,0.25,0.5,0.5" ! autovideosink
 * ]|
 */

#include <math.h>
#include <string.h>

#include "gsttextmirror.h"

/* The element's property order: the same in this enum, in the installation in class_init, in
 * TextMirrorSettings, MirrorEngine.Settings, ElementProperties and README's table. Defaults and
 * ranges are not written here: they come from textmirror_properties (textmirror.h). */
enum {
  PROP_0,
  PROP_REGIONS,
  PROP_FLIP,
  PROP_ENABLED,
  PROP_DETECT,
  PROP_DETECTOR,
  PROP_MODEL,
  PROP_VERIFY,
  PROP_TEXT_ORIENTATION,
  PROP_VERTICAL_TEXT,
  PROP_SEAMLESS,
  PROP_DETECTION_MODE,
  PROP_DETECTION_RATE,
  PROP_DETECTION_SIZE,
  PROP_THREADS,
  PROP_PARALLEL_DETECTIONS,
  PROP_INFERENCE_PRECISION,
  PROP_TEXT_THRESHOLD,
  PROP_BOX_THRESHOLD,
  PROP_MIN_TEXT_HEIGHT,
  PROP_TRACKING,
  PROP_SMOOTHING,
  PROP_HOLD_TIME,
  PROP_POST_MESSAGES,
  PROP_DRAW_BOXES,
};

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

/* Copies the property values; call with the object lock held. The strings stay owned by
 * the element, and the session copies them before the lock is released. */
static TextMirrorSettings
gst_text_mirror_settings_locked (GstTextMirror *self)
{
  TextMirrorSettings settings = {
    .regions = self->regions,
    .flip = self->flip,
    .detect = self->detect,
    .detector = self->detector,
    .model = self->model,
    .verify = self->verify,
    .text_orientation = self->text_orientation,
    .vertical_text = self->vertical_text,
    .seamless = self->seamless,
    .detection_mode = self->detection_mode,
    .detection_rate = self->detection_rate,
    .detection_size = self->detection_size,
    .threads = self->threads,
    .parallel_detections = self->parallel_detections,
    .precision = self->precision,
    .text_threshold = self->text_threshold,
    .box_threshold = self->box_threshold,
    .min_text_height = self->min_text_height,
    .tracking = self->tracking,
    .smoothing = self->smoothing,
    .hold_time = (int32_t)self->hold_time, /* at most 60000: the property range */
    .draw_boxes = self->draw_boxes,
  };
  return settings;
}

/* Hands changed settings to a running session; call with the object lock held. */
static void
gst_text_mirror_push_settings_locked (GstTextMirror *self)
{
  if (self->session != NULL) {
    TextMirrorSettings settings = gst_text_mirror_settings_locked (self);
    textmirror_session_update (self->session, &settings);
  }
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
  settings = gst_text_mirror_settings_locked (self);
  settings.regions = g_strdup (self->regions);
  settings.model = g_strdup (self->model);
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

  status = textmirror_session_set_format (
      self->session, format, GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info));
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
  post_messages = self->post_messages;
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
  enabled = self->enabled;
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

  if (textmirror_regions_validate (spec, error, sizeof (error)) == TEXTMIRROR_OK)
    return TRUE;

  bus = gst_element_get_bus (GST_ELEMENT (self));
  /* Outside a pipeline a bus message would reach nobody (gst-launch sets properties before
   * the pipeline exists), so say it on stderr instead. */
  if (bus != NULL) {
    GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
        ("Invalid value for property \"regions\": %s", error),
        ("regions=\"%s\" refused; the previous regions stay in effect", spec));
    gst_object_unref (bus);
  } else {
    g_warning ("textmirror: invalid value for property \"regions\" (\"%s\"): %s; "
               "the previous regions stay in effect",
        spec, error);
  }
  return FALSE;
}

/* Properties read only when the session starts (they choose and load the networks). */
static gboolean
gst_text_mirror_needs_restart (guint prop_id)
{
  switch (prop_id) {
    case PROP_DETECT:
    case PROP_DETECTOR:
    case PROP_MODEL:
    case PROP_DETECTION_SIZE:
    case PROP_THREADS:
    case PROP_PARALLEL_DETECTIONS:
    case PROP_INFERENCE_PRECISION:
      return TRUE;
    default:
      return FALSE;
  }
}

/* The one switch that reads a property; call with the object lock held. */
static void
gst_text_mirror_get_property_locked (
    GstTextMirror *self, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id) {
    case PROP_REGIONS:
      g_value_set_string (value, self->regions);
      break;
    case PROP_FLIP:
      g_value_set_enum (value, self->flip);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_DETECT:
      g_value_set_boolean (value, self->detect);
      break;
    case PROP_DETECTOR:
      g_value_set_enum (value, self->detector);
      break;
    case PROP_MODEL:
      g_value_set_string (value, self->model);
      break;
    case PROP_VERIFY:
      g_value_set_boolean (value, self->verify);
      break;
    case PROP_TEXT_ORIENTATION:
      g_value_set_enum (value, self->text_orientation);
      break;
    case PROP_VERTICAL_TEXT:
      g_value_set_boolean (value, self->vertical_text);
      break;
    case PROP_SEAMLESS:
      g_value_set_boolean (value, self->seamless);
      break;
    case PROP_DETECTION_MODE:
      g_value_set_enum (value, self->detection_mode);
      break;
    case PROP_DETECTION_RATE:
      g_value_set_double (value, self->detection_rate);
      break;
    case PROP_DETECTION_SIZE:
      g_value_set_int (value, self->detection_size);
      break;
    case PROP_THREADS:
      g_value_set_int (value, self->threads);
      break;
    case PROP_PARALLEL_DETECTIONS:
      g_value_set_int (value, self->parallel_detections);
      break;
    case PROP_INFERENCE_PRECISION:
      g_value_set_enum (value, self->precision);
      break;
    case PROP_TEXT_THRESHOLD:
      g_value_set_double (value, self->text_threshold);
      break;
    case PROP_BOX_THRESHOLD:
      g_value_set_double (value, self->box_threshold);
      break;
    case PROP_MIN_TEXT_HEIGHT:
      g_value_set_double (value, self->min_text_height);
      break;
    case PROP_TRACKING:
      g_value_set_boolean (value, self->tracking);
      break;
    case PROP_SMOOTHING:
      g_value_set_double (value, self->smoothing);
      break;
    case PROP_HOLD_TIME:
      g_value_set_uint (value, self->hold_time);
      break;
    case PROP_POST_MESSAGES:
      g_value_set_boolean (value, self->post_messages);
      break;
    case PROP_DRAW_BOXES:
      g_value_set_boolean (value, self->draw_boxes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (self, prop_id, pspec);
      break;
  }
}

/* The one switch that writes a property; call with the object lock held. */
static void
gst_text_mirror_set_property_locked (
    GstTextMirror *self, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id) {
    case PROP_REGIONS:
      g_free (self->regions);
      self->regions = g_value_dup_string (value);
      break;
    case PROP_FLIP:
      self->flip = g_value_get_enum (value);
      break;
    case PROP_ENABLED:
      /* Passthrough follows on the streaming thread, in before_transform: set from here it
       * could change while GstBaseTransform handles a buffer, which then would be written to
       * without having been made writable (a buffer a tee's other branch also sees). */
      self->enabled = g_value_get_boolean (value);
      break;
    case PROP_DETECT:
      self->detect = g_value_get_boolean (value);
      break;
    case PROP_DETECTOR:
      self->detector = g_value_get_enum (value);
      break;
    case PROP_MODEL:
      g_free (self->model);
      self->model = g_value_dup_string (value);
      break;
    case PROP_VERIFY:
      self->verify = g_value_get_boolean (value);
      break;
    case PROP_TEXT_ORIENTATION:
      self->text_orientation = g_value_get_enum (value);
      break;
    case PROP_VERTICAL_TEXT:
      self->vertical_text = g_value_get_boolean (value);
      break;
    case PROP_SEAMLESS:
      self->seamless = g_value_get_boolean (value);
      break;
    case PROP_DETECTION_MODE:
      self->detection_mode = g_value_get_enum (value);
      break;
    case PROP_DETECTION_RATE:
      self->detection_rate = g_value_get_double (value);
      break;
    case PROP_DETECTION_SIZE:
      self->detection_size = g_value_get_int (value);
      break;
    case PROP_THREADS:
      self->threads = g_value_get_int (value);
      break;
    case PROP_PARALLEL_DETECTIONS:
      self->parallel_detections = g_value_get_int (value);
      break;
    case PROP_INFERENCE_PRECISION:
      self->precision = g_value_get_enum (value);
      break;
    case PROP_TEXT_THRESHOLD:
      self->text_threshold = g_value_get_double (value);
      break;
    case PROP_BOX_THRESHOLD:
      self->box_threshold = g_value_get_double (value);
      break;
    case PROP_MIN_TEXT_HEIGHT:
      self->min_text_height = g_value_get_double (value);
      break;
    case PROP_TRACKING:
      self->tracking = g_value_get_boolean (value);
      break;
    case PROP_SMOOTHING:
      self->smoothing = g_value_get_double (value);
      break;
    case PROP_HOLD_TIME:
      self->hold_time = g_value_get_uint (value);
      break;
    case PROP_POST_MESSAGES:
      self->post_messages = g_value_get_boolean (value);
      break;
    case PROP_DRAW_BOXES:
      self->draw_boxes = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (self, prop_id, pspec);
      break;
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

  if (prop_id == PROP_REGIONS && !gst_text_mirror_regions_valid (self, g_value_get_string (value)))
    return;

  GST_OBJECT_LOCK (self);
  if (self->session != NULL && gst_text_mirror_needs_restart (prop_id)) {
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
  GST_INFO_OBJECT (self, "%s changed from %s to %s", pspec->name, old_text, new_text);
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
  g_free (self->regions);
  g_free (self->model);
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
  const TextMirrorProperties *props = textmirror_properties ();
  const TextMirrorSettings *defaults = &props->defaults;

  gobject_class->set_property = gst_text_mirror_set_property;
  gobject_class->get_property = gst_text_mirror_get_property;
  gobject_class->finalize = gst_text_mirror_finalize;

  g_object_class_install_property (gobject_class, PROP_REGIONS,
      g_param_spec_string ("regions", "Regions",
          "Fixed regions that are always mirrored: \"x,y,w,h[,angle];...\" in "
          "normalized frame coordinates (0..1, origin top-left; x,y is the "
          "top-left corner, angle in degrees turns the box about its centre)",
          NULL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_FLIP,
      g_param_spec_enum ("flip", "Flip", "The reversal applied inside each region",
          GST_TYPE_TEXT_MIRROR_FLIP, defaults->flip,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_ENABLED,
      g_param_spec_boolean ("enabled", "Enabled",
          "Mirror regions; when false, frames pass through untouched", props->enabled,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DETECT,
      g_param_spec_boolean ("detect", "Detect text",
          "Find lines of text with the neural detector and mirror them "
          "(false: only the fixed regions are mirrored and no model is needed)",
          defaults->detect, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_DETECTOR,
      g_param_spec_enum ("detector", "Detector",
          "Which PP-OCRv6 text detector runs when model is not set: tiny (cheaper), "
          "small (finds more lines), or auto: tiny where detection is async (live "
          "sources), small where it is sync (files)",
          GST_TYPE_TEXT_MIRROR_DETECTOR, defaults->detector,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_MODEL,
      g_param_spec_string ("model", "Model",
          "Path of a PP-OCR text detection model (ONNX), instead of the one detector "
          "picks; the recognizer of its generation is read from the same folder. "
          "Default: $TEXTMIRROR_MODEL, else the models folder: the first of "
          "~/.local/share/textmirror/models/, <plugin prefix>/share/textmirror/models/, "
          "/usr/local/share/textmirror/models/, /usr/share/textmirror/models/ "
          "(scripts/install.sh puts them there)",
          NULL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_VERIFY,
      g_param_spec_boolean ("verify", "Verify",
          "Mirror a detected box only once the text recognizer read at least "
          "one character in it, as it is or mirror-reversed (drops boxes on "
          "textures that are not text); false mirrors every detected box. The "
          "recognizer reads Latin, Chinese, Cyrillic and Greek, not Arabic or "
          "Hebrew: set false for those",
          defaults->verify,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_TEXT_ORIENTATION,
      g_param_spec_enum ("text-orientation", "Text orientation",
          "Which lines are turned, by how they read: any, only those that "
          "read normally, or only those that read mirror-reversed (a selfie "
          "view: videoflip video-direction=horiz ! textmirror "
          "text-orientation=mirrored)",
          GST_TYPE_TEXT_MIRROR_TEXT_ORIENTATION, defaults->text_orientation,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_VERTICAL_TEXT,
      g_param_spec_boolean ("vertical-text", "Vertical text",
          "Also find lines running up or down the picture (a page or a box lying "
          "sideways, a book's spine) by detecting on the frame turned a quarter as "
          "well: each detection costs two, so a live source gets about half as many",
          defaults->vertical_text,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_SEAMLESS,
      g_param_spec_boolean ("seamless", "Seamless",
          "Mirror the text of each detected line but not its background: the "
          "background is estimated from a thin ring around the box and only the "
          "difference from it is mirrored, so gradients, vignetting and shadows "
          "stay continuous and no box edge shows (on a flat background this is the "
          "plain mirror); false mirrors the box as it is. Fixed regions are "
          "always plain mirrors",
          defaults->seamless,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DETECTION_MODE,
      g_param_spec_enum ("detection-mode", "Detection mode",
          "When detection runs: on an internal queue without delaying frames "
          "(async), or waiting for it on frames spaced by 1/detection-rate in "
          "stream time, reproducible (sync); auto = async for live sources",
          GST_TYPE_TEXT_MIRROR_DETECTION_MODE, defaults->detection_mode,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DETECTION_RATE,
      g_param_spec_double ("detection-rate", "Detection rate",
          "Upper bound on text detections per second of stream time", props->detection_rate.minimum,
          props->detection_rate.maximum, defaults->detection_rate,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DETECTION_SIZE,
      g_param_spec_int ("detection-size", "Detection size",
          "Long side, in pixels, of the picture the detector sees (rounded to "
          "a multiple of 32); larger finds smaller text but costs more",
          (gint)props->detection_size.minimum, (gint)props->detection_size.maximum,
          defaults->detection_size,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_THREADS,
      g_param_spec_int ("threads", "Threads",
          "Threads the detector may use (0 = automatic: one per core; they run "
          "at a lower priority, so the streaming thread still gets a core)",
          (gint)props->threads.minimum, (gint)props->threads.maximum, defaults->threads,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_PARALLEL_DETECTIONS,
      g_param_spec_int ("parallel-detections", "Parallel detections",
          "Detections that run side by side, each on its own copy of the "
          "network with a share of the threads. On 2 cores one detection with "
          "both threads measured faster than two with one each; more may pay "
          "on machines with more cores",
          (gint)props->parallel_detections.minimum, (gint)props->parallel_detections.maximum,
          defaults->parallel_detections,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_INFERENCE_PRECISION,
      g_param_spec_enum ("inference-precision", "Inference precision",
          "Numeric precision of the neural networks: auto lets OpenVINO pick "
          "bf16 on CPUs that have it (faster, results differ slightly between "
          "CPUs); f32 gives the same results on every CPU",
          GST_TYPE_TEXT_MIRROR_PRECISION, defaults->precision,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_TEXT_THRESHOLD,
      g_param_spec_double ("text-threshold", "Text threshold",
          "Text probability above which a pixel counts as text", props->text_threshold.minimum,
          props->text_threshold.maximum, defaults->text_threshold,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_BOX_THRESHOLD,
      g_param_spec_double ("box-threshold", "Box threshold",
          "Mean text probability a box needs to be mirrored", props->box_threshold.minimum,
          props->box_threshold.maximum, defaults->box_threshold,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_MIN_TEXT_HEIGHT,
      g_param_spec_double ("min-text-height", "Minimum text height",
          "Lines of text shorter than this fraction of the frame height are "
          "left alone",
          props->min_text_height.minimum, props->min_text_height.maximum, defaults->min_text_height,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_TRACKING,
      g_param_spec_boolean ("tracking", "Tracking",
          "Move boxes with the picture between detections (optical flow) and "
          "bring late detections up to date; false holds each box where it was "
          "last detected",
          defaults->tracking,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_SMOOTHING,
      g_param_spec_double ("smoothing", "Smoothing",
          "Weight of each new detection in a tracked box: box = smoothing x "
          "detection + (1 - smoothing) x previous box, on centre, size and angle "
          "(1 = no smoothing)",
          props->smoothing.minimum, props->smoothing.maximum, defaults->smoothing,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_HOLD_TIME,
      g_param_spec_uint ("hold-time", "Hold time",
          "Milliseconds a box is kept after the last detection that found its "
          "text, so missed detections do not make it blink (a box the optical "
          "flow has lost ends at the first detection that misses it)",
          (guint)props->hold_time.minimum, (guint)props->hold_time.maximum,
          (guint)defaults->hold_time,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_POST_MESSAGES,
      g_param_spec_boolean ("post-messages", "Post messages",
          "Post a \"textmirror\" element message after each detection", props->post_messages,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DRAW_BOXES,
      g_param_spec_boolean ("draw-boxes", "Draw boxes",
          "Outline the mirrored text boxes, for debugging: green where the "
          "detector has just found the text, orange where tracking carries "
          "the box between detections",
          defaults->draw_boxes,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));

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
  const TextMirrorProperties *props = textmirror_properties ();
  const TextMirrorSettings *defaults = &props->defaults;

  self->regions = NULL;
  self->flip = defaults->flip;
  self->enabled = props->enabled;
  self->detect = defaults->detect;
  self->detector = defaults->detector;
  self->model = NULL;
  self->verify = defaults->verify;
  self->text_orientation = defaults->text_orientation;
  self->vertical_text = defaults->vertical_text;
  self->seamless = defaults->seamless;
  self->detection_mode = defaults->detection_mode;
  self->detection_rate = defaults->detection_rate;
  self->detection_size = defaults->detection_size;
  self->threads = defaults->threads;
  self->parallel_detections = defaults->parallel_detections;
  self->precision = defaults->precision;
  self->text_threshold = defaults->text_threshold;
  self->box_threshold = defaults->box_threshold;
  self->min_text_height = defaults->min_text_height;
  self->tracking = defaults->tracking;
  self->smoothing = defaults->smoothing;
  self->hold_time = (guint)defaults->hold_time;
  self->post_messages = props->post_messages;
  self->draw_boxes = defaults->draw_boxes;
  self->session = NULL;
  self->result = g_new0 (TextMirrorFrameResult, 1);
}
