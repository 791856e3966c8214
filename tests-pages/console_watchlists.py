"""Drives an admin through the tenant's sanctions lists in headless Chromium:
the settings' Sanctions lists tab shows the public lists with their versions;
a watchlist with a bad row is refused with the line and field named and
nothing imported; a good one imports (2 entries, its first version); a second
version of it reports exactly what it added, removed and changed; another
watchlist is imported and then removed. The page is looked at in Arabic too.
axe-core checks every page (serious or critical violations fail) and each is
screenshotted.

    console_watchlists.py --url BASE --email E --password P --files DIR [--screens DIR]

DIR holds bad.csv, blocklist-1.csv, blocklist-2.json and old.csv.
Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402
from console_pages import console_arguments, look, report  # noqa: E402
from console_review import signed_in  # noqa: E402


def import_watchlist(run, name, path, reason="Our own blocklist, agreed with compliance."):
    run.visible("#watchlist-name").clear()
    run.driver.find_element(By.ID, "watchlist-name").send_keys(name)
    run.driver.find_element(By.ID, "watchlist-file").send_keys(path)
    run.driver.find_element(By.ID, "watchlist-reason").send_keys(reason)
    run.click("form[enctype='multipart/form-data'] button[type=submit]")


def admin(base, screens, args, steps):
    driver = browser("desktop")
    run = Run(driver, screens, "watchlists")
    try:
        driver.get(base + "/console")
        signed_in(run, args.email, args.password)
        driver.find_element(By.LINK_TEXT, "Settings").click()
        run.visible(".tabs")
        driver.find_element(By.LINK_TEXT, "Sanctions lists").click()
        run.wait(lambda d: "OFAC SDN" in d.find_element(By.TAG_NAME, "main").text, what="the public lists")
        lists = driver.find_element(By.CSS_SELECTOR, "table").text
        if "Public" not in lists or "Versions of OFAC SDN" not in driver.find_element(By.TAG_NAME, "main").text:
            raise PageFailure(f"the public list and its versions are not shown: {lists!r}")

        # A bad row: refused whole, with the row and the field named.
        import_watchlist(run, "blocklist", os.path.join(args.files, "bad.csv"))
        problem = run.visible(".problem").text
        if "line 3 date_of_birth" not in problem:
            raise PageFailure(f"the refusal does not name the line and field: {problem!r}")
        if "watchlist:blocklist" in driver.find_element(By.CSS_SELECTOR, "table").text.lower():
            raise PageFailure("a refused watchlist was listed")
        look(run, "refused")

        import_watchlist(run, "blocklist", os.path.join(args.files, "blocklist-1.csv"))
        notice = run.notice("is imported").text
        if "its first version, with 2 entries" not in notice:
            raise PageFailure(f"the first version is not accounted for: {notice!r}")

        # The second version: one added, one removed, one changed, each named.
        import_watchlist(run, "blocklist", os.path.join(args.files, "blocklist-2.json"))
        notice = run.notice("has a new version").text
        if "2 entries: 1 added, 1 removed, 1 changed" not in notice:
            raise PageFailure(f"the second version's changes are not counted: {notice!r}")
        changes = driver.find_element(By.CSS_SELECTOR, "table").text
        for expected in ("Added B-3", "Removed B-2", "Changed B-1"):
            if expected not in " ".join(changes.split()):
                raise PageFailure(f"the changes table lacks {expected!r}: {changes!r}")
        versions = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='versions-watchlist-blocklist-heading'] table").text
        if "first version" not in versions or len(driver.find_elements(
                By.CSS_SELECTOR, "section[aria-labelledby='versions-watchlist-blocklist-heading'] tbody tr")) != 2:
            raise PageFailure(f"the watchlist's two versions are not shown: {versions!r}")
        look(run, "imported")

        # Another watchlist, imported and removed.
        import_watchlist(run, "old", os.path.join(args.files, "old.csv"))
        run.notice("is imported")
        Select(run.visible("#remove-name")).select_by_value("old")
        driver.find_element(By.ID, "remove-reason").send_keys("Replaced by the blocklist.")
        run.click("form[action*='/settings/sanctions/remove'] button[type=submit]")
        notice = run.notice("is removed").text
        options = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#remove-name option")]
        if options != ["blocklist"]:
            raise PageFailure(f"the removed watchlist is still offered: {options!r} ({notice!r})")

        driver.get(base + "/console/settings/sanctions?lang=ar")
        run.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic lists page")
        look(run, "lists-ar")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--files", required=True)
    args = parser.parse_args()
    return report(lambda steps: admin(args.url, args.screens, args, steps))


if __name__ == "__main__":
    sys.exit(main())
