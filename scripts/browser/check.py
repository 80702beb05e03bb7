"""Plays a clip in headless Chromium and checks that it decodes with its transparency, or its sound.

usage: python3 check.py [--opaque] CLIP SCREENSHOT.png
       python3 check.py --sound SECONDS CLIP SCREENSHOT.png

Serves CLIP and page.html from 127.0.0.1, drives Chromium through its DevTools protocol, waits
(real time, at most 30 s) for the page's verdict on a frame past 0.5 s, saves a screenshot, and
exits 0 only when the browser decoded the clip at its size with opaque coloured pixels and, for a
transparent clip, fully transparent ones (with --opaque: none).

With --sound, sound.html instead decodes the clip's audio with WebAudio's decodeAudioData and plays
the clip through an AnalyserNode; it passes when the decoded sound is 48 kHz stereo, lasts SECONDS
within 50 ms, is not silent (a peak above -20 dBFS and an RMS above -50 dBFS), and the played clip
was heard (a peak above -40 dBFS).
"""
import functools, http.server, json, os, shutil, sys, tempfile, threading, time
from devtools import Chromium

arguments = sys.argv[1:]
opaque = "--opaque" in arguments
sound = None
if "--sound" in arguments:
    at = arguments.index("--sound")
    sound = float(arguments[at + 1])
    del arguments[at:at + 2]
clip, screenshot = [os.path.abspath(a) for a in arguments if a != "--opaque"]
page_name = "sound.html" if sound is not None else "page.html"

class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass

root = tempfile.mkdtemp()
shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), page_name), root)
shutil.copy(clip, os.path.join(root, os.path.basename(clip)))
server = http.server.ThreadingHTTPServer(
    ("127.0.0.1", 0), functools.partial(QuietHandler, directory=root))
threading.Thread(target=server.serve_forever, daemon=True).start()
try:
    with Chromium(window="800,900", flags=["--autoplay-policy=no-user-gesture-required"]) as browser:
        page = f"http://127.0.0.1:{server.server_port}/{page_name}?clip={os.path.basename(clip)}"
        browser.navigate(page)
        verdict = ""
        for _ in range(60):
            time.sleep(0.5)
            verdict = browser.evaluate("document.getElementById('verdict').textContent") or ""
            if verdict.startswith("{") or verdict.startswith("error"): break
        browser.screenshot(screenshot)
    print(f"{os.path.basename(clip)} in Chromium: {verdict}")
    counts = json.loads(verdict) if verdict.startswith("{") else None
    if sound is not None:
        decoded, played = (counts or {}).get("decoded"), (counts or {}).get("played")
        ok = bool(decoded) and bool(played) and decoded["sampleRate"] == 48000 and decoded["channels"] == 2 \
            and abs(decoded["duration"] - sound) <= 0.05 and decoded["peak"] > 0.1 and decoded["rms"] > 0.003 \
            and played["peak"] > 0.01
        sys.exit(0 if ok else 1)
    ok = bool(counts) and counts["coloured"] > 0 and counts["width"] > 0 and (
        counts["clear"] == 0 if opaque else counts["clear"] > 0)
    sys.exit(0 if ok else 1)
finally:
    server.shutdown()
