#include <gst/gst.h>
#include <gst/video/video.h>
