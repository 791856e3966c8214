// The capture page's crop: finds the document in a photo and straightens it,
// in the browser, before upload, so the server gets the document and not the
// table around it. Plain script, no library: on a frame scaled to 480 px,
// the gradient's strongest edges are joined into connected outlines; each
// outline's convex hull gives the largest four-sided figure it holds; the
// largest one that fills its hull, has plausible corners and whose sides lie
// on edges is the document. It is "sure" only then; otherwise the page sends
// the photo as taken and the server finds the document itself.
"use strict";
(function (root) {
  const WORK_WIDTH = 480;
  /** The plain margin around a straightened document, as a share of its long side. */
  const MARGIN = 0.04;
  const LIMITS = { edgeShare: 0.08, minimumEdge: 40, fill: 0.9, area: [0.12, 0.97], angle: [55, 125], support: 0.6 };

  // ---- on grey pixels (testable without a browser) ------------------------------

  /** A 3×3 box blur, twice: the print's texture fades, a document's outline stays. */
  function blurred(grey, w, h) {
    let source = grey;
    for (let pass = 0; pass < 2; pass += 1) {
      const out = new Float32Array(w * h);
      for (let y = 0; y < h; y += 1) {
        for (let x = 0; x < w; x += 1) {
          let sum = 0, count = 0;
          for (let dy = -1; dy <= 1; dy += 1) {
            const yy = y + dy;
            if (yy < 0 || yy >= h) continue;
            for (let dx = -1; dx <= 1; dx += 1) {
              const xx = x + dx;
              if (xx < 0 || xx >= w) continue;
              sum += source[yy * w + xx]; count += 1;
            }
          }
          out[y * w + x] = sum / count;
        }
      }
      source = out;
    }
    return source;
  }

  /** Edge pixels: the strongest gradients (Sobel), then thickened by one pixel so an outline's gaps close. */
  function edges(grey, w, h) {
    const smooth = blurred(grey, w, h);
    const magnitude = new Float32Array(w * h);
    const histogram = new Uint32Array(1024);
    for (let y = 1; y < h - 1; y += 1) {
      for (let x = 1; x < w - 1; x += 1) {
        const i = y * w + x;
        const gx = smooth[i - w + 1] + 2 * smooth[i + 1] + smooth[i + w + 1] - smooth[i - w - 1] - 2 * smooth[i - 1] - smooth[i + w - 1];
        const gy = smooth[i + w - 1] + 2 * smooth[i + w] + smooth[i + w + 1] - smooth[i - w - 1] - 2 * smooth[i - w] - smooth[i - w + 1];
        const value = Math.sqrt(gx * gx + gy * gy);
        magnitude[i] = value;
        histogram[Math.min(1023, Math.floor(value))] += 1;
      }
    }
    let threshold = 1023, seen = 0;
    while (threshold > 0 && seen < LIMITS.edgeShare * w * h) { seen += histogram[threshold]; threshold -= 1; }
    threshold = Math.max(threshold, LIMITS.minimumEdge);
    const thin = new Uint8Array(w * h);
    for (let i = 0; i < thin.length; i += 1) if (magnitude[i] > threshold) thin[i] = 1;
    const thick = new Uint8Array(w * h);
    for (let y = 1; y < h - 1; y += 1) {
      for (let x = 1; x < w - 1; x += 1) {
        if (!thin[y * w + x]) continue;
        for (let dy = -1; dy <= 1; dy += 1) for (let dx = -1; dx <= 1; dx += 1) thick[(y + dy) * w + x + dx] = 1;
      }
    }
    return { thin, thick };
  }

  /** Each connected outline's leftmost and rightmost pixel on every row: enough for its convex hull. */
  function outlines(map, w, h) {
    const label = new Int32Array(w * h).fill(-1);
    const found = [];
    const stack = [];
    for (let start = 0; start < map.length; start += 1) {
      if (!map[start] || label[start] >= 0) continue;
      const id = found.length;
      const rows = new Map();
      let size = 0, minX = w, maxX = 0, minY = h, maxY = 0;
      label[start] = id; stack.push(start);
      while (stack.length > 0) {
        const i = stack.pop(), x = i % w, y = (i - x) / w;
        size += 1;
        const row = rows.get(y);
        if (row) { if (x < row[0]) row[0] = x; if (x > row[1]) row[1] = x; } else rows.set(y, [x, x]);
        if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
        for (let dy = -1; dy <= 1; dy += 1) {
          const yy = y + dy;
          if (yy < 0 || yy >= h) continue;
          for (let dx = -1; dx <= 1; dx += 1) {
            const xx = x + dx;
            if (xx < 0 || xx >= w) continue;
            const j = yy * w + xx;
            if (map[j] && label[j] < 0) { label[j] = id; stack.push(j); }
          }
        }
      }
      const points = [];
      rows.forEach(([left, right], y) => { points.push({ x: left, y }); if (right !== left) points.push({ x: right, y }); });
      found.push({ points, size, width: maxX - minX + 1, height: maxY - minY + 1 });
    }
    return found;
  }

  const cross = (o, a, b) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

  /** Andrew's monotone chain. */
  function hull(points) {
    const sorted = points.slice().sort((a, b) => a.x - b.x || a.y - b.y);
    if (sorted.length < 3) return sorted;
    const lower = [], upper = [];
    for (const p of sorted) {
      while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
      lower.push(p);
    }
    for (let i = sorted.length - 1; i >= 0; i -= 1) {
      const p = sorted[i];
      while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
      upper.push(p);
    }
    return lower.slice(0, -1).concat(upper.slice(0, -1));
  }

  function area(polygon) {
    let sum = 0;
    for (let i = 0; i < polygon.length; i += 1) {
      const a = polygon[i], b = polygon[(i + 1) % polygon.length];
      sum += a.x * b.y - b.x * a.y;
    }
    return Math.abs(sum) / 2;
  }

  /** The largest four-cornered figure on the hull's vertices: the widest
   *  pair, the farthest point on each side of it, then each corner moved
   *  while that grows the area. */
  function largestQuad(points) {
    const n = points.length;
    if (n < 4) return null;
    let a = 0, c = 1, widest = -1;
    for (let i = 0; i < n; i += 1) {
      for (let j = i + 1; j < n; j += 1) {
        const d = (points[i].x - points[j].x) ** 2 + (points[i].y - points[j].y) ** 2;
        if (d > widest) { widest = d; a = i; c = j; }
      }
    }
    let b = -1, d = -1, bestB = 0, bestD = 0;
    for (let i = 0; i < n; i += 1) {
      const side = cross(points[a], points[c], points[i]);
      if (side > bestB) { bestB = side; b = i; }
      if (-side > bestD) { bestD = -side; d = i; }
    }
    if (b < 0 || d < 0) return null;
    const corners = [a, b, c, d];
    for (let round = 0; round < 4; round += 1) {
      let moved = false;
      for (let k = 0; k < 4; k += 1) {
        let best = area(corners.map((i) => points[i])), choice = corners[k];
        for (let i = 0; i < n; i += 1) {
          const trial = corners.slice(); trial[k] = i;
          const value = area(trial.map((index) => points[index]));
          if (value > best + 1e-6) { best = value; choice = i; }
        }
        if (choice !== corners[k]) { corners[k] = choice; moved = true; }
      }
      if (!moved) break;
    }
    return ordered(corners.map((i) => points[i]));
  }

  /** Top-left, top-right, bottom-right, bottom-left: clockwise on the screen, from the corner nearest the top left. */
  function ordered(corners) {
    const cx = corners.reduce((s, p) => s + p.x, 0) / 4, cy = corners.reduce((s, p) => s + p.y, 0) / 4;
    const around = corners.slice().sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
    let first = 0;
    around.forEach((p, i) => { if (p.x + p.y < around[first].x + around[first].y) first = i; });
    return around.slice(first).concat(around.slice(0, first));
  }

  function angles(quad) {
    return quad.map((p, i) => {
      const prev = quad[(i + 3) % 4], next = quad[(i + 1) % 4];
      const ux = prev.x - p.x, uy = prev.y - p.y, vx = next.x - p.x, vy = next.y - p.y;
      const cosine = (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy) || 1);
      return Math.acos(Math.max(-1, Math.min(1, cosine))) * 180 / Math.PI;
    });
  }

  /** Share of points along the quad's sides that lie on an edge. */
  function support(quad, map, w, h) {
    let on = 0, total = 0;
    for (let i = 0; i < 4; i += 1) {
      const a = quad[i], b = quad[(i + 1) % 4];
      for (let s = 0; s < 60; s += 1) {
        const t = (s + 0.5) / 60;
        const x = Math.round(a.x + (b.x - a.x) * t), y = Math.round(a.y + (b.y - a.y) * t);
        total += 1;
        let hit = false;
        for (let dy = -2; dy <= 2 && !hit; dy += 1) {
          for (let dx = -2; dx <= 2 && !hit; dx += 1) {
            const xx = x + dx, yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < w && yy < h && map[yy * w + xx]) hit = true;
          }
        }
        if (hit) on += 1;
      }
    }
    return on / total;
  }

  /** The document's corners in a grey picture, and whether the finding is sure. Null when no outline could be one. */
  function findQuad(grey, w, h) {
    const { thin, thick } = edges(grey, w, h);
    let best = null;
    for (const outline of outlines(thick, w, h)) {
      if (outline.width < w * 0.25 || outline.height < h * 0.25) continue;
      const shape = hull(outline.points);
      const quad = largestQuad(shape);
      if (!quad) continue;
      const quadArea = area(quad), hullArea = area(shape);
      const measures = {
        fill: quadArea / (hullArea || 1), share: quadArea / (w * h), angles: angles(quad), support: support(quad, thin, w, h),
      };
      if (measures.fill < 0.8) continue;
      if (!best || quadArea > best.area) best = { corners: quad, area: quadArea, measures };
    }
    if (!best) return null;
    // The corners lie on the thickened outline's outer rim, a few pixels
    // outside the paper: a margin kept on purpose, so print at the edge (an
    // MRZ's last line) is never cut.
    const m = best.measures;
    const sure = m.fill >= LIMITS.fill && m.share >= LIMITS.area[0] && m.share <= LIMITS.area[1]
      && m.angles.every((angle) => angle >= LIMITS.angle[0] && angle <= LIMITS.angle[1]) && m.support >= LIMITS.support;
    return { corners: best.corners, sure, measures: m };
  }

  // ---- the straightening --------------------------------------------------------

  /** The 3×3 map taking each `from` corner to its `to` corner (8 equations, Gaussian elimination). */
  function homography(from, to) {
    const rows = [];
    for (let i = 0; i < 4; i += 1) {
      const { x, y } = from[i], { x: u, y: v } = to[i];
      rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
      rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
    }
    for (let col = 0; col < 8; col += 1) {
      let pivot = col;
      for (let r = col + 1; r < 8; r += 1) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
      [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
      const lead = rows[col][col];
      if (Math.abs(lead) < 1e-12) return null;
      for (let k = col; k < 9; k += 1) rows[col][k] /= lead;
      for (let r = 0; r < 8; r += 1) {
        if (r === col) continue;
        const factor = rows[r][col];
        for (let k = col; k < 9; k += 1) rows[r][k] -= factor * rows[col][k];
      }
    }
    return [...rows.map((row) => row[8]), 1];
  }

  /** The straightened document's size: its longer sides' lengths, at most `limit` px on the long side. */
  function straightSize(corners, limit) {
    const length = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
    let width = Math.max(length(corners[0], corners[1]), length(corners[3], corners[2]));
    let height = Math.max(length(corners[0], corners[3]), length(corners[1], corners[2]));
    const scale = Math.min(1, limit / Math.max(width, height));
    width = Math.max(1, Math.round(width * scale)); height = Math.max(1, Math.round(height * scale));
    return { width, height };
  }

  /** RGBA pixels of the document straightened to `width`×`height`, sampled bilinearly from `source`. */
  function warp(source, sw, sh, corners, width, height) {
    const map = homography([{ x: 0, y: 0 }, { x: width - 1, y: 0 }, { x: width - 1, y: height - 1 }, { x: 0, y: height - 1 }], corners);
    const out = new Uint8ClampedArray(width * height * 4);
    if (!map) return out;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const z = map[6] * x + map[7] * y + map[8];
        const sx = Math.min(sw - 1.001, Math.max(0, (map[0] * x + map[1] * y + map[2]) / z));
        const sy = Math.min(sh - 1.001, Math.max(0, (map[3] * x + map[4] * y + map[5]) / z));
        const x0 = Math.floor(sx), y0 = Math.floor(sy), fx = sx - x0, fy = sy - y0;
        const i00 = (y0 * sw + x0) * 4, i10 = i00 + 4, i01 = i00 + sw * 4, i11 = i01 + 4;
        const o = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) {
          out[o + c] = (source[i00 + c] * (1 - fx) + source[i10 + c] * fx) * (1 - fy) + (source[i01 + c] * (1 - fx) + source[i11 + c] * fx) * fy;
        }
        out[o + 3] = 255;
      }
    }
    return out;
  }

  // ---- in the page ----------------------------------------------------------------

  /** The document in `canvas`: corners in the canvas's pixels, and whether the finding is sure. */
  function locate(canvas) {
    // The picture checks' grey levels (capture-quality.js, loaded first), at this module's working width.
    const { grey, w, h } = root.VerityCaptureQuality.greyOf(canvas, canvas.width, canvas.height, WORK_WIDTH);
    const scale = w / canvas.width;
    const found = findQuad(grey, w, h);
    if (!found) return null;
    return { ...found, corners: found.corners.map((p) => ({ x: (p.x + 0.5) / scale, y: (p.y + 0.5) / scale })) };
  }

  /** A new canvas holding the document straightened, at most `limit` px on
   *  its long side, on a plain dark margin: as a scanner gives a card, so the
   *  server's own checks see a whole document (print that ran into the
   *  picture's edge would read as a document cut off). */
  function straighten(canvas, corners, limit) {
    const margin = Math.round(limit * MARGIN);
    const { width, height } = straightSize(corners, limit - 2 * margin);
    const source = canvas.getContext("2d", { willReadFrequently: true }).getImageData(0, 0, canvas.width, canvas.height).data;
    const out = document.createElement("canvas");
    const pad = Math.round(Math.max(width, height) * MARGIN);
    out.width = width + 2 * pad; out.height = height + 2 * pad;
    const context = out.getContext("2d");
    context.fillStyle = "#3c3c3c";
    context.fillRect(0, 0, out.width, out.height);
    context.putImageData(new ImageData(warp(source, canvas.width, canvas.height, corners, width, height), width, height), pad, pad);
    return out;
  }

  /** A copy of `canvas` with the found outline drawn on it, for the preview. */
  function outlined(canvas, found) {
    const copy = document.createElement("canvas");
    copy.width = canvas.width; copy.height = canvas.height;
    const context = copy.getContext("2d");
    context.drawImage(canvas, 0, 0);
    context.lineWidth = Math.max(3, Math.round(canvas.width / 200));
    context.strokeStyle = found.sure ? "#1b873f" : "#b35900";
    if (!found.sure) context.setLineDash([context.lineWidth * 3, context.lineWidth * 2]);
    context.beginPath();
    found.corners.forEach((p, i) => (i === 0 ? context.moveTo(p.x, p.y) : context.lineTo(p.x, p.y)));
    context.closePath();
    context.stroke();
    return copy;
  }

  const api = { findQuad, homography, warp, straightSize, locate, straighten, outlined };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.VerityCaptureCrop = api;
})(this);
