#!/usr/bin/env python3
"""A hostile-image set built from the formats' specifications, for the tests
that feed every image route and the image intake what an attacker would send:
every size field at its limits, chunks and segments truncated or miscounted,
decompression and metadata bombs, animation, scan floods, and files of other
formats under an image's name.

Writes the files and manifest.json into --out. Each entry says what the intake
(Sources/VerityVision/Image/ImageIntake.swift) must do with the file: refuse it
with a code, or admit it (then "decodes" says whether the pixels decode).

PNG: PNG specification, 3rd edition (W3C 2023), sections 5 and 11.
JPEG: ITU-T T.81 annex B. GIF: GIF89a specification, sections 17-27.
"""
import argparse
import io
import json
import os
import random
import struct
import zlib

from PIL import Image

IMAGES = []


def add(name, data, about, refused=None, decodes=None):
    """`name` starts with the file's true format (png-, jpeg-, gif-); anything else is another format."""
    kind = name.split("-")[0]
    IMAGES.append({"file": name, "bytes": data, "about": about, "refused": refused, "decodes": decodes,
                   "format": kind if kind in ("png", "jpeg", "gif") else "other"})


# MARK: PNG

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def ihdr(width, height, depth=8, colour=2, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))


SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(width, height, rows=None, colour=2, extra_before=b"", extra_after=b""):
    """A real RGB (or grey) PNG of `width` x `height`; rows default to a gradient."""
    channels = {0: 1, 2: 3}[colour]
    if rows is None:
        rows = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(width * channels)) for y in range(height))
    return SIGNATURE + ihdr(width, height, colour=colour) + extra_before + chunk(b"IDAT", zlib.compress(rows, 9)) + extra_after + chunk(b"IEND", b"")


def tiny_idat():
    return chunk(b"IDAT", zlib.compress(b"\x00\x00\x00\x00", 9))


