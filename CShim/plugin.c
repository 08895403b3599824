/* textmirror plugin registration.
 *
 * Kept apart from the element so the element file holds only the GstTextMirror type, as in
 * gst-plugins-rs where a tiny file registers what the implementation file defines.
 */
#include "gsttextmirror.h"
#include "textmirror.h"
#include "textmirror_unwinder.h"

#ifndef PACKAGE
#define PACKAGE "textmirror"
#endif
#define TEXTMIRROR_VERSION "0.1.0"
/* No public home page yet; GStreamer only shows this string. */
#define TEXTMIRROR_ORIGIN "textmirror (see README.md)"

/* Set once, when GStreamer loads the plugin from a file; read-only afterwards. */
static gchar *textmirror_loaded_from = NULL;

static gboolean
plugin_init (GstPlugin *plugin)
{
  /* Before the element can make any OpenVINO call, which throws C++ exceptions. */
  textmirror_unwinder_reconcile ();
  if (textmirror_loaded_from == NULL && gst_plugin_get_filename (plugin) != NULL)
    textmirror_loaded_from = g_strdup (gst_plugin_get_filename (plugin));
  return GST_ELEMENT_REGISTER (textmirror, plugin);
}

const char *
textmirror_plugin_filename (void)
{
  return textmirror_loaded_from;
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, textmirror,
    "Mirror-reverses the text found in video, in place", plugin_init, TEXTMIRROR_VERSION, "LGPL",
    "textmirror", TEXTMIRROR_ORIGIN)

int
textmirror_plugin_register_static (void)
{
  /* A second registration would fail with "plugin already registered"; tests may call this
   * from several cases, so look first. */
  GstPlugin *existing = gst_registry_find_plugin (gst_registry_get (), "textmirror");
  if (existing != NULL) {
    gst_object_unref (existing);
    return 1;
  }
  return gst_plugin_register_static (GST_VERSION_MAJOR, GST_VERSION_MINOR, "textmirror",
      "Mirror-reverses the text found in video, in place", plugin_init, TEXTMIRROR_VERSION, "LGPL",
      "textmirror", "textmirror", TEXTMIRROR_ORIGIN);
}
