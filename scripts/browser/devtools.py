"""Headless Chromium driven through its DevTools protocol, for the browser checks and benchmarks.

    with Chromium(window="1280,860") as browser:
        browser.navigate(url)
        browser.wait_for("document.readyState === 'complete'")
        browser.screenshot("page.png")

Starts `chromium --headless=new` with a fresh profile and a free debugging port, connects to its
first page over a WebSocket (python3-websocket), and stops it (and removes the profile) on exit.
"""
import base64, json, os, shutil, subprocess, tempfile, time, urllib.request
import websocket


class Chromium:
    def __init__(self, window="1280,860", flags=()):
        self.profile = tempfile.mkdtemp(prefix="flipbook-chromium-")
        self.process = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", f"--window-size={window}", "--hide-scrollbars", *flags,
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.calls = 0
        self.socket = None

    def __enter__(self):
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().strip(): break
            if self.process.poll() is not None: raise RuntimeError("chromium stopped before it listened")
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"])
        return self

    def __exit__(self, *exception):
        if self.socket: self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def call(self, method, **params):
        """Sends one DevTools command and returns its result, skipping the events in between."""
        self.calls += 1
        self.socket.send(json.dumps({"id": self.calls, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.calls: return message.get("result", {})

    def navigate(self, url):
        self.call("Page.navigate", url=url)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page, awaiting it when it is a promise."""
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression, seconds=30, interval=0.1):
        """The expression's first truthy value within `seconds`, or None."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value: return value
            time.sleep(interval)
        return None

    def screenshot(self, path):
        open(path, "wb").write(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))
