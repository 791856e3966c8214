"""Drives a reviewer through the console's review queue in headless Chromium
the way people use it: a reviewer signs in with an authenticator code, finds
three held document checks in the queue, opens one (its images load beside
the evidence), claims it and approves it with a reason and a note; opens the
next while a second reviewer has the same case open in another browser; the
first claims and rejects it, the second's stale claim is refused with the
reason, and the second then sees who decided. The last case is looked at in
Arabic, on a tablet and on a phone; then the second reviewer finds its
user on the user page and resets them, which withdraws it. axe-core checks every page (serious or
critical violations fail) and each is screenshotted.

    console_review.py --url BASE --email E --password P --totp-secret BASE32 --now EPOCH_S
                      --second-email E2 --second-password P2 [--screens DIR]

Prints one JSON line: {"outcome": "ok", "steps": [...]}.
Exits 1 with the reason on stderr when a page does not behave."""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from capture_page import PageFailure, Run, browser  # noqa: E402
from console_pages import console_arguments, device, fits, landed_on_the_overview, look, report, sign_in, totp  # noqa: E402


def signed_in(run, email, password, code=""):
    """Signs in and waits for the console's first page: a navigation started
    before the sign-in's own has landed would race it."""
    sign_in(run, email, password, code)
    landed_on_the_overview(run)


def queue_links(driver):
    return [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "tbody a[href*='/console/cases/']")]


def images_loaded(run):
    loaded = run.driver.execute_script(
        "return [...document.querySelectorAll('.images img')].map(i => i.complete && i.naturalWidth > 0)")
    if not loaded or not all(loaded):
        raise PageFailure(f"{run.prefix}: the case's images did not load: {loaded}")
    return len(loaded)


def whole_page(run, name):
    """look() with the window as tall as the page: the case's evidence runs long."""
    width, height = run.driver.get_window_size()["width"], run.driver.get_window_size()["height"]
    run.driver.set_window_size(width, run.driver.execute_script("return document.documentElement.scrollHeight") + 140)
    try:
        look(run, name)
    finally:
        run.driver.set_window_size(width, height)


def decide(run, decision, reason, note=""):
    form = f"form.{decision}"
    Select(run.driver.find_element(By.CSS_SELECTOR, f"{form} select[name=reason]")).select_by_value(reason)
    if note:
        run.driver.find_element(By.CSS_SELECTOR, f"{form} textarea").send_keys(note)
    run.click(f"{form} button[type=submit]")


