import Testing
@testable import VerityServer

/// Text put into a page is escaped unless it is markup already: a value from
/// a user can never open a tag, close an attribute or start a script.
@Suite("HTML")
struct HTMLTests {
    @Test func textIsEscapedAndMarkupIsNot() {
        let hostile = #"<script>alert("x")</script> & 'quoted'"#
        let cell: HTML = "<td title=\"\(hostile)\">\(hostile)</td>"
        #expect(cell.rendered == "<td title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;\">"
                + "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;</td>")
        let row: HTML = "<tr>\(cell)\(3)</tr>"
        #expect(row.rendered == "<tr>\(cell.rendered)3</tr>")
        #expect([HTML.text("<a>"), "<br>"].joined(separator: ", ").rendered == "&lt;a&gt;, <br>")
        #expect(HTML.trusted("<svg/>").rendered == "<svg/>")
    }

    @Test func aCaseEvidencePageEscapesWhatItShows() {
        let page = ReviewPage(language: "en", words: ["en": ["images_title": "<i>Images</i>"]], caseID: .init(), decided: false)
        let section = page.section("x", "<b>", page.facts("<dt>\("<img src=x onerror=alert(1)>")</dt>"))
        #expect(!section.rendered.contains("<img") && !section.rendered.contains("<b>"))
        #expect(page.images([]).rendered.contains("&lt;i&gt;Images&lt;/i&gt;"))
    }
}
