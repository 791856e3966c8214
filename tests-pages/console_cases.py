"""Opens every case waiting in a tenant's queue in headless Chromium, the
way a reviewer meets each kind for the first time: the queue, each case's
page (its evidence, and its images loading where the case keeps some), one
in Arabic, and, for an accreditation request, a claim and an approval that
shows the activation code once. axe-core checks every page (serious or
critical violations fail) and each is screenshotted.

    console_cases.py --url BASE --email E --password P --cases N [--screens DIR]

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
    run = Run(driver, screens, "cases")
    try:
        driver.get(base + "/console")
        signed_in(run, args.email, args.password)
        driver.find_element(By.LINK_TEXT, "Review queue").click()
        run.visible("table")
        links = queue_links(driver)
        if len(links) != args.cases:
            raise PageFailure(f"{args.cases} cases should wait: {links}")
        look(run, "queue")
        accreditation = None
        for link in links:
            driver.get(link)
            title = run.visible("h1").text
            images = driver.execute_script(
                "return [...document.querySelectorAll('.images img')].map(i => i.complete && i.naturalWidth > 0)")
            if images and not all(images):
                raise PageFailure(f"{title}: an image did not load: {images}")
            name = title.lower().replace(" ", "-")
            whole_page(run, name)
            if title == "Accreditation request":
                accreditation = link
        driver.get(links[-1].replace("lang=en", "lang=ar"))
        run.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic case")
        whole_page(run, "case-ar")
        if accreditation is None:
            raise PageFailure("no accreditation request was in the queue")
        driver.get(accreditation)
        run.click(".claim button")
        Select(run.visible("form.approve select[name=reason]")).select_by_value("IDENTITY_EVIDENCE_CHECKED")
        Select(driver.find_element(By.CSS_SELECTOR, "form.approve select[name=delivery]")).select_by_value("sms")
        run.click("form.approve button[type=submit]")
        code = run.visible(".diac code").text
        if len(code.replace("-", "").replace(" ", "")) < 12:
            raise PageFailure(f"the activation code is not shown: {code!r}")
        look(run, "activation-code")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--cases", type=int, required=True)
    args = parser.parse_args()
    return report(lambda steps: reviewer(args.url, args.screens, args, steps))


if __name__ == "__main__":
    sys.exit(main())
