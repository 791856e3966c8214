import CFace
import VerityCore

/// The part of an image around one face box that dlib's steps for that face
/// read (landmarks, the aligned chip for the embedding and the age network):
/// the box with one box of margin on every side, clamped to the image. dlib
/// copies what it is given into a matrix of its own; given the whole of a
/// 40-megapixel photo for each of up to 32 boxes, that was 120 MB a box.
struct FaceRegion {
    /// The crop, and where its top-left corner lies in the whole image.
    let image: RGBImage
    let originX: Int
    let originY: Int

    init(around box: PixelRect, in whole: RGBImage) {
        let rect = PixelRect(x: box.x - box.width, y: box.y - box.height, width: box.width * 3, height: box.height * 3)
            .clamped(width: whole.width, height: whole.height)
        originX = rect.x
        originY = rect.y
        guard rect.width > 0, rect.height > 0, rect != PixelRect(x: 0, y: 0, width: whole.width, height: whole.height) else {
            image = whole
            return
        }
        var pixels = [UInt8](repeating: 0, count: rect.width * rect.height * 3)
        let rowBytes = rect.width * 3
        pixels.withUnsafeMutableBufferPointer { out in
            whole.pixels.withUnsafeBufferPointer { source in
                for row in 0..<rect.height {
                    let from = ((rect.y + row) * whole.width + rect.x) * 3
                    out.baseAddress!.advanced(by: row * rowBytes).update(from: source.baseAddress!.advanced(by: from), count: rowBytes)
                }
            }
        }
        image = RGBImage(width: rect.width, height: rect.height, pixels: pixels)
    }

    /// `box` in the crop's pixels.
    func local(_ box: cface_box) -> cface_box {
        cface_box(left: box.left - Int32(originX), top: box.top - Int32(originY), right: box.right - Int32(originX),
                  bottom: box.bottom - Int32(originY), score: box.score)
    }

    /// Landmarks (x, y, x, y, …) in the crop's pixels.
    func local(_ landmarks: [Double]) -> [Double] {
        landmarks.enumerated().map { index, value in value - Double(index.isMultiple(of: 2) ? originX : originY) }
    }
}
