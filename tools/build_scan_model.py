"""Rebuild sheetgen/scan/model.npz, the small model that tells the marks in a box apart.

Seeded: makes synthetic photos (sheetgen/scan/synthetic.py; seeds from 900000
up, apart from the benchmark's and the tests'; each box holds a mark drawn at
random, so every kind of mark is seen often), reads each as the reader does
up to the ink of every box, and trains one small MLP per kind of box (claim
space, check box, two-number box, contract or office) in NumPy. The file is
well under 1 MB. Needs the scan extra.

    python tools/build_scan_model.py [--photos 144] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from sheetgen.scan import geometry, read, synthetic

FIRST_SEED = 900_000


CACHE = Path("output") / "scan-train-3"  # each photo's boxes, kept so that a run can be resumed


def samples(seed: int) -> list:
    """(kind, features, class index) of each box of one photo (none if the photo is refused)."""
    cached = CACHE / f"{seed}.npz"
    if cached.exists():
        with np.load(cached) as saved:
            return [(str(k), f, int(c)) for k, f, c in zip(saved["kinds"], saved["features"], saved["classes"])]
    rows = _samples(seed)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(cached, kinds=np.array([r[0] for r in rows]), features=np.array([r[1] for r in rows]),
             classes=np.array([r[2] for r in rows]))
    return rows


def _samples(seed: int) -> list:
    board = synthetic.scramble(seed)
    # 2,000-3,000 px: the reader works on the page flattened to 6 px/mm whatever the photo's size
    shot = synthetic.photo(board, seed, "hard" if seed % 3 else "mild", 2000 + seed % 1000)
    reading = read.PhotoReading("train")
    try:
        photo, printed, printed_min, glare, geo, _ = read.page_of(read.decode(shot.jpeg), reading)
    except read.PhotoError:
        return []
    out = []
    for cell, feats, glared, match in read.extract(photo, printed, printed_min, glare, geo):
        if glared > read.GLARE:
            continue  # never sure anyway: the model need not learn what glare hides
        out.append((cell.kind, feats, geometry.CLASSES[cell.kind].index(board.marks[cell.field])))
    return out


def train(x: np.ndarray, y: np.ndarray, classes: int, seed: int, hidden: int = 48, epochs: int = 60) -> dict:
    """A one-hidden-layer MLP by Adam on cross-entropy, with L2."""
    rng = np.random.default_rng(seed)
    mean, std = x.mean(0), x.std(0) + 1e-3
    xn = (x - mean) / std
    w1 = rng.normal(0, np.sqrt(2 / x.shape[1]), (x.shape[1], hidden)).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = rng.normal(0, np.sqrt(1 / hidden), (hidden, classes)).astype(np.float32)
    b2 = np.zeros(classes, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, step, batch, l2 = 2e-3, 0, 128, 1e-4
    onehot = np.eye(classes, dtype=np.float32)[y]
    for _ in range(epochs):
        order = rng.permutation(len(xn))
        for start in range(0, len(xn), batch):
            idx = order[start:start + batch]
            xb, tb = xn[idx], onehot[idx]
            h = np.maximum(0, xb @ w1 + b1)
            logits = h @ w2 + b2
            logits -= logits.max(1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(1, keepdims=True)
            g = (p - tb) / len(idx)
            gw2 = h.T @ g + l2 * w2
            gb2 = g.sum(0)
            gh = g @ w2.T * (h > 0)
            gw1 = xb.T @ gh + l2 * w1
            gb1 = gh.sum(0)
            step += 1
            for i, grad in enumerate((gw1, gb1, gw2, gb2)):
                m[i] = 0.9 * m[i] + 0.1 * grad
                v[i] = 0.999 * v[i] + 0.001 * grad * grad
                params[i] -= lr * (m[i] / (1 - 0.9 ** step)) / (np.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8)
    return {"mean": mean.astype(np.float32), "std": std.astype(np.float32), "w1": w1, "b1": b1, "w2": w2, "b2": b2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=144)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for part in pool.map(samples, range(FIRST_SEED, FIRST_SEED + args.photos), chunksize=4)
                for r in part]
    print(f"{len(rows)} boxes from {args.photos} photos in {time.time() - start:.0f} s", file=sys.stderr)
    saved: dict = {}
    for kind, names in geometry.CLASSES.items():
        x = np.stack([f for k, f, _ in rows if k == kind])
        y = np.array([c for k, _, c in rows if k == kind])
        model = train(x, y, len(names), seed=len(saved))
        for key, value in model.items():
            saved[f"{kind}.{key}"] = value
        counts = np.bincount(y, minlength=len(names))
        print(f"{kind}: {len(y)} boxes {dict(zip(names, counts.tolist()))}", file=sys.stderr)
    target = Path(read.MODEL)
    np.savez_compressed(target, **saved)
    print(f"wrote {target} ({target.stat().st_size // 1024} kB)", file=sys.stderr)


if __name__ == "__main__":
    main()
