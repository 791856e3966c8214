"""Ways a real capture differs from a flat scan. Each takes the flat document
(RGB) and a random generator and returns (image, file format, facts) where facts
records what a quality check should find."""
import io

import numpy
from PIL import Image, ImageDraw, ImageFilter


def _perspective_coefficients(source, target):
    """Coefficients PIL needs to map target corners back onto source corners."""
    matrix = []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = numpy.array(matrix, dtype=float)
    b = numpy.array([c for point in source for c in point], dtype=float)
    return numpy.linalg.solve(a, b).tolist()


def _dark_background(size, r):
    width, height = size
    base = numpy.zeros((height, width, 3), dtype=float)
    gradient = numpy.linspace(25, 55, width)[None, :, None]
    base += gradient + numpy.array([r.uniform(0, 15), r.uniform(0, 10), r.uniform(0, 20)])
    base += numpy.random.default_rng(r.randint(0, 2**31)).normal(0, 4, base.shape)
    return Image.fromarray(base.clip(0, 255).astype(numpy.uint8))


def _place(document, corners, frame, r):
    """Warps the document onto `corners` of a dark frame."""
    w, h = document.size
    coefficients = _perspective_coefficients([(0, 0), (w, 0), (w, h), (0, h)], corners)
    warped = document.transform(frame, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC)
    mask = Image.new("L", document.size, 255).transform(frame, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BILINEAR)
    background = _dark_background(frame, r)
    background.paste(warped, (0, 0), mask)
    return background


def _jpeg(image, quality):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality)
    return Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")


def clean(doc, r):
    return doc, "png", {}


def photo(doc, r):
    """Hand-held photo: perspective, dark table, all four corners in the frame."""
    w, h = doc.size
    frame = (int(w * 1.35), int(h * 1.45))
    margin_x, margin_y = frame[0] * 0.1, frame[1] * 0.1
    jitter = lambda: (r.uniform(-0.05, 0.05) * w, r.uniform(-0.05, 0.05) * h)
    corners = []
    for cx, cy in [(margin_x, margin_y), (frame[0] - margin_x, margin_y), (frame[0] - margin_x, frame[1] - margin_y), (margin_x, frame[1] - margin_y)]:
        dx, dy = jitter()
        corners.append((cx + dx, cy + dy))
    return _jpeg(_place(doc, corners, frame, r), 88), "jpg", {"corners": corners}


def rotated(doc, r):
    """Document rotated a few degrees on a dark table."""
    angle = r.choice([-1, 1]) * r.uniform(3, 9)
    framed = _place(doc, [(60, 60), (60 + doc.width, 60), (60 + doc.width, 60 + doc.height), (60, 60 + doc.height)],
                    (doc.width + 120, doc.height + 120), r)
    return framed.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=(30, 30, 35)), "png", {"angle": angle}


def upside_down(doc, r):
    return doc.rotate(180), "png", {"orientation": 180}


def sideways(doc, r):
    return doc.rotate(90, expand=True), "png", {"orientation": 270}


def blur(doc, r):
    return doc.filter(ImageFilter.GaussianBlur(radius=r.uniform(3.0, 4.0))), "png", {"blurred": True}


def glare(doc, r):
    """A flash reflection: a saturated spot with a soft edge."""
    overlay = Image.new("L", doc.size, 0)
    w, h = doc.size
    cx, cy = r.uniform(0.35, 0.65) * w, r.uniform(0.2, 0.5) * h
    radius = r.uniform(0.12, 0.18) * w
    ImageDraw.Draw(overlay).ellipse((cx - radius, cy - radius * 0.7, cx + radius, cy + radius * 0.7), fill=255)
    overlay = overlay.filter(ImageFilter.GaussianBlur(radius / 5))
    white = Image.new("RGB", doc.size, (255, 255, 255))
    return Image.composite(white, doc, overlay), "png", {"glare": True}


def noise(doc, r):
    pixels = numpy.asarray(doc, dtype=float)
    pixels += numpy.random.default_rng(r.randint(0, 2**31)).normal(0, 14, pixels.shape)
    return Image.fromarray(pixels.clip(0, 255).astype(numpy.uint8)), "png", {}


def jpeg(doc, r):
    return _jpeg(doc, r.randint(20, 30)), "jpg", {}


def low_resolution(doc, r):
    scale = 0.5
    return doc.resize((int(doc.width * scale), int(doc.height * scale)), Image.Resampling.LANCZOS), "png", {"scale": scale}


def greyscale(doc, r):
    """A black-and-white photocopy: grey, a little more contrast."""
    grey = doc.convert("L").point(lambda v: max(0, min(255, int((v - 128) * 1.15 + 128))))
    return grey.convert("RGB"), "png", {"greyscale": True}


def cropped_corner(doc, r):
    """A photo where the top-right corner falls outside the frame."""
    w, h = doc.size
    frame = (int(w * 1.2), int(h * 1.3))
    corners = [(frame[0] * 0.08, frame[1] * 0.15), (frame[0] * 1.04, -frame[1] * 0.03),
               (frame[0] * 0.92, frame[1] * 0.9), (frame[0] * 0.06, frame[1] * 0.88)]
    return _jpeg(_place(doc, corners, frame, r), 88), "jpg", {"corners": corners, "corner_outside": True}


DEGRADATIONS = {
    "clean": clean, "photo": photo, "rotated": rotated, "upside_down": upside_down, "sideways": sideways,
    "blur": blur, "glare": glare, "noise": noise, "jpeg": jpeg, "low_resolution": low_resolution,
    "greyscale": greyscale, "cropped_corner": cropped_corner,
}