def png_cases():
    small = png(16, 16)
    add("png-ok.png", small, "a valid 16 x 16 RGB PNG", decodes=True)
    # The 66-byte file that stopped the server: sides past PNG's 2^31-1 limit, multiplied before checked.
    add("png-overflow-sides.png", SIGNATURE + ihdr(0xFFFFFFFF, 0xFFFFFFFF) + chunk(b"IDAT", zlib.compress(b"\x00")) + chunk(b"IEND", b""),
        "66 bytes declaring 4,294,967,295 x 4,294,967,295", refused="INVALID_IMAGE")
    add("png-format-limit-sides.png", SIGNATURE + ihdr(0x7FFFFFFF, 0x7FFFFFFF) + tiny_idat() + chunk(b"IEND", b""),
        "sides at PNG's own limit, 2^31-1", refused="IMAGE_TOO_LARGE")
    add("png-strip.png", SIGNATURE + ihdr(40_000_000, 1) + tiny_idat() + chunk(b"IEND", b""),
        "a 40,000,000 x 1 strip", refused="IMAGE_TOO_LARGE")
    add("png-60000-square.png", SIGNATURE + ihdr(60_000, 60_000) + tiny_idat() + chunk(b"IEND", b""),
        "a 60,000 x 60,000 canvas in a few bytes", refused="IMAGE_TOO_LARGE")
    add("png-zero-width.png", SIGNATURE + ihdr(0, 16) + tiny_idat() + chunk(b"IEND", b""), "a width of 0", refused="INVALID_IMAGE")
    add("png-bad-depth.png", SIGNATURE + ihdr(16, 16, depth=4, colour=2) + tiny_idat() + chunk(b"IEND", b""),
        "truecolour at 4 bits, which PNG does not allow", refused="INVALID_IMAGE")
    add("png-bad-interlace.png", SIGNATURE + ihdr(16, 16, interlace=7) + tiny_idat() + chunk(b"IEND", b""),
        "an interlace method of 7", refused="INVALID_IMAGE")
    add("png-palette-missing.png", SIGNATURE + ihdr(16, 16, colour=3) + tiny_idat() + chunk(b"IEND", b""),
        "an indexed-colour PNG without its palette", refused="INVALID_IMAGE")
    add("png-no-idat.png", SIGNATURE + ihdr(16, 16) + chunk(b"IEND", b""), "no pixel data", refused="INVALID_IMAGE")
    add("png-no-iend.png", small[:-12], "IEND missing", refused="INVALID_IMAGE")
    add("png-no-ihdr.png", SIGNATURE + tiny_idat() + chunk(b"IEND", b""), "no header chunk", refused="INVALID_IMAGE")
    add("png-two-ihdr.png", SIGNATURE + ihdr(16, 16) + ihdr(16, 16) + tiny_idat() + chunk(b"IEND", b""),
        "two header chunks", refused="INVALID_IMAGE")
    rows = b"".join(b"\x00" + bytes(48) for _ in range(16))
    data = zlib.compress(rows, 9)
    add("png-idat-split.png", SIGNATURE + ihdr(16, 16) + chunk(b"IDAT", data[:10]) + chunk(b"tEXt", b"k\x00v")
        + chunk(b"IDAT", data[10:]) + chunk(b"IEND", b""), "pixel data split by a text chunk", refused="INVALID_IMAGE")
    add("png-chunk-length-huge.png", SIGNATURE + ihdr(16, 16) + struct.pack(">I", 0x80000000) + b"tEXt" + b"x" * 16 + chunk(b"IEND", b""),
        "a chunk declaring 2^31 bytes", refused="INVALID_IMAGE")
    add("png-chunk-past-end.png", SIGNATURE + ihdr(16, 16) + struct.pack(">I", 5000) + b"IDAT" + b"x" * 100,
        "a chunk longer than the file", refused="INVALID_IMAGE")
    add("png-unknown-critical.png", SIGNATURE + ihdr(16, 16) + chunk(b"ABCD", b"x") + tiny_idat() + chunk(b"IEND", b""),
        "a critical chunk no decoder knows", refused="INVALID_IMAGE")
    add("png-unnamed-chunk.png", SIGNATURE + ihdr(16, 16) + chunk(b"\x00\x01\x02\x03", b"x") + tiny_idat() + chunk(b"IEND", b""),
        "a chunk whose name is not letters", refused="INVALID_IMAGE")
    # Metadata bombs: admitted, but the chunks are never handed to libpng.
    bomb = zlib.compress(b"\x00" * (64 * 1024 * 1024), 9)
    add("png-ztxt-bomb.png", png(16, 16, extra_before=chunk(b"zTXt", b"Comment\x00\x00" + bomb)),
        "a zTXt chunk inflating to 64 MiB", decodes=True)
    add("png-iccp-bomb.png", png(16, 16, extra_before=chunk(b"iCCP", b"icc\x00\x00" + bomb)),
        "an iCCP profile inflating to 64 MiB", decodes=True)
    add("png-itxt-bombs.png", png(16, 16, extra_before=b"".join(chunk(b"iTXt", b"k%d\x00\x01\x00\x00\x00" % i + bomb[:20_000]) for i in range(40))),
        "forty compressed iTXt chunks", decodes=True)
    add("png-many-chunks.png", png(16, 16, extra_before=b"".join(chunk(b"tEXt", b"k\x00%d" % i) for i in range(20_000))),
        "20,000 text chunks", decodes=True)
    # APNG: acTL/fcTL/fdAT frames far larger than the default image; never decoded.
    actl = chunk(b"acTL", struct.pack(">II", 2, 0))
    fctl = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 16, 16, 0, 0, 1, 1, 0, 0))
    fdat = chunk(b"fdAT", struct.pack(">I", 1) + zlib.compress(b"\x00" * 100_000, 9))
    add("png-apng.png", png(16, 16, extra_before=actl + fctl, extra_after=fdat), "an animated PNG", decodes=True)
    add("png-trailing-bytes.png", small + b"appended after IEND" * 10, "bytes after IEND", decodes=True)
    corrupt = bytearray(png(64, 64))
    idat_at = corrupt.index(b"IDAT") + 4
    for i in range(idat_at + 2, min(idat_at + 200, len(corrupt) - 16)):
        corrupt[i] ^= 0x5A
    add("png-corrupt-pixels.png", bytes(corrupt), "pixel data that does not inflate", decodes=False)
    add("png-declares-6000x6600.png", SIGNATURE + ihdr(6000, 6600, colour=0)
        + chunk(b"IDAT", zlib.compress(b"\x00" * (6001 * 6600), 9)) + chunk(b"IEND", b""),
        "39.6 megapixels of grey in ~40 KB: within the budget", decodes=True)
    for cut in (8, 20, 33, 40, len(small) // 2, len(small) - 13, len(small) - 1):
        add("png-truncated-%d.png" % cut, small[:cut], "cut after %d bytes" % cut, refused="INVALID_IMAGE")


# MARK: JPEG

def jpeg_bytes(width, height, progressive=False, quality=85):
    image = Image.new("RGB", (width, height))
    image.putdata([((x * 5) % 256, (y * 3) % 256, (x + y) % 256) for y in range(height) for x in range(width)])
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, progressive=progressive)
    return out.getvalue()


