"""Drives the capture page in headless Chromium the way a person does, checks
every step with axe-core, and screenshots each one.

    capture_page.py upload  --url URL --type driverLicense --country US --front F --back B [--selfie S] [--dark] [--lang ar]
                            [--bad-selfie S] [--expect-sending] [--keyboard]
    capture_page.py camera  --url URL --type passport --country US --front F [--desktop-follows]
    capture_page.py angled  --url URL --type passport --country JP --front SPECIMEN
    capture_page.py expired --url URL

Prints one JSON line: {"outcome": ..., "steps": [...], "language": ...}.
Exits 1 with the reason on stderr when the page does not behave."""
import argparse
import base64
import json
import os
import sys
import tempfile
import time

from axe_selenium_python import Axe
from PIL import Image
from camera_frames import angled_frame, darkened, likeness, video, y4m
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

PHONE = {"width": 390, "height": 844}
DESKTOP = (1280, 900)

# How long a page may take, from the Swift tests' one place for limits
# (TestDeadlines, passed as the environment): a wait is for a state to come
# about, and a loaded machine brings it later, not differently.
WAIT_SECONDS = int(os.environ.get("VERITY_TEST_WAIT_SECONDS", "300"))
REQUEST_SECONDS = int(os.environ.get("VERITY_TEST_REQUEST_SECONDS", "300"))


class PageFailure(Exception):
    pass


def browser(kind, language="en", camera=None):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    if kind == "phone":
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**PHONE, "pixelRatio": 1, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36",
        })
    else:
        options.add_argument(f"--window-size={DESKTOP[0]},{DESKTOP[1]}")
    if camera:
        options.add_argument("--use-fake-ui-for-media-stream")
        options.add_argument("--use-fake-device-for-media-stream")
        options.add_argument(f"--use-file-for-fake-video-capture={camera}")
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(REQUEST_SECONDS)
    # axe-core on a long page (the schema reference) takes more than
    # Selenium's default 30 s when the suites load both cores.
    driver.set_script_timeout(WAIT_SECONDS)
    return driver


class Run:
    """One browser on the page: steps are checked with axe and screenshotted."""

    def __init__(self, driver, screens, prefix):
        self.driver = driver
        self.screens = screens
        self.prefix = prefix
        self.steps = []
        # What the page decided of each document photo's crop: sure, unsure or none.
        self.crops = {}

    def wait(self, condition, seconds=WAIT_SECONDS, what="the page"):
        # A check that fails as the browser answers slowly (a renderer that
        # times out on a loaded machine, an element replaced as it is read)
        # is tried again until the time is up, not taken for the page's failure.
        started = time.monotonic()
        try:
            return WebDriverWait(self.driver, seconds, ignored_exceptions=(WebDriverException,)).until(condition)
        except Exception as error:  # noqa: BLE001 - any failure is the page's
            self.shot("failure")
            waited = "waited" if isinstance(error, TimeoutException) else f"gave up ({type(error).__name__}: {str(error).strip()[:200]}) after"
            raise PageFailure(f"{self.prefix}: {waited} {time.monotonic() - started:.0f}s for {what}; {self.where()}") from error

    def where(self):
        """Where the browser is and what the page says: a failed wait names its page."""
        try:
            alerts = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "[role=alert]") if e.text]
            notices = [(e.text, e.is_displayed()) for e in self.driver.find_elements(By.CSS_SELECTOR, "[role=status]")]
            heading = self.driver.find_elements(By.TAG_NAME, "h1")
            return (f"at {self.driver.current_url} ({self.driver.title!r}, "
                    f"heading {heading[0].text if heading else None!r}, alerts {alerts}, notices (text, shown) {notices})")
        except Exception as error:  # noqa: BLE001 - the browser itself may be what failed
            return f"the browser did not say where it is: {error}"

    def step(self, name, seconds=WAIT_SECONDS):
        self.wait(EC.visibility_of_element_located((By.ID, f"step-{name}")), seconds, f"step {name}")
        self.check(name)

    def check(self, name):
        """axe-core on what is on screen now; serious or critical violations fail the run."""
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run()
        bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        if bad:
            details = "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)
            self.shot(f"{name}-axe")
            raise PageFailure(f"{self.prefix}: axe found on step {name}: {details}")
        self.shot(name)
        self.steps.append(name)

    def shot(self, name):
        if self.screens:
            self.driver.save_screenshot(os.path.join(self.screens, f"{self.prefix}-{len(self.steps) + 1:02d}-{name}.png"))

    def notice(self, text, seconds=WAIT_SECONDS):
        """The page's notice ([role=status]) once it says `text`. After a form
        is sent, the page it came from may still be on screen, with a notice
        of its own (a claimed case says so): waiting for any notice found that
        one, which went stale as the answer arrived. So wait for the words."""
        def shown(driver):
            try:
                return next((element for element in driver.find_elements(By.CSS_SELECTOR, "[role=status]")
                             if element.is_displayed() and text in element.text), False)
            except StaleElementReferenceException:
                return False
        return self.wait(shown, seconds, what=f"the notice {text!r}")

    def visible(self, css, seconds=WAIT_SECONDS):
        return self.wait(EC.visibility_of_element_located((By.CSS_SELECTOR, css)), seconds, what=css)

    def click(self, css):
        element = self.visible(css)
        element.click()
        return element

    def choose_document(self, document_type, country):
        self.step("document")
        self.click(f"#step-document input[value='{document_type}']")
        Select(self.driver.find_element(By.ID, "country")).select_by_value(country)
        self.click("#document-form button[type=submit]")

    def choose_document_by_keyboard(self, document_type, country):
        """The document step with the keyboard only: arrows in the radio group, Tab onwards, Enter to go on."""
        self.step("document")
        actions = lambda *keys: ActionChains(self.driver).send_keys(*keys).perform()
        active = lambda: self.driver.switch_to.active_element
        actions(Keys.TAB)
        if active().get_attribute("name") != "documentType":
            raise PageFailure(f"Tab from the heading reached {active().tag_name}, not the document type")
        for _ in range(5):
            if active().get_attribute("value") == document_type:
                break
            actions(Keys.ARROW_DOWN)
        actions(Keys.TAB)
        if active().get_attribute("id") != "country":
            raise PageFailure("Tab from the document type did not reach the country")
        Select(active()).select_by_value(country)
        actions(Keys.TAB)
        if active().get_attribute("type") != "submit":
            raise PageFailure("Tab from the country did not reach Continue")
        actions(Keys.ENTER)

    def upload(self, side, path):
        self.driver.find_element(By.CSS_SELECTOR, f"#step-{side} input.file").send_keys(os.path.abspath(path))
        self.visible(f"#step-{side} .review")

    def accept(self, side):
        self.visible(f"#step-{side} .use-photo")
        self.check(f"{side}-review")
        self.click(f"#step-{side} .use-photo")

    def problems(self, side):
        return (self.driver.find_element(By.ID, f"step-{side}").get_attribute("data-problems") or "").split()

    def result(self, seconds=WAIT_SECONDS):
        self.step("result", seconds)
        result = self.driver.find_element(By.ID, "step-result")
        outcome = result.get_attribute("data-outcome")
        if outcome == "error":
            print(f"{self.prefix}: the page showed an error: {result.get_attribute('data-error')}", file=sys.stderr)
        return outcome


