#!/usr/bin/env python3
"""Writes the Lottie test fixtures in this folder; all are made here, for Flipbook's tests.

moving-box.json   200 x 100, 30 fps, 30 frames: a 40 x 40 red box (fill "Fill 1", its colour the slot
                  "accent") whose centre moves linearly from (40, 50) at frame 0 to (160, 50) at frame 30,
                  so at frame k it spans x 20 + 4k ... 60 + 4k, y 30 ... 70. Markers intro (0-15), outro (15-30).
text-layer.json   the box plus a text layer (rlottie does not draw text): one warning, /layers/0.
repeater-bomb.json  one repeater of 1,000,000 copies: refused at /layers/0/shapes/1/c.
deep-precomp.json   twenty precompositions, each holding the next: refused past 16.
star-badge.json   240 x 240, 30 fps, 60 frames: a five-pointed star (fill "Star Fill", slot "accent") that
                  grows in and turns, inside a ring (stroke "Ring Stroke") whose trim draws it round; the
                  README's picture of a Lottie layer over confetti (docs/lottie-layer.png).
star-badge.lottie the same animation in a dotLottie container (manifest and animations/star.json), which
                  scripts/browser-check.sh renders to a transparent WebM and plays in Chromium.
with-image.lottie   a dotLottie container: manifest, animations/box.json and images/dot.png (a 20 x 20
                  blue PNG), drawn by an image layer at (10, 10).
image-slot.json   200 x 100: an image layer drawing the 40 x 40 image asset "photo" (its slot "photo", an
                  embedded grey PNG) with its top-left at (20, 30); an image slot's value replaces the picture.
moving-box.tgs    moving-box.json gzip-compressed, as a Telegram sticker (.tgs) is.
android.zip       with-image.lottie's picture in a zip as lottie-android reads one: data.json, images/dot.png
                  and a __MACOSX/ folder, no manifest.
"""
import base64, json, struct, zipfile, zlib

def prop(k):
    return {"a": 0, "k": k}

def transform(p=(0, 0), a=(0, 0)):
    return {"p": prop(list(p)), "a": prop(list(a)), "s": prop([100, 100]), "r": prop(0), "o": prop(100)}

def box_layer():
    group = {"ty": "gr", "nm": "Box", "it": [
        {"ty": "rc", "nm": "Rect", "p": prop([0, 0]), "s": prop([40, 40]), "r": prop(0)},
        {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0, 1], "sid": "accent"}, "o": prop(100), "r": 1},
        {"ty": "tr", **transform()},
    ]}
    ks = transform()
    ks["p"] = {"a": 1, "k": [
        {"t": 0, "s": [40, 50, 0], "e": [160, 50, 0], "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0},
         "to": [0, 0, 0], "ti": [0, 0, 0]},
        {"t": 30}]}
    return {"ty": 4, "nm": "Mover", "ind": 1, "ip": 0, "op": 30, "st": 0, "sr": 1, "ks": ks, "shapes": [group]}

def animation(layers, assets=(), **extra):
    doc = {"v": "5.7.0", "nm": "fixture", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 100, "ddd": 0,
           "assets": list(assets), "layers": layers}
    doc.update(extra)
    return doc

def write(name, doc):
    with open(name, "w") as f:
        json.dump(doc, f, separators=(",", ":"))

write("moving-box.json", animation([box_layer()],
      markers=[{"tm": 0, "cm": "intro", "dr": 15}, {"tm": 15, "cm": "outro", "dr": 15}],
      slots={"accent": {"p": {"a": 0, "k": [1, 0, 0, 1]}}}))

text = {"ty": 5, "nm": "Title", "ind": 2, "ip": 0, "op": 30, "st": 0, "ks": transform(),
        "t": {"d": {"k": [{"s": {"t": "Hello", "s": 20, "f": "Sans", "fc": [0, 0, 0], "j": 0}, "t": 0}]}}}
write("text-layer.json", animation([text, box_layer()]))

bomb = box_layer()
bomb["shapes"].append({"ty": "rp", "nm": "Many", "c": prop(1000000), "o": prop(0),
                       "tr": {"ty": "tr", **transform(), "so": prop(100), "eo": prop(100)}})
write("repeater-bomb.json", animation([bomb]))

assets = []
for i in range(20):
    inner = box_layer() if i == 19 else {"ty": 0, "nm": f"p{i + 1}", "refId": f"comp{i + 1}", "ind": 1, "ip": 0,
                                          "op": 30, "st": 0, "w": 200, "h": 100, "ks": transform()}
    assets.append({"id": f"comp{i}", "layers": [inner]})
write("deep-precomp.json", animation([{"ty": 0, "nm": "p0", "refId": "comp0", "ind": 1, "ip": 0, "op": 30, "st": 0,
                                       "w": 200, "h": 100, "ks": transform()}], assets))

