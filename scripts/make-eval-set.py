#!/usr/bin/env python3
"""make-eval-set.py: a photo-like evaluation set for textmirror-eval.

The project has no real photos of text, so this makes pictures as close to them as practical:
text lines in several fonts, sizes and colours on signs, book pages, shop fronts and posters,
composited onto real photographs that Debian packages ship, then put through what a camera
does (perspective, rotation, lighting gradients, blur, noise, JPEG compression). Because every
line is drawn here, its ground truth is exact: the tight box around its ink, carried through
the same perspective transforms as the pixels, written in ICDAR 2015 form
(gt_<stem>.txt: x1,y1,...,x4,y4,transcription; "###" = illegible).

Usage:
    scripts/make-eval-set.py [--out out/eval-set] [--count 60] [--seed 3] [--gt-level line|word]

Same seed, same pictures (each picture has its own random stream, so --count only adds or
drops pictures at the end). Needs Pillow and numpy (scripts/make-eval-set.sh provides them).

Backgrounds: the photographs of lomiri-wallpapers-16.04 and mate-backgrounds (nature), the
ones without text in them; without those packages, generated textures (and a warning).
Fonts: DejaVu, plus Liberation, FreeFont and URW base35 when installed.
"""
import argparse
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

# --- material from Debian packages ---------------------------------------------------------

# Photographs only, and only those without legible text of their own (an unannotated word in
# the background would count against the element as non-text). Left out on purpose:
# greentock (clock numerals), Wine (bottle label), umang/analogpattern (not photographs).
BACKGROUNDS = [
    "/usr/share/backgrounds/Bridge_by_Sander_Klootwijk.jpg",
    "/usr/share/backgrounds/Dragonfly_by_Bolly.jpg",
    "/usr/share/backgrounds/Picture_0B_by_freespace.jpg",
    "/usr/share/backgrounds/Picture_1A_by_freespace.jpg",
    "/usr/share/backgrounds/aitzgorri_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/free_by_Peter_Nerlich.jpg",
    "/usr/share/backgrounds/friends_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/life_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/seeding_by_Clements_Engelhardt.jpg",
    "/usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg",
] + ["/usr/share/backgrounds/mate/nature/%s.jpg" % n for n in (
    "Aqua", "Blinds", "Dune", "FreshFlower", "Garden", "GreenMeadow", "LadyBird", "RainDrops",
    "Storm", "TwoWings", "Wood", "YellowFlower")]

# (file, style) with style in sans, serif, mono, bold, condensed; italic and script faces are
# rarer in the scenes because they are rarer on real signs and pages.
FONT_DIRS = {
    "/usr/share/fonts/truetype/dejavu/": [
        ("DejaVuSans.ttf", "sans"), ("DejaVuSans-Bold.ttf", "bold"), ("DejaVuSerif.ttf", "serif"),
        ("DejaVuSerif-Bold.ttf", "bold"), ("DejaVuSansCondensed-Bold.ttf", "condensed"),
        ("DejaVuSansMono.ttf", "mono"), ("DejaVuSerifCondensed.ttf", "serif"),
        ("DejaVuSans-Oblique.ttf", "sans")],
    "/usr/share/fonts/truetype/liberation/": [
        ("LiberationSans-Regular.ttf", "sans"), ("LiberationSans-Bold.ttf", "bold"),
        ("LiberationSerif-Regular.ttf", "serif"), ("LiberationSerif-Bold.ttf", "bold"),
        ("LiberationSerif-Italic.ttf", "serif"), ("LiberationSansNarrow-Bold.ttf", "condensed"),
        ("LiberationMono-Regular.ttf", "mono")],
    "/usr/share/fonts/truetype/freefont/": [
        ("FreeSans.ttf", "sans"), ("FreeSansBold.ttf", "bold"), ("FreeSerif.ttf", "serif"),
        ("FreeSerifBold.ttf", "bold"), ("FreeMono.ttf", "mono")],
    "/usr/share/fonts/opentype/urw-base35/": [
        ("NimbusSans-Regular.otf", "sans"), ("NimbusSans-Bold.otf", "bold"),
        ("NimbusSansNarrow-Bold.otf", "condensed"), ("NimbusRoman-Regular.otf", "serif"),
        ("NimbusRoman-Bold.otf", "bold"), ("C059-Roman.otf", "serif"), ("P052-Roman.otf", "serif"),
        ("URWBookman-Light.otf", "serif"), ("URWBookman-Demi.otf", "bold"),
        ("URWGothic-Demi.otf", "bold"), ("URWGothic-Book.otf", "sans"),
        ("Z003-MediumItalic.otf", "script")],
}