def upload(args, screens, folder):
    kind = "phone" if args.lang == "ar" else "desktop"
    driver = browser(kind, language=args.lang)
    try:
        run = Run(driver, screens, f"upload-{kind}-{args.lang}")
        driver.get(args.url)
        language = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
        direction = driver.find_element(By.TAG_NAME, "html").get_attribute("dir")
        if kind == "desktop":
            run.step("handoff")
            if not driver.find_elements(By.CSS_SELECTOR, "#step-handoff .qr svg path"):
                raise PageFailure("the desktop page shows no QR code")
            run.click("#continue-here")
        if args.bad_selfie:
            # A selfie with no face in it: the check cannot use it, and the page offers another try.
            walk(run, args, folder, args.bad_selfie, dark=False)
            outcome = run.result()
            if outcome != "documentUnreadable":
                raise PageFailure(f"a selfie without a face ended {outcome}")
            run.click("#try-again")
        walk(run, args, folder, args.selfie, dark=args.dark)
        if args.expect_sending:
            run.step("sending")
        outcome = run.result()
        return {"outcome": outcome, "steps": run.steps, "language": language, "direction": direction, "crops": run.crops}
    finally:
        driver.quit()


def walk(run, args, folder, selfie, dark):
    """Document type and country, then each photo, uploaded."""
    driver = run.driver
    if args.keyboard:
        run.choose_document_by_keyboard(args.type, args.country)
    else:
        run.choose_document(args.type, args.country)
    run.step("front")
    if dark:
        run.upload("front", darkened(args.front, folder))
        if "TOO_DARK" not in run.problems("front"):
            raise PageFailure(f"a too-dark photo was not caught: {run.problems('front')}")
        if driver.find_element(By.CSS_SELECTOR, "#step-front .use-photo").is_displayed():
            raise PageFailure("a too-dark photo can be used")
        run.check("front-too-dark")
        run.click("#step-front .retake")
    run.upload("front", args.front)
    # A picture that is the document already (a scan, a render) has no table to find its edges on: sent as it is.
    run.crops["front"] = driver.find_element(By.ID, "step-front").get_attribute("data-crop")
    run.accept("front")
    if args.type != "passport":
        run.step("back")
        run.upload("back", args.back)
        run.accept("back")
    if selfie:
        run.step("selfie")
        run.upload("selfie", selfie)
        run.accept("selfie")


