#!/usr/bin/env python3
"""NumPy baselines for bench/bootstrap.ts, run beside it in the same invocation.

Reads one JSON object on stdin (written by bench/bootstrap.ts):
  {"runs": R, "replicates": B, "level": L, "patients": P,
   "one": {"correct": [...], "total": [...]},             per-patient sums of one pair
   "pairs": [{"patient": [...], "correct": [...], "chapter": [...], "level": [...], "later": [...]}],
   "deltas": [[scope_pair_index, baseline_pair_index], ...]}
and prints one JSON line {"numpy": version, "oneMs": [...], "reportMs": [...]} (every run).

one:    the ordinary NumPy clustered bootstrap of one pair: a B x P matrix of patient
        indices, fancy-indexed sums, type-7 percentiles.
report: every statistic of the whole report from ONE B x P count matrix (the draws shared
        by every pair), times the per-patient sums of every statistic (B x P @ P x K),
        then ratios and type-7 percentiles: accuracy, DP1 vs DP2+, every chapter and
        level group of every pair, and every paired comparison.
Times exclude start-up and JSON parsing.
"""
import json
import sys
import time

import numpy as np


def percentiles(x, level):
    a = (1 - level) / 2 * 100
    return np.nanpercentile(x, [a, 100 - a], axis=0, method="linear")


def one(rng, correct, total, B, level):
    P = len(total)
    idx = rng.integers(0, P, size=(B, P))
    acc = correct[idx].sum(axis=1) / total[idx].sum(axis=1)
    return percentiles(acc, level)


def report(rng, P, pairs, deltas, B, level):
    draws = rng.integers(0, P, size=(B, P)) + (np.arange(B) * P)[:, None]
    counts = np.bincount(draws.ravel(), minlength=B * P).reshape(B, P).astype(np.float64)
    cols = []  # (numerator column, denominator column) per ratio statistic
    V = []

    def col(patient, weights):
        V.append(np.bincount(patient, weights=weights, minlength=P))
        return len(V) - 1

    ratio, dp = [], []
    per_pair = []
    for p in pairs:
        pt, c = p["patient"], p["correct"]
        one_ = np.ones_like(c, dtype=np.float64)
        acc = (col(pt, c), col(pt, one_))
        ratio.append(acc)
        per_pair.append(acc)
        later = p["later"].astype(np.float64)
        dp.append(((col(pt, c * (1 - later)), col(pt, 1 - later)), (col(pt, c * later), col(pt, later))))
        for key in ("chapter", "level"):
            for g in np.unique(p[key]):
                m = (p[key] == g).astype(np.float64)
                ratio.append((col(pt, c * m), col(pt, m)))
    S = counts @ np.stack(V, axis=1)  # B x K: every statistic's sums, all from the same draws
    with np.errstate(invalid="ignore", divide="ignore"):
        R = np.stack([S[:, n] / S[:, d] for n, d in ratio], axis=1)
        D = np.stack([S[:, l[0]] / S[:, l[1]] - S[:, f[0]] / S[:, f[1]] for f, l in dp], axis=1)
        P_ = np.stack([(S[:, per_pair[a][0]] - S[:, per_pair[b][0]]) / S[:, per_pair[a][1]] for a, b in deltas], axis=1)
    out = [percentiles(R, level), percentiles(D, level), percentiles(P_, level)]
    pvals = (np.mean(D >= 0, axis=0), np.mean(P_ <= 0, axis=0))
    return out, pvals


def main():
    spec = json.load(sys.stdin)
    B, level, P, runs = spec["replicates"], spec["level"], spec["patients"], spec["runs"]
    correct = np.array(spec["one"]["correct"], dtype=np.int64)
    total = np.array(spec["one"]["total"], dtype=np.int64)
    pairs = [{k: np.array(v) for k, v in p.items()} for p in spec["pairs"]]
    rng = np.random.default_rng(12345)
    one_ms, report_ms = [], []
    for _ in range(runs + 1):  # the first run warms up
        t0 = time.perf_counter()
        one(rng, correct, total, B, level)
        one_ms.append((time.perf_counter() - t0) * 1000)
    for _ in range(runs + 1):
        t0 = time.perf_counter()
        report(rng, P, pairs, spec["deltas"], B, level)
        report_ms.append((time.perf_counter() - t0) * 1000)
    print(json.dumps({"numpy": np.__version__, "oneMs": one_ms[1:], "reportMs": report_ms[1:]}))


if __name__ == "__main__":
    main()