def png(width, height, rgba):
    raw = b"".join(b"\x00" + bytes(rgba) * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

image_layer = {"ty": 2, "nm": "Dot", "refId": "dot", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": transform(p=(10, 10))}
boxed = animation([image_layer], [{"id": "dot", "w": 20, "h": 20, "u": "/images/", "p": "dot.png", "e": 0}])
with zipfile.ZipFile("with-image.lottie", "w", zipfile.ZIP_DEFLATED) as z:
    for info_name, data in [("manifest.json", json.dumps({"version": "1", "animations": [{"id": "box"}]})),
                            ("animations/box.json", json.dumps(boxed, separators=(",", ":"))),
                            ("images/dot.png", png(20, 20, (0, 0, 255, 255)))]:
        info = zipfile.ZipInfo(info_name, date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)

grey = "data:image/png;base64," + base64.b64encode(png(40, 40, (128, 128, 128, 255))).decode()
photo_layer = {"ty": 2, "nm": "Photo", "refId": "photo", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": transform(p=(20, 30))}
write("image-slot.json", animation([photo_layer], [{"id": "photo", "w": 40, "h": 40, "u": "", "p": grey, "e": 1, "sid": "photo"}],
      slots={"photo": {"p": {"u": "", "p": grey, "e": 1}}}))

def keyed(frames):
    """An animated property from (frame, value) pairs, eased in and out."""
    k = []
    for (t, v), nxt in zip(frames, frames[1:] + [None]):
        frame = {"t": t, "s": v if isinstance(v, list) else [v]}
        if nxt is not None:
            frame.update({"i": {"x": [0.4], "y": [1]}, "o": {"x": [0.6], "y": [0]}})
        k.append(frame)
    return {"a": 1, "k": k}

star = {"ty": "gr", "nm": "Star", "it": [
    {"ty": "sr", "nm": "Star Path", "sy": 1, "d": 1, "pt": prop(5), "p": prop([0, 0]), "r": prop(0),
     "ir": prop(34), "is": prop(0), "or": prop(78), "os": prop(0)},
    {"ty": "fl", "nm": "Star Fill", "c": {"a": 0, "k": [1, 0.84, 0.04, 1], "sid": "accent"}, "o": prop(100), "r": 1},
    {"ty": "tr", **transform(), "r": keyed([(0, -40), (40, 0)]), "s": keyed([(0, [0, 0]), (24, [100, 100])])},
]}
ring = {"ty": "gr", "nm": "Ring", "it": [
    {"ty": "el", "nm": "Ring Path", "p": prop([0, 0]), "s": prop([200, 200])},
    {"ty": "st", "nm": "Ring Stroke", "c": prop([1, 1, 1, 1]), "o": prop(90), "w": prop(8), "lc": 2, "lj": 2},
    {"ty": "tm", "nm": "Trim", "s": prop(0), "e": keyed([(6, 0), (46, 100)]), "o": prop(0), "m": 1},
    {"ty": "tr", **transform()},
]}
badge = {"ty": 4, "nm": "Badge", "ind": 1, "ip": 0, "op": 60, "st": 0, "sr": 1, "ks": transform(p=(120, 120)),
         "shapes": [star, ring]}
write("star-badge.json", animation([badge], fr=30, ip=0, op=60, w=240, h=240,
      slots={"accent": {"p": {"a": 0, "k": [1, 0.84, 0.04, 1]}}}))

with zipfile.ZipFile("star-badge.lottie", "w", zipfile.ZIP_DEFLATED) as z:
    for info_name, data in [("manifest.json", json.dumps({"version": "1", "animations": [{"id": "star"}]})),
                            ("animations/star.json", open("star-badge.json").read())]:
        info = zipfile.ZipInfo(info_name, date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)

# moving-box.tgs: moving-box.json as a Telegram sticker (gzip), its header's time 0 so the bytes are fixed.
import gzip
with open("moving-box.json", "rb") as source, open("moving-box.tgs", "wb") as out:
    out.write(gzip.compress(source.read(), compresslevel=9, mtime=0))

# android.zip: with-image.lottie's animation as lottie-android's zips hold one: no manifest, the animation
# as data.json beside images/, and the __MACOSX/ folder macOS's archiver adds (its ._ files are not JSON).
android = animation([image_layer], [{"id": "dot", "w": 20, "h": 20, "u": "images/", "p": "dot.png", "e": 0}])
with zipfile.ZipFile("android.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for info_name, data in [("data.json", json.dumps(android, separators=(",", ":"))),
                            ("images/dot.png", png(20, 20, (0, 0, 255, 255))),
                            ("__MACOSX/._data.json", b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")]:
        info = zipfile.ZipInfo(info_name, date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
