import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel

extension ConsolePage {
    /// The overview: figures people glance at, charts they would rather look
    /// at than read, and under each chart its numbers as a table.
    func overview(_ signedIn: Operator, figures: ConsoleOverview.Figures) -> HTML {
        let rtl = ConsoleStrings.rightToLeft.contains(language)
        let kind = figures.environment
        let labels = figures.checks.days.map(Self.dayLabel)
        let creditsUsed = figures.credits.counts["spent"]?.reduce(0, +) ?? 0
        let cards: HTML = """
            <ul class="counts">
            <li><span class="label">\(t("ov_checks"))</span> <span class="figure">\(figures.checks.total)</span></li>
            <li><span class="label">\(t("ov_check_median"))</span> <span class="figure">\(Self.duration(figures.checkTimes.median, count: figures.checkTimes.count))</span></li>
            <li><span class="label">\(t("ov_check_p95"))</span> <span class="figure">\(Self.duration(figures.checkTimes.p95, count: figures.checkTimes.count))</span></li>
            <li><span class="label">\(t("ov_review_median"))</span> <span class="figure">\(Self.duration(figures.reviewTimes.median, count: figures.reviewTimes.count))</span></li>
            <li><span class="label">\(t("ov_backlog"))</span> <span class="figure">\(figures.backlog.total)</span></li>
            <li><span class="label">\(t("ov_credits"))</span> <span class="figure">\(creditsUsed)</span></li>
            </ul>
            """
        let checkSeries = Self.checkStatuses.compactMap { status, colour -> SVGChart.Series? in
            figures.checks.counts[status].map { SVGChart.Series(label: t("st_\(status)"), colour: colour, values: $0) }
        }
        let attemptSeries = figures.attempts.counts.keys.sorted().map { outcome in
            SVGChart.Series(label: t("oc_\(outcome)") == "oc_\(outcome)" ? outcome : t("oc_\(outcome)"),
                            colour: Self.outcomeColours[outcome] ?? "#6b7480", values: figures.attempts.counts[outcome] ?? [])
        }
        let creditSeries = [SVGChart.Series(label: t("ov_credits_series"), colour: "#0b57d0",
                                            values: figures.credits.counts["spent"] ?? Array(repeating: 0, count: labels.count))]
        let rates = figures.passRates.map { rate in
            (label: "\(t("doc_\(rate.documentType)")) · \(rate.country)", share: Double(rate.succeeded) / Double(max(1, rate.settled)),
             text: "\(Int((Double(rate.succeeded) * 100 / Double(max(1, rate.settled))).rounded()))% (\(rate.succeeded)/\(rate.settled))")
        }
        let rateChart: HTML = rates.isEmpty ? "<p>\(t("none_yet"))</p>" : SVGChart.horizontalBars(title: t("ov_pass_title"), rows: rates, rightToLeft: rtl)
            + numbers([t("col_document"), t("ov_pass_rate")], rates.map { [$0.label, $0.text] })
        return layout(title: t("ov_title"), signedIn: signedIn, path: ConsoleRoute.overview.path,
                      keeping: [URLQueryItem(name: "environment", value: kind.rawValue)], """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("ov_title"))</h1>
            <p class="lede">\(t("ov_lede"))</p>
            \(environmentTabs(.overview, kind))
            <h2 class="visually-hidden">\(t("ov_figures"))</h2>
            \(cards)
            \(chartSection("checks", t("ov_checks_title"), series: checkSeries, labels: labels, rtl: rtl))
            \(chartSection("attempts", t("ov_attempts_title"), series: attemptSeries, labels: labels, rtl: rtl))
            <section class="case-section" aria-labelledby="pass-heading"><h2 id="pass-heading">\(t("ov_pass_title"))</h2>\(rateChart)</section>
            \(chartSection("credits", t("ov_credits_title"), series: creditSeries, labels: labels, rtl: rtl))
            </section>
            """)
    }

    private func chartSection(_ id: String, _ title: String, series: [SVGChart.Series], labels: [String], rtl: Bool) -> HTML {
        let total = series.reduce(0) { $0 + $1.values.reduce(0, +) }
        guard total > 0 else {
            return "<section class=\"case-section\" aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(title)</h2><p>\(t("none_yet"))</p></section>"
        }
        let legend = series.map { one -> HTML in
            "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\"><rect width=\"14\" height=\"14\" fill=\"\(one.colour)\"/></svg> \(one.label) (\(one.values.reduce(0, +)))</li>"
        }
        let rows = labels.indices.map { day in [labels[day]] + series.map { "\($0.values.indices.contains(day) ? $0.values[day] : 0)" } }
        return """
            <section class="case-section" aria-labelledby="\(id)-heading">
            <h2 id="\(id)-heading">\(title)</h2>
            \(SVGChart.stackedColumns(title: title, labels: labels, series: series, rightToLeft: rtl))
            <ul class="legend">\(legend)</ul>
            \(numbers([t("ov_day")] + series.map(\.label), rows))
            </section>
            """
    }

    /// A chart's numbers, folded away under it.
    private func numbers(_ headers: [String], _ rows: [[String]]) -> HTML {
        let body = rows.map { row -> HTML in "<tr>\(row.map { cell -> HTML in "<td>\(cell)</td>" })</tr>" }.joined()
        return "<details><summary>\(t("ov_numbers"))</summary>\(table(nil, headers, body))</details>"
    }

    static let checkStatuses: [(String, String)] = [
        ("succeeded", "#1a6b35"), ("failed", "#a1261c"), ("unreadable", "#8a5a00"), ("review", "#0b57d0"),
        ("pending", "#6b7480"), ("withdrawn", "#2f3640"),
    ]
    static let outcomeColours = ["matched": "#1a6b35", "notMatched": "#a1261c", "deceased": "#2f3640", "fraudAlert": "#7a1f5c",
                                 "unanswered": "#8a5a00", "pending": "#6b7480"]

    static func dayLabel(_ day: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
    }

    /// A bucket's upper bound as people read it ("≤ 5.0 s"); "—" when there was none.
    static func duration(_ milliseconds: Int64?, count: Int) -> String {
        guard count > 0 else { return "—" }
        guard let milliseconds else { return "> 7 d" }
        return "≤ " + plainDuration(milliseconds).replacingOccurrences(of: ".0 ", with: " ")
    }

    static func plainDuration(_ milliseconds: Int64) -> String {
        switch milliseconds {
        case ..<1_000: return "\(milliseconds) ms"
        case ..<60_000: return String(format: "%.1f s", Double(milliseconds) / 1_000)
        case ..<3_600_000: return String(format: "%.1f min", Double(milliseconds) / 60_000)
        default: return String(format: "%.1f h", Double(milliseconds) / 3_600_000)
        }
    }
}
