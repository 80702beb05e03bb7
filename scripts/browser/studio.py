"""Drives Flipbook Studio's page in headless Chromium and saves a screenshot.

usage: python3 studio.py URL SCREENSHOT.png

Opens URL (a running `flipbook studio`) through the DevTools protocol (devtools.py), waits (at
most 30 s) for the first frame, sends 100 scrub requests within a second and checks that the frame
shown at the end (36) is the last one asked for; then sets the timeline's background with its control
(made from the settings table) and checks that the frame is drawn again with it and that "Copy
command" names --background; picks an image with the logo's file picker and checks that it is
uploaded, drawn, and named in the command with the note to place it beside the scene. The
screenshot is taken before the setting and the upload. Exits 0 only when every check held.
"""
import os, sys, time
from devtools import Chromium

url, screenshot = sys.argv[1], os.path.abspath(sys.argv[2])
image = os.path.abspath("Fixtures/Images/patches.jpg")
failures = []
with Chromium(window="1280,1000") as browser:
    browser.navigate(url)
    if not browser.wait_for("document.getElementById('frame').dataset.frame === '0'"):
        failures.append("the first frame never appeared")
    # 100 scrub requests in one second; the last asked for must be the one shown, and no older one after it.
    browser.evaluate("""(async () => {
        window.paintedFrames = [];
        const canvas = document.getElementById('frame');
        new MutationObserver(() => window.paintedFrames.push(Number(canvas.dataset.frame)))
            .observe(canvas, { attributes: true, attributeFilter: ['data-seq'] });
        for (let i = 0; i < 100; i++) { studio.show((i * 7) % 60); await new Promise(r => setTimeout(r, 10)); }
        studio.show(36);
        return true; })()""")
    if not browser.wait_for("document.getElementById('frame').dataset.frame === '36'", 20):
        failures.append("after scrubbing, frame 36 (the last asked for) was not shown")
    time.sleep(0.5)
    painted = browser.evaluate("window.paintedFrames")
    if painted and painted[-1] != 36:
        failures.append(f"an older frame was painted after the newest: {painted[-5:]}")
    browser.screenshot(screenshot)  # the page as it first looks, for the README
    # The background's control, typed into as a person would: the corner pixel turns #203040.
    browser.evaluate("""(() => {
        const text = document.querySelector('.control[data-setting="background"] input[type=text]');
        text.value = '#203040'; text.dispatchEvent(new Event('change'));
        return true; })()""")
    corner = browser.wait_for("""(() => {
        const canvas = document.getElementById('frame');
        const [r, g, b] = canvas.getContext('2d').getImageData(0, 0, 1, 1).data;
        return r === 0x20 && g === 0x30 && b === 0x40 && canvas.dataset.frame === '36'; })()""", 20)
    if not corner:
        failures.append("setting the background to #203040 did not repaint frame 36 with it")
    command = browser.evaluate("document.getElementById('command').value") or ""
    if "--background '#203040'" not in command:
        failures.append(f"the command does not carry --background: {command}")
    # The logo's file picker, given a file as a person picking it would: uploaded, drawn, named.
    seq = browser.evaluate("document.getElementById('frame').dataset.seq")
    document = browser.call("DOM.getDocument")["root"]["nodeId"]
    picker = browser.call("DOM.querySelector", nodeId=document,
                          selector='.control[data-name="logo"] input[type=file]').get("nodeId")
    if not picker:
        failures.append("the image parameter has no file picker")
    else:
        browser.call("DOM.setFileInputFiles", files=[image], nodeId=picker)
        if not browser.wait_for("/--set logo=patches.jpg/.test(document.getElementById('command').value)"
                                " && !document.getElementById('command-note').hidden", 20):
            failures.append("the uploaded image is not named in the command with its note")
        if not browser.wait_for(f"document.getElementById('frame').dataset.seq !== '{seq}'"
                                " && document.getElementById('frame').dataset.frame === '36'", 20):
            failures.append("the frame was not drawn again with the uploaded image")
        accept = browser.evaluate("document.querySelector('.control[data-name=\"logo\"] input[type=file]').accept")
        if accept != "image/png,image/jpeg,image/webp,image/svg+xml":
            failures.append(f"the picker accepts {accept}")
    time.sleep(0.5)
    scenes = browser.evaluate("[...document.querySelectorAll('#scene-choice option')].map(o => o.value)") or []
    if "confetti" not in scenes or "ripples" not in scenes:
        failures.append(f"the scene menu does not offer the built-in scenes: {scenes}")
print(f"Studio in Chromium: {len(painted or [])} frames painted while scrubbing; "
      + ("ok" if not failures else "; ".join(failures)))
sys.exit(1 if failures else 0)
