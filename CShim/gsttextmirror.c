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
 * Mirror-reverses regions of the picture in place: the text the element finds, and the fixed
 * areas given in #GstTextMirror:regions. Everything outside the regions is left untouched and
 * no format conversion happens.
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

#include <string.h>

#include "gsttextmirror.h"

enum
{
  PROP_0,
  PROP_REGIONS,
  PROP_FLIP,
  PROP_ENABLED,
  PROP_DETECT,
};

#define DEFAULT_REGIONS NULL
#define DEFAULT_FLIP TEXTMIRROR_FLIP_HORIZONTAL
#define DEFAULT_ENABLED TRUE
#define DEFAULT_DETECT TRUE

GST_DEBUG_CATEGORY_STATIC (gst_text_mirror_debug);
#define GST_CAT_DEFAULT gst_text_mirror_debug

/* Every format listed here is mirrored in place, with no conversion. */
#define TEXT_MIRROR_FORMATS "{ RGBA, BGRA, ARGB, ABGR, RGBx, BGRx, xRGB, xBGR, RGB, BGR, " \
    "AYUV, Y444, I420, YV12, NV12, NV21, YUY2, UYVY, YVYU, GRAY8 }"

static GstStaticPadTemplate gst_text_mirror_sink_template =
GST_STATIC_PAD_TEMPLATE ("sink", GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_VIDEO_CAPS_MAKE (TEXT_MIRROR_FORMATS)));

static GstStaticPadTemplate gst_text_mirror_src_template =
GST_STATIC_PAD_TEMPLATE ("src", GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_VIDEO_CAPS_MAKE (TEXT_MIRROR_FORMATS)));

/* GstVideoFormat -> the boundary's own format numbers. */
static const struct
{
  GstVideoFormat gst;
  TextMirrorFormat ours;
} gst_text_mirror_format_map[] = {
  {GST_VIDEO_FORMAT_RGBA, TEXTMIRROR_FORMAT_RGBA},
  {GST_VIDEO_FORMAT_BGRA, TEXTMIRROR_FORMAT_BGRA},
  {GST_VIDEO_FORMAT_ARGB, TEXTMIRROR_FORMAT_ARGB},
  {GST_VIDEO_FORMAT_ABGR, TEXTMIRROR_FORMAT_ABGR},
  {GST_VIDEO_FORMAT_RGBx, TEXTMIRROR_FORMAT_RGBX},
  {GST_VIDEO_FORMAT_BGRx, TEXTMIRROR_FORMAT_BGRX},
  {GST_VIDEO_FORMAT_xRGB, TEXTMIRROR_FORMAT_XRGB},
  {GST_VIDEO_FORMAT_xBGR, TEXTMIRROR_FORMAT_XBGR},
  {GST_VIDEO_FORMAT_RGB, TEXTMIRROR_FORMAT_RGB},
  {GST_VIDEO_FORMAT_BGR, TEXTMIRROR_FORMAT_BGR},
  {GST_VIDEO_FORMAT_AYUV, TEXTMIRROR_FORMAT_AYUV},
  {GST_VIDEO_FORMAT_Y444, TEXTMIRROR_FORMAT_Y444},
  {GST_VIDEO_FORMAT_I420, TEXTMIRROR_FORMAT_I420},
  {GST_VIDEO_FORMAT_YV12, TEXTMIRROR_FORMAT_YV12},
  {GST_VIDEO_FORMAT_NV12, TEXTMIRROR_FORMAT_NV12},
  {GST_VIDEO_FORMAT_NV21, TEXTMIRROR_FORMAT_NV21},
  {GST_VIDEO_FORMAT_YUY2, TEXTMIRROR_FORMAT_YUY2},
  {GST_VIDEO_FORMAT_UYVY, TEXTMIRROR_FORMAT_UYVY},
  {GST_VIDEO_FORMAT_YVYU, TEXTMIRROR_FORMAT_YVYU},
  {GST_VIDEO_FORMAT_GRAY8, TEXTMIRROR_FORMAT_GRAY8},
};

static GType
gst_text_mirror_flip_get_type_once (void)
{
  static const GEnumValue values[] = {
    {TEXTMIRROR_FLIP_HORIZONTAL, "Reverse left to right (mirror writing)",
        "horizontal"},
    {TEXTMIRROR_FLIP_VERTICAL, "Reverse top to bottom", "vertical"},
    {TEXTMIRROR_FLIP_ROTATE_180, "Rotate by 180 degrees", "rotate-180"},
    {0, NULL, NULL},
  };
  return g_enum_register_static ("GstTextMirrorFlip", values);
}

GType
gst_text_mirror_flip_get_type (void)
{
  static GType type = 0;
  if (g_once_init_enter (&type))
    g_once_init_leave (&type, gst_text_mirror_flip_get_type_once ());
  return type;
}

