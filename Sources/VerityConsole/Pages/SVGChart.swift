import Foundation
import VerityKernel
import VerityPages

/// Charts drawn on the server as SVG (nothing is fetched from elsewhere, and
/// no script runs): bars stacked by series per day, and horizontal bars for
/// rates. Colours come with labels and a table of the same numbers beside
/// each chart, so nothing depends on telling colours apart. Attributes only,
/// no `style` (the console's Content-Security-Policy has no inline styles).
enum SVGChart {
    struct Series {
        let label: String
        let colour: String
        let values: [Int]
    }

    /// Stacked columns, one per day; `labels` under every other column.
    static func stackedColumns(title: String, labels: [String], series: [Series], rightToLeft: Bool) -> HTML {
        let width = 640.0, height = 220.0, left = 40.0, bottom = 28.0, top = 10.0
        let count = max(1, labels.count)
        let totals = (0..<labels.count).map { day in series.reduce(0) { $0 + ($1.values.indices.contains(day) ? $1.values[day] : 0) } }
        let maximum = max(1, niceCeiling(totals.max() ?? 0))
        let slot = (width - left - 8) / Double(count), bar = slot * 0.7
        var shapes = HTML.empty
        // Grid lines and their values: 0, half, the top.
        for fraction in [0.0, 0.5, 1.0] {
            let y = top + (height - top - bottom) * (1 - fraction)
            shapes += "<line x1=\"\(left)\" y1=\(q(y)) x2=\"\(width)\" y2=\(q(y)) stroke=\"#c9d0d9\" stroke-width=\"1\"/>"
            shapes += "<text x=\"\(left - 6)\" y=\(q(y + 4)) text-anchor=\"end\" font-size=\"11\" fill=\"#4a5360\">\(Int(Double(maximum) * fraction))</text>"
        }
        for day in 0..<labels.count {
            let position = rightToLeft ? count - 1 - day : day
            let x = left + slot * Double(position) + (slot - bar) / 2
            var base = height - bottom
            for one in series {
                let value = one.values.indices.contains(day) ? one.values[day] : 0
                guard value > 0 else { continue }
                let barHeight = (height - top - bottom) * Double(value) / Double(maximum)
                base -= barHeight
                shapes += "<rect x=\(q(x)) y=\(q(base)) width=\(q(bar)) height=\(q(barHeight)) fill=\"\(one.colour)\"><title>\(labels[day]): \(one.label) \(value)</title></rect>"
            }
            if day % 2 == (labels.count - 1) % 2 {
                shapes += "<text x=\(q(x + bar / 2)) y=\(q(height - 10)) text-anchor=\"middle\" font-size=\"11\" fill=\"#4a5360\">\(labels[day])</text>"
            }
        }
        return svg(title: title, width: width, height: height, shapes)
    }

    /// One horizontal bar per row, its length the share (0–1), the figure beside it.
    static func horizontalBars(title: String, rows: [(label: String, share: Double, text: String)], rightToLeft: Bool) -> HTML {
        let width = 640.0, rowHeight = 26.0, labelWidth = 150.0, textWidth = 90.0
        let height = max(rowHeight, rowHeight * Double(rows.count)) + 6
        var shapes = HTML.empty
        for (index, row) in rows.enumerated() {
            let y = 3 + rowHeight * Double(index)
            let full = width - labelWidth - textWidth
            let length = max(1, full * min(1, max(0, row.share)))
            if rightToLeft {
                shapes += "<text x=\"\(width)\" y=\(q(y + 17)) text-anchor=\"end\" font-size=\"12\" fill=\"#1b1f24\">\(row.label)</text>"
                shapes += "<rect x=\(q(width - labelWidth - length)) y=\(q(y + 4)) width=\(q(length)) height=\"18\" fill=\"#1a6b35\"/>"
                shapes += "<text x=\(q(width - labelWidth - length - 6)) y=\(q(y + 17)) text-anchor=\"end\" font-size=\"12\" fill=\"#1b1f24\">\(row.text)</text>"
            } else {
                shapes += "<text x=\"0\" y=\(q(y + 17)) font-size=\"12\" fill=\"#1b1f24\">\(row.label)</text>"
                shapes += "<rect x=\(q(labelWidth)) y=\(q(y + 4)) width=\(q(length)) height=\"18\" fill=\"#1a6b35\"/>"
                shapes += "<text x=\(q(labelWidth + length + 6)) y=\(q(y + 17)) font-size=\"12\" fill=\"#1b1f24\">\(row.text)</text>"
            }
        }
        return svg(title: title, width: width, height: height, shapes)
    }

    private static func svg(title: String, width: Double, height: Double, _ shapes: HTML) -> HTML {
        """
        <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-label="\(title)" xmlns="http://www.w3.org/2000/svg" \
        preserveAspectRatio="xMidYMid meet">\(shapes)</svg>
        """
    }

    /// A round number at or above `value`, for the scale's top: even, so the
    /// half-way gridline stands at the whole number it is labelled with (a
    /// top of 5 would put a line labelled "2" at 2.5).
    static func niceCeiling(_ value: Int) -> Int {
        guard value > 10 else { return max(4, value + value % 2) }
        let magnitude = Int(pow(10, floor(log10(Double(value)))))
        for step in [1, 2, 5, 10] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }

    /// A coordinate as an attribute value, quoted, one decimal.
    private static func q(_ value: Double) -> HTML { "\"\(String(format: "%.1f", value))\"" }
}
