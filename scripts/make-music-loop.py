#!/usr/bin/env python3
"""Synthesises Fixtures/Audio/loop.wav: a 4-second music loop of our own (no samples, no third-party
material), 44.1 kHz mono 16-bit, so the fixture also exercises resampling and channel mapping.

Two bars at 120 bpm: a plucked bass on each beat, a soft chord pad, and a hi-hat of seeded noise on the
off-beats. The loop's end joins its start (every note dies before the bar line).
Run: python3 scripts/make-music-loop.py [output]
"""
import math
import random
import struct
import sys
import wave

RATE = 44100
SECONDS = 4.0
BEAT = 0.5
out = sys.argv[1] if len(sys.argv) > 1 else "Fixtures/Audio/loop.wav"
n = int(RATE * SECONDS)
signal = [0.0] * n
rng = random.Random(30)


def note(freq):
    return 440.0 * 2 ** ((freq - 69) / 12)


def add(start, length, fn):
    first = int(start * RATE)
    for i in range(int(length * RATE)):
        if first + i < n:
            signal[first + i] += fn(i / RATE)


bass = [45, 45, 48, 50, 45, 45, 52, 50]
for beat, midi in enumerate(bass):
    f = note(midi)
    add(beat * BEAT, 0.45, lambda t, f=f: 0.45 * math.sin(2 * math.pi * f * t) * math.exp(-t / 0.15) * min(1, t / 0.003))
chords = [[57, 60, 64], [55, 59, 62]]
for bar, chord in enumerate(chords):
    for midi in chord:
        f = note(midi)
        add(bar * 2.0, 1.95, lambda t, f=f: 0.07 * math.sin(2 * math.pi * f * t) * min(1, t / 0.05) * min(1, (1.95 - t) / 0.2))
for beat in range(8):
    noise = [rng.uniform(-1, 1) for _ in range(int(0.05 * RATE))]
    add(beat * BEAT + BEAT / 2, 0.05, lambda t, noise=noise: 0.12 * noise[min(int(t * RATE), len(noise) - 1)] * math.exp(-t / 0.012))

with wave.open(out, "wb") as w:
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(RATE)
    w.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, int(round(s * 32767))))) for s in signal))