# Output sizes of the "camera": ICDAR 2015's 1280x720, common phone and camera shapes.
SIZES = [(1280, 720), (1280, 960), (960, 1280), (1600, 1200), (1920, 1080), (1024, 768)]

# Cap height, in output pixels, below which a line is marked "###": about what annotators of
# ICDAR 2015 still transcribe. Deliberately independent of the element's min-text-height.
LEGIBLE_CAP_HEIGHT = 7.0

# --- words -----------------------------------------------------------------------------------

SIGN_WORDS = [
    "EXIT", "PARKING", "NO ENTRY", "Main Street", "City Centre", "Station", "Airport", "Museum",
    "Library", "Hospital", "OPEN", "CLOSED", "Welcome", "PUSH", "PULL", "Private", "Keep Out",
    "Bus Stop", "Platform 2", "Toilets", "Information", "Car Park", "SLOW", "STOP", "DANGER",
    "Caution", "Wet Floor", "No Smoking", "Reception", "Way Out", "Entrance", "Town Hall",
    "Old Harbour", "Ferry Terminal", "Tourist Office", "Cycle Route", "Footpath", "Beach",
    "Castle Gardens", "Market Square", "Police", "Pharmacy", "Taxi", "One Way", "Give Way",
    "Fire Exit", "Staff Only", "Emergency", "Lift", "Stairs", "Second Floor", "Lost Property"]
PLACES = ["Oxford", "Bristol", "Lyon", "Leeds", "Bergen", "Porto", "Gdansk", "Galway", "Utrecht",
          "Basel", "Kendal", "Dover", "Aarhus", "Girona", "Bath", "York", "Nantes", "Ghent"]
SHOP_NAMES = ["Bakery", "Cafe", "Books", "Flowers", "Hardware", "Pharmacy", "Pizzeria",
              "Deli", "Barber", "Optician", "Butcher", "Fishmonger", "Wine Bar", "Bistro",
              "Toys", "Records", "Tailor", "Florist", "Kitchen", "Market", "Grocer", "Bicycles"]
SHOP_OWNERS = ["Rosa's", "The Corner", "Green", "Old Town", "Fresh", "Golden", "Blue Door",
               "Martin &", "Village", "Harbour", "Little", "Sunny", "Royal", "Station", "Mill"]
TAGLINES = ["OPEN 7 DAYS", "Since 1987", "Coffee & Cakes", "Fresh every morning",
            "Takeaway available", "Mon-Sat 8:00-18:00", "Tel. 01632 960 714", "Free WiFi",
            "Closed on Sundays", "Est. 1954", "Hand made", "Repairs while you wait",
            "All major cards accepted", "Local produce", "New season arrivals"]
PROSE = ("the of and to in a is that for it as was with be by on not he this are or his from at "
         "which but have an they you were her all she there would their we him been has when who "
         "will more no if out so said what up its about into than them can only other new some "
         "could time these two may then do first any my now such like our over man me even most "
         "made after also did many before must through back years where much your way well down "
         "should because each just those people how too little state good very make world still "
         "own see men work long get here between both life being under never day same another "
         "know while last might us great old year off come since against go came right used take "
         "three house morning river window garden letter evening summer winter station market "
         "harbour bridge village mountain forest street quiet light water stone paper history "
         "small table voice question answer together always nothing something across behind").split()


def prose_sentence(rng):
    words = [rng.choice(PROSE) for _ in range(rng.randint(5, 16))]
    words[0] = words[0].capitalize()
    if rng.random() < 0.3:
        i = rng.randrange(1, len(words))
        words[i] = words[i] + ","
    return " ".join(words) + rng.choice([".", ".", ".", "?", ";"])


def short_phrase(rng):
    """The start of a sentence, cut at a word: a subtitle or a slogan."""
    words = prose_sentence(rng).rstrip(".?;").split(" ")
    return " ".join(words[:rng.randint(2, 6)]).rstrip(",")


def sign_text(rng):
    r = rng.random()
    if r < 0.55:
        return rng.choice(SIGN_WORDS)
    if r < 0.8:
        return "%s %d" % (rng.choice(PLACES), rng.randint(2, 148))
    if r < 0.9:
        return rng.choice(["Mon-Fri %d:00-%d:30" % (rng.randint(7, 10), rng.randint(16, 19)),
                           "Tel. 0%d %03d %04d" % (rng.randint(100, 999), rng.randint(0, 999),
                                                   rng.randint(0, 9999))])
    return rng.choice(TAGLINES)


def shop_name(rng):
    name = "%s %s" % (rng.choice(SHOP_OWNERS), rng.choice(SHOP_NAMES))
    return name.upper() if rng.random() < 0.5 else name


