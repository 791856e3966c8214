"""The pictures the capture page tests feed Chromium: a darkened photo, and
camera videos (y4m, for --use-file-for-fake-video-capture) of a document on a
table, square to the camera or at a slant; and how like each other two
pictures are."""
import os

import numpy
from PIL import Image, ImageEnhance, ImageFilter


def darkened(path, folder):
    out = os.path.join(folder, "too-dark.png")
    ImageEnhance.Brightness(Image.open(path).convert("RGB")).enhance(0.12).save(out)
    return out


def y4m(path, folder, size=(1920, 1080)):
    """A camera's view of the document: on a plain table, all four corners in frame."""
    document = Image.open(path).convert("RGB")
    frame = Image.new("RGB", size, (96, 84, 72))
    scale = min(size[0] * 0.72 / document.width, size[1] * 0.8 / document.height)
    document = document.resize((round(document.width * scale), round(document.height * scale)), Image.Resampling.LANCZOS)
    frame.paste(document, ((size[0] - document.width) // 2, (size[1] - document.height) // 2))
    return video(frame, folder)


# Where the angled document's corners fall in a 1280 x 720 camera frame: held
# at a slant, nearer at the bottom right, as a hand-held phone sees it. The
# specimens are small scans (397 px wide for Japan's passport): at this size
# the camera sees the print at about its own resolution, neither sharper nor
# blurrier than the scan.
ANGLED_SIZE = (1280, 720)
ANGLED_CORNERS = [(380, 170), (900, 215), (868, 565), (345, 518)]


def perspective(corners, width, height):
    """PIL's perspective coefficients: each frame point to its point on the document."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(corners, [(0, 0), (width, 0), (width, height), (0, height)]):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    return numpy.linalg.solve(numpy.array(rows, float), numpy.array(rhs, float)).tolist()


def angled_frame(path, size=ANGLED_SIZE):
    """The document photographed at an angle on a wooden table: grain, light falling off to one side."""
    document = Image.open(path).convert("RGB")
    rng = numpy.random.default_rng(7)
    table = numpy.zeros((size[1], size[0], 3), numpy.float32)
    table[...] = (92, 70, 52)
    grain = rng.normal(0, 1, (size[1], size[0] // 8)).repeat(8, axis=1)[:, :size[0]]
    table += grain[..., None] * 10 + rng.normal(0, 4, (size[1], size[0], 1)) + numpy.linspace(-12, 12, size[0])[None, :, None]
    frame = Image.fromarray(table.clip(0, 255).astype(numpy.uint8)).filter(ImageFilter.GaussianBlur(1))
    coefficients = perspective(ANGLED_CORNERS, document.width, document.height)
    warped = document.transform(size, Image.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC)
    mask = Image.new("L", document.size, 255).transform(size, Image.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC)
    frame.paste(warped, (0, 0), mask)
    return frame


def likeness(uploaded, original):
    """Normalised correlation of two pictures' grey levels at one size: 1 for the same picture."""
    size = (320, round(320 * original.height / original.width))
    a = numpy.asarray(uploaded.convert("L").resize(size, Image.Resampling.BILINEAR), numpy.float32)
    b = numpy.asarray(original.convert("L").resize(size, Image.Resampling.BILINEAR), numpy.float32)
    a, b = a - a.mean(), b - b.mean()
    return float((a * b).sum() / (numpy.sqrt((a * a).sum() * (b * b).sum()) or 1))


def video(frame, folder):
    """Two frames of `frame` as the y4m file Chromium's fake camera plays."""
    size = frame.size
    rgb = numpy.asarray(frame, dtype=numpy.float32)
    y = 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]
    u = (rgb[..., 2] - y) * 0.564 + 128
    v = (rgb[..., 0] - y) * 0.713 + 128
    half = lambda plane: plane.reshape(size[1] // 2, 2, size[0] // 2, 2).mean(axis=(1, 3))
    planes = [y, half(u), half(v)]
    out = os.path.join(folder, "document.y4m")
    with open(out, "wb") as file:
        file.write(f"YUV4MPEG2 W{size[0]} H{size[1]} F30:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(2):
            file.write(b"FRAME\n")
            for plane in planes:
                file.write(plane.clip(0, 255).astype(numpy.uint8).tobytes())
    return out
