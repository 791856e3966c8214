#!/usr/bin/env python3
"""Baselines for the document benchmark, on the very files Verity just read:
PassportEye (MRZ), zxing-cpp's Python binding (PDF417), the tesseract CLI (OCR).
Prints each figure beside Verity's and the ratio.

  documents.py VERITY_RESULTS.json DOCGEN_DIR"""
import base64
import json
import os
import subprocess
import sys
import time

import warnings

import numpy
from PIL import Image

warnings.filterwarnings("ignore")  # PassportEye and scikit-image deprecations


def passporteye(files, directory):
    from passporteye import read_mrz
    valid, start = 0, time.perf_counter()
    for name in files:
        mrz = read_mrz(os.path.join(directory, name))
        if mrz is not None and mrz.valid:
            valid += 1
    return valid, (time.perf_counter() - start) * 1000 / max(1, len(files))


def zxing(files, expected, directory):
    """Decoded count, mean ms per image, and per file: (ms, decoded)."""
    import zxingcpp
    decoded, per_file = 0, {}
    for name, payload in zip(files, expected):
        start = time.perf_counter()
        image = numpy.asarray(Image.open(os.path.join(directory, name)).convert("L"))
        results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.PDF417)
        ok = any(r.bytes == base64.b64decode(payload) for r in results)
        per_file[name] = ((time.perf_counter() - start) * 1000, ok)
        decoded += ok
    return decoded, sum(ms for ms, _ in per_file.values()) / max(1, len(files)), per_file


def tesseract_cli(files):
    start = time.perf_counter()
    for path in files:
        subprocess.run(["tesseract", path, "-", "--psm", "11", "-l", "eng"], capture_output=True, check=True,
                       env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    return (time.perf_counter() - start) * 1000 / max(1, len(files))


def main():
    results = json.load(open(sys.argv[1]))
    directory = sys.argv[2]
    mrz = results["mrz"]
    valid, eye_ms = passporteye(mrz["files"], directory)
    print(f"MRZ, {mrz['images']} passport pages (all degradations):")
    print(f"  verity       {mrz['valid']:3d} valid ({mrz['exact']} exact)  {mrz['msPerImage']:7.1f} ms/image")
    print(f"  PassportEye  {valid:3d} valid                {eye_ms:7.1f} ms/image")
    print(f"  ratio        valid reads x{mrz['valid'] / max(1, valid):.2f}, speed x{eye_ms / max(0.001, mrz['msPerImage']):.1f}")

    pdf = results["pdf417"]
    decoded, zx_ms, zx_files = zxing(pdf["files"], pdf["expected"], directory)
    print(f"PDF417, {pdf['images']} licence backs:")
    print(f"  verity            {pdf['decoded']:3d} exact  {pdf['msPerImage']:7.1f} ms/image (fallbacks included)")
    print(f"  zxing-cpp Python  {decoded:3d} exact  {zx_ms:7.1f} ms/image")
    print(f"  ratio             decoded x{pdf['decoded'] / max(1, decoded):.2f}, speed x{zx_ms / max(0.001, pdf['msPerImage']):.2f}")
    both = [name for name in pdf["files"] if zx_files[name][1] and pdf["decodedByFile"][name]]
    if both:
        ours = sum(pdf["msByFile"][name] for name in both) / len(both)
        theirs = sum(zx_files[name][0] for name in both) / len(both)
        print(f"  on the {len(both)} images both decode: verity {ours:.1f} ms, zxing-cpp Python {theirs:.1f} ms, speed x{theirs / max(0.001, ours):.2f}")

    ocr = results["ocr"]
    cli_ms = tesseract_cli(ocr["files"])
    print(f"Tesseract, {ocr['crops']} visual-zone crops (eng, sparse text, one thread):")
    print(f"  verity engine  {ocr['msPerCrop']:7.1f} ms/crop")
    print(f"  tesseract CLI  {cli_ms:7.1f} ms/crop")
    print(f"  ratio          speed x{cli_ms / max(0.001, ocr['msPerCrop']):.2f}")

    print("Full reports (ms per document, one core):")
    for kind, figures in results["inspect"].items():
        stages = ", ".join(f"{k} {v:.0f}" for k, v in sorted(figures["stageMeanMs"].items()))
        print(f"  {kind:15s} mean {figures['meanMs']:6.0f}  p50 {figures['p50Ms']:6.0f}  max {figures['maxMs']:6.0f}   stages: {stages}")


if __name__ == "__main__":
    main()
