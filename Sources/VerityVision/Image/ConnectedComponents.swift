/// A connected group of set pixels in a mask.
struct Component: Sendable {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var area: Int

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    var centerX: Double { Double(minX + maxX + 1) / 2 }
    var centerY: Double { Double(minY + maxY + 1) / 2 }
}

/// 8-connected labelling of `mask` (true = set) by union-find in two passes.
enum ConnectedComponents {
    static func find(in mask: [Bool], width: Int, height: Int, minimumArea: Int = 1) -> [Component] {
        var labels = [Int32](repeating: 0, count: width * height)
        var parent: [Int32] = [0]
        func root(_ label: Int32) -> Int32 {
            var label = label
            while parent[Int(label)] != label {
                parent[Int(label)] = parent[Int(parent[Int(label)])]
                label = parent[Int(label)]
            }
            return label
        }
        func union(_ a: Int32, _ b: Int32) -> Int32 {
            let ra = root(a), rb = root(b)
            if ra == rb { return ra }
            let (low, high) = ra < rb ? (ra, rb) : (rb, ra)
            parent[Int(high)] = low
            return low
        }
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                var label: Int32 = 0
                // Neighbours already visited: W, NW, N, NE.
                let neighbours = [(x - 1, y), (x - 1, y - 1), (x, y - 1), (x + 1, y - 1)]
                for (nx, ny) in neighbours where nx >= 0 && ny >= 0 && nx < width {
                    let other = labels[ny * width + nx]
                    if other != 0 { label = label == 0 ? other : union(label, other) }
                }
                if label == 0 {
                    label = Int32(parent.count)
                    parent.append(label)
                }
                labels[y * width + x] = label
            }
        }
        var byRoot: [Int32: Component] = [:]
        for y in 0..<height {
            for x in 0..<width {
                let label = labels[y * width + x]
                guard label != 0 else { continue }
                let key = root(label)
                if var component = byRoot[key] {
                    component.minX = min(component.minX, x); component.maxX = max(component.maxX, x)
                    component.minY = min(component.minY, y); component.maxY = max(component.maxY, y)
                    component.area += 1
                    byRoot[key] = component
                } else {
                    byRoot[key] = Component(minX: x, minY: y, maxX: x, maxY: y, area: 1)
                }
            }
        }
        return byRoot.values.filter { $0.area >= minimumArea }.sorted { ($0.minX, $0.minY) < ($1.minX, $1.minY) }
    }
}
