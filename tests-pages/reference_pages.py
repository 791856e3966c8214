"""Reads the pages a server introduces itself with the way a person does, in
headless Chromium: the home page, then the API reference through its link;
axe-core on each (serious or critical violations fail), every in-page link
pointing at something that exists, the contract's link answering YAML, and a
screenshot of each (also on a phone's width).

    reference_pages.py --url BASE [--screens DIR]

Prints one JSON line: {"outcome": "ok", "operations": N, "schemas": N}.
Exits 1 with the reason on stderr when a page does not behave."""
import argparse
import json
import os
import sys
import urllib.request

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402


def look(run, driver, name, anchor=None):
    """axe-core on the page (serious or critical violations fail), then the
    screenshot from where a person would be: the top, or the anchor followed
    (axe scrolls as it checks contrast)."""
    axe = Axe(driver)
    axe.inject()
    bad = [v for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
    if bad:
        run.shot(f"{name}-axe")
        details = "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)
        raise PageFailure(f"{run.prefix}: axe found on {name}: {details}")
    driver.execute_script("document.querySelectorAll('.table-wrap').forEach(w => w.scrollLeft = 0)")
    driver.execute_script("window.scrollTo(0, 0)" if anchor is None else f"document.getElementById('{anchor}').scrollIntoView()")
    run.shot(name)
    run.steps.append(name)


def home_and_reference(base, screens, kind):
    driver = browser(kind)
    # axe-core reads the whole reference (every table of every route): give it
    # time on a machine the parallel suite keeps busy.
    driver.set_script_timeout(300)
    driver.set_page_load_timeout(180)
    run = Run(driver, screens, f"reference-{kind}")

    try:
        driver.get(base + "/")
        run.visible("h1")
        if driver.find_element(By.TAG_NAME, "h1").text != "Verity":
            raise PageFailure("the home page does not say what is running")
        facts = driver.find_element(By.CSS_SELECTOR, ".facts").text
        if "Version" not in facts or ("SQLite" not in facts and "PostgreSQL" not in facts):
            raise PageFailure(f"the home page's facts are incomplete: {facts!r}")
        look(run, driver, "home")
        with urllib.request.urlopen(base + "/openapi.yaml", timeout=30) as response:
            if not response.headers.get("Content-Type", "").startswith("application/yaml") or b"openapi: 3" not in response.read(200):
                raise PageFailure("/openapi.yaml does not answer the contract")
        # As a person would: follow the link.
        driver.find_element(By.LINK_TEXT, "API reference").click()
        run.visible("nav[aria-label=Contents]")
        look(run, driver, "reference")
        missing = driver.execute_script("""
            return [...document.querySelectorAll('a[href^="#"]')].map(a => a.getAttribute('href').slice(1))
                .filter(id => !document.getElementById(id));""")
        if missing:
            raise PageFailure(f"in-page links point at nothing: {sorted(set(missing))[:10]}")
        driver.find_element(By.CSS_SELECTOR, 'a[href="#tag-webhooks"]').click()
        look(run, driver, "reference-webhooks", "tag-webhooks")
        operations = len(driver.find_elements(By.CSS_SELECTOR, "article.operation"))
        schemas = len(driver.find_elements(By.CSS_SELECTOR, "article.schema"))
        return operations, schemas
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--screens", default=os.environ.get("VERITY_SCREENSHOTS_DIR"))
    args = parser.parse_args()
    try:
        operations, schemas = home_and_reference(args.url, args.screens, "desktop")
        home_and_reference(args.url, args.screens, "phone")
    except PageFailure as failure:
        print(str(failure), file=sys.stderr)
        return 1
    print(json.dumps({"outcome": "ok", "operations": operations, "schemas": schemas}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
