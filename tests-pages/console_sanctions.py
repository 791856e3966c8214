"""Drives a compliance reviewer through a sanctions case in headless
Chromium (a VerifyCompliance session's candidate, or with --kind a
monitoring alert a list's new version raised): the queue lists it, the case shows the person screened beside the
listed entry (names, dates of birth, nationalities, programme, the list and
its version, the matcher's score and why), the reviewer claims it and records a false positive with a
reason and a note, and the audit trail, filtered to false positives, shows
the decision with the entry and the list version it was matched in. The case is looked at in Arabic too. axe-core
checks every page (serious or critical violations fail) and each is
screenshotted.

    console_sanctions.py --url BASE --email E --password P --entry ID [--kind monitoring] [--screens DIR]

Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402
from console_pages import console_arguments, look, report  # noqa: E402
from console_review import queue_links, signed_in, whole_page  # noqa: E402


def reviewer(base, screens, args, steps):
    driver = browser("desktop")
    monitoring = args.kind == "monitoring"
    run = Run(driver, screens, "monitoring" if monitoring else "sanctions")
    kind = "Monitoring match" if monitoring else "Sanctions candidate"
    try:
        driver.get(base + "/console")
        signed_in(run, args.email, args.password)
        driver.find_element(By.LINK_TEXT, "Review queue").click()
        run.visible("table")
        if kind not in driver.find_element(By.CSS_SELECTOR, "tbody").text:
            raise PageFailure(f"the queue does not name the {kind.lower()}")
        links = queue_links(driver)
        if len(links) != 1:
            raise PageFailure(f"one case should wait: {links}")
        driver.get(links[0])
        run.visible(".claim")
        entry = run.visible(f"#candidate-0-heading")
        if args.entry not in entry.text:
            raise PageFailure(f"the case does not name listed entry {args.entry}: {entry.text!r}")
        side_by_side = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby=candidate-0-heading] table").text
        for expected in ("Person screened", "Listed entry", "Date of birth", "Nationality", "Programmes", "List and version", "OFAC SDN", "sha256:"):
            if expected not in side_by_side:
                raise PageFailure(f"the comparison lacks {expected!r}: {side_by_side!r}")
        if monitoring:
            facts = driver.find_element(By.CSS_SELECTOR, "dl.facts").text
            for expected in ("Screened by", "VerifyCompliance session", "Monitored since", "Found by a list change", "Open"):
                if expected not in facts:
                    raise PageFailure(f"the alert's facts lack {expected!r}: {facts!r}")
        whole_page(run, "case")
        run.click(".claim button")
        run.visible("form.approve")
        if "Record a false positive" not in driver.find_element(By.CSS_SELECTOR, "form.approve").text:
            raise PageFailure("the approval is not offered as a false positive")
        form = "form.approve"
        Select(driver.find_element(By.CSS_SELECTOR, f"{form} select[name=reason]")).select_by_value("FALSE_POSITIVE_DIFFERENT_PERSON")
        driver.find_element(By.CSS_SELECTOR, f"{form} textarea").send_keys("Different nationality and no listed birth date.")
        run.click(f"{form} button[type=submit]")
        notice = run.notice("Decision recorded")
        if "Decision recorded" not in notice.text or queue_links(driver):
            raise PageFailure(f"the false positive did not come back to an empty queue: {notice.text!r}")

        # The trail, narrowed to false positives.
        driver.find_element(By.LINK_TEXT, "Audit trail").click()
        Select(run.visible("#action")).select_by_value("sanctions.false_positive")
        run.click(".filters-actions button[type=submit]")
        run.wait(lambda d: "sanctions.false_positive" in d.current_url, what="the filtered trail")
        rows = driver.find_element(By.CSS_SELECTOR, "tbody").text
        if f"[entries ofac-sdn {args.entry} @ sha256:" not in rows or args.email not in rows:
            raise PageFailure(f"the trail does not show the false positive with its entry, its list's version and reviewer: {rows!r}")
        look(run, "audit")

        # The decided case in Arabic.
        driver.get(links[0].replace("lang=en", "lang=ar"))
        run.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic case")
        whole_page(run, "case-ar")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--entry", required=True)
    parser.add_argument("--kind", choices=["candidate", "monitoring"], default="candidate")
    args = parser.parse_args()
    return report(lambda steps: reviewer(args.url, args.screens, args, steps))


if __name__ == "__main__":
    sys.exit(main())
