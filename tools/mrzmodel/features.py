"""Glyph features for the MRZ classifier. Sources/VerityVision/MRZ/GlyphFeatures.swift
computes exactly the same numbers at run time; change both together.

A glyph is the box of its ink pixels in a grey line image. Its features are the
ink map fitted (aspect kept) into a 16 x 24 grid, sampled 3 x 3 per cell with
bilinear interpolation, plus its height and width and vertical offset, each
relative to the line's letter height."""
import numpy

GRID_W, GRID_H, SUB = 16, 24, 3
COUNT = GRID_W * GRID_H + 3


def ink_map(gray, background, ink):
    span = max(background - ink, 1.0)
    return numpy.clip((background - gray.astype(numpy.float32)) / span, 0.0, 1.0)


def _bilinear(ink, x, y):
    height, width = ink.shape
    x = numpy.clip(x, 0, width - 1)
    y = numpy.clip(y, 0, height - 1)
    x0 = numpy.floor(x).astype(int)
    y0 = numpy.floor(y).astype(int)
    x1 = numpy.minimum(x0 + 1, width - 1)
    y1 = numpy.minimum(y0 + 1, height - 1)
    fx, fy = x - x0, y - y0
    top = ink[y0, x0] * (1 - fx) + ink[y0, x1] * fx
    bottom = ink[y1, x0] * (1 - fx) + ink[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def glyph(ink, box, letter_height, line_center):
    """box = (x0, y0, x1, y1), ink pixels in [x0, x1) x [y0, y1)."""
    x0, y0, x1, y1 = box
    bx0, by0 = x0 - 1, y0 - 1
    w, h = (x1 - x0) + 2, (y1 - y0) + 2
    scale = min(GRID_W / w, GRID_H / h)
    off_x, off_y = (GRID_W - w * scale) / 2, (GRID_H - h * scale) / 2
    sub = (numpy.arange(SUB) + 0.5) / SUB
    cols = (numpy.arange(GRID_W)[:, None] + sub[None, :]).reshape(-1)
    rows = (numpy.arange(GRID_H)[:, None] + sub[None, :]).reshape(-1)
    gx = (cols - off_x) / scale
    gy = (rows - off_y) / scale
    inside_x = (gx >= 0) & (gx <= w)
    inside_y = (gy >= 0) & (gy <= h)
    sx = bx0 + gx - 0.5
    sy = by0 + gy - 0.5
    values = _bilinear(ink, sx[None, :], sy[:, None])
    values = values * inside_x[None, :] * inside_y[:, None]
    grid = values.reshape(GRID_H, SUB, GRID_W, SUB).mean(axis=(1, 3))
    extra = [(y1 - y0) / letter_height, (x1 - x0) / letter_height, ((y0 + y1) / 2 - line_center) / letter_height]
    return numpy.concatenate([grid.reshape(-1), numpy.array(extra, dtype=numpy.float32)]).astype(numpy.float32)


def percentile(values, p):
    """Nearest-rank percentile, as Thresholds.percentile computes it in Swift."""
    ordered = numpy.sort(values.reshape(-1))
    return float(ordered[int(p * (len(ordered) - 1))])
