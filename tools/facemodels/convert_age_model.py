#!/usr/bin/env python3
"""Rewrites age-v1.onnx so OpenCV 4.6's dnn module can load it: every Gemm with
transB=0 gets its weight initializer transposed and transB=1 (the same product).
Then runs both models with onnxruntime on fixed random chips and refuses to write
the result unless the probabilities agree to 1e-5.

  convert_age_model.py ORIGINAL.onnx CONVERTED.onnx"""
import sys

import numpy
import onnx
import onnxruntime
from onnx import numpy_helper


def convert(model):
    initializers = {tensor.name: tensor for tensor in model.graph.initializer}
    for node in model.graph.node:
        if node.op_type != "Gemm":
            continue
        attributes = {a.name: a for a in node.attribute}
        if "transB" in attributes and attributes["transB"].i == 1:
            continue
        weight = initializers[node.input[1]]
        transposed = numpy_helper.from_array(numpy_helper.to_array(weight).T.copy(), weight.name)
        weight.CopyFrom(transposed)
        if "transB" in attributes:
            attributes["transB"].i = 1
        else:
            node.attribute.append(onnx.helper.make_attribute("transB", 1))
    return model


def probabilities(model_bytes, chips):
    session = onnxruntime.InferenceSession(model_bytes, providers=["CPUExecutionProvider"])
    return session.run(None, {session.get_inputs()[0].name: chips})[0]


def main():
    original_path, converted_path = sys.argv[1], sys.argv[2]
    original = onnx.load(original_path)
    converted = convert(onnx.load(original_path))
    onnx.checker.check_model(converted)
    chips = numpy.random.default_rng(64).uniform(-0.5, 0.5, (4, 3, 64, 64)).astype(numpy.float32)
    expected = probabilities(original.SerializeToString(), chips)
    actual = probabilities(converted.SerializeToString(), chips)
    difference = float(numpy.abs(expected - actual).max())
    if difference > 1e-5:
        sys.exit(f"convert_age_model: outputs differ by {difference}")
    onnx.save(converted, converted_path)
    print(f"convert_age_model: wrote {converted_path} (max difference {difference:.2e})")


if __name__ == "__main__":
    main()
