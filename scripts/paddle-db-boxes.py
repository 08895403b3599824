#!/usr/bin/env python3
"""Writes the boxes a PP-OCRv6 (or any PaddleOCR DB) text detector finds with PaddleOCR's own
post-processing (ppocr/postprocess/db_postprocess.py: DBPostProcess, quad boxes, "fast" box
score), for every picture of a folder, as ICDAR 2015 result files (res_<picture name>.txt).
`textmirror-eval PICTURES --score-results OUT` scores them under textmirror's rules, so the
same network's boxes can be compared as PaddleOCR draws them and as textmirror does (run
textmirror-eval with `--set verify=false` for the detector alone).

usage: paddle-db-boxes.py MODEL PICTURES OUT [--long-side N] [--thresh T] [--box-thresh B]
                          [--unclip R]

MODEL is a detector file (models/ppocrv6_small_det.onnx). The picture is resized so that its
long side is N pixels (default 640, as textmirror's detection-size), each side rounded to a
multiple of 32, and fed as PaddleOCR's inference.yml says: BGR, ImageNet mean and deviation.
Defaults are the v6 models' inference.yml: thresh 0.2, box_thresh 0.45 (0.4 for a file whose
name holds "tiny"), unclip_ratio 1.4.

Needs OpenVINO, OpenCV, pyclipper and shapely in a virtual environment:
    python3 -m venv /tmp/pyref && /tmp/pyref/bin/pip install openvino==2026.4.1 \
        opencv-python-headless pyclipper shapely
    /tmp/pyref/bin/python scripts/paddle-db-boxes.py models/ppocrv6_small_det.onnx \
        out/real-photos /tmp/paddle-small
"""
import os
import sys

import cv2
import numpy as np
import openvino as ov
import pyclipper
from shapely.geometry import Polygon

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
DEVIATION = np.array([0.229, 0.224, 0.225], dtype=np.float32)
MIN_SIZE = 3
MAX_CANDIDATES = 1000


def parse(argv):
    values = {"--long-side": "640", "--thresh": "0.2", "--box-thresh": None, "--unclip": "1.4"}
    positional = []
    i = 0
    while i < len(argv):
        if argv[i] in values and i + 1 < len(argv):
            values[argv[i]] = argv[i + 1]
            i += 2
        elif argv[i].startswith("--"):
            sys.exit(f"unknown option {argv[i]}\n\n{__doc__}")
        else:
            positional.append(argv[i])
            i += 1
    if len(positional) != 3:
        sys.exit(__doc__)
    model, pictures, out = positional
    box_thresh = values["--box-thresh"] or ("0.4" if "tiny" in os.path.basename(model) else "0.45")
    return model, pictures, out, int(values["--long-side"]), float(values["--thresh"]), \
        float(box_thresh), float(values["--unclip"])


def network_input(image, long_side):
    height, width = image.shape[:2]
    ratio = long_side / max(height, width)
    resized_h = max(int(round(height * ratio / 32) * 32), 32)
    resized_w = max(int(round(width * ratio / 32) * 32), 32)
    resized = cv2.resize(image, (resized_w, resized_h)).astype(np.float32) / 255
    planes = ((resized - MEAN) / DEVIATION).transpose(2, 0, 1)
    return planes[np.newaxis].copy()


def mini_box(contour):
    """PaddleOCR's get_mini_boxes: the rotated rectangle, corners from top-left clockwise."""
    rect = cv2.minAreaRect(contour)
    points = sorted(list(cv2.boxPoints(rect)), key=lambda p: p[0])
    first, fourth = (0, 1) if points[1][1] > points[0][1] else (1, 0)
    second, third = (2, 3) if points[3][1] > points[2][1] else (3, 2)
    return np.array([points[first], points[second], points[third], points[fourth]]), min(rect[1])


def box_score(probability, box):
    """PaddleOCR's box_score_fast: mean probability inside the quadrilateral."""
    h, w = probability.shape
    x0 = int(np.clip(np.floor(box[:, 0].min()), 0, w - 1))
    x1 = int(np.clip(np.ceil(box[:, 0].max()), 0, w - 1))
    y0 = int(np.clip(np.floor(box[:, 1].min()), 0, h - 1))
    y1 = int(np.clip(np.ceil(box[:, 1].max()), 0, h - 1))
    mask = np.zeros((y1 - y0 + 1, x1 - x0 + 1), dtype=np.uint8)
    shifted = box - np.array([x0, y0])
    cv2.fillPoly(mask, shifted.reshape(1, -1, 2).astype(np.int32), 1)
    return cv2.mean(probability[y0:y1 + 1, x0:x1 + 1], mask)[0]


def unclip(box, ratio):
    polygon = Polygon(box)
    distance = polygon.area * ratio / polygon.length
    offset = pyclipper.PyclipperOffset()
    offset.AddPath(box.tolist(), pyclipper.JT_ROUND, pyclipper.ET_CLOSEDPOLYGON)
    return offset.Execute(distance)


def boxes(probability, width, height, thresh, box_thresh, unclip_ratio):
    bitmap = (probability > thresh).astype(np.uint8) * 255
    contours, _ = cv2.findContours(bitmap, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    map_h, map_w = probability.shape
    found = []
    for contour in contours[:MAX_CANDIDATES]:
        points, short_side = mini_box(contour)
        if short_side < MIN_SIZE or box_score(probability, points) < box_thresh:
            continue
        expanded = unclip(points, unclip_ratio)
        if len(expanded) != 1:
            continue
        box, short_side = mini_box(np.array(expanded[0]).reshape(-1, 1, 2).astype(np.float32))
        if short_side < MIN_SIZE + 2:
            continue
        box[:, 0] = np.clip(np.round(box[:, 0] / map_w * width), 0, width)
        box[:, 1] = np.clip(np.round(box[:, 1] / map_h * height), 0, height)
        found.append(box.astype(np.int32))
    return found


def main(argv):
    model, pictures, out, long_side, thresh, box_thresh, unclip_ratio = parse(argv)
    os.makedirs(out, exist_ok=True)
    compiled = ov.Core().compile_model(model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    names = sorted(n for n in os.listdir(pictures) if n.lower().endswith((".png", ".jpg", ".jpeg")))
    if not names:
        sys.exit(f"no PNG or JPEG pictures in {pictures}")
    for name in names:
        image = cv2.imread(os.path.join(pictures, name), cv2.IMREAD_COLOR)
        if image is None:
            sys.exit(f"{name}: cannot be decoded")
        probability = compiled(network_input(image, long_side))[0][0, 0]
        found = boxes(probability, image.shape[1], image.shape[0], thresh, box_thresh, unclip_ratio)
        with open(os.path.join(out, "res_" + os.path.splitext(name)[0] + ".txt"), "w") as result:
            for box in found:
                result.write(",".join(str(int(v)) for point in box for v in point) + "\n")
        print(f"{name}: {len(found)} boxes", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
