#!/usr/bin/env python3
"""Rewrites an ONNX model's Clip nodes so their min/max are attributes instead of inputs.

Why: since opset 11, Clip takes min and max as optional *inputs*; OpenCV 4.6's ONNX importer
(Debian 12's libopencv-dnn) only accepts the older form with one input and min/max
*attributes*, and refuses the model otherwise. The PP-OCRv4 detector feeds every Clip from
Constant nodes, so the values are known at rewrite time and the rewrite changes nothing else.

The model keeps its opset (12): strictly, Clip-12 has no min/max attributes, so onnx.checker
would complain, but OpenCV reads them and ignores the opset for Clip. Lowering the opset
instead would change the meaning of other nodes (Resize), so this is the smaller lie.

Usage: onnx_clip_to_attributes.py INPUT.onnx OUTPUT.onnx
Exit status: 0 on success, 1 on a Clip whose bounds are not constant, 2 on bad usage.
"""
import sys

import onnx
from onnx import numpy_helper


def constant_values(graph):
    """Name -> numpy value for every initializer and every Constant node's output."""
    values = {init.name: numpy_helper.to_array(init) for init in graph.initializer}
    for node in graph.node:
        if node.op_type == "Constant":
            for attr in node.attribute:
                if attr.name == "value":
                    values[node.output[0]] = numpy_helper.to_array(attr.t)
    return values


def rewrite(model):
    graph = model.graph
    values = constant_values(graph)
    rewritten = 0
    for node in graph.node:
        if node.op_type != "Clip" or len(node.input) <= 1:
            continue
        bounds = list(node.input[1:])
        for attr_name, input_name in zip(("min", "max"), bounds):
            if input_name == "":  # an omitted optional input: no bound on that side
                continue
            if input_name not in values:
                raise ValueError(f"Clip node {node.name!r}: {attr_name} comes from "
                                 f"{input_name!r}, which is not a constant")
            value = values[input_name]
            if value.size != 1:
                raise ValueError(f"Clip node {node.name!r}: {attr_name} is not a scalar")
            node.attribute.append(onnx.helper.make_attribute(attr_name, float(value.reshape(-1)[0])))
        del node.input[1:]
        rewritten += 1

    # Drop the constants that only fed Clip bounds, so OpenCV does not build unused layers.
    used = {name for node in graph.node for name in node.input}
    used |= {output.name for output in graph.output}
    unused_nodes = [n for n in graph.node if n.op_type == "Constant" and n.output[0] not in used]
    for node in unused_nodes:
        graph.node.remove(node)
    unused_inits = [i for i in graph.initializer if i.name not in used]
    for init in unused_inits:
        graph.initializer.remove(init)
    return rewritten, len(unused_nodes) + len(unused_inits)


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: onnx_clip_to_attributes.py INPUT.onnx OUTPUT.onnx", file=sys.stderr)
        return 2
    model = onnx.load(argv[1])
    try:
        rewritten, removed = rewrite(model)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    remaining = [n.name for n in model.graph.node if n.op_type == "Clip" and len(n.input) > 1]
    if remaining:
        print(f"error: Clip nodes still take bounds as inputs: {remaining}", file=sys.stderr)
        return 1
    onnx.save(model, argv[2])
    print(f"rewrote {rewritten} Clip node(s), removed {removed} unused constant(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
