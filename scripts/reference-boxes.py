#!/usr/bin/env python3
"""Writes the boxes of RapidOCR, the PP-OCRv4 models' own Python pipeline, for every picture of
a folder, as ICDAR 2015 result files (res_<picture name>.txt) that
`textmirror-eval DIR --score-results OUT` scores under textmirror's rules. It tells what the
same detector finds in its authors' pipeline, at its own resolution (short side at least 736
pixels) and with its own recogniser's filter, next to what textmirror finds.

usage: reference-boxes.py PICTURES OUT [--no-recognition]

Needs the wheel textmirror's models come from, with its runtime, in a virtual environment:
    python3 -m venv /tmp/rapidocr && /tmp/rapidocr/bin/pip install rapidocr-onnxruntime==1.4.4
    /tmp/rapidocr/bin/python scripts/reference-boxes.py out/real-photos /tmp/reference
--no-recognition keeps every detected box (the detector alone); by default a box is kept when
RapidOCR reads it at its default text score (0.5), as textmirror's `verify` does.
"""
import os
import sys

import cv2
from rapidocr_onnxruntime import RapidOCR


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    options = {a for a in argv if a.startswith("--")}
    if len(args) != 2 or not options <= {"--no-recognition"}:
        sys.exit(__doc__)
    pictures, out = args
    recognise = "--no-recognition" not in options
    os.makedirs(out, exist_ok=True)
    engine = RapidOCR()
    names = sorted(n for n in os.listdir(pictures) if n.lower().endswith((".png", ".jpg", ".jpeg")))
    if not names:
        sys.exit(f"no PNG or JPEG pictures in {pictures}")
    for name in names:
        image = cv2.imread(os.path.join(pictures, name))
        if image is None:
            sys.exit(f"{name}: cannot be decoded")
        # Orientation classification off: textmirror has none either.
        found, _ = engine(image, use_cls=False, use_rec=recognise)
        # Without recognition RapidOCR returns the boxes alone; with it, (box, text, score).
        boxes = [item[0] if recognise else item for item in (found or [])]
        with open(os.path.join(out, "res_" + os.path.splitext(name)[0] + ".txt"), "w") as result:
            for box in boxes:
                result.write(",".join(str(int(round(float(v)))) for point in box for v in point) + "\n")
        print(f"{name}: {len(boxes)} boxes", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