#define gst_text_mirror_parent_class parent_class
G_DEFINE_TYPE (GstTextMirror, gst_text_mirror, GST_TYPE_VIDEO_FILTER);
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (textmirror, "textmirror", GST_RANK_NONE,
    GST_TYPE_TEXT_MIRROR,
    GST_DEBUG_CATEGORY_INIT (gst_text_mirror_debug, "textmirror", 0,
        "Mirror-reverses text in video"));

static gboolean
gst_text_mirror_start (GstBaseTransform * trans)
{
  GstTextMirror *self = GST_TEXT_MIRROR (trans);
  TextMirrorSession *session = textmirror_session_new ();

  if (session == NULL) {
    GST_ELEMENT_ERROR (self, RESOURCE, NO_SPACE_LEFT, (NULL),
        ("Could not create the mirror session"));
    return FALSE;
  }

  GST_OBJECT_LOCK (self);
  /* The regions were validated when they were set, so this cannot be refused. */
  textmirror_session_set_regions (session, self->regions);
  textmirror_session_set_flip (session, self->flip);
  self->session = session;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

static gboolean
gst_text_mirror_stop (GstBaseTransform * trans)
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

static TextMirrorFormat
gst_text_mirror_map_format (GstVideoFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (gst_text_mirror_format_map); i++) {
    if (gst_text_mirror_format_map[i].gst == format)
      return gst_text_mirror_format_map[i].ours;
  }
  return TEXTMIRROR_FORMAT_UNKNOWN;
}

static gboolean
gst_text_mirror_set_info (GstVideoFilter * filter, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  GstTextMirror *self = GST_TEXT_MIRROR (filter);
  TextMirrorFormat format = gst_text_mirror_map_format (GST_VIDEO_INFO_FORMAT (in_info));
  TextMirrorStatus status;

  if (self->session == NULL)
    goto no_session;

  status = textmirror_session_set_format (self->session, format,
      GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info));
  if (status != TEXTMIRROR_OK)
    goto unsupported;

  GST_DEBUG_OBJECT (self, "mirroring %s %dx%d in place",
      GST_VIDEO_INFO_NAME (in_info), GST_VIDEO_INFO_WIDTH (in_info),
      GST_VIDEO_INFO_HEIGHT (in_info));
  return TRUE;

no_session:
  {
    GST_ERROR_OBJECT (self, "caps %" GST_PTR_FORMAT " set before start", incaps);
    return FALSE;
  }
unsupported:
  {
    GST_ERROR_OBJECT (self, "no mirror kernel for caps %" GST_PTR_FORMAT
        " (status %d)", incaps, status);
    return FALSE;
  }
}

static GstFlowReturn
gst_text_mirror_transform_frame_ip (GstVideoFilter * filter, GstVideoFrame * frame)
{
  GstTextMirror *self = GST_TEXT_MIRROR (filter);
  TextMirrorFrame planes;
  TextMirrorStatus status;

  /* In passthrough (enabled=false) GstVideoFilter maps the frame read-only. */
  if (gst_base_transform_is_passthrough (GST_BASE_TRANSFORM (filter)))
    return GST_FLOW_OK;

  memset (&planes, 0, sizeof (planes));
  planes.width = GST_VIDEO_FRAME_WIDTH (frame);
  planes.height = GST_VIDEO_FRAME_HEIGHT (frame);
  planes.n_planes = GST_VIDEO_FRAME_N_PLANES (frame);
  for (gint i = 0; i < planes.n_planes && i < TEXTMIRROR_MAX_PLANES; i++) {
    planes.data[i] = GST_VIDEO_FRAME_PLANE_DATA (frame, i);
    planes.stride[i] = GST_VIDEO_FRAME_PLANE_STRIDE (frame, i);
  }

  status = textmirror_session_process (self->session, &planes);
  if (status != TEXTMIRROR_OK)
    goto process_failed;
  return GST_FLOW_OK;

process_failed:
  {
    GST_ELEMENT_ERROR (self, STREAM, FAILED, (NULL),
        ("Mirroring a %dx%d frame failed (status %d)", planes.width,
            planes.height, status));
    return GST_FLOW_ERROR;
  }
}

