#!/usr/bin/env python3
"""The MRZ reader on real specimen images against PassportEye on the very same
files, in the same run: valid reads (every check digit holds), ms per image, and
per file what each reader made of it, so the failures left stay visible.

  specimens.py VERITY_SPECIMENS.json SPECIMENS_DIR"""
import json
import os
import sys
import time
import warnings

warnings.filterwarnings("ignore")  # PassportEye and scikit-image deprecations


def passporteye(directory, names):
    from passporteye import read_mrz
    results = {}
    for name in names:
        start = time.perf_counter()
        try:
            mrz = read_mrz(os.path.join(directory, name))
        except Exception:  # PassportEye raises on some images; that is a failed read
            mrz = None
        results[name] = (mrz is not None and bool(mrz.valid), (time.perf_counter() - start) * 1000)
    return results


def main():
    ours = json.load(open(sys.argv[1]))
    directory = sys.argv[2]
    names = [row["file"] for row in ours["files"]]
    theirs = passporteye(directory, names)
    eye_valid = sum(1 for ok, _ in theirs.values() if ok)
    eye_ms = sum(ms for _, ms in theirs.values()) / max(1, len(names))
    print(f"MRZ, {ours['images']} real specimen images (../shared/data/documents/mrz-specimens):")
    print(f"  verity       {ours['valid']:3d} valid  {ours['msPerImage']:7.1f} ms/image")
    print(f"  PassportEye  {eye_valid:3d} valid  {eye_ms:7.1f} ms/image")
    print(f"  ratio        valid reads x{ours['valid'] / max(1, eye_valid):.2f}, speed x{eye_ms / max(0.001, ours['msPerImage']):.1f}")
    print("  per file (verity outcome and failing checks | PassportEye):")
    for row in ours["files"]:
        failing = ",".join(row["failingChecks"])
        print(f"    {row['file']:34s} {row['outcome']:15s} {failing:40s} | {'valid' if theirs[row['file']][0] else '-'}")


if __name__ == "__main__":
    main()
