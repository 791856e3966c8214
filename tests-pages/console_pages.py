"""Drives the operator console's sign-in in headless Chromium the way a
person does: the console sends a stranger to the sign-in page, a wrong
password is said plainly and the address stays typed, the right password and
authenticator code open the console, the audit trail shows the sign-in and
narrows to it, Arabic turns the console right to left, and
"sign out on every device" ends the session. axe-core checks every page
(serious or critical violations fail) and each is screenshotted, on a
desktop, a tablet and a phone.

    console_pages.py --url BASE --email E --password P --totp-secret BASE32 --now EPOCH_S
                     --plain-email E2 --plain-password P2 [--screens DIR]

--now is the server's clock (tests move it), for the authenticator code.
Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import argparse
import base64
import hashlib
import hmac
import json
import os
import struct
import sys

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402


def totp(secret, now):
    """RFC 6238's code (SHA-1, 30 s, 6 digits), as an authenticator app shows it."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(now) // 30), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def look(run, name):
    axe = Axe(run.driver)
    axe.inject()
    bad = [v for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
    run.driver.execute_script("window.scrollTo(0, 0)")
    if bad:
        run.shot(f"{name}-axe")
        details = "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)
        raise PageFailure(f"{run.prefix}: axe found on {name}: {details}")
    run.shot(name)
    run.steps.append(f"{run.prefix}:{name}")


def type_into(run, css, text):
    field = run.visible(css)
    field.clear()
    field.send_keys(text)


def sign_in(run, email, password, code=""):
    type_into(run, "#email", email)
    type_into(run, "#password", password)
    if code:
        type_into(run, "#code", code)
    run.click("form button[type=submit].primary")


def landed_on_the_overview(run):
    """After signing in, the console opens on the overview (not the operator's own page)."""
    run.wait(lambda d: "/console/overview" in d.current_url, what="the overview, where a sign-in lands")
    run.visible("main h1")


def open_account(run):
    """The operator's own page, from the navigation: who is signed in, their browsers, signing out."""
    run.driver.find_element(By.LINK_TEXT, "Account").click()
    return run.visible(".facts")


def device(kind):
    """A browser sized as `kind` (desktop, tablet or phone)."""
    driver = browser(kind)
    if kind == "tablet":
        driver.set_window_size(820, 1180)
    return driver


def fits(driver, kind, what):
    if driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth + 1"):
        raise PageFailure(f"{what} is wider than a {kind}'s screen")


def console_arguments():
    """The arguments every console script takes (the server, an operator,
    where screenshots go); each script adds its own."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--email", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--screens", default=os.environ.get("VERITY_SCREENSHOTS_DIR"))
    return parser


def report(*flows):
    """Runs each flow (a function of the steps list) in turn; prints the steps
    as one JSON line, or the first failure on stderr. The exit status."""
    steps = []
    try:
        for flow in flows:
            flow(steps)
    except PageFailure as failure:
        print(str(failure), file=sys.stderr)
        return 1
    print(json.dumps({"outcome": "ok", "steps": steps}))
    return 0


def desktop(base, screens, args, steps):
    driver = browser("desktop")
    run = Run(driver, screens, "console-desktop")
    try:
        driver.get(base + "/console")
        if run.visible("h1").text != "Sign in":
            raise PageFailure("the console did not send a stranger to the sign-in page")
        look(run, "sign-in")

        sign_in(run, args.email, "not the password", totp(args.totp_secret, args.now))
        alert = run.visible("[role=alert]")
        if "not right" not in alert.text:
            raise PageFailure(f"a wrong password is not said plainly: {alert.text!r}")
        if driver.find_element(By.ID, "email").get_attribute("value") != args.email:
            raise PageFailure("the address typed was lost")
        if driver.find_element(By.ID, "password").get_attribute("value"):
            raise PageFailure("the password was sent back to the page")
        look(run, "wrong-password")

        sign_in(run, args.email, args.password, totp(args.totp_secret, args.now))
        landed_on_the_overview(run)
        look(run, "landing")
        facts = open_account(run).text
        if args.email not in facts or "Admin" not in facts:
            raise PageFailure(f"the console does not say who is signed in: {facts!r}")
        if driver.get_cookie("verity_console") is None or driver.execute_script("return document.cookie").find("verity_console") >= 0:
            raise PageFailure("the session cookie is missing, or script can read it")
        look(run, "home")

        # Settings, an admin's: the test environment's attempts lowered, with a reason; the page says it is saved.
        driver.find_element(By.LINK_TEXT, "Settings").click()
        run.visible("#maxAttempts")
        driver.find_element(By.LINK_TEXT, "Test").click()
        run.wait(lambda d: "environment=test" in d.current_url, what="the test environment's settings")
        attempts = run.visible("#maxAttempts")
        attempts.clear()
        attempts.send_keys("4")
        driver.find_element(By.ID, "reason").send_keys("Fewer tries before a document, agreed with compliance.")
        look(run, "settings")
        run.click("form.settings button[type=submit]")
        notice = run.notice("saved")
        if "saved" not in notice.text or driver.find_element(By.ID, "maxAttempts").get_attribute("value") != "4":
            raise PageFailure(f"the rules were not saved, or the page does not say so: {notice.text!r}")
        look(run, "settings-saved")

        # Keys: a secret key made with a reason, shown once on the answer.
        driver.find_element(By.LINK_TEXT, "Keys").click()
        run.visible("#make-secret-reason").send_keys("The reporting job's own key.")
        run.click("form[aria-labelledby=make-secret] button[type=submit]")
        made = run.visible(".shown-once code").text
        if not made.startswith("vk_test_"):
            raise PageFailure(f"the new key is not shown: {made!r}")
        look(run, "keys-made")
        # Operators: the admin is listed, and marked as themselves.
        driver.find_element(By.LINK_TEXT, "Operators").click()
        listed = run.visible("table").text
        if args.email not in listed or args.plain_email not in listed:
            raise PageFailure(f"the operators are not listed: {listed!r}")
        look(run, "operators")

        # The audit trail, through the console's own navigation, then narrowed to sign-ins.
        driver.find_element(By.LINK_TEXT, "Audit trail").click()
        run.visible("table")
        if "console.sign_in" not in driver.find_element(By.TAG_NAME, "tbody").text:
            raise PageFailure("the audit trail does not show the sign-in that just happened")
        look(run, "audit")
        Select(driver.find_element(By.ID, "action")).select_by_value("console.sign_in")
        run.click("form[method=get] button[type=submit]")
        run.wait(lambda d: "action=console.sign_in" in d.current_url, what="the filtered trail")
        actions = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "tbody td.action")]
        if not actions or any(action != "console.sign_in" for action in actions):
            raise PageFailure(f"the filter did not narrow the trail: {actions}")
        look(run, "audit-filtered")

        driver.find_element(By.CSS_SELECTOR, "a[hreflang=ar]").click()
        run.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic page")
        if "action=console.sign_in" not in driver.current_url:
            raise PageFailure("switching language lost the trail's filter")
        look(run, "audit-ar")
        driver.find_element(By.CSS_SELECTOR, "nav.sections li:last-child a").click()  # Account, the last of the navigation
        run.visible("button[value=everywhere]")
        look(run, "home-ar")

        run.click("button[value=everywhere]")
        run.visible("#email")  # the sign-in page, not the page the button was on
        notice = run.notice("")
        if driver.find_element(By.TAG_NAME, "html").get_attribute("lang") != "ar" or not notice.text:
            raise PageFailure("signing out did not say so in the page's language")
        look(run, "signed-out-ar")
        driver.get(base + "/console")
        if run.visible("h1").text != "Sign in":
            raise PageFailure("the session outlived signing out everywhere")
        steps += run.steps
    finally:
        driver.quit()


def smaller_screen(base, screens, args, kind, steps):
    """A tablet or a phone: the sign-in page and the console fit and stay clean."""
    driver = device(kind)
    run = Run(driver, screens, f"console-{kind}")
    try:
        driver.get(base + "/console/sign-in")
        run.visible("#email")
        look(run, "sign-in")
        sign_in(run, args.plain_email, args.plain_password)
        landed_on_the_overview(run)
        open_account(run)
        fits(driver, kind, "the console")
        look(run, "home")
        run.click("button[value=this]")
        run.visible("#email")
        run.notice("")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--totp-secret", required=True)
    parser.add_argument("--now", type=float, required=True)
    parser.add_argument("--plain-email", required=True)
    parser.add_argument("--plain-password", required=True)
    args = parser.parse_args()
    return report(lambda steps: desktop(args.url, args.screens, args, steps),
                  lambda steps: smaller_screen(args.url, args.screens, args, "tablet", steps),
                  lambda steps: smaller_screen(args.url, args.screens, args, "phone", steps))


if __name__ == "__main__":
    sys.exit(main())