# --- geometry --------------------------------------------------------------------------------

def homography(src, dst):
    """The 3x3 matrix mapping the 4 points src onto the 4 points dst."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    h = np.linalg.solve(np.array(a, float), np.array(b, float))
    return np.append(h, 1.0).reshape(3, 3)


def apply(h, points):
    p = np.array([[x, y, 1.0] for x, y in points]) @ h.T
    return [(float(q[0] / q[2]), float(q[1] / q[2])) for q in p]


def warp(layer, h, size):
    """`layer` (RGBA) drawn into a picture of `size` through the homography h. Premultiplied
    alpha while resampling, so edges do not pick up the colour of transparent pixels."""
    inverse = np.linalg.inv(h)
    inverse /= inverse[2, 2]
    coeffs = tuple(inverse.flatten()[:8])
    out = layer.convert("RGBa").transform(size, Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    return out.convert("RGBA")


def placement(rng, w, h, center, width, max_angle, tilt):
    """A homography putting a w x h layer at `center`, `width` wide, turned by up to max_angle
    degrees and seen at an angle (corners moved by up to `tilt` x width: perspective)."""
    scale = width / w
    angle = math.radians(rng.uniform(-max_angle, max_angle))
    c, s = math.cos(angle), math.sin(angle)
    corners = [(0, 0), (w, 0), (w, h), (0, h)]
    dst = []
    for x, y in corners:
        u, v = (x - w / 2) * scale, (y - h / 2) * scale
        dst.append((center[0] + u * c - v * s, center[1] + u * s + v * c))
    # Perspective: one side of the layer nearer the camera than the other.
    t = tilt * width
    if rng.random() < 0.5:  # turned about a vertical axis: left and right edges differ in height
        k = rng.uniform(-t, t)
        dst = [(dst[0][0], dst[0][1] - k / 2), (dst[1][0], dst[1][1] + k / 2),
               (dst[2][0], dst[2][1] - k / 2), (dst[3][0], dst[3][1] + k / 2)]
    else:  # tipped about a horizontal axis: top and bottom edges differ in width
        k = rng.uniform(-t, t)
        dst = [(dst[0][0] - k / 2, dst[0][1]), (dst[1][0] + k / 2, dst[1][1]),
               (dst[2][0] - k / 2, dst[2][1]), (dst[3][0] + k / 2, dst[3][1])]
    jitter = 0.01 * width
    dst = [(x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter)) for x, y in dst]
    return homography(corners, dst)


# --- text on layers --------------------------------------------------------------------------

class Fonts:
    def __init__(self):
        self.by_style = {}
        for folder, entries in FONT_DIRS.items():
            for name, style in entries:
                path = folder + name
                if os.path.exists(path):
                    self.by_style.setdefault(style, []).append(path)
        if not self.by_style:
            sys.exit("make-eval-set: no fonts found; install fonts-dejavu-core")
        self.cache = {}

    def pick(self, rng, *styles):
        choices = [p for s in styles for p in self.by_style.get(s, [])]
        return rng.choice(choices or [p for ps in self.by_style.values() for p in ps])

    def font(self, path, size):
        key = (path, int(size))
        if key not in self.cache:
            self.cache[key] = ImageFont.truetype(path, max(4, int(size)))
        return self.cache[key]


class Layer:
    """An RGBA picture with the text drawn on it, each line remembered with its ink box (layer
    pixels), per-word ink boxes and its cap height."""

    def __init__(self, image):
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.lines = []  # dicts: text, box, words [(text, box)], cap, baseline

    def text(self, xy, text, font, fill, stroke=0, stroke_fill=None, shadow=None, legible=True):
        x, y = xy
        if shadow is not None:
            self.draw.text((x + shadow[0], y + shadow[1]), text, font=font, fill=shadow[2])
        self.draw.text((x, y), text, font=font, fill=fill, stroke_width=stroke,
                       stroke_fill=stroke_fill)
        box = ink_box(text, font, stroke, (x, y))
        if box is None:
            return None
        words, start = [], 0
        for word in text.split(" "):
            if word:
                offset = font.getlength(text[:start])
                wbox = ink_box(word, font, stroke, (x + offset, y))
                if wbox is not None:
                    words.append((word, wbox))
            start += len(word) + 1
        cap_top = font.getbbox("H", anchor="ls")[1]  # negative: above the baseline
        baseline = y + font.getmetrics()[0]
        self.lines.append(dict(text=text, box=box, words=words, cap=-cap_top,
                               baseline=(x, baseline), legible=legible))
        return box


def ink_box(text, font, stroke, xy):
    """The tight box around the ink of `text` drawn at xy (exclusive right/bottom edges)."""
    left, top, right, bottom = font.getbbox(text, stroke_width=stroke)
    w, h = int(right - min(left, 0)) + 4, int(bottom - min(top, 0)) + 4
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((2 - min(left, 0), 2 - min(top, 0)), text, font=font, fill=255,
                              stroke_width=stroke, stroke_fill=255)
    bbox = mask.point(lambda v: 255 if v >= 64 else 0).getbbox()
    if bbox is None:
        return None
    dx, dy = xy[0] - 2 + min(left, 0), xy[1] - 2 + min(top, 0)
    return (bbox[0] + dx, bbox[1] + dy, bbox[2] + dx, bbox[3] + dy)


def contrasting(rng, background_luma):
    """A text colour that reads well on a background of this luminance; now and then one that
    reads only just (a darker or lighter shade of the background, as in much graphic design)."""
    if rng.random() < 0.15:
        v = int(background_luma + (-70 if background_luma > 128 else 70))
        return (v, v, v)
    if background_luma > 140:
        return tuple(rng.randint(0, 60) for _ in range(3)) if rng.random() < 0.7 else \
            rng.choice([(150, 20, 20), (20, 40, 130), (20, 90, 40)])
    return tuple(rng.randint(215, 255) for _ in range(3)) if rng.random() < 0.7 else \
        rng.choice([(255, 215, 60), (255, 240, 180), (200, 230, 255)])


def luma(rgb):
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def fit_font(fonts, path, text, max_width, size):
    """The largest size <= size at which `text` fits max_width."""
    while size > 6:
        font = fonts.font(path, size)
        if font.getlength(text) <= max_width:
            return font
        size *= 0.9
    return fonts.font(path, 6)


# --- scenes ----------------------------------------------------------------------------------
# Each returns a list of (layer, homography into the scene) pairs, drawn in order.

SIGN_COLOURS = [((20, 100, 50), (255, 255, 255)), ((20, 60, 150), (255, 255, 255)),
                ((200, 30, 30), (255, 255, 255)), ((245, 245, 240), (20, 20, 20)),
                ((250, 205, 20), (20, 20, 20)), ((25, 25, 25), (250, 250, 250)),
                ((110, 60, 30), (250, 240, 220)), ((235, 235, 225), (30, 50, 140)),
                # Low contrast, as on engraved plaques and faded paint.
                ((95, 95, 100), (175, 175, 180)), ((200, 180, 140), (115, 95, 65)),
                ((40, 70, 50), (130, 160, 120))]


def sign_layer(rng, fonts, big):
    panel, ink = rng.choice(SIGN_COLOURS)
    w = rng.randint(500, 900)
    n = rng.randint(1, 4)
    texts = [sign_text(rng) for _ in range(n)]
    sizes = [rng.uniform(0.09, 0.16) * w * (1.0 if i == 0 else rng.uniform(0.5, 0.9)) for i in range(n)]
    if big:
        sizes = [s * 1.3 for s in sizes]
    path = fonts.pick(rng, "bold", "sans", "condensed")
    fonts_ = [fit_font(fonts, path, t, 0.86 * w, s) for t, s in zip(texts, sizes)]
    heights = [f.getmetrics()[0] + f.getmetrics()[1] for f in fonts_]
    gap = rng.uniform(0.15, 0.5)
    fine = rng.random() < 0.35  # a line of fine print, usually too small to read in the photo
    h = int(sum(heights) + gap * sum(heights) + 0.12 * w + (14 if fine else 0))
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    layer = Layer(image)
    radius = int(0.05 * min(w, h))
    layer.draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=panel + (255,))
    if rng.random() < 0.7:
        inset = int(0.02 * w)
        layer.draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=radius,
                                     outline=ink + (255,), width=max(2, int(0.008 * w)))
    y = 0.06 * w
    centred = rng.random() < 0.7
    for text, font, height in zip(texts, fonts_, heights):
        x = (w - font.getlength(text)) / 2 if centred else 0.07 * w
        layer.text((x, y), text, font, ink + (255,))
        y += height * (1 + gap)
    if fine:
        font = fonts.font(fonts.pick(rng, "sans"), 11)
        text = rng.choice(["Authorised vehicles only", "By order of the council", "Ref. 2024/118"])
        layer.text(((w - font.getlength(text)) / 2, h - 22), text, font, ink + (255,))
    add_wear(rng, image)
    return layer


def add_wear(rng, image):
    """Dirt and fading on a panel: low-contrast blotches, so the panel is not flat colour."""
    w, h = image.size
    noise = Image.effect_noise((max(1, w // 16), max(1, h // 16)), 40).resize((w, h), Image.BICUBIC)
    alpha = image.getchannel("A")
    shade = Image.merge("RGBA", (noise, noise, noise, noise.point(lambda v: int(abs(v - 128) * 0.35))))
    shade.putalpha(Image.composite(shade.getchannel("A"), Image.new("L", (w, h), 0), alpha))
    image.alpha_composite(shade)


def scene_sign(rng, fonts, size):
    """One to three signs on a photograph (street signs, notices, door signs)."""
    W, H = size
    layers = []
    count = rng.choice([1, 1, 2, 2, 3])
    for i in range(count):
        layer = sign_layer(rng, fonts, big=count == 1)
        lw, lh = layer.image.size
        width = rng.uniform(0.35, 0.75) * W / (1 + 0.4 * (count - 1))
        if rng.random() < 0.3:  # further away: small text near the limit of legibility
            width = rng.uniform(0.12, 0.3) * W
        cx = W * (i + 0.5) / count + rng.uniform(-0.05, 0.05) * W
        cy = rng.uniform(0.3, 0.7) * H
        tilt = 0.35 if rng.random() < 0.3 else 0.18
        layers.append((layer, placement(rng, lw, lh, (cx, cy), width, 12, tilt)))
    return layers


def scene_page(rng, fonts, size):
    """A book or a printed page photographed on a table: paragraphs of small lines."""
    W, H = size
    pages = 2 if rng.random() < 0.4 else 1
    pw, ph = 900, 1300
    image = Image.new("RGBA", (pw * pages, ph), (0, 0, 0, 0))
    layer = Layer(image)
    paper = tuple(rng.randint(228, 252) - d for d in (0, 3, rng.randint(8, 22)))
    layer.draw.rectangle((0, 0, pw * pages - 1, ph - 1), fill=paper + (255,))
    body = fonts.pick(rng, "serif", "serif", "sans")
    size_px = rng.uniform(24, 38)
    font = fonts.font(body, size_px)
    ink = (rng.randint(10, 45),) * 3
    leading = size_px * rng.uniform(1.3, 1.6)
    pending = []  # a word that did not fit the last line starts the next

    def word_stream():
        while True:
            while pending:
                yield pending.pop()
            for word in prose_sentence(rng).split(" "):
                if pending:  # a word was put back: it goes first
                    yield pending.pop()
                yield word

    words = word_stream()
    for p in range(pages):
        x0, margin = p * pw + 80, 80
        y = margin
        if rng.random() < 0.6:  # a heading
            head = fonts.font(fonts.pick(rng, "bold", "serif"), size_px * rng.uniform(1.4, 2.0))
            title = " ".join(rng.choice(PROSE) for _ in range(rng.randint(2, 4))).title()
            layer.text((x0, y), title, head, ink + (255,))
            y += head.getmetrics()[0] * 2.0
        limit = ph - margin - 40
        while y + leading <= limit:
            # A paragraph: indented first line, full lines, a shorter last line.
            count = rng.randint(2, 9)
            for k in range(count):
                if y + leading > limit:
                    break
                indent = 40 if k == 0 else 0
                room = pw - 2 * 80 - indent
                if k == count - 1:
                    room *= rng.uniform(0.2, 0.9)
                text = next(words)
                while True:
                    word = next(words)
                    if font.getlength(text + " " + word) > room:
                        pending.append(word)
                        break
                    text += " " + word
                layer.text((x0 + indent, y), text, font, ink + (255,))
                y += leading
            y += leading * 0.5
        folio = fonts.font(body, size_px * 0.7)
        layer.text((p * pw + pw / 2 - 10, ph - 60), str(rng.randint(2, 380)), folio, ink + (255,))
    if pages == 2:  # the gutter: shadow where the pages meet the spine
        gutter = Image.new("L", (160, ph), 0)
        for x in range(160):
            gutter.paste(int(90 * (1 - abs(x - 80) / 80) ** 2), (x, 0, x + 1, ph))
        shade = Image.new("RGBA", (160, ph), (0, 0, 0, 0))
        shade.putalpha(gutter)
        image.alpha_composite(shade, (pw - 80, 0))
    width = rng.uniform(0.55, 0.95) * W if pages == 1 else rng.uniform(0.8, 1.05) * W
    width = min(width, 0.95 * H * image.size[0] / image.size[1])
    center = (W / 2 + rng.uniform(-0.08, 0.08) * W, H / 2 + rng.uniform(-0.05, 0.05) * H)
    return [(layer, placement(rng, *image.size, center, width, 8, 0.12))]


def facade(rng, size):
    """A brick or rendered wall, for shop fronts whose background is not a photo."""
    W, H = size
    image = Image.new("RGBA", size, (0, 0, 0, 255))
    draw = ImageDraw.Draw(image)
    if rng.random() < 0.6:
        base = rng.choice([(150, 70, 50), (170, 110, 80), (120, 60, 45), (190, 160, 120)])
        mortar = (200, 195, 185)
        draw.rectangle((0, 0, W, H), fill=mortar + (255,))
        bh = rng.randint(22, 40)
        bw = bh * 3
        for row in range(H // bh + 1):
            offset = (row % 2) * bw // 2
            for col in range(-1, W // bw + 2):
                shade = rng.randint(-25, 25)
                colour = tuple(max(0, min(255, c + shade)) for c in base)
                x = col * bw + offset
                draw.rectangle((x + 2, row * bh + 2, x + bw - 2, row * bh + bh - 2), fill=colour + (255,))
    else:
        base = rng.choice([(225, 215, 190), (120, 140, 150), (200, 120, 90), (240, 240, 235)])
        draw.rectangle((0, 0, W, H), fill=base + (255,))
    noise = Image.effect_noise((W, H), 18).convert("L")
    image = Image.blend(image, Image.merge("RGBA", (noise, noise, noise, Image.new("L", size, 255))), 0.12)
    return image


def scene_shop(rng, fonts, size, background):
    """A shop front: big letters on a fascia or straight on the wall, smaller lines below."""
    W, H = size
    layers = []
    lw, lh = 1600, 900
    image = Image.new("RGBA", (lw, lh), (0, 0, 0, 0))
    layer = Layer(image)
    name = shop_name(rng)
    path = fonts.pick(rng, "bold", "condensed", "serif", "script" if rng.random() < 0.15 else "bold")
    font = fit_font(fonts, path, name, 0.9 * lw, rng.uniform(140, 230))
    on_fascia = rng.random() < 0.55
    top = rng.uniform(40, 120)
    ascent, descent = font.getmetrics()
    if on_fascia:
        fascia, _ = rng.choice(SIGN_COLOURS)
        layer.draw.rectangle((0, top - 30, lw, top + ascent + descent + 30), fill=fascia + (255,))
        ink = contrasting(rng, luma(fascia))
        shadow = None
    else:
        # Letters on the wall itself: the colour must read against the wall behind them.
        region = background.crop((0, int(0.2 * H), W, int(0.5 * H))).convert("L")
        ink = contrasting(rng, np.asarray(region).mean())
        shadow = (6, 6, (0, 0, 0, 110)) if rng.random() < 0.6 else None
    x = (lw - font.getlength(name)) / 2
    stroke = 0 if on_fascia or rng.random() < 0.5 else max(2, int(font.size * 0.03))
    stroke_fill = (0, 0, 0) if luma(ink) > 128 else (255, 255, 255)
    layer.text((x, top), name, font, ink + (255,), stroke=stroke, stroke_fill=stroke_fill, shadow=shadow)
    y = top + ascent + descent + rng.uniform(60, 140)
    for _ in range(rng.randint(0, 2)):
        text = rng.choice(TAGLINES)
        small = fit_font(fonts, fonts.pick(rng, "sans", "bold"), text, 0.8 * lw, rng.uniform(45, 80))
        board = rng.random() < 0.5
        tx = rng.uniform(0.05, 0.3) * lw
        if board:  # a window sticker or a small board
            tw = small.getlength(text)
            colour, tink = rng.choice(SIGN_COLOURS)
            a, d = small.getmetrics()
            layer.draw.rectangle((tx - 20, y - 15, tx + tw + 20, y + a + d + 15), fill=colour + (255,))
        else:
            tink = ink
        layer.text((tx, y), text, small, tink + (255,))
        y += small.getmetrics()[0] * 2.2
    width = rng.uniform(0.7, 1.1) * W
    center = (W / 2 + rng.uniform(-0.1, 0.1) * W, rng.uniform(0.35, 0.6) * H)
    layers.append((layer, placement(rng, lw, lh, center, width, 6, 0.22)))
    return layers


def scene_poster(rng, fonts, size, background):
    """Text straight on the photograph, as on posters, book covers and magazine covers."""
    W, H = size
    layer = Layer(Image.new("RGBA", (W, H), (0, 0, 0, 0)))
    gray = np.asarray(background.convert("L"), dtype=float)
    y = rng.uniform(0.05, 0.15) * H
    for i in range(rng.randint(2, 5)):
        text = shop_name(rng) if i == 0 else rng.choice([sign_text(rng), short_phrase(rng)])
        size_px = (rng.uniform(0.07, 0.12) if i == 0 else rng.uniform(0.025, 0.06)) * H
        font = fit_font(fonts, fonts.pick(rng, "bold", "sans", "serif", "condensed"), text, 0.9 * W, size_px)
        a, d = font.getmetrics()
        x = rng.uniform(0.04, max(0.05, 0.96 - font.getlength(text) / W)) * W
        if y + a + d > 0.95 * H:
            break
        patch = gray[int(y):int(y + a + d), int(x):int(x + font.getlength(text)) + 1]
        ink = contrasting(rng, patch.mean() if patch.size else 128)
        # Busy backgrounds get an outline, as designers do to keep words readable.
        stroke = max(1, int(a * 0.06)) if patch.size and patch.std() > 35 else 0
        stroke_fill = (0, 0, 0) if luma(ink) > 128 else (255, 255, 255)
        layer.text((x, y), text, font, ink + (255,), stroke=stroke, stroke_fill=stroke_fill)
        y += (a + d) * rng.uniform(1.3, 2.5)
    return [(layer, homography([(0, 0), (W, 0), (W, H), (0, H)], [(0, 0), (W, 0), (W, H), (0, H)]))]


# --- the camera ------------------------------------------------------------------------------

def background_picture(rng, size, photos):
    W, H = size
    if not photos:
        return facade(rng, size)
    photo = Image.open(rng.choice(photos)).convert("RGB")
    # A random crop of the output's shape, between half and all of the photo.
    scale = rng.uniform(0.5, 1.0) * min(photo.width / W, photo.height / H)
    cw, ch = int(W * scale), int(H * scale)
    x, y = rng.randint(0, photo.width - cw), rng.randint(0, photo.height - ch)
    if rng.random() < 0.5:
        photo = photo.transpose(Image.FLIP_LEFT_RIGHT)
    return photo.crop((x, y, x + cw, y + ch)).resize(size, Image.LANCZOS).convert("RGBA")


def drop_shadow(layer_warped, rng):
    alpha = layer_warped.getchannel("A").filter(ImageFilter.GaussianBlur(rng.uniform(4, 12)))
    shadow = Image.new("RGBA", layer_warped.size, (0, 0, 0, 0))
    shadow.putalpha(alpha.point(lambda v: int(v * 0.45)))
    dx, dy = rng.randint(3, 14), rng.randint(3, 14)
    moved = Image.new("RGBA", layer_warped.size, (0, 0, 0, 0))
    moved.paste(shadow, (dx, dy))
    return moved


def camera(rng, picture):
    """Lighting, colour cast, defocus, sensor noise; JPEG is applied when saving."""
    W, H = picture.size
    a = np.asarray(picture.convert("RGB"), dtype=np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    # A lighting gradient in a random direction plus vignetting.
    angle = rng.uniform(0, 2 * math.pi)
    ramp = ((xx / W - 0.5) * math.cos(angle) + (yy / H - 0.5) * math.sin(angle))
    light = 1.0 + rng.uniform(0.1, 0.6) * ramp
    r2 = ((xx / W - 0.5) ** 2 + (yy / H - 0.5) ** 2) / 0.5
    light *= 1.0 - rng.uniform(0.0, 0.35) * r2
    light *= rng.uniform(0.8, 1.1)
    cast = np.array([rng.uniform(0.93, 1.07), 1.0, rng.uniform(0.9, 1.08)], dtype=np.float32)
    a = a * light[..., None] * cast
    if rng.random() < 0.3:  # a hard-edged shadow (a pole, a branch, the photographer) across it
        nx, ny = math.cos(angle + 1.3), math.sin(angle + 1.3)
        d = (xx - W * rng.uniform(0.2, 0.8)) * nx + (yy - H * rng.uniform(0.2, 0.8)) * ny
        band = np.abs(d) < rng.uniform(0.05, 0.25) * min(W, H)
        a[band] *= rng.uniform(0.45, 0.7)
    if rng.random() < 0.2:  # glare: a bright soft spot, as from a lamp on a glossy surface
        gx, gy, gr = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H, rng.uniform(0.05, 0.15) * min(W, H)
        a += (rng.uniform(80, 160) * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * gr * gr)))[..., None]
    picture = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    blur = rng.choice([0, 0.4, 0.7, 1.0, 1.4])
    if blur:
        picture = picture.filter(ImageFilter.GaussianBlur(blur))
    if rng.random() < 0.2:  # camera shake: a short straight smear
        length = rng.randint(3, 7)
        dx, dy = math.cos(angle), math.sin(angle)
        a = np.asarray(picture, dtype=np.float32)
        smear = sum(np.roll(a, (round(k * dy), round(k * dx)), axis=(0, 1)) for k in range(length)) / length
        picture = Image.fromarray(smear.astype(np.uint8))
        blur = max(blur, length / 3)
    a = np.asarray(picture, dtype=np.float32)
    sigma = rng.uniform(1.0, 6.0)
    nprng = np.random.default_rng(rng.randrange(1 << 30))
    a = a + nprng.normal(0, sigma, (H, W, 1)) + nprng.normal(0, sigma * 0.4, (H, W, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), blur


# --- ground truth ----------------------------------------------------------------------------

def quad(h, box):
    x0, y0, x1, y1 = box
    return apply(h, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def visible_share(points, size):
    """Share of a quadrilateral inside the picture, by sampling."""
    W, H = size
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = points
    inside = 0
    for i in range(12):
        for j in range(5):
            u, v = (i + 0.5) / 12, (j + 0.5) / 5
            x = (1 - v) * ((1 - u) * ax + u * bx) + v * ((1 - u) * dx + u * cx)
            y = (1 - v) * ((1 - u) * ay + u * by) + v * ((1 - u) * dy + u * cy)
            inside += 0 <= x < W and 0 <= y < H
    return inside / 60


def cap_height(h, line):
    """The line's cap height in output pixels, through the homography at the line's start."""
    x, base = line["baseline"]
    (ax, ay), (bx, by) = apply(h, [(x, base), (x, base - line["cap"])])
    return math.hypot(bx - ax, by - ay)


def ground_truth(placed, size, level, blur):
    rows = []
    for layer, h in placed:
        for line in layer.lines:
            legible = line["legible"] and cap_height(h, line) >= LEGIBLE_CAP_HEIGHT * (1 + 0.3 * blur)
            entries = [(line["text"], line["box"])] if level == "line" else line["words"]
            for text, box in entries:
                points = quad(h, box)
                share = visible_share(points, size)
                if share == 0:
                    continue
                # A word cut by the picture edge cannot be read whole.
                readable = legible and share >= 0.9
                rows.append((points, text if readable else "###"))
    return rows


def write_gt(path, rows):
    # As the official ICDAR 2015 files: UTF-8 with a byte-order mark, CR LF line ends.
    with open(path, "w", encoding="utf-8-sig", newline="\r\n") as f:
        for points, text in rows:
            f.write(",".join("%d" % round(v) for p in points for v in p) + "," + text + "\n")


# --- main ------------------------------------------------------------------------------------

SCENES = ["sign", "page", "shop", "poster", "sign", "page", "shop", "notext"]


def make(index, seed, fonts, photos, out, level):
    rng = random.Random(seed * 100003 + index)
    kind = SCENES[index % len(SCENES)]
    size = rng.choice(SIZES)
    picture = background_picture(rng, size, photos)
    if kind == "shop" and rng.random() < 0.4:
        picture = facade(rng, size)
    if kind == "sign":
        placed = scene_sign(rng, fonts, size)
    elif kind == "page":
        placed = scene_page(rng, fonts, size)
    elif kind == "shop":
        placed = scene_shop(rng, fonts, size, picture)
    elif kind == "poster":
        placed = scene_poster(rng, fonts, size, picture)
    else:
        placed = []
    for layer, h in placed:
        warped = warp(layer.image, h, size)
        if kind in ("sign", "page"):
            picture.alpha_composite(drop_shadow(warped, rng))
        picture.alpha_composite(warped)
    picture, blur = camera(rng, picture)
    stem = "%s_%03d" % (kind, index)
    rows = ground_truth(placed, size, level, blur)
    if rng.random() < 0.8:
        picture.save(os.path.join(out, stem + ".jpg"), quality=rng.randint(55, 95))
    else:
        picture.save(os.path.join(out, stem + ".png"))
    write_gt(os.path.join(out, "gt_%s.txt" % stem), rows)
    legible = sum(1 for _, t in rows if t != "###")
    return "%s %dx%d: %d legible, %d ###" % (stem, size[0], size[1], legible, len(rows) - legible)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="out/eval-set")
    parser.add_argument("--count", type=int, default=64)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--gt-level", choices=["line", "word"], default="line",
                        help="one ground-truth region per line (default) or per word, as ICDAR 2015")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    photos = [p for p in BACKGROUNDS if os.path.exists(p)]
    if not photos:
        print("make-eval-set: warning: no background photos found (install lomiri-wallpapers-16.04 "
              "and mate-backgrounds); using generated walls", file=sys.stderr)
    fonts = Fonts()
    for index in range(args.count):
        line = make(index, args.seed, fonts, photos, args.out, args.gt_level)
        if not args.quiet:
            print(line)
    print("make-eval-set: %d pictures in %s (%d background photos, %d fonts)" % (
        args.count, args.out, len(photos), sum(len(v) for v in fonts.by_style.values())))


if __name__ == "__main__":
    main()
