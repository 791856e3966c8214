"""Reads the pages a server introduces itself with the way a person does, in
headless Chromium: the home page, the API reference's contents through its
link, a section (webhooks) and the schemas; axe-core on each (serious or
critical violations fail), every schema link landing on a schema, the
contract's link answering YAML, and a screenshot of each (home and a section
also on a phone's width).

    reference_pages.py --url BASE [--screens DIR]

Prints one JSON line: {"outcome": "ok", "sections": N, "operations": N, "schemas": N}.
Exits 1 with the reason on stderr when a page does not behave."""
import argparse
import json
import os
import sys
import urllib.request

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import REQUEST_SECONDS, PageFailure, Run, browser  # noqa: E402


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


def links_resolve(driver, schema_ids):
    """Every in-page link lands on something, and every schema link on a schema."""
    targets = driver.execute_script("""
        return [...document.querySelectorAll('a[href*="#"]')].map(a => a.getAttribute('href'));""")
    missing = []
    for href in targets:
        path, _, anchor = href.partition("#")
        if path in ("", "/docs/schemas") and anchor:
            exists = anchor in schema_ids if path == "/docs/schemas" else driver.execute_script(
                "return !!document.getElementById(arguments[0])", anchor)
            if not exists:
                missing.append(href)
    if missing:
        raise PageFailure(f"links point at nothing: {sorted(set(missing))[:10]}")


def home_and_reference(base, screens, kind):
    driver = browser(kind)
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
        with urllib.request.urlopen(base + "/openapi.yaml", timeout=REQUEST_SECONDS) as response:
            if not response.headers.get("Content-Type", "").startswith("application/yaml") or b"openapi: 3" not in response.read(200):
                raise PageFailure("/openapi.yaml does not answer the contract")
        # As a person would: follow the links.
        driver.find_element(By.LINK_TEXT, "API reference").click()
        run.visible("nav[aria-label=Contents]")
        look(run, driver, "contents")
        sections = len(driver.find_elements(By.CSS_SELECTOR, ".toc li"))
        driver.find_element(By.LINK_TEXT, "webhooks").click()
        run.visible("article.operation")
        look(run, driver, "webhooks")
        operations = len(driver.find_elements(By.CSS_SELECTOR, "article.operation"))
        schemas = 0
        if kind == "desktop":
            # The schemas page is the longest: checked once, on the desktop.
            webhook_links = driver.execute_script("""
                return [...document.querySelectorAll('a[href^="/docs/schemas#"]')].map(a => a.getAttribute('href'));""")
            driver.get(base + "/docs/schemas")
            run.visible("article.schema")
            schema_ids = set(driver.execute_script("return [...document.querySelectorAll('article.schema')].map(a => a.id)"))
            missing = [href for href in webhook_links if href.partition("#")[2] not in schema_ids]
            if missing:
                raise PageFailure(f"the webhooks section links to schemas that are not there: {missing[:5]}")
            links_resolve(driver, schema_ids)
            look(run, driver, "schemas")
            schemas = len(schema_ids)
        return sections, operations, schemas
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--screens", default=os.environ.get("VERITY_SCREENSHOTS_DIR"))
    args = parser.parse_args()
    try:
        sections, operations, schemas = home_and_reference(args.url, args.screens, "desktop")
        home_and_reference(args.url, args.screens, "phone")
    except PageFailure as failure:
        print(str(failure), file=sys.stderr)
        return 1
    print(json.dumps({"outcome": "ok", "sections": sections, "operations": operations, "schemas": schemas}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
