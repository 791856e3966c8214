import Testing
@testable import VerityKernel
@testable import VerityConsole
@testable import VerityPages

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

    @Test func aTranslationIsFilledOnceWithItsValuesInPlace() {
        let filled = HTML.filling("%1 by %2 on %3 & <done>", .text("Approved"), .text("a%3b@x.example"), "<bdi>now</bdi>")
        #expect(filled.rendered == "Approved by a%3b@x.example on <bdi>now</bdi> &amp; &lt;done&gt;")
        #expect(HTML.filling("Yours until %@.", "<b>12:00</b>").rendered == "Yours until <b>12:00</b>.")
        #expect(HTML.filling("100% sure, %9 left", .text("x")).rendered == "100% sure, %9 left")
    }

    @Test func aScriptsJSONCannotCloseItsElement() {
        let island = HTML.jsonIsland(["name": "</script><script>alert(1)</script> & more"])
        #expect(!island.rendered.contains("<") && !island.rendered.contains(">") && !island.rendered.contains("&"))
        #expect(island.rendered == #"{"name":"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e \u0026 more"}"#)
    }

    /// What an operator types into the console comes back in its forms and
    /// filters: it comes back as text, in every place it is shown.
    @Test func consolePagesShowWhatWasTypedAsText() {
        let hostile = #""><img src=x onerror=alert(1)>"#
        let page = ConsolePage(language: "en")
        let signIn = page.signIn(csrfToken: hostile, email: hostile, problem: hostile, notice: nil).rendered
        let query = ConsoleAuditTrail.Query(action: hostile, actor: hostile, userRef: hostile, from: hostile, to: hostile)
        let audit = page.audit(.init(email: hostile, tenant: hostile, role: .admin, csrfToken: hostile), query: query, page: nil, problem: hostile).rendered
        for rendered in [signIn, audit] {
            #expect(!rendered.contains("<img"))
            #expect(rendered.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        }
    }
}
