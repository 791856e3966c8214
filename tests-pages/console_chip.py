"""Drives a reviewer through a held passport check with its chip in
headless Chromium: the environment requires a verified chip for passports
and the chip's CSCA is not trusted, so a person decides (CHIP_UNVERIFIED).
The case shows the chip's section (passive authentication, the certificates,
each data group, the MRZ and the face comparisons) and the chip's face (DG2,
decoded by the engines) beside the selfie and the page with its printed
portrait; the reviewer claims it and approves it, and the images are gone
once decided. The case is looked at in Arabic too. axe-core checks every page
(serious or critical violations fail) and each is screenshotted.

    console_chip.py --url BASE --email E --password P [--screens DIR]

Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402
from console_pages import console_arguments, report  # noqa: E402
from console_review import images_loaded, queue_links, signed_in, whole_page  # noqa: E402


def reviewer(base, screens, args, steps):
    driver = browser("desktop")
    run = Run(driver, screens, "chip")
    try:
        driver.get(base + "/console")
        signed_in(run, args.email, args.password)
        driver.find_element(By.LINK_TEXT, "Review queue").click()
        run.visible("table")
        links = queue_links(driver)
        if len(links) != 1:
            raise PageFailure(f"one case should wait: {links}")
        driver.get(links[0])
        run.visible(".claim")
        # The three pictures side by side: the page (its printed portrait), the selfie, the chip's own face.
        if images_loaded(run) != 3:
            raise PageFailure("the case should show the page, the selfie and the chip's face")
        captions = [c.text for c in driver.find_elements(By.CSS_SELECTOR, ".images figcaption")]
        if "Face on the chip (DG2)" not in captions:
            raise PageFailure(f"the chip's face is not among the images: {captions}")
        chip = run.visible("#chip-heading").find_element(By.XPATH, "..").text
        for expected in ("CHIP_CSCA_UNKNOWN", "DG1", "DG2", "Test DS"):
            if expected not in chip:
                raise PageFailure(f"the chip's section lacks {expected!r}: {chip!r}")
        whole_page(run, "case")
        run.click(".claim button")
        run.visible("form.approve")
        Select(driver.find_element(By.CSS_SELECTOR, "form.approve select[name=reason]")).select_by_value("EVIDENCE_CONSISTENT")
        driver.find_element(By.CSS_SELECTOR, "form.approve textarea").send_keys("Chip genuine; its CSCA checked by hand.")
        run.click("form.approve button[type=submit]")
        notice = run.notice("Decision recorded")
        if "Decision recorded" not in notice.text or queue_links(driver):
            raise PageFailure(f"the approval did not come back to an empty queue: {notice.text!r}")

        # Decided: the images, the chip's face with them, are erased; the chip's section stays, in Arabic too.
        driver.get(links[0].replace("lang=en", "lang=ar"))
        run.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic case")
        if driver.find_elements(By.CSS_SELECTOR, ".images img"):
            raise PageFailure("the decided case still shows images")
        run.visible("#chip-heading")
        whole_page(run, "case-ar")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    args = parser.parse_args()
    return report(lambda steps: reviewer(args.url, args.screens, args, steps))


if __name__ == "__main__":
    sys.exit(main())
