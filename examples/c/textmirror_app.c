/* textmirror_app.c: embedding textmirror in a C application.
 *
 * Builds the pipeline with gst_parse_launch (a generated scene with text, or a camera with
 * --camera; fakesink, or a window with --display), plays it, and while it plays
 *   - prints the text boxes textmirror reports in its `textmirror` bus messages,
 *   - from the first of them on (the detector's first run is its slowest), turns the effect
 *     off (at 40 % of --seconds) and on again (at 60 %) with `enabled`, changes `flip` to
 *     vertical (at 60 %), and ends the stream itself (at 100 %),
 * then exits 0 (1 on a pipeline error, or when no message came 30 s after PLAYING).
 *
 * Build and run, from the checkout:
 *   make -C examples/c && examples/c/textmirror_app [--seconds N] [--camera [--device PATH]] [--display]
 * The plugin is found like any GStreamer plugin: installed with scripts/install.sh, or through
 * GST_PLUGIN_PATH (e.g. GST_PLUGIN_PATH=<checkout>/.build/release). When GStreamer finds none,
 * the checkout's build is loaded: the Makefile passes its folder as TEXTMIRROR_APP_BUILD_DIR.
 * Built by hand, without that:
 *   cc -o textmirror_app textmirror_app.c $(pkg-config --cflags --libs gstreamer-1.0)
 *
 * Message format: an element message whose structure is named "textmirror", with guint64
 * fields timestamp, stream-time, running-time, duration, and "boxes": a GST_TYPE_LIST of
 * structures named "text" with guint x, y, width, height and gdouble angle, score, and, when
 * the line was read, a string "text", gdouble "text-score" and gboolean "mirrored".
 */
#include <gst/gst.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  GMainLoop *loop;
  GstElement *pipeline;
  GstElement *mirror;
  double seconds;
  gboolean watched;
  int exit_code;
  guint messages;
} App;

static gboolean textmirror_app_disable (gpointer data);
static gboolean textmirror_app_enable_and_flip (gpointer data);
static gboolean textmirror_app_finish (gpointer data);

/* Counted from the first detection (the detector's first run is its slowest, much more so on a
 * busy machine): off at 40 % of the run, on again with flip=vertical at 60 %, end-of-stream at
 * 100 %. */
static void
textmirror_app_schedule (App * app)
{
  guint ms = (guint) (app->seconds * 1000);

  g_timeout_add (ms * 2 / 5, textmirror_app_disable, app);
  g_timeout_add (ms * 3 / 5, textmirror_app_enable_and_flip, app);
  g_timeout_add (ms, textmirror_app_finish, app);
}

static void
textmirror_app_print_boxes (const GstStructure * s)
{
  const GValue *boxes = gst_structure_get_value (s, "boxes");
  guint64 running_time = 0;
  guint i, n;

  gst_structure_get_uint64 (s, "running-time", &running_time);
  n = boxes != NULL && GST_VALUE_HOLDS_LIST (boxes) ? gst_value_list_get_size (boxes) : 0;
  g_print ("%7.3f s  %u box(es):", (double) running_time / GST_SECOND, n);
  for (i = 0; i < n; i++) {
    const GstStructure *box = gst_value_get_structure (gst_value_list_get_value (boxes, i));
    guint x = 0, y = 0, width = 0, height = 0;
    gdouble angle = 0, score = 0;

    gst_structure_get (box, "x", G_TYPE_UINT, &x, "y", G_TYPE_UINT, &y,
        "width", G_TYPE_UINT, &width, "height", G_TYPE_UINT, &height,
        "angle", G_TYPE_DOUBLE, &angle, "score", G_TYPE_DOUBLE, &score, NULL);
    g_print ("%s %ux%u+%u+%u angle %.1f score %.2f", i ? ";" : "", width, height, x, y,
        angle, score);
    if (gst_structure_has_field (box, "text")) {
      gboolean mirrored = FALSE;
      gst_structure_get_boolean (box, "mirrored", &mirrored);
      g_print (" \"%s\"%s", gst_structure_get_string (box, "text"), mirrored ? " (mirrored)" : "");
    }
  }
  g_print (n ? "\n" : " none\n");
}

static gboolean
textmirror_app_no_detection (gpointer data)
{
  App *app = data;

  if (app->messages == 0) {
    g_printerr ("textmirror_app: no textmirror message 30 s after PLAYING\n");
    app->exit_code = 1;
    g_main_loop_quit (app->loop);
  }
  return G_SOURCE_REMOVE;
}

