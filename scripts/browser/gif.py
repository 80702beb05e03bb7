"""Checks that Flipbook shows an animated GIF's frames as Chromium does, "restore to background"
disposal and transparency included.

usage: python3 gif.py FLIPBOOK OUT_FOLDER

Writes an 8x4 GIF by hand (four frames of 0.1 s: all red, restore to background; green in the right
half, do not dispose; blue at (0, 1), restore to background; every other pixel of the top two rows
red, the rest transparent, do not dispose), renders it with `FLIPBOOK render` as an image layer on a
transparent 8x4 canvas at 10 fps to a PNG sequence, then, in headless Chromium (through its DevTools
protocol, served from 127.0.0.1), decodes each GIF frame with WebCodecs' ImageDecoder (the browser's
own GIF decoder, which composes frames as <img> shows them) and each PNG with createImageBitmap, and
compares them pixel by pixel: equal alpha, and equal colour where a pixel is not transparent. Exits 0
only when every pixel of every frame matches and the frames show what the disposals say (checked on
the browser's frames too, so a browser and Flipbook that agree on a wrong picture fail).
"""
import functools, glob, http.server, json, os, shutil, subprocess, sys, tempfile, threading
from devtools import Chromium

tool, out = sys.argv[1], os.path.abspath(sys.argv[2])
os.makedirs(out, exist_ok=True)


def lzw(pixels):
    """LZW codes for 2-bit pixels, each a literal with a clear code every two, so the code size stays
    3 bits; packed least significant bit first."""
    codes = []
    for i, pixel in enumerate(pixels):
        if i % 2 == 0: codes.append(4)
        codes.append(pixel)
    codes.append(5)
    data, buffer, bits = bytearray(), 0, 0
    for code in codes:
        buffer |= code << bits
        bits += 3
        while bits >= 8:
            data.append(buffer & 0xFF)
            buffer >>= 8
            bits -= 8
    if bits: data.append(buffer & 0xFF)
    return bytes(data)


def gif():
    """Palette: black, red, green, blue. Loops forever."""
    data = bytearray(b"GIF89a" + bytes([8, 0, 4, 0, 0x81, 0, 0]))
    data += bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])
    data += bytes([0x21, 0xFF, 11]) + b"NETSCAPE2.0" + bytes([3, 1, 0, 0, 0])

    def frame(disposal, transparent, x, y, w, h, pixels):
        data.extend([0x21, 0xF9, 4, disposal << 2 | (0 if transparent is None else 1), 10, 0, transparent or 0, 0])
        data.extend([0x2C, x, 0, y, 0, w, 0, h, 0, 0, 2])
        codes = lzw(pixels)
        for start in range(0, len(codes), 255):
            block = codes[start:start + 255]
            data.extend(bytes([len(block)]) + block)
        data.append(0)

    frame(2, None, 0, 0, 8, 4, [1] * 32)
    frame(1, None, 4, 0, 4, 4, [2] * 16)
    frame(2, None, 0, 1, 1, 1, [3])
    frame(1, 0, 0, 0, 8, 2, [1, 0] * 8)
    data.append(0x3B)
    return bytes(data)


# What the disposals say, frame by frame: (x, y) -> colour, "." transparent.
EXPECTED = [
    ["rrrrrrrr"] * 4,
    ["....gggg"] * 4,
    ["....gggg", "b...gggg", "....gggg", "....gggg"],
    ["r.r.rgrg", "r.r.rgrg", "....gggg", "....gggg"],
]
COLOURS = {"r": (255, 0, 0), "g": (0, 255, 0), "b": (0, 0, 255)}

folder = tempfile.mkdtemp(prefix="flipbook-gif-")
open(os.path.join(folder, "disposal.gif"), "wb").write(gif())
scene = {"size": [8, 4], "scale": 1, "fps": 10, "duration": 0.4, "background": "transparent",
         "layers": [{"scene": "image", "src": "disposal.gif", "fit": "fill", "size": [8, 4]}]}
json.dump(scene, open(os.path.join(folder, "scene.json"), "w"))
subprocess.run([tool, "render", os.path.join(folder, "scene.json"), "-o", os.path.join(folder, "flipbook-%05d.png"), "-q"],
               check=True)
pngs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(folder, "flipbook-*.png")))

SCRIPT = """(async () => {
  // A VideoFrame (from ImageDecoder) says displayWidth, an ImageBitmap width.
  const pixels = async (picture) => {
    const w = picture.displayWidth ?? picture.width, h = picture.displayHeight ?? picture.height;
    const canvas = new OffscreenCanvas(w, h), g = canvas.getContext('2d');
    g.drawImage(picture, 0, 0);
    return Array.from(g.getImageData(0, 0, w, h).data);
  };
  const bytes = await (await fetch('disposal.gif')).arrayBuffer();
  const decoder = new ImageDecoder({data: bytes, type: 'image/gif'});
  await decoder.tracks.ready;
  const count = decoder.tracks.selectedTrack.frameCount;
  const browser = [], flipbook = [];
  for (let i = 0; i < count; i++) {
    const {image} = await decoder.decode({frameIndex: i});
    browser.push(await pixels(image));
  }
  for (const name of PNGS) flipbook.push(await pixels(await createImageBitmap(await (await fetch(name)).blob())));
  return JSON.stringify({count, browser, flipbook});
})()"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder))
threading.Thread(target=server.serve_forever, daemon=True).start()
try:
    with Chromium(window="400,300") as browser:
        browser.navigate(f"http://127.0.0.1:{server.server_port}/scene.json")
        browser.wait_for("document.readyState === 'complete'")
        raw = browser.call("Runtime.evaluate", expression=SCRIPT.replace("PNGS", json.dumps(pngs)), awaitPromise=True,
                           returnByValue=True)
        value = raw.get("result", {}).get("value")
        if not isinstance(value, str): print(f"the page failed: {raw.get('exceptionDetails', raw)}")
        result = json.loads(value) if isinstance(value, str) else {}
finally:
    server.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


def picture(rgba):
    """The frame as rows of r, g, b, "." (transparent) or "?" (anything else)."""
    rows = []
    for y in range(4):
        row = ""
        for x in range(8):
            r, g, b, a = rgba[4 * (8 * y + x):4 * (8 * y + x) + 4]
            row += "." if a == 0 else next((k for k, c in COLOURS.items() if a == 255 and (r, g, b) == c), "?")
        rows.append(row)
    return rows


browser_frames = [picture(f) for f in result.get("browser", [])]
flipbook_frames = [picture(f) for f in result.get("flipbook", [])]
mismatched = sum(
    1 for b, f in zip(result.get("browser", []), result.get("flipbook", []))
    for i in range(0, len(b), 4)
    if b[i + 3] != f[i + 3] or (b[i + 3] != 0 and max(abs(b[i + k] - f[i + k]) for k in range(3)) > 1))
for index, (b, f) in enumerate(zip(browser_frames, flipbook_frames)):
    print(f"frame {index}: Chromium {' '.join(b)}   Flipbook {' '.join(f)}")
ok = result.get("count") == 4 and len(flipbook_frames) == 4 and mismatched == 0 and browser_frames == EXPECTED
print(f"GIF disposal in Chromium: {result.get('count')} frames, Flipbook {len(flipbook_frames)}; "
      f"{mismatched} pixels differ; {'as the disposals say' if browser_frames == EXPECTED else 'NOT as the disposals say'}")
open(os.path.join(out, "disposal.gif"), "wb").write(gif())
sys.exit(0 if ok else 1)
