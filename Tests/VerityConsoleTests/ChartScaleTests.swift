import Foundation
import Testing
@testable import VerityConsole
@testable import VerityPages

/// The overview's charts label their gridlines with whole numbers that stand
/// where the line is drawn (issue 68: a top of 5 put a line labelled "2" at 2.5).
@Suite("Chart scales: whole-number gridlines at their true height")
struct ChartScaleTests {
    @Test func everyScaleTopHoldsItsValueAndHalvesToAWholeNumber() {
        for value in 0...5_000 {
            let top = SVGChart.niceCeiling(value)
            #expect(top >= value && top % 2 == 0, "\(value) → \(top)")
        }
    }

    @Test func aChartOfFiveIsLabelledZeroThreeSixWithTheMiddleLineHalfWay() throws {
        let chart = SVGChart.stackedColumns(title: "checks", labels: ["1 Dec"],
                                            series: [.init(label: "passed", colour: "#1a6b35", values: [5])], rightToLeft: false).rendered
        let labels = try NSRegularExpression(pattern: #"<text x="34.0" y="([0-9.]+)"[^>]*>(\d+)</text>"#)
        let found = labels.matches(in: chart, range: NSRange(chart.startIndex..., in: chart)).map { match in
            (y: Double(chart[Range(match.range(at: 1), in: chart)!])!, value: Int(chart[Range(match.range(at: 2), in: chart)!])!)
        }
        #expect(found.map(\.value) == [0, 3, 6], "\(found)")
        // Each label sits by its line: the value's height on the plot (10 at the top, 192 at zero).
        for label in found { #expect(abs((label.y - 4) - (192 - 182 * Double(label.value) / 6)) < 0.11, "\(label)") }
    }
}
