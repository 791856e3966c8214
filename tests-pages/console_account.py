"""Drives the console's re-authentication and known devices in headless
Chromium, as an admin does: their sign-in is older than five minutes (the
test moved the server's clock), so making a key is refused with a way to
confirm it is them; a wrong password is said plainly on the confirmation
page; the right password and code return them to the keys page, where the
key is made; then their page lists the browsers known as theirs, this one
marked, and forgetting it says so and takes it off the list. axe-core
checks every page (serious or critical violations fail) and each is
screenshotted, on a desktop and a phone.

    console_account.py --url BASE --email E --password P --totp-secret BASE32 --now EPOCH_S
                       --session COOKIE --device COOKIE
                       --phone-password P2 --phone-session COOKIE --phone-device COOKIE [--screens DIR]

--session and --device are the cookies of the admin's earlier sign-in; --now
is the server's clock now, for the authenticator code. The phone is a
second admin's, with no second factor.
Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import os
import sys

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run  # noqa: E402
from console_pages import console_arguments, device, fits, look, report, totp, type_into  # noqa: E402


def signed_in_earlier(driver, base, args):
    """The browser of the admin's earlier sign-in: its two cookies set on the console's path."""
    driver.get(base + "/console/sign-in")
    for name, value in (("verity_console", args.session), ("verity_console_device", args.device)):
        driver.add_cookie({"name": name, "value": value, "path": "/console", "httpOnly": True, "sameSite": "Strict"})


def confirm_then_make_a_key(base, screens, args, kind, steps):
    driver = device(kind)
    run = Run(driver, screens, f"account-{kind}")
    try:
        signed_in_earlier(driver, base, args)
        driver.get(base + "/console/settings/keys?environment=test")
        needed = run.visible("main p.notice").text
        if "confirm it is you" not in needed:
            raise PageFailure(f"the keys page does not say changes need a confirmation: {needed!r}")
        look(run, "keys-confirm-needed")
        run.visible("#make-secret-reason").send_keys("The reporting job's own key.")
        run.click("form[aria-labelledby=make-secret] button[type=submit]")
        alert = run.visible("[role=alert]")
        if "Confirm it is you first" not in alert.text or driver.find_elements(By.CSS_SELECTOR, ".shown-once"):
            raise PageFailure(f"a stale sign-in made a key, or the page does not say why not: {alert.text!r}")
        look(run, "keys-refused")

        driver.find_element(By.LINK_TEXT, "Confirm it is you").click()
        run.visible("#password")
        if run.visible("h1").text != "Confirm it is you":
            raise PageFailure("the link did not open the confirmation page")
        look(run, "confirm")
        type_into(run, "#password", "not the password")
        if args.totp_secret:
            type_into(run, "#code", totp(args.totp_secret, args.now))
        run.click("form button[type=submit].primary")
        alert = run.visible("[role=alert]")
        if "not right" not in alert.text or driver.find_element(By.ID, "password").get_attribute("value"):
            raise PageFailure(f"a wrong password is not said plainly, or was sent back: {alert.text!r}")
        look(run, "confirm-wrong")
        if kind == "phone":
            fits(driver, kind, "the confirmation page")
        # The code just tried failed with the password: it was not used up.
        type_into(run, "#password", args.password)
        if args.totp_secret:
            type_into(run, "#code", totp(args.totp_secret, args.now))
        run.click("form button[type=submit].primary")
        run.wait(lambda d: "/console/settings/keys" in d.current_url and "environment=test" in d.current_url,
                 what="the keys page again")
        until = run.visible("main p.notice").text
        if "you can make changes until" not in until:
            raise PageFailure(f"the keys page does not say the confirmation holds: {until!r}")
        run.visible("#make-secret-reason").send_keys("The reporting job's own key.")
        run.click("form[aria-labelledby=make-secret] button[type=submit]")
        made = run.visible(".shown-once code").text
        if not made.startswith("vk_test_"):
            raise PageFailure(f"the key was not made after the confirmation: {made!r}")
        look(run, "keys-made")

        driver.get(base + "/console")
        rows = run.visible("section[aria-labelledby=devices-title] table").text
        if "this browser" not in rows:
            raise PageFailure(f"the operator's page does not mark this browser among their devices: {rows!r}")
        look(run, "devices")
        if kind == "phone":
            fits(driver, kind, "the operator's page")
        count = len(driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=devices-title] tbody tr"))
        this_row = next(row for row in driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=devices-title] tbody tr")
                        if "this browser" in row.text)
        this_row.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        run.notice("forgotten")
        left = len(driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=devices-title] tbody tr"))
        if left != count - 1 or "this browser" in driver.find_element(By.TAG_NAME, "main").text:
            raise PageFailure(f"the forgotten browser is still listed ({count} then {left})")
        look(run, "device-forgotten")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--totp-secret", required=True)
    parser.add_argument("--now", type=float, required=True)
    parser.add_argument("--session", required=True)
    parser.add_argument("--device", required=True)
    parser.add_argument("--phone-password", required=True)
    parser.add_argument("--phone-session", required=True)
    parser.add_argument("--phone-device", required=True)
    args = parser.parse_args()
    phone = argparse_copy(args, password=args.phone_password, totp_secret="", session=args.phone_session, device=args.phone_device)
    return report(lambda steps: confirm_then_make_a_key(args.url, args.screens, args, "desktop", steps),
                  lambda steps: confirm_then_make_a_key(args.url, args.screens, phone, "phone", steps))


def argparse_copy(args, **changes):
    copy = type(args)(**vars(args))
    for name, value in changes.items():
        setattr(copy, name, value)
    return copy


if __name__ == "__main__":
    sys.exit(main())