static gboolean
textmirror_app_on_message (GstBus * bus, GstMessage * message, gpointer data)
{
  App *app = data;
  const GstStructure *s = gst_message_get_structure (message);

  switch (GST_MESSAGE_TYPE (message)) {
    case GST_MESSAGE_ELEMENT:
      if (s != NULL && gst_structure_has_name (s, "textmirror")) {
        app->messages++;
        textmirror_app_print_boxes (s);
        if (app->messages == 1)
          textmirror_app_schedule (app);
      }
      break;
    case GST_MESSAGE_ERROR:{
      GError *error = NULL;
      gchar *debug = NULL;

      gst_message_parse_error (message, &error, &debug);
      g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (message->src), error->message,
          debug ? debug : "");
      g_clear_error (&error);
      g_free (debug);
      app->exit_code = 1;
      g_main_loop_quit (app->loop);
      break;
    }
    case GST_MESSAGE_EOS:
      g_main_loop_quit (app->loop);
      break;
    case GST_MESSAGE_STATE_CHANGED:{
      GstState new_state;

      gst_message_parse_state_changed (message, NULL, &new_state, NULL);
      if (message->src == GST_OBJECT (app->pipeline) && new_state == GST_STATE_PLAYING
          && !app->watched) {
        app->watched = TRUE;
        g_timeout_add_seconds (30, textmirror_app_no_detection, app);
      }
      break;
    }
    default:
      break;
  }
  return G_SOURCE_CONTINUE;
}

/* Property changes while PLAYING, from the main loop: GStreamer properties are thread-safe. */
static gboolean
textmirror_app_disable (gpointer data)
{
  App *app = data;
  gboolean enabled;

  g_object_set (app->mirror, "enabled", FALSE, NULL);
  g_object_get (app->mirror, "enabled", &enabled, NULL);
  g_print ("enabled -> %s\n", enabled ? "True" : "False");
  return G_SOURCE_REMOVE;
}

static gboolean
textmirror_app_enable_and_flip (gpointer data)
{
  App *app = data;
  gboolean enabled;
  gint flip;
  GEnumClass *flip_class;
  GEnumValue *flip_value;

  g_object_set (app->mirror, "enabled", TRUE, NULL);
  g_object_get (app->mirror, "enabled", &enabled, NULL);
  g_print ("enabled -> %s\n", enabled ? "True" : "False");

  /* An enum property: set it by its nick, read it back as its value. */
  gst_util_set_object_arg (G_OBJECT (app->mirror), "flip", "vertical");
  g_object_get (app->mirror, "flip", &flip, NULL);
  flip_class = G_ENUM_CLASS (g_type_class_ref (G_PARAM_SPEC_VALUE_TYPE (
              g_object_class_find_property (G_OBJECT_GET_CLASS (app->mirror), "flip"))));
  flip_value = g_enum_get_value (flip_class, flip);
  g_print ("flip -> %s\n", flip_value ? flip_value->value_nick : "?");
  g_type_class_unref (flip_class);
  return G_SOURCE_REMOVE;
}