def segments(data):
    """(marker, bytes) of a JPEG up to and including the first scan's entropy data; then the rest."""
    out, index = [], 2
    while index < len(data):
        marker = data[index + 1]
        if marker == 0xD9:
            out.append((marker, data[index:index + 2]))
            break
        length = struct.unpack(">H", data[index + 2:index + 4])[0]
        end = index + 2 + length
        if marker == 0xDA:
            scan_end = end
            while True:
                scan_end = data.index(b"\xff", scan_end)
                if data[scan_end + 1] not in (0x00,) and not (0xD0 <= data[scan_end + 1] <= 0xD7):
                    break
                scan_end += 1
            out.append((marker, data[index:scan_end]))
            index = scan_end
        else:
            out.append((marker, data[index:end]))
            index = end
    return out


def sof(height, width, components=3, marker=0xC0):
    body = struct.pack(">BHHB", 8, height, width, components) + b"".join(bytes((i + 1, 0x11, 0)) for i in range(components))
    return b"\xff" + bytes((marker,)) + struct.pack(">H", len(body) + 2) + body


def jpeg_cases():
    baseline = jpeg_bytes(64, 48)
    progressive = jpeg_bytes(64, 48, progressive=True)
    add("jpeg-ok.jpg", baseline, "a valid baseline JPEG", decodes=True)
    add("jpeg-progressive-ok.jpg", progressive, "a valid progressive JPEG", decodes=True)
    parts = segments(progressive)
    scans = [p for m, p in parts if m == 0xDA]
    head = b"\xff\xd8" + b"".join(p for m, p in parts if m not in (0xDA, 0xD9) and p[:2] != b"\xff\xd8")
    # A scan flood: the progressive file's last scan repeated (each one a pass over the image in libjpeg).
    add("jpeg-3000-scans.jpg", head + b"".join(scans) + scans[-1] * (3000 - len(scans)) + b"\xff\xd9",
        "3,000 scans", refused="INVALID_IMAGE")
    add("jpeg-101-scans.jpg", head + b"".join(scans) + scans[-1] * (101 - len(scans)) + b"\xff\xd9",
        "one scan over the limit of 100", refused="INVALID_IMAGE")
    base = segments(baseline)
    before_sof = b"\xff\xd8" + b"".join(p for m, p in base if m not in (0xC0, 0xDA, 0xD9) and p[:2] != b"\xff\xd8")
    frame = next(p for m, p in base if m == 0xC0)
    scan = next(p for m, p in base if m == 0xDA)
    add("jpeg-two-frames.jpg", before_sof + frame + frame + scan + b"\xff\xd9", "two frame headers", refused="INVALID_IMAGE")
    add("jpeg-scan-before-frame.jpg", before_sof + scan + frame + b"\xff\xd9", "a scan before the frame", refused="INVALID_IMAGE")
    add("jpeg-no-scan.jpg", before_sof + frame + b"\xff\xd9", "a frame and no scan", refused="INVALID_IMAGE")
    add("jpeg-no-frame.jpg", before_sof + b"\xff\xd9", "no frame header", refused="INVALID_IMAGE")
    add("jpeg-height-zero.jpg", before_sof + sof(0, 64) + scan + b"\xff\xd9", "a height of 0 (left to a DNL marker)", refused="INVALID_IMAGE")
    add("jpeg-65500-square.jpg", before_sof + sof(65500, 65500) + scan + b"\xff\xd9", "65,500 x 65,500 declared", refused="IMAGE_TOO_LARGE")
    add("jpeg-five-components.jpg", before_sof + sof(48, 64, components=5) + scan + b"\xff\xd9", "five components", refused="INVALID_IMAGE")
    add("jpeg-frame-length-wrong.jpg", before_sof + frame[:3] + bytes((frame[3] + 3,)) + frame[4:] + b"\x00\x00\x00" + scan + b"\xff\xd9",
        "a frame header longer than its components", refused="INVALID_IMAGE")
    add("jpeg-segment-length-one.jpg", b"\xff\xd8\xff\xe0\x00\x01" + baseline[2:], "a segment of length 1", refused="INVALID_IMAGE")
    add("jpeg-segment-past-end.jpg", b"\xff\xd8\xff\xe1\xff\xff" + b"x" * 100, "a segment longer than the file", refused="INVALID_IMAGE")
    add("jpeg-not-a-marker.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\x12\x34" * 50,
        "bytes where a marker should be", refused="INVALID_IMAGE")
    app = b"".join(b"\xff\xe1\xff\xff" + bytes([i % 256]) * 65533 for i in range(60))
    add("jpeg-huge-app-segments.jpg", b"\xff\xd8" + app + baseline[2:], "60 APP1 segments of 64 KB", decodes=True)
    large = Image.radial_gradient("L").resize((7000, 5000)).convert("RGB")
    out = io.BytesIO()
    large.save(out, "JPEG", quality=60)
    add("jpeg-large-7000x5000.jpg", out.getvalue(), "35 megapixels: decoded at half its size", decodes=True)
    add("jpeg-trailing-bytes.jpg", baseline + b"\x00" * 5000, "bytes after EOI", decodes=True)
    add("jpeg-ends-early.jpg", baseline[:len(baseline) * 2 // 3], "an upload cut in the middle of its scan", decodes=None)
    add("jpeg-cut-in-header.jpg", baseline[:30], "cut before the frame header", refused="INVALID_IMAGE")
    add("jpeg-soi-only.jpg", b"\xff\xd8\xff", "nothing after the start marker", refused="INVALID_IMAGE")
    garbage = bytearray(baseline)
    start = garbage.index(b"\xff\xda") + 14
    for i in range(start, len(garbage) - 2, 3):
        garbage[i] = (garbage[i] * 31 + 7) % 255
    add("jpeg-garbled-scan.jpg", bytes(garbage), "entropy-coded data garbled", decodes=None)


# MARK: GIF

def gif(screen, frames, trailer=True, global_table=True):
    out = b"GIF89a" + struct.pack("<HH", *screen) + (b"\x80\x00\x00" if global_table else b"\x00\x00\x00")
    if global_table:
        out += b"\x00\x00\x00\xff\xff\xff"
    for left, top, width, height in frames:
        out += b"\x2c" + struct.pack("<HHHH", left, top, width, height) + b"\x00"
        out += b"\x02\x02\x44\x01\x00"  # LZW minimum code size 2: clear, one pixel, end
    return out + (b"\x3b" if trailer else b"")


def gif_cases():
    add("gif-ok.gif", gif((1, 1), [(0, 0, 1, 1)]), "a valid 1 x 1 GIF", decodes=True)
    add("gif-frame-bomb.gif", gif((1, 1), [(0, 0, 1, 1), (0, 0, 20000, 20000)]),
        "a 1 x 1 frame, then a 20,000 x 20,000 one", refused="IMAGE_TOO_LARGE")
    add("gif-three-frame-bomb.gif", gif((1, 1), [(0, 0, 1, 1)] + [(0, 0, 20000, 20000)] * 3),
        "three 20,000 x 20,000 frames after a small one", refused="IMAGE_TOO_LARGE")
    add("gif-animated.gif", gif((2, 2), [(0, 0, 2, 2), (0, 0, 2, 2)]), "two small frames", refused="UNSUPPORTED_IMAGE")
    add("gif-frame-offset.gif", gif((2, 2), [(65000, 65000, 100, 100)]), "a frame placed at 65,000, 65,000",
        refused="IMAGE_TOO_LARGE")
    add("gif-screen-bomb.gif", gif((65535, 65535), [(0, 0, 1, 1)]), "a 65,535 x 65,535 screen", refused="IMAGE_TOO_LARGE")
    add("gif-no-trailer.gif", gif((1, 1), [(0, 0, 1, 1)], trailer=False), "no trailer", refused="INVALID_IMAGE")
    add("gif-no-frame.gif", gif((1, 1), []), "no image", refused="INVALID_IMAGE")
    add("gif-bad-code-size.gif", gif((1, 1), [(0, 0, 1, 1)]).replace(b"\x00\x02\x02\x44", b"\x00\x0c\x02\x44"),
        "an LZW code size of 12", refused="INVALID_IMAGE")
    add("gif-subblock-past-end.gif", gif((1, 1), [])[:-1] + b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00\x02\xff\x01\x02",
        "a sub-block longer than the file", refused="INVALID_IMAGE")
    add("gif-unknown-block.gif", gif((1, 1), [])[:-1] + b"\x99\x3b", "a block of no known kind", refused="INVALID_IMAGE")
    comments = b"".join(b"\x21\xfe\x05hello\x00" for _ in range(10_000))
    add("gif-many-extensions.gif", gif((1, 1), [])[:-1] + comments + gif((1, 1), [(0, 0, 1, 1)])[19:],
        "10,000 comment extensions, then a frame", decodes=True)
    add("gif-truncated-header.gif", b"GIF89a\x01\x00", "cut inside the screen descriptor", refused="INVALID_IMAGE")


# MARK: Other formats, under an image's name

def pil(format_name, **options):
    out = io.BytesIO()
    Image.new("RGB", (32, 32), (200, 30, 30)).save(out, format_name, **options)
    return out.getvalue()


def disguised_cases():
    add("tiff-named.png", pil("TIFF"), "a TIFF named .png", refused="UNSUPPORTED_IMAGE")
    add("webp-named.jpg", pil("WEBP"), "a WebP named .jpg", refused="UNSUPPORTED_IMAGE")
    add("bmp-named.png", pil("BMP"), "a BMP named .png", refused="UNSUPPORTED_IMAGE")
    add("heic-named.jpg", struct.pack(">I", 24) + b"ftypheic" + b"\x00\x00\x00\x00mif1heic" + b"\x00" * 64,
        "a HEIC header named .jpg", refused="UNSUPPORTED_IMAGE")
    add("svg-named.png", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
        "an SVG named .png", refused="UNSUPPORTED_IMAGE")
    add("html-named.jpg", b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>", "HTML named .jpg",
        refused="INVALID_IMAGE")
    add("pdf-named.png", b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF", "a PDF named .png", refused="UNSUPPORTED_IMAGE")
    add("empty.png", b"", "an empty file", refused="INVALID_IMAGE")
    add("one-byte.jpg", b"\xff", "one byte", refused="INVALID_IMAGE")
    generator = random.Random(46)
    for size in (16, 1024, 100_000):
        add("random-%d.jpg" % size, bytes(generator.getrandbits(8) for _ in range(size)), "%d random bytes" % size,
            refused="INVALID_IMAGE")
    add("random-after-png-signature.png", SIGNATURE + bytes(generator.getrandbits(8) for _ in range(4096)),
        "a PNG signature, then random bytes", refused="INVALID_IMAGE")
    add("random-after-jpeg-start.jpg", b"\xff\xd8\xff" + bytes(generator.getrandbits(8) for _ in range(4096)),
        "a JPEG start, then random bytes", refused="INVALID_IMAGE")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True)
    out = parser.parse_args().out
    os.makedirs(out, exist_ok=True)
    png_cases()
    jpeg_cases()
    gif_cases()
    disguised_cases()
    manifest = []
    for image in IMAGES:
        with open(os.path.join(out, image["file"]), "wb") as handle:
            handle.write(image["bytes"])
        manifest.append({key: image[key] for key in ("file", "format", "about", "refused", "decodes")} | {"size": len(image["bytes"])})
    with open(os.path.join(out, "manifest.json"), "w") as handle:
        json.dump({"images": manifest}, handle, indent=1)
    print("hostile images: %d in %s" % (len(manifest), out))


if __name__ == "__main__":
    main()
