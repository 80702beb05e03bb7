"""Drives Flipbook Studio's page in headless Chromium and saves a screenshot.

usage: python3 studio.py URL SCREENSHOT.png

Opens URL (a running `flipbook studio`) through the DevTools protocol, waits (at most 30 s) for the
first frame, sends 100 scrub requests within a second and checks that the frame shown at the end is
the last one asked for, then moves the playhead to 1.2 s and saves a screenshot. Exits 0 only
when every check held.
"""
import base64, json, os, subprocess, sys, tempfile, time, urllib.request
import websocket

url, screenshot = sys.argv[1], os.path.abspath(sys.argv[2])
profile = tempfile.mkdtemp()
browser = subprocess.Popen(
    ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
     f"--user-data-dir={profile}", "--window-size=1280,860", "--hide-scrollbars", "about:blank"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(100):
        if os.path.exists(port_file) and open(port_file).read().strip(): break
        time.sleep(0.1)
    port = open(port_file).read().split()[0]
    targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
    ws = websocket.create_connection(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
    calls = 0
    def call(method, **params):
        global calls
        calls += 1
        ws.send(json.dumps({"id": calls, "method": method, "params": params}))
        while True:
            message = json.loads(ws.recv())
            if message.get("id") == calls: return message.get("result", {})
    def evaluate(expression):
        result = call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        return result.get("result", {}).get("value")
    def wait_for(expression, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = evaluate(expression)
            if value: return value
            time.sleep(0.1)
        return None
    call("Page.navigate", url=url)
    failures = []
    if not wait_for("document.getElementById('frame').dataset.frame === '0'"):
        failures.append("the first frame never appeared")
    # 100 scrub requests in one second; the last asked for must be the one shown, and no older one after it.
    evaluate("""(async () => {
        window.paintedFrames = [];
        const canvas = document.getElementById('frame');
        new MutationObserver(() => window.paintedFrames.push(Number(canvas.dataset.frame)))
            .observe(canvas, { attributes: true, attributeFilter: ['data-seq'] });
        for (let i = 0; i < 100; i++) { studio.show((i * 7) % 60); await new Promise(r => setTimeout(r, 10)); }
        studio.show(36);
        return true; })()""")
    if not wait_for("document.getElementById('frame').dataset.frame === '36'", 20):
        failures.append("after scrubbing, frame 36 (the last asked for) was not shown")
    time.sleep(0.5)
    painted = evaluate("window.paintedFrames")
    if painted and painted[-1] != 36:
        failures.append(f"an older frame was painted after the newest: {painted[-5:]}")
    open(screenshot, "wb").write(base64.b64decode(call("Page.captureScreenshot", format="png")["data"]))
    print(f"Studio in Chromium: {len(painted or [])} frames painted while scrubbing; "
          + ("ok" if not failures else "; ".join(failures)))
    sys.exit(1 if failures else 0)
finally:
    browser.terminate()
