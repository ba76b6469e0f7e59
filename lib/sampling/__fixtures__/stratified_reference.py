#!/usr/bin/env python3
"""Independent re-implementation of model-guided stratified sampling and its bound, written
from docs/stratified-sampling.md, docs/prng.md (v1) and Korn & Graubard (1998), for
stratified.reference.test.ts. It shares no code with the TypeScript: the PRNG, the strata,
the allocation, the draw, the incomplete beta function, the t and beta quantiles are all
written out here in plain Python (numpy only for the sums of the estimator).

Reads one JSON object on stdin:
  {"draws":  [{"items": [[id, models, disagreeing], ...], "size": n, "seed": "s",
               "allocation": {"rule": ..., ...}}, ...],
   "bounds": [{"strata": [[N_h, n_h, x_h], ...], "level": 0.95}, ...]}
Prints {"draws": [{"strata": [...], "weights": [...], "allocated": [...], "ids": [...]}],
        "bounds": [{"estimate", "variance", "nStar", "nAdj", "upper"}]}.
"""
import hashlib
import json
import math
import sys

import numpy as np

M64 = (1 << 64) - 1
STRATA = ["none", "some", "most", "unpredicted"]
SUSPECT = {"some", "most"}


# ---- PRNG v1 (docs/prng.md) -------------------------------------------------------------
def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class Prng:
    def __init__(self, seed, stream):
        material = json.dumps(["clinaudit-prng", 1, seed, stream], ensure_ascii=False, separators=(",", ":"))
        d = hashlib.sha256(material.encode("utf-8")).digest()
        self.s = [int.from_bytes(d[i:i + 8], "big") for i in range(0, 32, 8)]

    def next64(self):
        s = self.s
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def next_int(self, n):
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def fisher_yates(items, count, rng):
    items = list(items)
    for i in range(count):
        j = i + rng.next_int(len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items[:count]


def utf16_key(s):
    return s.encode("utf-16-be")


# ---- the design ---------------------------------------------------------------------------
def stratum(m, d):
    if m == 0:
        return "unpredicted"
    if d == 0:
        return "none"
    return "most" if 2 * d > m else "some"


def weights_of(keys, sizes, rule):
    if rule["rule"] == "proportional":
        return [float(N) for N in sizes]
    if rule["rule"] == "neyman":
        out = []
        for k, N in zip(keys, sizes):
            p = rule["priorErrorRates"][k]
            out.append(N * math.sqrt(p * (1 - p)))
        return out
    k = rule["factor"]
    return [k * N if key in SUSPECT else float(N) for key, N in zip(keys, sizes)]


def allocate(sizes, weights, n):
    H = len(sizes)
    two = [min(2, N) for N in sizes]
    mins = two if n >= sum(two) else [1] * H
    fixed = [None] * H

    def quotas():
        rest = n - sum(f for f in fixed if f is not None)
        wfree = 0.0
        for h in range(H):
            if fixed[h] is None:
                wfree += weights[h]
        return [fixed[h] if fixed[h] is not None else rest * weights[h] / wfree for h in range(H)]

    q = quotas()
    while True:
        over = [h for h in range(H) if fixed[h] is None and q[h] > sizes[h]]
        if not over:
            break
        for h in over:
            fixed[h] = sizes[h]
        q = quotas()
    while True:
        under = [h for h in range(H) if fixed[h] is None and q[h] < mins[h]]
        if not under:
            break
        for h in under:
            fixed[h] = mins[h]
        q = quotas()
    q = [min(sizes[h], max(mins[h], q[h])) for h in range(H)]
    alloc = [math.floor(x) for x in q]
    left = n - sum(alloc)
    frac = [q[h] - alloc[h] for h in range(H)]
    for h in sorted(range(H), key=lambda h: (-frac[h], h)):
        if left <= 0:
            break
        if alloc[h] < sizes[h]:
            alloc[h] += 1
            left -= 1
    return alloc


def draw(spec):
    groups = {k: [] for k in STRATA}
    for item_id, m, d in spec["items"]:
        groups[stratum(m, d)].append(item_id)
    keys = [k for k in STRATA if groups[k]]
    for k in keys:
        groups[k].sort(key=utf16_key)
    sizes = [len(groups[k]) for k in keys]
    w = weights_of(keys, sizes, spec["allocation"])
    alloc = allocate(sizes, w, spec["size"])
    drawn = []
    for k, nh in zip(keys, alloc):
        drawn += fisher_yates(groups[k], nh, Prng(spec["seed"], "model-stratum:" + k))
    ids = fisher_yates(drawn, len(drawn), Prng(spec["seed"], "model-strata-order"))
    return {"strata": keys, "weights": w, "allocated": alloc, "ids": ids}


# ---- special functions ---------------------------------------------------------------------
def betacf(a, b, x):
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    if abs(d) < tiny:
        d = tiny
    d = 1.0 / d
    h = d
    for m in range(1, 100000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            return h
    raise RuntimeError("betacf did not converge")


def betainc(a, b, x):
    """Regularised incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lfront = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(lfront) * betacf(a, b, x) / a
    return 1.0 - math.exp(lfront) * betacf(b, a, 1.0 - x) / b


def bisect(f, lo, hi, target):
    """The root of the increasing f(u) = target in [lo, hi], to the last bit."""
    while True:
        mid = (lo + hi) / 2.0
        if mid <= lo or mid >= hi:
            return mid
        if f(mid) < target:
            lo = mid
        else:
            hi = mid


def beta_quantile(level, a, b):
    return bisect(lambda u: betainc(a, b, u), 0.0, 1.0, level)


def t_cdf(t, nu):
    tail = 0.5 * betainc(nu / 2.0, 0.5, nu / (nu + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(level, nu):
    return bisect(lambda t: t_cdf(t, nu), 0.0, 1e3, level)


# ---- the estimator and the Korn–Graubard bound ----------------------------------------------
def bound(spec):
    S = np.array(spec["strata"], dtype=float)
    level = spec["level"]
    N_h, n_h, x_h = S[:, 0], S[:, 1], S[:, 2]
    N, n, H = N_h.sum(), n_h.sum(), len(N_h)
    W = N_h / N
    f = n_h / N_h
    p = x_h / n_h
    est = float(np.sum(W * p))
    open_ = n_h < N_h
    var_terms = np.where(n_h == 1, W**2 * (1 - f) / 4, W**2 * (1 - f) * p * (1 - p) / np.maximum(n_h - 1, 1))
    var = float(np.sum(np.where(open_, var_terms, 0.0)))
    pt = (x_h + 1) / (n_h + 2)
    ptot = float(np.sum(W * pt))
    vt = float(np.sum(np.where(open_, W**2 * (1 - f) * pt * (1 - pt) / np.maximum(n_h - 1, 1), 0.0)))
    if vt == 0:
        return {"estimate": est, "variance": var, "nStar": None, "nAdj": None, "upper": est}
    n_star = ptot * (1 - ptot) / vt
    df = n - H
    if df < 1:
        return {"estimate": est, "variance": var, "nStar": n_star, "nAdj": None, "upper": 1.0}
    ratio = 1.0 if H == 1 else t_quantile(level, n - 1) / t_quantile(level, df)
    n_adj = n_star * ratio * ratio
    if np.all(x_h == n_h):
        return {"estimate": est, "variance": var, "nStar": n_star, "nAdj": n_adj, "upper": 1.0}
    x = n_adj * est
    return {"estimate": est, "variance": var, "nStar": n_star, "nAdj": n_adj, "upper": min(1.0, beta_quantile(level, x + 1, n_adj - x))}


def main():
    spec = json.load(sys.stdin)
    print(json.dumps({"draws": [draw(d) for d in spec.get("draws", [])], "bounds": [bound(b) for b in spec.get("bounds", [])]}))


if __name__ == "__main__":
    main()
