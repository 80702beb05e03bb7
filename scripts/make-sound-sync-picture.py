#!/usr/bin/env python3
"""Draws docs/sound-sync.png: frames of a clip with three confetti bursts, and under them the sound
decoded back from the same MP4, so the pops can be seen starting on the bursts' frames.

The clip is rendered by the flipbook tool; the picture and the sound are decoded back from the file
by the ffmpeg command (frames as PNG, sound as 48 kHz float samples) and drawn with matplotlib, which
only this script needs (pip install matplotlib numpy); nothing in the build depends on it.
Run: python3 scripts/make-sound-sync-picture.py [flipbook] [output]
"""
import json
import os
import subprocess
import sys
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

tool = sys.argv[1] if len(sys.argv) > 1 else ".build/release/flipbook"
out = sys.argv[2] if len(sys.argv) > 2 else "docs/sound-sync.png"
FPS = 30
BURSTS = [0.5, 1.1, 1.7]
SECONDS = 2.4
STILLS = [round(0.1 + 0.2 * k, 1) for k in range(12)]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

work = tempfile.mkdtemp()
scene = {
    "size": [200, 328], "scale": 1, "fps": FPS, "duration": SECONDS, "background": "white",
    "layers": [
        {"scene": "audio", "src": os.path.join(root, "Fixtures/Audio/loop.wav"), "volume": -22, "loop": True},
        {"scene": "confetti", "seed": 3, "bursts": [{"time": t, "count": 90} for t in BURSTS],
         "sound": {"name": "pop", "volume": -4, "pitchVariation": 0, "volumeVariation": 0}},
    ],
}
scene_file = os.path.join(work, "bursts.json")
json.dump(scene, open(scene_file, "w"))
clip = os.path.join(work, "bursts.mp4")
subprocess.run([tool, "render", scene_file, "-o", clip, "-q"], check=True)

# The sound as a player gives it: the priming cut by the edit list, 48 kHz stereo.
raw = subprocess.run(["ffmpeg", "-v", "error", "-i", clip, "-map", "0:a", "-f", "f32le", "-ac", "2", "-"],
                     check=True, capture_output=True).stdout
sound = np.frombuffer(raw, dtype=np.float32).reshape(-1, 2).mean(axis=1)
times = np.arange(len(sound)) / 48000

frames = []
for t in STILLS:
    path = os.path.join(work, f"f{t}.png")
    frame = round(t * FPS)
    subprocess.run(["ffmpeg", "-v", "error", "-i", clip, "-vf", f"select=eq(n\\,{frame})", "-frames:v", "1", path],
                   check=True)
    frames.append((frame / FPS, plt.imread(path)))

figure = plt.figure(figsize=(11, 3.4), dpi=110)
strip = figure.add_axes([0.06, 0.56, 0.92, 0.42])
wave = figure.add_axes([0.06, 0.14, 0.92, 0.38])
width = SECONDS / len(STILLS) * 0.94
strip.set_xlim(0, SECONDS)
strip.set_ylim(0, 1)
strip.axis("off")
for t, image in frames:
    inset = strip.inset_axes([t - width / 2, 0.08, width, 0.92], transform=strip.transData)
    inset.imshow(image, aspect="auto")
    inset.set_xticks([])
    inset.set_yticks([])
    for side in inset.spines.values():
        side.set_color("#e24" if any(abs(t - b) < 1e-9 for b in BURSTS) else "#999")
    strip.plot([t, t], [0, 0.08], color="#999", lw=0.8)
wave.set_xlim(0, SECONDS)
wave.plot(times, sound, color="#335", lw=0.5)
for t in BURSTS:
    wave.axvline(t, color="#e24", lw=1, ls="--")
    wave.annotate("burst", (t, 1.0), xytext=(3, -2), textcoords="offset points", color="#e24", fontsize=8, va="top")
wave.set_ylim(-1.05, 1.05)
wave.set_xlabel("seconds (frames drawn at their times above; the sound decoded from the same MP4 below)")
wave.set_ylabel("sample")
wave.spines[["top", "right"]].set_visible(False)
figure.savefig(out)
print(f"wrote {out}")
