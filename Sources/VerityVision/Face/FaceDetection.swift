import CFace
import VerityCore

/// A face found in an image: its box and the five landmarks (eye corners, nose).
public struct DetectedFace: Sendable, Codable, Equatable {
    public let box: PixelRect
    public let score: Double
    /// (x, y) × 5, in image pixels.
    public let landmarks: [Point]

    var cBox: cface_box {
        cface_box(left: Int32(box.x), top: Int32(box.y), right: Int32(box.maxX), bottom: Int32(box.maxY), score: score)
    }

    var cLandmarks: [Double] { landmarks.flatMap { [$0.x, $0.y] } }
}

/// HOG on a copy of at most 800 px (upsampled when faces may be small), the CNN
/// detector on at most 640 px as the fallback.
struct FaceDetector {
    static let hogSide = 800
    static let cnnSide = 640

    /// `cnnFallback`: when HOG finds nothing, try the (ten times slower) CNN.
    func detect(_ image: RGBImage, networks: FaceNetworkPool.Networks, cnnFallback: Bool = true) -> [DetectedFace] {
        var boxes = run(image, side: Self.hogSide, upsample: image.longSide < 400 ? 1 : 0) { pixels, width, height, upsample, out, capacity in
            cface_detect_hog(networks.engine, pixels, width, height, upsample, out, capacity)
        }
        if boxes.isEmpty && cnnFallback {
            boxes = run(image, side: Self.cnnSide, upsample: image.longSide < 320 ? 1 : 0) { pixels, width, height, upsample, out, capacity in
                cface_detect_cnn(networks.engine, pixels, width, height, upsample, out, capacity)
            }
        }
        return boxes.compactMap { box -> DetectedFace? in
            var points = [Double](repeating: 0, count: 10)
            let region = FaceRegion(around: PixelRect(x: Int(box.left), y: Int(box.top), width: Int(box.right - box.left),
                                                      height: Int(box.bottom - box.top)), in: image)
            let status = region.image.pixels.withUnsafeBufferPointer {
                cface_landmarks(networks.engine, $0.baseAddress, Int32(region.image.width), Int32(region.image.height), region.local(box), &points)
            }
            guard status == 0 else { return nil }
            for index in 0..<5 {
                points[2 * index] += Double(region.originX)
                points[2 * index + 1] += Double(region.originY)
            }
            return DetectedFace(
                box: PixelRect(x: Int(box.left), y: Int(box.top), width: Int(box.right - box.left), height: Int(box.bottom - box.top)),
                score: box.score,
                landmarks: (0..<5).map { Point(x: points[2 * $0], y: points[2 * $0 + 1]) })
        }
    }

    /// Runs a detector on a copy scaled to `side` at most; boxes come back in the original's pixels.
    private func run(_ image: RGBImage, side: Int, upsample: Int,
                     detector: (UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<cface_box>?, Int32) -> Int32) -> [cface_box] {
        let scale = min(1, Double(side) / Double(image.longSide))
        let working = scale < 1 ? image.resized(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale))) : image
        // dlib's scanners stop the process on images smaller than their window.
        guard min(working.width, working.height) >= FaceEngine.minimumImageSide else { return [] }
        var boxes = [cface_box](repeating: cface_box(), count: 32)
        let count = working.pixels.withUnsafeBufferPointer {
            detector($0.baseAddress, Int32(working.width), Int32(working.height), Int32(upsample), &boxes, 32)
        }
        guard count > 0 else { return [] }
        return boxes.prefix(Int(min(count, 32))).map { box in
            cface_box(left: Int32(Double(box.left) / scale), top: Int32(Double(box.top) / scale),
                      right: Int32(Double(box.right) / scale), bottom: Int32(Double(box.bottom) / scale), score: box.score)
        }
    }
}

extension RGBImage {
    var longSide: Int { max(width, height) }

    /// Resized with bilinear sampling, per channel (box-filtered first when shrinking 2× or more).
    func resized(width outWidth: Int, height outHeight: Int) -> RGBImage {
        var channels: [GrayImage] = []
        for channel in 0..<3 {
            var plane = [UInt8](repeating: 0, count: width * height)
            for index in 0..<(width * height) { plane[index] = pixels[index * 3 + channel] }
            channels.append(GrayImage(width: width, height: height, pixels: plane).resized(width: outWidth, height: outHeight))
        }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for index in 0..<(outWidth * outHeight) {
            out[index * 3] = channels[0].pixels[index]
            out[index * 3 + 1] = channels[1].pixels[index]
            out[index * 3 + 2] = channels[2].pixels[index]
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }
}