def photograph_front(run, check_camera=False):
    """The front from the fake camera: started, its picture awaited (and checked with axe when asked), taken, in review."""
    run.click("#step-front .start-camera")
    run.wait(lambda d: d.execute_script("const v = document.querySelector('#step-front video'); return v && v.videoWidth > 0;"),
             what="the camera picture")
    time.sleep(0.5)
    if check_camera:
        run.check("front-camera")
    run.click("#step-front .take-photo")
    run.visible("#step-front .review")


def camera(args, screens, folder):
    video = y4m(args.front, folder)
    desktop = None
    if args.desktop_follows:
        desktop = browser("desktop")
        desktop.get(args.url)
        Run(desktop, screens, "camera-desktop").step("handoff")
    phone = browser("phone", camera=video)
    try:
        run = Run(phone, screens, "camera-phone")
        phone.get(args.url)
        run.choose_document(args.type, args.country)
        run.step("front")
        photograph_front(run, check_camera=True)
        if run.problems("front"):
            run.shot("front-problems")
            raise PageFailure(f"the camera picture was refused: {run.problems('front')}")
        run.accept("front")
        outcome = run.result()
        followed = None
        if desktop:
            follower = Run(desktop, screens, "camera-desktop")
            followed = follower.result()
        return {"outcome": outcome, "steps": run.steps, "desktop": followed}
    finally:
        phone.quit()
        if desktop:
            desktop.quit()


def angled(args, screens, folder):
    """A real specimen photographed at an angle: the page finds its edges,
    shows them, and uploads the document alone, straightened."""
    frame = angled_frame(args.front)
    phone = browser("phone", camera=video(frame, folder))
    try:
        run = Run(phone, screens, "angled-phone")
        phone.get(args.url)
        run.choose_document(args.type, args.country)
        run.step("front")
        photograph_front(run)
        crop = phone.find_element(By.ID, "step-front").get_attribute("data-crop")
        run.check("front-cropped")
        if run.problems("front"):
            raise PageFailure(f"the angled picture was refused: {run.problems('front')}")
        # What the page sends, as the server receives it.
        phone.execute_script("""
            const send = window.fetch;
            window.fetch = (url, options) => {
              if (String(url).endsWith('/submit')) window.sentBody = options.body;
              return send(url, options);
            };""")
        run.accept("front")
        outcome = run.result()
        body = json.loads(phone.execute_script("return window.sentBody || '{}'"))
        if not body.get("imageBase64"):
            raise PageFailure("the page sent no front image")
        sent_path = os.path.join(screens or folder, "angled-phone-uploaded.jpg")
        with open(sent_path, "wb") as file:
            file.write(base64.b64decode(body["imageBase64"]))
        # The page lays the document on a plain margin of 4% of its long side: measured without it.
        sent = Image.open(sent_path)
        pad = round(0.04 * max(sent.size) / 1.08)
        sent = sent.crop((pad, pad, sent.width - pad, sent.height - pad))
        original = Image.open(args.front)
        return {"outcome": outcome, "steps": run.steps, "crop": crop, "uploaded": [sent.width, sent.height],
                "aspect": round(sent.width / sent.height, 3), "documentAspect": round(original.width / original.height, 3),
                "likeness": round(likeness(sent, original), 3), "frameLikeness": round(likeness(frame, original), 3)}
    finally:
        phone.quit()


def expired(args, screens, folder):
    driver = browser("phone")
    try:
        run = Run(driver, screens, "expired")
        driver.get(args.url)
        run.step("unusable")
        return {"outcome": "unusable", "reason": driver.find_element(By.ID, "unusable-reason").text, "steps": run.steps}
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["upload", "camera", "angled", "expired"])
    parser.add_argument("--url", required=True)
    parser.add_argument("--type", default="driverLicense")
    parser.add_argument("--country", default="US")
    parser.add_argument("--front")
    parser.add_argument("--back")
    parser.add_argument("--selfie")
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--bad-selfie")
    parser.add_argument("--expect-sending", action="store_true")
    parser.add_argument("--keyboard", action="store_true")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--desktop-follows", action="store_true")
    parser.add_argument("--screens", default=os.environ.get("VERITY_SCREENSHOTS_DIR"))
    args = parser.parse_args()
    if args.screens:
        os.makedirs(args.screens, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        try:
            result = {"upload": upload, "camera": camera, "angled": angled, "expired": expired}[args.scenario](args, args.screens, folder)
        except PageFailure as failure:
            print(str(failure), file=sys.stderr)
            sys.exit(1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