static void
gst_text_mirror_set_regions (GstTextMirror * self, const gchar * spec)
{
  gchar error[256];

  if (textmirror_regions_validate (spec, error, sizeof (error)) != TEXTMIRROR_OK) {
    GstBus *bus = gst_element_get_bus (GST_ELEMENT (self));
    /* Outside a pipeline a bus message would reach nobody (gst-launch sets properties before
     * the pipeline exists), so say it on stderr instead. */
    if (bus != NULL) {
      GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
          ("Invalid value for property \"regions\": %s", error),
          ("regions=\"%s\" refused; the previous regions stay in effect", spec));
      gst_object_unref (bus);
    } else {
      g_warning ("textmirror: invalid value for property \"regions\" (\"%s\"): %s; "
          "the previous regions stay in effect", spec, error);
    }
    return;
  }

  GST_OBJECT_LOCK (self);
  GST_INFO_OBJECT (self, "regions changed from \"%s\" to \"%s\"",
      GST_STR_NULL (self->regions), GST_STR_NULL (spec));
  g_free (self->regions);
  self->regions = g_strdup (spec);
  if (self->session != NULL)
    textmirror_session_set_regions (self->session, spec);
  GST_OBJECT_UNLOCK (self);
}

static void
gst_text_mirror_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstTextMirror *self = GST_TEXT_MIRROR (object);

  switch (prop_id) {
    case PROP_REGIONS:
      gst_text_mirror_set_regions (self, g_value_get_string (value));
      break;
    case PROP_FLIP:
      GST_OBJECT_LOCK (self);
      GST_INFO_OBJECT (self, "flip changed from %d to %d", self->flip,
          g_value_get_enum (value));
      self->flip = g_value_get_enum (value);
      if (self->session != NULL)
        textmirror_session_set_flip (self->session, self->flip);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_ENABLED:{
      gboolean enabled = g_value_get_boolean (value);
      GST_OBJECT_LOCK (self);
      GST_INFO_OBJECT (self, "enabled changed from %d to %d", self->enabled,
          enabled);
      self->enabled = enabled;
      GST_OBJECT_UNLOCK (self);
      /* Disabled means untouched buffers: let GstBaseTransform skip making them writable. */
      gst_base_transform_set_passthrough (GST_BASE_TRANSFORM (self), !enabled);
      break;
    }
    case PROP_DETECT:
      GST_OBJECT_LOCK (self);
      self->detect = g_value_get_boolean (value);
      GST_OBJECT_UNLOCK (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_text_mirror_get_property (GObject * object, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  GstTextMirror *self = GST_TEXT_MIRROR (object);

  GST_OBJECT_LOCK (self);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_text_mirror_finalize (GObject * object)
{
  GstTextMirror *self = GST_TEXT_MIRROR (object);

  /* stop() has normally released it; an element never started has none. */
  textmirror_session_free (self->session);
  g_free (self->regions);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_text_mirror_class_init (GstTextMirrorClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstVideoFilterClass *filter_class = GST_VIDEO_FILTER_CLASS (klass);

  gobject_class->set_property = gst_text_mirror_set_property;
  gobject_class->get_property = gst_text_mirror_get_property;
  gobject_class->finalize = gst_text_mirror_finalize;

  g_object_class_install_property (gobject_class, PROP_REGIONS,
      g_param_spec_string ("regions", "Regions",
          "Fixed regions that are always mirrored: \"x,y,w,h[,angle];...\" in "
          "normalized frame coordinates (0..1, origin top-left; x,y is the "
          "top-left corner, angle in degrees turns the box about its centre)",
          DEFAULT_REGIONS,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_FLIP,
      g_param_spec_enum ("flip", "Flip",
          "The reversal applied inside each region", GST_TYPE_TEXT_MIRROR_FLIP,
          DEFAULT_FLIP,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_ENABLED,
      g_param_spec_boolean ("enabled", "Enabled",
          "Mirror regions; when false, frames pass through untouched",
          DEFAULT_ENABLED,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DETECT,
      g_param_spec_boolean ("detect", "Detect text",
          "Find text with the neural detector and mirror it (not yet active: "
          "only the fixed regions are mirrored in this version)",
          DEFAULT_DETECT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  gst_element_class_set_static_metadata (element_class,
      "Text mirror", "Filter/Effect/Video",
      "Finds printed text in video and mirror-reverses only the text, in place",
      "The textmirror authors");
  gst_element_class_add_static_pad_template (element_class,
      &gst_text_mirror_sink_template);
  gst_element_class_add_static_pad_template (element_class,
      &gst_text_mirror_src_template);
  gst_type_mark_as_plugin_api (GST_TYPE_TEXT_MIRROR_FLIP, 0);

  trans_class->start = GST_DEBUG_FUNCPTR (gst_text_mirror_start);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_text_mirror_stop);
  filter_class->set_info = GST_DEBUG_FUNCPTR (gst_text_mirror_set_info);
  filter_class->transform_frame_ip =
      GST_DEBUG_FUNCPTR (gst_text_mirror_transform_frame_ip);
}

static void
gst_text_mirror_init (GstTextMirror * self)
{
  self->regions = g_strdup (DEFAULT_REGIONS);
  self->flip = DEFAULT_FLIP;
  self->enabled = DEFAULT_ENABLED;
  self->detect = DEFAULT_DETECT;
  self->session = NULL;
}