def reviewers(base, screens, args, steps):
    first = browser("desktop")
    second = browser("desktop")
    one = Run(first, screens, "review-first")
    two = Run(second, screens, "review-second")
    try:
        first.get(base + "/console")
        signed_in(one, args.email, args.password, totp(args.totp_secret, args.now))
        first.find_element(By.LINK_TEXT, "Review queue").click()
        one.visible("table")
        links = queue_links(first)
        if len(links) != 3:
            raise PageFailure(f"the queue does not list the three held checks: {links}")
        if "3" not in first.find_element(By.CSS_SELECTOR, ".counts").text:
            raise PageFailure("the queue's counts do not say three cases wait")
        look(one, "queue")

        # The oldest case: the evidence and its images, a claim, an approval.
        first.get(links[0])
        one.visible(".claim")
        if images_loaded(one) != 2:
            raise PageFailure("the case does not show the passport's page and the selfie")
        if first.find_elements(By.CSS_SELECTOR, "form.approve"):
            raise PageFailure("a case nobody claimed offers a decision")
        look(one, "case")
        one.click(".claim button")
        one.visible("form.approve")
        if "You hold this case" not in first.find_element(By.CSS_SELECTOR, ".claim").text:
            raise PageFailure("the claim is not said on the case")
        whole_page(one, "case-claimed")
        decide(one, "approve", "FACE_CONFIRMED", "Compared the portrait by eye.")
        # A decision writes the check's outcome, its case, its webhooks and its
        # audit entry (a failed wait names the page it was on).
        notice = one.notice("Decision recorded")
        if "done=decided" not in first.current_url or len(queue_links(first)) != 2:
            raise PageFailure(f"the approval did not come back to a shorter queue: {notice.text!r}")
        look(one, "queue-after-approval")

        # The next case, open in both browsers; the first claims and rejects it.
        case = queue_links(first)[0]
        second.get(base + "/console")
        signed_in(two, args.second_email, args.second_password)
        second.get(case)
        two.visible(".claim button")
        first.get(case)
        one.click(".claim button")
        one.visible("form.reject")
        two.click(".claim button")
        problem = two.visible("[role=alert]")
        if "Another reviewer holds this case" not in problem.text:
            raise PageFailure(f"a second reviewer's claim was not refused plainly: {problem.text!r}")
        if second.find_elements(By.CSS_SELECTOR, "form.approve, form.reject"):
            raise PageFailure("the second reviewer was offered a decision on a claimed case")
        look(two, "claimed-by-another")
        decide(one, "reject", "DOCUMENT_TAMPERED")
        one.notice("Decision recorded")
        second.refresh()
        state = two.visible(".claim").text
        if "Rejected by" not in state or args.email not in state:
            raise PageFailure(f"the second reviewer does not see who decided: {state!r}")
        look(two, "decided-by-another")

        # The last case in Arabic, right to left.
        first.get(base + "/console/queue")
        remaining = queue_links(first)
        if len(remaining) != 1:
            raise PageFailure(f"one case should be left: {remaining}")
        first.get(remaining[0].replace("lang=en", "lang=ar"))
        one.wait(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", what="the Arabic case")
        images_loaded(one)
        look(one, "case-ar")
        steps += one.steps + two.steps
    finally:
        first.quit()
        second.quit()


def smaller_screen(base, screens, args, kind, steps):
    driver = device(kind)
    run = Run(driver, screens, f"review-{kind}")
    try:
        driver.get(base + "/console/sign-in")
        signed_in(run, args.second_email, args.second_password)
        driver.get(base + "/console/queue")
        run.visible("table")
        look(run, "queue")
        driver.get(queue_links(driver)[0])
        run.visible(".claim")
        fits(driver, kind, "the case")
        look(run, "case")
        steps += run.steps
    finally:
        driver.quit()


def reset_user(base, screens, args, steps):
    """The second reviewer finds the waiting user through the console's
    navigation and resets them, confirmed, with a note: the held check is
    withdrawn and the queue is empty."""
    driver = browser("desktop")
    run = Run(driver, screens, "review-user")
    try:
        driver.get(base + "/console/sign-in")
        signed_in(run, args.second_email, args.second_password)
        driver.find_element(By.LINK_TEXT, "Users").click()
        run.visible("#ref").send_keys("user-waiting")
        run.click("form.search button[type=submit]")
        run.visible("#user-test")
        if "Reset verification" not in driver.page_source:
            raise PageFailure("the user page offers a reviewer no reset")
        whole_page(run, "user")
        form = "form:has(input[name=action][value=reset])"
        driver.find_element(By.CSS_SELECTOR, f"{form} textarea").send_keys("The customer asked to start again.")
        run.click(f"{form} input[name=confirm]")
        run.click(f"{form} button[type=submit]")
        notice = run.notice("Done")
        if "Done" not in notice.text:
            raise PageFailure(f"the reset was not confirmed on the page: {notice.text!r}")
        look(run, "user-after-reset")
        driver.find_element(By.LINK_TEXT, "Review queue").click()
        run.visible("h1")
        if queue_links(driver):
            raise PageFailure("the reset user's held check is still in the queue")
        # The overview of the test environment, where all of this happened.
        driver.find_element(By.LINK_TEXT, "Overview").click()
        driver.find_element(By.LINK_TEXT, "Test").click()
        run.wait(lambda d: "environment=test" in d.current_url, what="the test environment's overview")
        if len(driver.find_elements(By.CSS_SELECTOR, "svg.chart")) < 3:
            raise PageFailure("the overview does not draw its charts")
        whole_page(run, "overview")
        steps += run.steps
    finally:
        driver.quit()


def main():
    parser = console_arguments()
    parser.add_argument("--totp-secret", required=True)
    parser.add_argument("--now", type=float, required=True)
    parser.add_argument("--second-email", required=True)
    parser.add_argument("--second-password", required=True)
    args = parser.parse_args()
    return report(lambda steps: reviewers(args.url, args.screens, args, steps),
                  lambda steps: smaller_screen(args.url, args.screens, args, "tablet", steps),
                  lambda steps: smaller_screen(args.url, args.screens, args, "phone", steps),
                  lambda steps: reset_user(args.url, args.screens, args, steps))


if __name__ == "__main__":
    sys.exit(main())
