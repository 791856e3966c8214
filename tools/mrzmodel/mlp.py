"""A one-hidden-layer network trained with Adam, and its file format (read by
Sources/VerityVision/Recognition/GlyphClassifier.swift)."""
import argparse
import os
import struct
import sys

import numpy


def train(rng, x, y, hidden, epochs, classes):
    n_in, n_out = x.shape[1], classes
    w1 = rng.normal(0, numpy.sqrt(2 / n_in), (n_in, hidden)).astype(numpy.float32)
    b1 = numpy.zeros(hidden, numpy.float32)
    w2 = rng.normal(0, numpy.sqrt(2 / hidden), (hidden, n_out)).astype(numpy.float32)
    b2 = numpy.zeros(n_out, numpy.float32)
    params = [w1, b1, w2, b2]
    m = [numpy.zeros_like(p) for p in params]
    v = [numpy.zeros_like(p) for p in params]
    step, batch = 0, 128
    for epoch in range(epochs):
        rate = 0.002 * (0.85 ** epoch)
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            index = order[start:start + batch]
            xb, yb = x[index], y[index]
            h = numpy.maximum(xb @ w1 + b1, 0)
            logits = h @ w2 + b2
            logits -= logits.max(axis=1, keepdims=True)
            p = numpy.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            p[numpy.arange(len(yb)), yb] -= 1
            p /= len(yb)
            gw2, gb2 = h.T @ p, p.sum(axis=0)
            dh = (p @ w2.T) * (h > 0)
            gw1, gb1 = xb.T @ dh, dh.sum(axis=0)
            step += 1
            for i, g in enumerate([gw1, gb1, gw2, gb2]):
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                params[i] -= rate * (m[i] / (1 - 0.9 ** step)) / (numpy.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8)
        print(f"epoch {epoch + 1}: train accuracy {accuracy(params, x[:5000], y[:5000]):.4f}", file=sys.stderr)
    return params


def predict(params, x):
    w1, b1, w2, b2 = params
    return (numpy.maximum(x @ w1 + b1, 0) @ w2 + b2).argmax(axis=1)


def accuracy(params, x, y):
    return float((predict(params, x) == y).mean())


def write(path, params, alphabet):
    w1, b1, w2, b2 = params
    with open(path, "wb") as handle:
        handle.write(b"VMLP")
        # Version 2: the alphabet is UTF-8 with its byte length first.
        handle.write(struct.pack("<IIIII", 2, w1.shape[0], w1.shape[1], w2.shape[1], len(alphabet.encode("utf-8"))))
        encoded = alphabet.encode("utf-8")
        handle.write(encoded)
        # Row-major [out][in], the order the Swift loop reads.
        for array in (w1.T, b1, w2.T, b2):
            handle.write(numpy.ascontiguousarray(array, dtype="<f4").tobytes())




def main(doc, dataset, alphabet, default_out, lines, epochs, hidden, seed, options=(), extra=None):
    """Command line shared by the trainers: build the data, train, report, write.
    `options`: further (flag, keyword arguments) for the parser; `extra(args)`:
    more training glyphs (x, y) beside the rendered ones (never validation)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=lines)
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--hidden", type=int, default=hidden)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--out", default=default_out)
    for flag, keywords in options:
        parser.add_argument(flag, **keywords)
    args = parser.parse_args()
    rng = numpy.random.default_rng(args.seed)
    x, y = dataset(rng, args.lines)
    if extra is not None:
        more_x, more_y = extra(args)
        if len(more_x):
            x, y = numpy.concatenate([x, more_x]), numpy.concatenate([y, more_y])
    xv, yv = dataset(numpy.random.default_rng(args.seed + 1), max(100, args.lines // 8))
    print(f"{len(x)} training glyphs, {len(xv)} validation glyphs", file=sys.stderr)
    params = train(rng, x, y, args.hidden, args.epochs, len(alphabet))
    guesses = predict(params, xv)
    errors = guesses != yv
    print(f"validation accuracy {1 - errors.mean():.4f}", file=sys.stderr)
    confusions = {}
    for truth, guess in zip(yv[errors], guesses[errors]):
        key = alphabet[truth] + "->" + alphabet[guess]
        confusions[key] = confusions.get(key, 0) + 1
    print("most frequent confusions:", sorted(confusions.items(), key=lambda kv: -kv[1])[:10], file=sys.stderr)
    write(args.out, params, alphabet)
    print(f"wrote {os.path.relpath(args.out)}", file=sys.stderr)
