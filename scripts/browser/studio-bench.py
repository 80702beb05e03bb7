"""Measures Flipbook Studio in headless Chromium: start-up, scrubbing, playback, reload and memory.

usage: python3 scripts/browser/studio-bench.py [--bin .build/release] [--soak SECONDS] [--samples N]

Run from the package's folder, with the release builds of `flipbook` and of the Studio package's
`flipbook-studio`, which the release `flipbook` finds in Studio/.build/release (`swift build -c
release --product flipbook && swift build -c release --package-path Studio --product flipbook-studio`).
It copies the workloads B1 (the demo's confetti, 1080p), B2 (the storm) and B3 (the ripples) from
Fixtures/Benchmarks into a temporary folder and measures, through the page itself (devtools.py):

1. start-up: from starting `flipbook studio B1-seed.json --port 0` to its first frame painted in
   the page (the browser already running), the median of 3;
2. scrubbing: `--samples` frames asked for one after another, each a frame not drawn before, from
   the page's request to the frame painted and the next animation frame, p50 and p95, for each
   workload at full and ½ scale (the studio started without a file, each workload chosen in the
   page's scene menu);
3. playback at ½ scale: frames painted per second over 10 s of play;
4. reload: from writing a new version of B1 (another seed) to its frame painted, 10 times, at
   full and ½ scale;
5. memory: the server's RSS (/proc/PID/status) every 30 s while the page scrubs B1 at full scale
   without a pause for `--soak` seconds (default 600), each pass over the clip with another seed so
   every frame is drawn anew.

Prints the figures as Markdown. Nothing is asserted: timings go in Benchmarks/studio.md.
"""
import json, os, re, shutil, signal, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Chromium

arguments = sys.argv[1:]
def option(name, default):
    if name in arguments:
        at = arguments.index(name)
        return arguments[at + 1]
    return default
binary = os.path.abspath(option("--bin", ".build/release"))
soak = float(option("--soak", "600"))
samples = int(option("--samples", "40"))
workloads = {"B1": "B1-seed.json", "B2": "B2-storm.json", "B3": "B3-ripples.json"}
folder = tempfile.mkdtemp(prefix="flipbook-studio-bench-")
for name in workloads.values():
    shutil.copy(os.path.join("Fixtures/Benchmarks", name), folder)


def start_server(*scene):
    """`flipbook studio [scene] --port 0` in the workloads' folder; returns the process and its URL."""
    process = subprocess.Popen([os.path.join(binary, "flipbook"), "studio", *scene, "--port", "0"], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://\S+", line)
    if not match:
        process.kill()
        raise SystemExit(f"flipbook studio printed no URL: {line}{process.stdout.read()}")
    return process, match.group(0)


def stop_server(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1])
    return 0


FIRST_FRAME = "document.getElementById('frame').dataset.frame === '0'"
SCRUB = """(async (count, warm) => {
    const frames = studio.state.info.frameCount, latencies = [];
    for (let i = 0; i < count + warm; i++) {
        const frame = (i * 37 + 5) % frames;
        const start = performance.now();
        await studio.show(frame);
        await new Promise((resolve) => requestAnimationFrame(() => resolve()));
        if (document.getElementById('frame').dataset.frame !== String(frame)) return 'frame ' + frame + ' was not painted';
        if (i >= warm) latencies.push(performance.now() - start);
    }
    return latencies; })(COUNT, 3)"""
OPEN = """(async (name, scale) => {
    const menu = document.getElementById('scene-choice');
    menu.value = name; menu.dispatchEvent(new Event('change'));
    const deadline = performance.now() + 60000;
    while (!(studio.state.info && studio.state.info.sceneName === name && studio.state.info.frameCount)) {
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    studio.state.scale = scale; document.getElementById('scale').value = String(scale);
    await studio.show(0);
    return true; })(%s, %s)"""
PLAY = """(async (seconds) => {
    const canvas = document.getElementById('frame');
    let painted = 0;
    const observer = new MutationObserver(() => painted++);
    studio.show(0); studio.play();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    observer.observe(canvas, { attributes: true, attributeFilter: ['data-seq'] });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    observer.disconnect(); studio.pause();
    return painted / seconds; })(10)"""
