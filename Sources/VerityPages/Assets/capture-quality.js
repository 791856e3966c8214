// The capture page's picture checks, run in the browser before upload so a
// user can retake at once. The server runs the reading engine's own checks
// again (CaptureQualityCheck): the measures and thresholds here are the same
// (QualityThresholds), taken on the picture scaled to 1000 px wide. The server
// measures the document it found; here light, contrast and focus are measured
// on the middle of the picture, where the user was asked to put it, so a dark
// table around the document does not count against it.
"use strict";
window.VerityCaptureQuality = (() => {
  const STANDARD_WIDTH = 1000;
  const THRESHOLDS = { darkest: 60, brightest: 150, contrast: 20, sharpness: 100, glare: 0.015 };

  /** Grey levels of `source` (an image, video or canvas) scaled down to `target` px wide (the standard width unless named). */
  function greyOf(source, width, height, target = STANDARD_WIDTH) {
    const scale = Math.min(1, target / width);
    const w = Math.max(1, Math.round(width * scale)), h = Math.max(1, Math.round(height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = w; canvas.height = h;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(source, 0, 0, w, h);
    const rgba = context.getImageData(0, 0, w, h).data;
    const grey = new Uint8ClampedArray(w * h);
    for (let i = 0, j = 0; j < grey.length; i += 4, j += 1) {
      grey[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
    }
    return { grey, w, h };
  }

  function statistics(grey) {
    const histogram = new Array(256).fill(0);
    let sum = 0;
    for (const value of grey) { histogram[value] += 1; sum += value; }
    const mean = sum / grey.length;
    let variance = 0;
    histogram.forEach((count, level) => { variance += count * (level - mean) * (level - mean); });
    const percentile = (share) => {
      let seen = 0;
      for (let level = 0; level < 256; level += 1) { seen += histogram[level]; if (seen >= share * grey.length) return level; }
      return 255;
    };
    return { mean, deviation: Math.sqrt(variance / grey.length), median: percentile(0.5), darkest: percentile(0.02) };
  }

  /** Variance of the 4-neighbour Laplacian: sharp print gives large values. */
  function sharpness({ grey, w, h }) {
    let sum = 0, squares = 0, count = 0;
    for (let y = 1; y < h - 1; y += 1) {
      for (let x = 1; x < w - 1; x += 1) {
        const i = y * w + x;
        const value = grey[i - 1] + grey[i + 1] + grey[i - w] + grey[i + w] - 4 * grey[i];
        sum += value; squares += value * value; count += 1;
      }
    }
    if (count === 0) return 0;
    const mean = sum / count;
    return squares / count - mean * mean;
  }

  /** Share of the picture washed out by a reflection: saturated neighbourhoods
   *  that do not reach the picture's edge (white around a scan is not glare). */
  function glareShare({ grey, w, h }, median) {
    if (median >= 238) return 0;
    const radius = Math.max(4, Math.floor(w / 50));
    const integral = new Float64Array((w + 1) * (h + 1));
    for (let y = 0; y < h; y += 1) {
      let row = 0;
      for (let x = 0; x < w; x += 1) {
        row += grey[y * w + x];
        integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
      }
    }
    const meanAt = (x, y) => {
      const top = Math.max(0, y - radius), bottom = Math.min(h, y + radius + 1);
      const left = Math.max(0, x - radius), right = Math.min(w, x + radius + 1);
      const total = integral[bottom * (w + 1) + right] - integral[top * (w + 1) + right]
        - integral[bottom * (w + 1) + left] + integral[top * (w + 1) + left];
      return total / ((bottom - top) * (right - left));
    };
    const columns = Math.ceil(w / 2), rows = Math.ceil(h / 2);
    const mask = new Uint8Array(columns * rows);
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        if (meanAt(column * 2, row * 2) >= 248) mask[row * columns + column] = 1;
      }
    }
    // Flood from the edge: washed-out areas touching it are not reflections.
    const stack = [];
    const push = (c, r) => { const i = r * columns + c; if (mask[i] === 1) { mask[i] = 2; stack.push(i); } };
    for (let c = 0; c < columns; c += 1) { push(c, 0); push(c, rows - 1); }
    for (let r = 0; r < rows; r += 1) { push(0, r); push(columns - 1, r); }
    while (stack.length > 0) {
      const i = stack.pop(), c = i % columns, r = (i - c) / columns;
      if (c > 0) push(c - 1, r); if (c < columns - 1) push(c + 1, r);
      if (r > 0) push(c, r - 1); if (r < rows - 1) push(c, r + 1);
    }
    let washedOut = 0;
    for (const cell of mask) if (cell === 1) washedOut += 1;
    return washedOut / (columns * rows);
  }

  /** A document cut off by the frame: its print runs into some edges of the
   *  picture but not all (a scan cropped to the card touches none with print,
   *  a card lying inside the frame touches none either). */
  function cutOff({ grey, w, h }) {
    const band = Math.max(2, Math.round(Math.min(w, h) * 0.02));
    const busy = (x0, y0, x1, y1) => {
      let edges = 0, count = 0;
      for (let y = Math.max(1, y0); y < Math.min(h - 1, y1); y += 1) {
        for (let x = Math.max(1, x0); x < Math.min(w - 1, x1); x += 1) {
          const i = y * w + x;
          const gradient = Math.abs(grey[i + 1] - grey[i - 1]) + Math.abs(grey[i + w] - grey[i - w]);
          if (gradient > 60) edges += 1;
          count += 1;
        }
      }
      return count > 0 && edges / count > 0.08;
    };
    const sides = [busy(0, 0, w, band), busy(0, h - band, w, h), busy(0, 0, band, h), busy(w - band, 0, w, h)];
    const touching = sides.filter(Boolean).length;
    return touching > 0 && touching < 4;
  }

  /** The middle half of the picture in each direction. */
  function middle({ grey, w, h }) {
    const x0 = Math.floor(w / 4), y0 = Math.floor(h / 4), cw = Math.max(1, Math.floor(w / 2)), ch = Math.max(1, Math.floor(h / 2));
    const out = new Uint8ClampedArray(cw * ch);
    for (let y = 0; y < ch; y += 1) out.set(grey.subarray((y0 + y) * w + x0, (y0 + y) * w + x0 + cw), y * cw);
    return { grey: out, w: cw, h: ch };
  }

  /** Reasons (the server's UnreadableReason codes) to retake; empty when none.
   *  `kind` is "document" or "face" (a selfie is judged on its light only). */
  function problems(source, width, height, kind) {
    const picture = greyOf(source, width, height);
    const centre = middle(picture);
    const stats = statistics(centre.grey);
    const reasons = [];
    if (kind === "document" && cutOff(picture)) reasons.push("DOCUMENT_CUT_OFF");
    if (stats.mean < THRESHOLDS.darkest) reasons.push("TOO_DARK");
    if (stats.darkest > THRESHOLDS.brightest) reasons.push("TOO_BRIGHT");
    if (stats.deviation < THRESHOLDS.contrast) reasons.push("LOW_CONTRAST");
    if (kind === "document" && glareShare(picture, statistics(picture.grey).median) > THRESHOLDS.glare) reasons.push("GLARE");
    // Print has sharp edges, a face has few: a selfie's focus is the face engine's to judge.
    if (kind === "document" && sharpness(centre) < THRESHOLDS.sharpness) reasons.push("BLURRY");
    return reasons;
  }

  return { problems, greyOf };
})();
