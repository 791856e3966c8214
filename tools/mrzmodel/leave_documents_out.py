#!/usr/bin/env python3
"""Measures the MRZ classifier trained with real glyphs on documents whose
glyphs it never saw: the specimens are split into FOLDS groups by document;
for each group a model is trained on the rendered lines plus the real glyphs of
every other document (train_mrz.py --real --exclude), and only that group's
specimens are read with it (VERITY_MRZ_MODEL). Beside it, in the same run, the
same recipe without real glyphs reads every specimen.

  leave_documents_out.py GLYPHS SPECIMENS_DIR [--folds 5] [--real-copies 8] [--bench .build/release/VerityBench] [--work DIR]

GLYPHS is what `VerityBench mrz-glyphs --dir SPECIMENS_DIR` wrote."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Printed with check digits that do not hold (SpecimenReadingTests.invalidAsPrinted).
INVALID_AS_PRINTED = {"id_cards/Malta_BAD.png", "passports/ICAO_Example2.png", "resident_cards/USA.png",
                      "resident_cards/USA_Permanent.png", "other/USA_Border_Crosser.png"}


def specimens(folder):
    found = []
    for root, _, files in os.walk(folder):
        for name in files:
            if name.lower().endswith((".png", ".jpg", ".jpeg")):
                found.append(os.path.relpath(os.path.join(root, name), folder))
    return sorted(found)


def train(model, glyphs=None, exclude=(), copies=8):
    command = [sys.executable, os.path.join(HERE, "train_mrz.py"), "--out", model]
    if glyphs:
        command += ["--real", glyphs, "--exclude", ",".join(exclude), "--real-copies", str(copies)]
    subprocess.run(command, check=True, stderr=subprocess.DEVNULL)


def read(bench, model, folder, out):
    environment = dict(os.environ, VERITY_MRZ_MODEL=model, OMP_THREAD_LIMIT="1")
    subprocess.run([bench, "mrz-specimens", "--dir", folder, "--out", out], check=True, env=environment, stdout=subprocess.DEVNULL)
    with open(out) as results:
        return {row["file"]: row["outcome"] == "VALID" for row in json.load(results)["files"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("glyphs")
    parser.add_argument("folder")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--bench", default=".build/release/VerityBench")
    parser.add_argument("--work", default="/tmp/mrz-folds")
    parser.add_argument("--real-copies", type=int, default=8, help="how many times each real glyph counts in training")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    files = specimens(args.folder)
    folds = [files[k::args.folds] for k in range(args.folds)]

    baseline_model = os.path.join(args.work, "rendered-only.mlp")
    train(baseline_model)
    baseline = read(args.bench, baseline_model, args.folder, os.path.join(args.work, "rendered-only.json"))

    held_out = {}
    for k, fold in enumerate(folds):
        model = os.path.join(args.work, f"fold-{k}.mlp")
        train(model, args.glyphs, fold, args.real_copies)
        outcome = read(args.bench, model, args.folder, os.path.join(args.work, f"fold-{k}.json"))
        held_out.update({name: outcome[name] for name in fold})

    def summary(valid):
        good = [name for name in files if name not in INVALID_AS_PRINTED and valid.get(name)]
        wrong = [name for name in INVALID_AS_PRINTED if valid.get(name)]
        return len(good), wrong

    for label, valid in (("rendered glyphs only", baseline), ("with real glyphs, each document held out", held_out)):
        good, wrong = summary(valid)
        print(f"mrz classifier, {label}: {good} of {len(files) - len(INVALID_AS_PRINTED)} valid, "
              f"{len(wrong)} of the {len(INVALID_AS_PRINTED)} invalid as printed read valid {wrong}")
    changed = [f"{name}: {'valid' if held_out[name] else 'not valid'}" for name in files if held_out.get(name) != baseline.get(name)]
    print("changed: " + ("; ".join(changed) or "none"))


if __name__ == "__main__":
    main()