NEW_VERSION = """(async (old) => {
    const canvas = document.getElementById('frame');
    while (true) {
        await new Promise((resolve) => new MutationObserver((_, o) => { o.disconnect(); resolve(); })
            .observe(canvas, { attributes: true, attributeFilter: ['data-seq'] }));
        if (studio.state.version > old) return studio.state.version;
    } })(%d)"""

report = []
with Chromium(window="1280,1000") as browser:
    # 1. Start-up to the first frame.
    startups = []
    for _ in range(3):
        browser.navigate("about:blank")
        started = time.time()
        process, url = start_server("B1-seed.json")
        browser.navigate(url)
        if not browser.wait_for(FIRST_FRAME, 120, interval=0.005): raise SystemExit("no first frame")
        startups.append(time.time() - started)
        stop_server(process)
    report.append(f"Start-up to the first frame (B1, 1080p): median {statistics.median(startups) * 1000:.0f} ms "
                  f"(runs: {', '.join(f'{s * 1000:.0f}' for s in startups)} ms)")

    # 2. and 3. Scrubbing and playback, every workload chosen in the page of a studio started without a file.
    process, url = start_server()
    browser.navigate(url)
    browser.wait_for("document.querySelectorAll('#scene-choice option').length > 3", 60)
    report.append("")
    report.append("| Workload | Scale | Scrub p50 | Scrub p95 | Playback (½ scale) |")
    report.append("|---|---|---|---|---|")
    for workload, name in workloads.items():
        fps = None
        for scale in (1, 0.5):
            if not browser.evaluate(OPEN % (json.dumps(name), scale)): raise SystemExit(f"{name} did not open")
            time.sleep(2)  # the other pages' news of the switch (server-sent events) settles first
            latencies = browser.evaluate(SCRUB.replace("COUNT", str(samples)))
            if not isinstance(latencies, list): raise SystemExit(f"{name}: {latencies}")
            if scale == 0.5: fps = browser.evaluate(PLAY)
            report.append(f"| {workload} | {'full' if scale == 1 else '½'} | {percentile(latencies, 0.5):.0f} ms | "
                          f"{percentile(latencies, 0.95):.0f} ms | {f'{fps:.1f} fps (of 60)' if fps else ''} |")

    # 4. Saving B1 to its new frame painted.
    report.append("")
    path = os.path.join(folder, "B1-seed.json")
    original = open(path).read()
    for scale in (1, 0.5):
        browser.evaluate(OPEN % (json.dumps("B1-seed.json"), scale))
        browser.evaluate("studio.show(30)")
        time.sleep(1)
        reloads = []
        for index in range(10):
            old = browser.evaluate("studio.state.version")
            started = time.time()
            with open(path, "w") as file: file.write(original.replace('"seed" : 1', f'"seed" : {index + 2}'))
            if not browser.evaluate(NEW_VERSION % old): raise SystemExit("no new version")
            reloads.append(time.time() - started)
            time.sleep(0.4)
        report.append(f"Save to new frame (B1, {'full' if scale == 1 else '½'} scale): p50 {percentile(reloads, 0.5) * 1000:.0f} ms, "
                      f"p95 {percentile(reloads, 0.95) * 1000:.0f} ms, max {max(reloads) * 1000:.0f} ms")
    with open(path, "w") as file: file.write(original)

    # 5. Memory while scrubbing without a pause.
    if soak > 0:
        browser.evaluate(OPEN % (json.dumps("B1-seed.json"), 1))
        browser.evaluate("""(() => { window.soaking = true; window.soakFrames = 0; (async () => {
            const frames = studio.state.info.frameCount;
            for (let pass = 0; window.soaking; pass++) {
                studio.state.settings.seed = String(pass + 100);
                for (let i = 0; i < frames && window.soaking; i++) { await studio.show((i * 37) % frames); window.soakFrames++; }
            } })(); return true; })()""")
        samples_kib, started = [], time.time()
        while True:
            samples_kib.append((time.time() - started, rss_kib(process.pid)))
            if time.time() - started >= soak: break
            time.sleep(min(30, soak - (time.time() - started)))
        frames = browser.evaluate("window.soaking = false; window.soakFrames")
        report.append("")
        report.append(f"RSS of flipbook-studio while scrubbing B1 at full scale ({frames} frames in {soak:.0f} s), every 30 s, MiB: "
                      + ", ".join(f"{kib / 1024:.0f}" for _, kib in samples_kib))
    stop_server(process)

shutil.rmtree(folder, ignore_errors=True)
print("\n".join(report))
