"""The TypeScript SDK's example page (/examples/web, served by `verity demo`)
used as a newcomer following docs/sdk-typescript.md would, in headless
Chromium: paste the demo's user token, verify John Smith (agreeing to the
consent text when the environment asks), then paste the client key, choose a
photo file and run VerifyHuman. axe-core on each step (serious or critical
violations fail) and a screenshot of each, on a desktop and a phone.

    sdk_example_page.py --url BASE --keys demo-keys.json --photo FACE.jpg [--screens DIR]

Prints one JSON line: {"outcome": "ok", "steps": N}. Exits 1 with the reason
on stderr when the page does not behave."""
import argparse
import json
import os
import sys

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402
from reference_pages import look  # noqa: E402 - axe-core, then the screenshot from the top or an anchor


def verdict(run, driver, result_id, words):
    """The result's verdict line once it says `words` (the page clears the
    last one when a form is sent); on giving up, what it said instead."""
    seen = []

    def shown(driver):
        # Where the environment asks for consent, the page shows the text first: a person reads it and agrees.
        agree = driver.find_elements(By.ID, "agree")
        if agree and agree[0].is_displayed() and agree[0].is_enabled():
            look(run, driver, "consent", "identity-heading")
            agree[0].click()
            return False
        lines = driver.find_elements(By.CSS_SELECTOR, f"#{result_id} .verdict")
        seen[:] = [driver.find_element(By.ID, result_id).text]
        return lines[0].text if lines and words in lines[0].text else False
    try:
        return run.wait(shown, what=f"{words!r} in #{result_id}")
    except PageFailure as failure:
        raise PageFailure(f"{failure}; it said: {(seen or [''])[0][:400]!r}") from failure


def follow_the_guide(base, keys, photo, screens, kind):
    driver = browser(kind)
    run = Run(driver, screens, f"sdk-example-{kind}")
    try:
        driver.get(base + "/examples/web")
        run.visible("h1")
        look(run, driver, "page")

        token = driver.find_element(By.ID, "token")
        token.send_keys(keys["userToken"])
        driver.find_element(By.CSS_SELECTOR, "#identity-form button").click()
        verdict(run, driver, "identity-result", "Verified (KNOWLEDGE_OF_PII)")
        look(run, driver, "verified", "identity-result")

        driver.find_element(By.ID, "clientKey").send_keys(keys["clientKey"])
        driver.find_element(By.ID, "photo").send_keys(os.path.abspath(photo))
        driver.find_element(By.CSS_SELECTOR, "#human-form button").click()
        verdict(run, driver, "human-result", "Pass")
        shown = driver.find_element(By.CSS_SELECTOR, "#human-result pre").text
        if '"token": "vht_' not in shown:
            raise PageFailure(f"{run.prefix}: the pass shows no token for the backend: {shown[:300]}")
        look(run, driver, "human-pass", "human-heading")

        # A mistake is shown as the SDK's typed error, not a blank page.
        key = driver.find_element(By.ID, "clientKey")
        key.clear()
        key.send_keys("vhk_test_notakey")
        driver.find_element(By.CSS_SELECTOR, "#human-form button").click()
        verdict(run, driver, "human-result", "INVALID_CLIENT_KEY")
        look(run, driver, "human-refused", "human-heading")
        return len(run.steps)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--keys", required=True)
    parser.add_argument("--photo", required=True)
    parser.add_argument("--screens", default=os.environ.get("VERITY_SCREENSHOTS_DIR"))
    args = parser.parse_args()
    with open(args.keys, encoding="utf-8") as file:
        keys = json.load(file)
    try:
        steps = follow_the_guide(args.url, keys, args.photo, args.screens, "desktop")
        steps += follow_the_guide(args.url, keys, args.photo, args.screens, "phone")
    except PageFailure as failure:
        print(str(failure), file=sys.stderr)
        return 1
    print(json.dumps({"outcome": "ok", "steps": steps}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
