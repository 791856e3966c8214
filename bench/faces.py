#!/usr/bin/env python3
"""The face_recognition baseline (same dlib models, dlib's Python binding) on the
very pairs and faces Verity just measured; prints both and the ratios.

  faces.py VERITY_RESULTS.json JOHNS_DIR"""
import json
import os
import sys
import time

import face_recognition


def main():
    results = json.load(open(sys.argv[1]))
    base = sys.argv[2]

    def encode(path):
        image = face_recognition.load_image_file(os.path.join(base, path))
        boxes = face_recognition.face_locations(image, number_of_times_to_upsample=0)
        return face_recognition.face_encodings(image, boxes)

    encode(results["pairs"][0][0])
    start = time.perf_counter()
    for a, b in results["pairs"]:
        x, y = encode(a), encode(b)
        if x and y:
            face_recognition.face_distance([x[0]], y[0])
    python_ms = (time.perf_counter() - start) * 1000 / len(results["pairs"])
    ratio = results["msPerPair"] / python_ms
    print(f"Faces, {len(results['pairs'])} johns pairs (decode + detect + embed both + compare), one core:")
    print(f"  verity            {results['msPerPair']:7.1f} ms/pair")
    print(f"  face_recognition  {python_ms:7.1f} ms/pair")
    print(f"  ratio             x{ratio:.2f} of the baseline's time (aim <= 1.0)")
    print(f"Age: verity {results['msPerAge']:.1f} ms/face (decode + detect + age) over {len(results['faces'])} faces")
    print(f"Selfie vs passport capture, {results['documentDecisions']} decisions: mean {results['documentDecisionMeanMs']:.0f} ms, "
          f"max {results['documentDecisionMaxMs']:.0f} ms (aim <= 500)")
    print(f"Passive liveness signals, {results['livenessImages']} images (decode + detect + pattern + edges): "
          f"mean {results['livenessMeanMs']:.0f} ms, max {results['livenessMaxMs']:.0f} ms")
    print(f"Portrait check on a flattened document front, {results['portraitChecks']} fronts: "
          f"mean {results['portraitMeanMs']:.0f} ms, max {results['portraitMaxMs']:.0f} ms")


if __name__ == "__main__":
    main()
