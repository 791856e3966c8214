import Foundation

/// An in-place radix-2 fast Fourier transform, enough for the power spectra of
/// small image patches (64 or 128 pixels a side).
struct FFT {
    let size: Int
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    /// `size` must be a power of two.
    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0)
        self.size = size
        cosines = (0..<(size / 2)).map { cos(-2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<(size / 2)).map { sin(-2 * Double.pi * Double($0) / Double(size)) }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
    }

    /// Transforms `count` = size values starting at `offset` with `stride`.
    func transform(_ real: inout [Double], _ imaginary: inout [Double], offset: Int, stride: Int) {
        for index in 0..<size {
            let other = reversed[index]
            if other > index {
                real.swapAt(offset + index * stride, offset + other * stride)
                imaginary.swapAt(offset + index * stride, offset + other * stride)
            }
        }
        var length = 2
        while length <= size {
            let half = length / 2, step = size / length
            for start in Swift.stride(from: 0, to: size, by: length) {
                for k in 0..<half {
                    let c = cosines[k * step], s = sines[k * step]
                    let a = offset + (start + k) * stride, b = offset + (start + k + half) * stride
                    let re = real[b] * c - imaginary[b] * s, im = real[b] * s + imaginary[b] * c
                    real[b] = real[a] - re; imaginary[b] = imaginary[a] - im
                    real[a] += re; imaginary[a] += im
                }
            }
            length *= 2
        }
    }

    /// The power spectrum |F(u, v)|² of a square patch (row-major, size × size).
    func power2D(_ patch: [Double]) -> [Double] {
        var real = patch, imaginary = [Double](repeating: 0, count: patch.count)
        for row in 0..<size { transform(&real, &imaginary, offset: row * size, stride: 1) }
        for column in 0..<size { transform(&real, &imaginary, offset: column, stride: size) }
        return zip(real, imaginary).map { $0 * $0 + $1 * $1 }
    }
}