static gboolean
textmirror_app_give_up (gpointer data)
{
  App *app = data;

  g_printerr ("textmirror_app: no end-of-stream 10 s after sending it\n");
  app->exit_code = 1;
  g_main_loop_quit (app->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
textmirror_app_finish (gpointer data)
{
  App *app = data;

  /* End-of-stream rather than a plain stop: every element (a muxer, say) finishes its work. */
  g_print ("sending end-of-stream\n");
  gst_element_send_event (app->pipeline, gst_event_new_eos ());
  g_timeout_add_seconds (10, textmirror_app_give_up, app);
  return G_SOURCE_REMOVE;
}

/* The textmirror element: installed, on GST_PLUGIN_PATH, or else the build in the checkout this
 * program was built from (what examples/python does with its own path). NULL when none. */
static GstElementFactory *
textmirror_app_find_textmirror (void)
{
  GstElementFactory *factory = gst_element_factory_find ("textmirror");

#ifdef TEXTMIRROR_APP_BUILD_DIR
  if (factory == NULL) {
    gchar *plugin = g_build_filename (TEXTMIRROR_APP_BUILD_DIR, "libgsttextmirror.so", NULL);

    if (g_file_test (plugin, G_FILE_TEST_IS_REGULAR)) {
      gst_registry_scan_path (gst_registry_get (), TEXTMIRROR_APP_BUILD_DIR);
      factory = gst_element_factory_find ("textmirror");
    }
    g_free (plugin);
  }
#endif
  return factory;
}

int
main (int argc, char **argv)
{
  App app = { 0 };
  double seconds = 5.0;
  gboolean camera = FALSE, display = FALSE;
  const gchar *device = "/dev/video0";
  gchar *source;
  GstElementFactory *factory;
  GstPlugin *plugin;
  GError *error = NULL;
  GstBus *bus;
  gchar *description;
  int i;

  gst_init (&argc, &argv);
  for (i = 1; i < argc; i++) {
    if (strcmp (argv[i], "--seconds") == 0 && i + 1 < argc && atof (argv[i + 1]) > 0) {
      seconds = atof (argv[++i]);
    } else if (strcmp (argv[i], "--camera") == 0) {
      camera = TRUE;
    } else if (strcmp (argv[i], "--device") == 0 && i + 1 < argc) {
      device = argv[++i];
    } else if (strcmp (argv[i], "--display") == 0) {
      display = TRUE;
    } else {
      g_printerr ("usage: %s [--seconds N] [--camera [--device PATH]] [--display]\n", argv[0]);
      return 2;
    }
  }

  factory = textmirror_app_find_textmirror ();
  if (factory == NULL) {
    g_printerr ("textmirror_app: the textmirror element is not installed: run scripts/install.sh, "
        "or set GST_PLUGIN_PATH to the folder holding libgsttextmirror.so"
#ifdef TEXTMIRROR_APP_BUILD_DIR
        ", or build it in this checkout (swift build -c release --product gsttextmirror, "
        "into " TEXTMIRROR_APP_BUILD_DIR ")"
#endif
        "\n");
    return 1;
  }
  plugin = gst_plugin_feature_get_plugin (GST_PLUGIN_FEATURE (factory));
  g_print ("textmirror from %s\n", plugin ? gst_plugin_get_filename (plugin) : "?");
  g_clear_object (&plugin);
  gst_object_unref (factory);

  /* g_strescape: the device path goes inside double quotes in the launch line. */
  {
    gchar *quoted = g_strescape (device, NULL);
    source = g_strdup_printf ("v4l2src device=\"%s\" ! decodebin", quoted);
    g_free (quoted);
  }
  description = g_strdup_printf ("%s ! videoconvert ! textmirror name=mirror ! videoconvert ! %s",
      camera ? source
      : "videotestsrc is-live=true pattern=solid-color foreground-color=0xfff2ead8"
      " ! video/x-raw,width=640,height=360,framerate=30/1"
      " ! textoverlay text=\"MIRROR ME\" font-desc=\"DejaVu Sans Bold 40\" valignment=center"
      " halignment=center color=0xff202020 shaded-background=false draw-outline=false"
      " draw-shadow=false",
      display ? "autovideosink" : "fakesink sync=true");
  app.pipeline = gst_parse_launch (description, &error);
  g_free (description);
  g_free (source);
  if (app.pipeline == NULL) {
    g_printerr ("textmirror_app: cannot build the pipeline: %s\n", error->message);
    g_clear_error (&error);
    return 1;
  }
  if (error != NULL) {          /* built, with a recoverable problem (e.g. an unknown property) */
    g_printerr ("textmirror_app: warning: %s\n", error->message);
    g_clear_error (&error);
  }
  app.mirror = gst_bin_get_by_name (GST_BIN (app.pipeline), "mirror");
  app.loop = g_main_loop_new (NULL, FALSE);

  bus = gst_element_get_bus (app.pipeline);
  gst_bus_add_watch (bus, textmirror_app_on_message, &app);

  app.seconds = seconds;

  if (gst_element_set_state (app.pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
    GstMessage *message = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

    if (message != NULL) {
      textmirror_app_on_message (bus, message, &app);
      gst_message_unref (message);
    }
    g_printerr ("textmirror_app: the pipeline does not start\n");
    app.exit_code = 1;
  } else {
    g_main_loop_run (app.loop);
  }

  gst_element_set_state (app.pipeline, GST_STATE_NULL);
  g_print ("%u textmirror message(s); exit %d\n", app.messages, app.exit_code);
  gst_bus_remove_watch (bus);
  gst_object_unref (bus);
  gst_object_unref (app.mirror);
  gst_object_unref (app.pipeline);
  g_main_loop_unref (app.loop);
  return app.exit_code;
}
