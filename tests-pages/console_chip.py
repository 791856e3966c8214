"""Drives a reviewer through a held passport check with its chip in
headless Chromium: the environment requires a verified chip for passports
and the chip's CSCA is not trusted, so a person decides (CHIP_UNVERIFIED).
The case shows the chip's section (passive authentication, the certificates,
each data group, the MRZ and the face comparisons) and the chip's face (DG2,
decoded by the engines) beside the selfie and the page with its printed
portrait; the reviewer claims it and approves it, and the images are gone
once decided. The case is looked at in Arabic too.

Then an admin manages the tenant's chip trust on its settings page: the
Dutch master list is refused without the CSCA that signed it, then imported
with it (every certificate accounted for); the German master list, whose
signer the Dutch list holds, imports against the trust store, its skipped
certificates listed with why. axe-core checks every page (serious or critical
violations fail) and each is screenshotted.

    console_chip.py --url BASE --email E --password P --admin-email E --admin-password P
                    --chip-dir ../shared/data/chip [--screens DIR]

Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402
from console_pages import console_arguments, look, report  # noqa: E402
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


def import_file(run, path, signer=None, from_store=False, reason="Passports of this state are accepted."):
    run.visible("#chip-file").send_keys(path)
    if signer:
        run.driver.find_element(By.ID, "chip-signer").send_keys(signer)
    if from_store:
        run.driver.find_element(By.ID, "chip-from-store").click()
    run.driver.find_element(By.ID, "chip-reason").send_keys(reason)
    run.click("form[enctype='multipart/form-data'] button[type=submit]")


def admin(base, screens, args, steps):
    driver = browser("desktop")
    run = Run(driver, screens, "chip-trust")
    lists = os.path.join(args.chip_dir, "master-lists")
    try:
        driver.get(base + "/console")
        signed_in(run, args.admin_email, args.admin_password)
        driver.find_element(By.LINK_TEXT, "Settings").click()
        run.visible(".tabs")
        driver.find_element(By.LINK_TEXT, "Passport chips").click()
        run.wait(lambda d: "Nothing is trusted yet" in d.find_element(By.TAG_NAME, "main").text, what="the empty trust store")
        look(run, "empty")

        # A master list without the CSCA that signed it proves nothing: refused, with why.
        import_file(run, os.path.join(lists, "NL_ML_2025-07-29.ml"))
        problem = run.visible(".problem").text
        if "master list" not in problem.lower():
            raise PageFailure(f"the refusal does not say why: {problem!r}")

        import_file(run, os.path.join(lists, "NL_ML_2025-07-29.ml"), signer=os.path.join(lists, "NL_ROOT_CA.cer"))
        notice = run.notice("Imported a master list").text
        if "394 certificates, 394 added" not in notice:
            raise PageFailure(f"the Dutch list is not accounted for: {notice!r}")
        rows = driver.find_elements(By.CSS_SELECTOR, "table tbody tr")
        if len(rows) < 394:
            raise PageFailure(f"the trusted certificates are not listed: {len(rows)} rows")

        # Germany's list is signed by a CSCA the Dutch list holds: checked against the trust store.
        import_file(run, os.path.join(lists, "DE_ML_2024-08-07-07-38-24.ml"), from_store=True)
        notice = run.notice("Imported a master list").text
        if "541 certificates" not in notice or "7 skipped" not in notice:
            raise PageFailure(f"the German list is not accounted for: {notice!r}")
        skipped = driver.find_element(By.CSS_SELECTOR, "table").text
        if "no certificate authority" not in skipped:
            raise PageFailure(f"the skipped certificates do not say why: {skipped!r}")
        look(run, "imported")
        driver.get(driver.current_url.split("?")[0].replace("/import", "") + "?lang=ar")
        run.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic trust page")
        look(run, "imported-ar")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--admin-email", required=True)
    parser.add_argument("--admin-password", required=True)
    parser.add_argument("--chip-dir", required=True)
    args = parser.parse_args()
    return report(lambda steps: reviewer(args.url, args.screens, args, steps),
                  lambda steps: admin(args.url, args.screens, args, steps))


if __name__ == "__main__":
    sys.exit(main())
