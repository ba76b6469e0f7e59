#!/usr/bin/env python3
"""Recompute every number of this audit's report from its ratings, with Python 3 and numpy only.

    python3 reproduce.py [--all-replicates] [PACKAGE_DIR]      (default: the folder this script is in)

Reads ratings-long.csv (dimension, item, rater, category) and report.json, recomputes per rubric
dimension the majority counts and ties, the at-least-two and all-agree shares, Gwet's AC1, Fleiss'
kappa and Krippendorff's alpha (pa, pe, coefficient, standard error, confidence interval) and the
exact one-sided upper bounds on the error rate (Clopper-Pearson; hypergeometric with N), and prints
each beside the report's value with the difference. When the report has agreement over time, it
also reads rating-times.csv (the same rows with when each rating was last given, the item's place in
the rater's queue and their active milliseconds) and recomputes every window: the items with 2+
ratings ordered by their last rating (ties: sample order) cut into equal-count windows, each
window's AC1 and percent agreement (no finite-population correction), its status, the drop of the
latest window against the whole-audit AC1 and the prompt, where each guideline edit falls, and per
rater their agreement with the others' strict majority along their own queue with the median
active minutes. When the report has rater quality, it recomputes per dimension and rater the
agreement with the others' strict majority (others split evenly: not compared), the uncertain share
and per rater the median active minutes per case, and their percentile bootstrap intervals over items
on ClinAudit's frozen PRNG (xoshiro256** seeded by SHA-256, written out below), drawing the same
items in the same order as the report did (replicate b from stream "rater-quality/<dimension>/<b>").
It refits the Dawid-Skene latent-class model of every dimension from
ratings-long.csv (issue #34's algorithm: start from each item's rating shares, no smoothing, stop
below 1e-12 or at 1,000,000 iterations) and compares the iterations (within one), log-likelihood, prior, each
rater's confusion matrix, sensitivity and specificity, every item's posterior, the items whose
most probable class is not the majority label and the error-rate estimate. A fit that stopped at
the cap without converging is not determined by the ratings (where it stood depends on the cap and rounding),
nor is one that set apart two raters whose ratings can trade places (each pattern occurs as often as
the one with their ratings swapped: the fit with their places traded is as likely), so their
posteriors, log-likelihood, accuracies and error rate are recomputed from their own prior and
confusion matrices (one E-step) instead of a refit. When the error rate's
item-bootstrap interval was computed (report.json errorRate.interval; 10,000 refits on the frozen
PRNG, replicate b from stream "latent-class/<dimension>/<b>", each stopped at 10,000 iterations), it refits the first 20 replicates
exactly (all 10,000 with --all-replicates: minutes to hours) against latent-class-replicates.csv,
which holds every replicate (a refit stopped at the cap on ratings in which two raters can trade places is
counted, not compared), and
recomputes the percentile interval from the stored values. When the report has a calibration round, it reads
calibration.csv (each rater's answer to each question of each practice item, beside the key) and
recomputes per rater and round the items answered, the questions compared, the matches, agreement
with the key, Cohen's kappa against the key (categories of different questions kept apart) and the
active time, the pass rule's verdict, the round that counts (the rater's latest) and the summary;
it checks calibration.csv against the design in audit.json's `calibration` (the practice items,
every key, each round's raters, report.json's threshold and mode) and judges the verdicts by the
design's threshold. For a model-guided (suspect-first) sample it reads the design from
audit.json and each item's stratum from model-strata.csv and recomputes per dimension the rated
and incorrect items per stratum, the design-weighted error rate, its variance and Korn &
Graubard's upper bound (docs/stratified-sampling.md in ClinAudit; written out in its section below).
Exit status 0 when every number agrees (1e-9;
confidence bounds 1e-7; counts exactly), 1 otherwise.

The formulas are those of Gwet's irrCAC 1.0 (gwet.ac1.raw, fleiss.kappa.raw, krippen.alpha.raw),
unweighted, with missing ratings: items nobody rated are left out; items rated once count in n
but not in pa; Krippendorff's alpha uses only items with 2+ ratings. Intervals are t intervals with
n - 1 degrees of freedom, clipped to [-1, 1]; the variance carries the finite-population factor
(1 - n/N) when the benchmark size N is known. The t and beta quantiles are computed here from the
regularised incomplete beta function (no SciPy needed); the hypergeometric bound uses exact
integer arithmetic.
"""

import collections
import csv
import hashlib
import json
import math
import os
import sys
from fractions import Fraction

import numpy as np

TOLERANCE = 1e-9
CI_TOLERANCE = 1e-7
PE_ONE = 1 - 1e-12


# --- distributions -------------------------------------------------------------------------------

def _beta_continued_fraction(a, b, x):
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            return h
    raise ArithmeticError("incomplete beta: no convergence")


def beta_cdf(x, a, b):
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_continued_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_continued_fraction(b, a, 1.0 - x) / b


def _bisect(f, lo, hi):
    """The root of an increasing f on [lo, hi], to the last bit."""
    for _ in range(2000):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if f(mid) < 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def beta_quantile(p, a, b):
    return _bisect(lambda x: beta_cdf(x, a, b) - p, 0.0, 1.0)


def t_cdf(t, df):
    tail = 0.5 * beta_cdf(df / (df + t * t), df / 2.0, 0.5)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p, df):
    """Quantile of Student's t for p > 0.5."""
    hi = 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    return _bisect(lambda t: t_cdf(t, df) - p, 0.0, hi)


def hypergeometric_cdf(x, N, K, n):
    """P(X <= x) for X ~ Hypergeometric(N, K, n), exactly."""
    total = sum(math.comb(K, k) * math.comb(N - K, n - k) for k in range(0, x + 1))
    return Fraction(total, math.comb(N, n))


# --- statistics ----------------------------------------------------------------------------------

def with_inference(pa, pe, coeff, variance, n, level):
    out = {"pa": pa, "pe": pe, "coeff": coeff, "se": None, "ciLower": None, "ciUpper": None}
    if n < 2:
        return out
    se = math.sqrt(max(0.0, variance))
    t = t_quantile(1 - (1 - level) / 2, n - 1)
    out.update(se=se, ciLower=max(-1.0, coeff - se * t), ciUpper=min(1.0, coeff + se * t))
    return out


def empty(pa=None, pe=None):
    return {"pa": pa, "pe": pe, "coeff": None, "se": None, "ciLower": None, "ciUpper": None}


def observed_agreement(counts, r):
    """pa_i per item (0 for items rated once) and pa, their mean over items with 2+ ratings."""
    two = r >= 2
    pa_i = np.zeros(len(r))
    pa_i[two] = (counts[two] * (counts[two] - 1)).sum(axis=1) / (r[two] * (r[two] - 1))
    return pa_i, pa_i.sum() / two.sum()


def chance_corrected(counts, r, q, N, level, chance):
    """AC1 and Fleiss share this skeleton (irrCAC's linearised variance)."""
    n, n2 = len(r), int((r >= 2).sum())
    if n2 == 0:
        return empty()
    pa_i, pa = observed_agreement(counts, r)
    if q < 2:
        return empty(pa)
    pi = (counts / r[:, None]).sum(axis=0) / n
    pe, pe_i = chance(pi)
    if pe >= PE_ONE:
        return empty(pa, pe)
    coeff = (pa - pe) / (1 - pe)
    c = (n / n2) * (pa_i - np.where(r >= 2, pe, 0.0)) / (1 - pe)
    c = c - 2 * (1 - coeff) * (pe_i - pe) / (1 - pe)
    f = 0.0 if N is None else n / N
    variance = (1 - f) / (n * (n - 1)) * ((c - coeff) ** 2).sum() if n > 1 else 0.0
    return with_inference(pa, pe, coeff, variance, n, level)


def gwet_ac1(counts, r, q, N, level):
    def chance(pi):
        pe = (pi * (1 - pi)).sum() / (q - 1)
        pe_i = (counts * (1 - pi)).sum(axis=1) / r / (q - 1)
        return pe, pe_i
    return chance_corrected(counts, r, q, N, level, chance)


def fleiss_kappa(counts, r, q, N, level):
    def chance(pi):
        return (pi * pi).sum(), (counts * pi).sum(axis=1) / r
    return chance_corrected(counts, r, q, N, level, chance)


def krippendorff_alpha(counts, r, q, N, level):
    f = 0.0 if N is None else len(r) / N
    keep = r >= 2
    c, ri = counts[keep], r[keep]
    n = len(ri)
    if n == 0:
        return empty()
    r_mean = ri.mean()
    epsilon = 1 / ri.sum()
    pa_raw = (c * (c - 1)).sum(axis=1) / (r_mean * (ri - 1))
    pa_prime = pa_raw.mean()
    pa = (1 - epsilon) * pa_prime + epsilon
    if q < 2:
        return empty(pa)
    pi = (c / r_mean).sum(axis=0) / n
    pe = (pi * pi).sum()
    if pe >= PE_ONE:
        return empty(pa, pe)
    alpha = (pa - pe) / (1 - pe)
    alpha_prime = (pa_prime - pe) / (1 - pe)
    shift = (ri - r_mean) / r_mean
    pa_i = pa_raw - pa * shift
    pe_i = (c * pi).sum(axis=1) / r_mean - pe * shift
    terms = (pa_i - pe) / (1 - pe) - 2 * (1 - alpha_prime) * (pe_i - pe) / (1 - pe)
    variance = (1 - f) / (n * (n - 1)) * ((terms - alpha_prime) ** 2).sum() if n > 1 else 0.0
    return with_inference(pa, pe, alpha, variance, n, level)


def percent_agreement(counts, r, N, level):
    n, n2 = len(r), int((r >= 2).sum())
    if n2 == 0:
        return empty()
    pa_i, pa = observed_agreement(counts, r)
    f = 0.0 if N is None else n / N
    variance = (1 - f) / (n * (n - 1)) * (((n / n2) * pa_i - pa) ** 2).sum() if n > 1 else 0.0
    return with_inference(pa, 0.0, pa, variance, n, level)


def shares(counts, r):
    two = r >= 2
    considered = int(two.sum())
    if considered == 0:
        return {"itemsConsidered": 0, "atLeastTwoAgree": None, "allAgree": None}
    top = counts[two].max(axis=1)
    return {
        "itemsConsidered": considered,
        "atLeastTwoAgree": int((top >= 2).sum()) / considered,
        "allAgree": int((top == r[two]).sum()) / considered,
    }


def majority(counts, categories, tie_category):
    per_category = {k: 0 for k in categories}
    ties = 0
    for row in counts:
        top = row.max()
        leaders = np.flatnonzero(row == top)
        if len(leaders) > 1:
            ties += 1
            label = tie_category
        else:
            label = categories[leaders[0]]
        if label is not None:
            per_category[label] += 1
    return per_category, ties


def error_rate_bound(x, n, N, level):
    binomial = 1.0 if x == n else beta_quantile(level, x + 1, n - x)
    count = None
    if N is not None:
        alpha = Fraction(1 - level)  # the same double 1 - level the report compares against
        lo, hi = x, N - (n - x)
        while lo < hi:
            mid = -(-(lo + hi) // 2)
            if hypergeometric_cdf(x, N, mid, n) >= alpha:
                lo = mid
            else:
                hi = mid - 1
        count = lo
    return {
        "incorrect": x,
        "sampled": n,
        "observedRate": None if n == 0 else x / n,
        "binomialUpper": binomial,
        "hypergeometricUpperCount": count,
        "hypergeometricUpper": None if count is None else count / N,
    }


# --- comparison ----------------------------------------------------------------------------------

class Comparison:
    def __init__(self):
        self.rows = []
        self.failures = 0

    def add(self, dimension, name, reported, recomputed, tolerance=TOLERANCE, exact=False):
        if isinstance(reported, str) or isinstance(recomputed, str):
            ok, diff = reported == recomputed, None
        elif reported is None or recomputed is None:
            ok = reported is None and recomputed is None
            diff = None
        else:
            diff = recomputed - reported
            ok = diff == 0 if exact else abs(diff) <= tolerance
        self.failures += 0 if ok else 1
        self.rows.append((dimension, name, reported, recomputed, diff, ok))

    def print(self):
        def show(v):
            if v is None:
                return "null"
            if isinstance(v, str):
                return v
            if isinstance(v, int) and not isinstance(v, bool):
                return str(v)
            return repr(float(v))
        header = ("dimension", "quantity", "report", "recomputed", "difference", "")
        lines = [header] + [
            (d, q, show(a), show(b), "" if diff is None else "%.3g" % diff, "ok" if ok else "DIFFERS")
            for d, q, a, b, diff, ok in self.rows
        ]
        widths = [max(len(str(line[i])) for line in lines) for i in range(len(header))]
        for line in lines:
            print("  ".join(str(v).ljust(w) for v, w in zip(line, widths)).rstrip())


def read_ratings(path):
    by_dimension = {}
    with open(path, newline="", encoding="utf-8") as f:
        rows = csv.reader(f)
        header = next(rows)
        if header != ["dimension", "item", "rater", "category"]:
            sys.exit(f"{path}: expected the header dimension,item,rater,category, found {','.join(header)}")
        for line, row in enumerate(rows, start=2):
            if len(row) != 4:
                sys.exit(f"{path}:{line}: expected 4 fields, found {len(row)}")
            dimension, item, _rater, category = row
            by_dimension.setdefault(dimension, {}).setdefault(item, []).append(category)
    return by_dimension


def read_rated_by(path):
    """ratings-long.csv as {dimension: {item: [(rater, category), ...]}}, items in sample order."""
    by_dimension = {}
    with open(path, newline="", encoding="utf-8") as f:
        for dimension, item, rater, category in list(csv.reader(f))[1:]:
            by_dimension.setdefault(dimension, {}).setdefault(item, []).append((rater, category))
    return by_dimension


# --- agreement over time --------------------------------------------------------------------------

def window_bounds(n, k):
    count = min(max(1, int(k)), n)
    return [((w * n) // count, ((w + 1) * n) // count) for w in range(count)]


def category_counts(rows_by_item, categories):
    index = {c: i for i, c in enumerate(categories)}
    counts = np.zeros((len(rows_by_item), len(categories)))
    for row, ratings in enumerate(rows_by_item):
        for rating in ratings:
            counts[row, index[rating["category"]]] += 1
    return counts


def strict_majority(categories):
    tally = {}
    for c in categories:
        tally[c] = tally.get(c, 0) + 1
    if not tally:
        return None
    top = max(tally.values())
    leaders = [c for c, n in tally.items() if n == top]
    return leaders[0] if len(leaders) == 1 else None


def read_rating_times(folder):
    with open(os.path.join(folder, "ratings-long.csv"), newline="", encoding="utf-8") as f:
        long_rows = list(csv.reader(f))[1:]
    path = os.path.join(folder, "rating-times.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if rows[0] != ["dimension", "item", "rater", "rated_at", "queue_position", "active_ms"]:
        sys.exit(f"{path}: expected the header dimension,item,rater,rated_at,queue_position,active_ms")
    if len(rows) - 1 != len(long_rows):
        sys.exit(f"{path}: {len(rows) - 1} rows, but ratings-long.csv has {len(long_rows)}")
    out = []
    for line, (t, l) in enumerate(zip(rows[1:], long_rows), start=2):
        if t[:3] != l[:3]:
            sys.exit(f"{path}:{line}: {t[:3]} is not the rating on the same line of ratings-long.csv ({l[:3]})")
        out.append({"dimension": t[0], "item": t[1], "rater": t[2], "category": l[3], "at": t[3], "position": int(t[4]), "ms": int(t[5])})
    return out


def check_over_time(folder, report, out):
    over_time = report.get("agreementOverTime")
    if over_time is None:
        return
    options = over_time["options"]
    k, min_items, drop_share = options["windows"], options["minItems"], options["dropShare"]
    ratings = read_rating_times(folder)
    dimensions = {d["key"]: d for d in report["dimensions"]}
    for dim in over_time["dimensions"]:
        key = dim["key"]
        agreement = dimensions[key]["agreement"]
        categories, level = agreement["categories"], agreement["options"]["confidenceLevel"]
        by_item = {}
        for rating in ratings:
            if rating["dimension"] == key:
                by_item.setdefault(rating["item"], []).append(rating)
        rank = {item: i for i, item in enumerate(by_item)}  # ratings-long.csv lists items in sample order
        judged = sorted((max(x["at"] for x in rs), rank[item], item) for item, rs in by_item.items() if len(rs) >= 2)
        windows = []
        for w, (a, b) in enumerate(window_bounds(len(judged), k), start=1):
            part = judged[a:b]
            counts = category_counts([by_item[item] for _at, _rank, item in part], categories)
            r = counts.sum(axis=1)
            ac1 = gwet_ac1(counts, r, len(categories), None, level)
            pa = percent_agreement(counts, r, None, level)
            status = "tooFew" if len(part) < min_items else "totalAgreement" if pa["pa"] == 1 else "ok"
            windows.append({"to": part[-1][0], "status": status, "coeff": ac1["coeff"]})
            reported = dim["windows"][w - 1] if w <= len(dim["windows"]) else {}
            name = f"window {w}"
            out.add(key, f"{name} items", reported.get("items"), len(part), exact=True)
            out.add(key, f"{name} from", reported.get("from"), part[0][0])
            out.add(key, f"{name} to", reported.get("to"), part[-1][0])
            out.add(key, f"{name} status", reported.get("status"), status)
            for field in ("pa", "pe", "coeff", "se"):
                out.add(key, f"{name} gwetAc1 {field}", reported.get("gwetAc1", {}).get(field), ac1[field])
                out.add(key, f"{name} percentAgreement {field}", reported.get("percentAgreement", {}).get(field), pa[field])
            for field in ("ciLower", "ciUpper"):
                out.add(key, f"{name} gwetAc1 {field}", reported.get("gwetAc1", {}).get(field), ac1[field], tolerance=CI_TOLERANCE)
                out.add(key, f"{name} percentAgreement {field}", reported.get("percentAgreement", {}).get(field), pa[field], tolerance=CI_TOLERANCE)
        out.add(key, "windows", len(dim["windows"]), len(windows), exact=True)
        overall = agreement["coefficients"]["gwetAc1"]["coeff"]
        latest = windows[-1]["coeff"] if windows and windows[-1]["status"] != "tooFew" else None
        share = (overall - latest) / overall if overall is not None and latest is not None and overall > 0 else None
        # The whole-audit AC1 the drop is measured against: the dimension's, recomputed above.
        out.add(key, "drop: whole-audit AC1", dim["drop"]["overall"], overall)
        out.add(key, "drop: latest window AC1", dim["drop"]["latest"], latest)
        out.add(key, "drop: share", dim["drop"]["share"], share)
        out.add(key, "drop: prompt", int(dim["drop"]["prompt"]), int(share is not None and share > drop_share), exact=True)
        for edit in dim["guidelineEdits"]:
            after = sum(1 for w in windows if w["to"] < edit["at"])
            out.add(key, f"guideline edit {edit['at']} after windows", edit["afterWindows"], after, exact=True)
        for rater in dim["raters"]:
            check_rater(key, rater, by_item, rank, k, min_items, out)


def check_rater(key, rater, by_item, rank, k, min_items, out):
    label = rater["rater"]
    mine = []
    for item, rs in by_item.items():
        own = [x for x in rs if x["rater"] == label]
        if not own:
            continue
        majority = strict_majority([x["category"] for x in rs if x["rater"] != label])
        match = None if majority is None else majority == own[0]["category"]
        mine.append((own[0]["position"], rank[item], match, own[0]["ms"]))
    mine.sort()
    bounds = window_bounds(len(mine), k)
    out.add(key, f"{label} windows", len(rater["windows"]), len(bounds), exact=True)
    for w, (a, b) in enumerate(bounds, start=1):
        part = mine[a:b]
        compared = sum(1 for x in part if x[2] is not None)
        agreeing = sum(1 for x in part if x[2] is True)
        minutes = [x[3] / 60000 for x in part if x[3] > 0]
        reported = rater["windows"][w - 1] if w <= len(rater["windows"]) else {}
        name = f"{label} window {w}"
        out.add(key, f"{name} items", reported.get("items"), len(part), exact=True)
        out.add(key, f"{name} positions", f"{reported.get('fromPosition')}-{reported.get('toPosition')}", f"{part[0][0]}-{part[-1][0]}")
        out.add(key, f"{name} compared", reported.get("compared"), compared, exact=True)
        out.add(key, f"{name} agreeing", reported.get("agreeing"), agreeing, exact=True)
        out.add(key, f"{name} share", reported.get("share"), None if compared == 0 else agreeing / compared)
        out.add(key, f"{name} status", reported.get("status"), "tooFew" if compared < min_items else "ok")
        out.add(key, f"{name} median minutes", reported.get("medianMinutes"), float(np.median(minutes)) if minutes else None)


# --- rater quality ---------------------------------------------------------------------------------

class Streams:
    """B generators of ClinAudit's frozen PRNG (spec v1) side by side, one per stream label:
    xoshiro256** seeded by SHA-256 of the JSON ["clinaudit-prng", 1, seed, stream], integers in
    [0, n) by rejection above 2^64 - (2^64 mod n); numpy's uint64 arithmetic wraps as the spec's."""

    def __init__(self, seed, streams):
        words = []
        for stream in streams:
            material = json.dumps(["clinaudit-prng", 1, seed, stream], separators=(",", ":"), ensure_ascii=False)
            digest = hashlib.sha256(material.encode("utf-8")).digest()
            words.append([int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)])
        self.s = [np.array(column, dtype=np.uint64) for column in zip(*words)]

    @staticmethod
    def _rotl(x, k):
        return (x << np.uint64(k)) | (x >> np.uint64(64 - k))

    def next_uint64(self):
        s0, s1, s2, s3 = self.s
        result = self._rotl(s1 * np.uint64(5), 7) * np.uint64(9)
        t = s1 << np.uint64(17)
        s2 = s2 ^ s0
        s3 = s3 ^ s1
        s1 = s1 ^ s2
        s0 = s0 ^ s3
        s2 = s2 ^ t
        s3 = self._rotl(s3, 45)
        self.s = [s0, s1, s2, s3]
        return result

    def next_int(self, n):
        """One draw in [0, n) per stream; a stream whose draw is rejected draws again (only it)."""
        if n == 1:
            return np.zeros(len(self.s[0]), dtype=np.int64)
        x = self.next_uint64()
        remainder = (1 << 64) % n
        if remainder == 0:  # n a power of two: every word is accepted (2^64 itself is no uint64)
            return (x % np.uint64(n)).astype(np.int64)
        limit = np.uint64((1 << 64) - remainder)
        rejected = x >= limit
        while rejected.any():
            kept = [w.copy() for w in self.s]
            y = self.next_uint64()
            self.s = [np.where(rejected, a, b) for a, b in zip(self.s, kept)]
            x = np.where(rejected, y, x)
            rejected = rejected & (y >= limit)
        return (x % np.uint64(n)).astype(np.int64)


def draws(seed, stream, B, n):
    """B × n item indices: row b is replicate b + 1, drawn from stream "<stream>/<b + 1>"."""
    rng = Streams(seed, [f"{stream}/{b}" for b in range(1, B + 1)])
    return np.stack([rng.next_int(n) for _ in range(n)], axis=1)


def type7(values, p):
    """Hyndman-Fan type 7 of the values (R's default quantile)."""
    v = sorted(values)
    h = (len(v) - 1) * p
    i = math.floor(h)
    return v[i] if i + 1 >= len(v) else v[i] + (h - i) * (v[i + 1] - v[i])


def percentile_interval(replicates, level):
    counted = [x for x in replicates if x is not None]
    if not counted:
        return None
    alpha = (1 - level) / 2
    return {"lower": type7(counted, alpha), "upper": type7(counted, 1 - alpha)}


def check_rater_quality(folder, report, ratings_long, out):
    quality = report.get("raterQuality")
    if quality is None:
        return
    method = quality["method"]
    B, level, seed, stream = method["replicates"], method["level"], method["seed"], method["stream"]
    raters = report["audit"]["raters"]
    dimensions = {d["key"]: d for d in report["dimensions"]}
    for dim in quality["dimensions"]:
        key = dim["key"]
        uncertain = "uncertain" if "uncertain" in dimensions[key]["agreement"]["categories"] else None
        out.add(key, "rater quality: uncertain category", dim["uncertainCategory"], uncertain)
        items = list(ratings_long.get(key, {}).items())  # sample order, each item's (rater, category)
        n, k = len(items), len(raters)
        out.add(key, "rater quality: items", dim["items"], n, exact=True)
        rated, compared, agreeing, unsure = (np.zeros((n, k)) for _ in range(4))
        split = [0] * k
        for i, (_item, votes) in enumerate(items):
            for rater, category in votes:
                g = raters.index(rater)
                rated[i, g] = 1
                unsure[i, g] = 1 if category == uncertain else 0
                others = [c for r, c in votes if r != rater]
                majority = strict_majority(others)
                if majority is None:
                    split[g] += 1 if others else 0
                else:
                    compared[i, g] = 1
                    agreeing[i, g] = 1 if majority == category else 0
        agreement_reps = [[None] * B for _ in range(k)]
        unsure_reps = [[None] * B for _ in range(k)]
        if n > 0:
            for b, row in enumerate(draws(seed, f"{stream}/{key}", B, n)):
                drawn = np.bincount(row, minlength=n).astype(float)
                sums = [drawn @ m for m in (rated, compared, agreeing, unsure)]
                for g in range(k):
                    agreement_reps[g][b] = sums[2][g] / sums[1][g] if sums[1][g] > 0 else None
                    unsure_reps[g][b] = sums[3][g] / sums[0][g] if sums[0][g] > 0 else None
        for g, row in enumerate(dim["raters"]):
            label = raters[g]
            name = f"{label} quality"
            out.add(key, f"{name} rater", row["rater"], label)
            for field, value in (("rated", rated[:, g].sum()), ("compared", compared[:, g].sum()), ("agreeing", agreeing[:, g].sum()), ("split", split[g])):
                out.add(key, f"{name} {field}", row[field], int(value), exact=True)
            share = agreeing[:, g].sum() / compared[:, g].sum() if compared[:, g].sum() > 0 else None
            out.add(key, f"{name} agreement", row["agreement"], share)
            ci = percentile_interval(agreement_reps[g], level) if share is not None and n > 0 else None
            for end in ("lower", "upper"):
                out.add(key, f"{name} agreement CI {end}", (row["agreementCi"] or {}).get(end), None if ci is None else ci[end])
            count = None if uncertain is None else int(unsure[:, g].sum())
            out.add(key, f"{name} uncertain", row["uncertain"], count, exact=True)
            ushare = None if count is None or rated[:, g].sum() == 0 else count / rated[:, g].sum()
            out.add(key, f"{name} uncertain share", row["uncertainShare"], ushare)
            uci = percentile_interval(unsure_reps[g], level) if ushare is not None and n > 0 else None
            for end in ("lower", "upper"):
                out.add(key, f"{name} uncertain CI {end}", (row["uncertainCi"] or {}).get(end), None if uci is None else uci[end])
    if "time" in quality:
        check_rater_times(folder, quality, raters, B, level, seed, stream, out)


def check_rater_times(folder, quality, raters, B, level, seed, stream, out):
    cases, first = {}, {}
    for r in read_rating_times(folder):
        pair = (r["item"], r["rater"])
        first.setdefault(r["item"], len(first))
        cases.setdefault(pair, r)
    for g, row in enumerate(quality["time"]):
        label = raters[g]
        mine = sorted((c["position"], first[item], c["ms"] / 60000) for (item, rater), c in cases.items() if rater == label and c["ms"] > 0)
        minutes = [x[2] for x in mine]
        m = len(minutes)
        out.add("(all)", f"{label} time: measured", row["measured"], m, exact=True)
        out.add("(all)", f"{label} time: median minutes", row["medianMinutes"], type7(minutes, 0.5) if m else None)
        ci = None
        if m:
            ci = percentile_interval([type7([minutes[j] for j in row], 0.5) for row in draws(seed, f"{stream}/time/{label}", B, m)], level)
        for end in ("lower", "upper"):
            out.add("(all)", f"{label} time: median CI {end}", (row["medianCi"] or {}).get(end), None if ci is None else ci[end])
# --- latent-class estimates (Dawid-Skene) -----------------------------------------------------------

def e_step(gave, prior, theta, weights=None):
    """One E-step under the parameters: every item's posterior T[i, c] ∝ prior[c] Π_r theta[r, c, k_ri]
    and the log-likelihood Σ_i w_i log Σ_c prior[c] Π_r theta[r, c, k_ri]."""
    n = gave.shape[0]
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        log = np.log(prior)[None, :] + np.einsum("irk,rck->ic", gave, np.where(theta > 0, np.log(theta), 0.0))
        # A zero theta the item uses makes that class impossible (log 0), which the masked log above hides.
        impossible = np.einsum("irk,rck->ic", gave, (theta == 0).astype(float)) > 0
    log = np.where(impossible | np.isneginf(log), -np.inf, log)
    top = log.max(axis=1, keepdims=True)
    joint = np.exp(log - top)
    total = joint.sum(axis=1, keepdims=True)
    return joint / total, float(w @ (top[:, 0] + np.log(total[:, 0])))


# The report's fit stops after at most 1,000,000 EM iterations, a bootstrap refit after 10,000.
MAX_ITERATIONS = 1000000
REPLICATE_MAX_ITERATIONS = 10000
# Confusion matrices of two raters the ratings cannot tell apart, further apart than this: the fit chose.
MIRROR_TOLERANCE = 1e-6


def dawid_skene(gave, weights=None, max_iterations=MAX_ITERATIONS):
    """gave[i, r, k] = 1 when rater r gave k on item i (rated items only). Issue #34's algorithm.
    weights: how many times each item counts (a bootstrap replicate's draw); default once each."""
    n, R, q = gave.shape
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=float)
    rated = gave.sum(axis=2)
    T = gave.sum(axis=1)
    T = T / T.sum(axis=1, keepdims=True)
    iterations = 0
    while True:
        iterations += 1
        prior = w @ T / w.sum()
        mass = np.einsum("i,ic,ir->rc", w, T, rated)
        counts = np.einsum("i,ic,irk->rck", w, T, gave)
        with np.errstate(divide="ignore", invalid="ignore"):
            theta = np.where(mass[:, :, None] > 0, counts / mass[:, :, None], 1.0 / q)
        new, log_likelihood = e_step(gave, prior, theta, w)
        change = np.abs(new - T).max()
        T = new
        if change < 1e-12 or iterations >= max_iterations:
            break
    return {"prior": prior, "theta": theta, "T": T, "iterations": iterations, "converged": bool(change < 1e-12),
            "logLikelihood": log_likelihood}


def dawid_skene_items(gave):
    """The same fit over the distinct patterns of ratings, each weighted by how many items show it (items
    with the same ratings have the same posteriors at every step): what a slow fit's many iterations cost
    grows with the patterns, not the items. The posteriors are given back per item."""
    n = gave.shape[0]
    patterns, inverse, counts = np.unique(gave.reshape(n, -1), axis=0, return_inverse=True, return_counts=True)
    fit = dawid_skene(patterns.reshape(-1, *gave.shape[1:]), counts.astype(float))
    fit["T"] = fit["T"][inverse.reshape(-1)]
    return fit


def trading_pairs(gave, weights=None, keep=lambda g, h: True):
    """The pairs of raters (in order) whose columns of ratings can be swapped without changing the data:
    each pattern counts (with the items' weights) as much as the one with their ratings swapped. keep:
    a cheaper test a pair must pass first."""
    n, R = gave.shape[:2]
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=float)
    counts = collections.Counter()
    for row, k in zip(gave, w):
        counts[tuple(int(np.argmax(row[r])) if row[r].any() else -1 for r in range(R))] += k
    given = np.einsum("i,irk->rk", w, gave)  # how often each rater gave each category: alike for raters who trade places
    for g in range(R):
        for h in range(g + 1, R):
            if not keep(g, h) or not np.array_equal(given[g], given[h]):
                continue

            def swapped(c):
                c = list(c)
                c[g], c[h] = c[h], c[g]
                return tuple(c)
            if all(counts.get(swapped(c), 0) == k for c, k in counts.items()):
                yield g, h


def mirrored_pair(gave, theta, raters):
    """The first two raters (in order) whose ratings can trade places (trading_pairs), yet whose confusion
    matrices theta sets further apart than MIRROR_TOLERANCE: the fit with their places traded is as
    likely. None."""
    apart = lambda g, h: np.abs(theta[g] - theta[h]).max() > MIRROR_TOLERANCE  # noqa: E731
    for g, h in trading_pairs(gave, keep=apart):
        return [raters[g], raters[h]]
    return None


LEADING_REPLICATES = 20


def read_replicates(folder):
    """latent-class-replicates.csv: per dimension, the B replicate values in order (None: left out)."""
    path = os.path.join(folder, "latent-class-replicates.csv")
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out.setdefault(row["dimension"], []).append((int(row["replicate"]), float(row["value"]) if row["value"] else None))
    return out


def check_latent_interval(key, gave, e, interval, stored, out, all_replicates):
    """The item bootstrap of the error rate: replicate b draws n items from stream "<stream>/<b>"
    (nextInt(n) over the items in first-appearance order) and refits from the start; its value is
    the mean posterior of the error category over the drawn items. The leading replicates (all with
    --all-replicates) are refitted here; the percentile interval is recomputed from the B stored values."""
    name = "latent class interval"
    B, n = interval["replicates"], gave.shape[0]
    out.add(key, f"{name} replicates stored", B, len(stored), exact=True)
    out.add(key, f"{name} replicates in order", 1, int([b for b, _ in stored] == list(range(1, len(stored) + 1))), exact=True)
    values = [v for _, v in stored]
    K = B if all_replicates else min(LEADING_REPLICATES, B)
    worst, unsettled, capped = 0.0, 0, 0
    for b, row in enumerate(draws(interval["seed"], interval["stream"], K, n)):
        drawn = np.bincount(row, minlength=n).astype(float)
        used = drawn > 0
        fit = dawid_skene(gave[used], drawn[used], REPLICATE_MAX_ITERATIONS)
        if not fit["converged"] and next(trading_pairs(gave[used], drawn[used]), None) is not None:
            # Stopped at the cap on ratings in which two raters can trade places, the EM may still sit
            # on the saddle between the two twins or have left it, as rounding decides: not compared.
            # Stopped at the cap otherwise, it is where the app's stopped (the same steps, to rounding).
            unsettled += 1
            continue
        capped += 0 if fit["converged"] else 1
        mine = float(drawn[used] @ fit["T"][:, e] / drawn[used].sum())
        theirs = values[b] if b < len(values) else None
        # A degenerate refit (no value in the report, NaN here) agrees with itself; NaN against a value does not.
        d = abs(mine - theirs) if theirs is not None else (0.0 if math.isnan(mine) else math.inf)
        worst = max(worst, math.inf if math.isnan(d) else d)
    if capped:
        print(f"{key}: {capped} of the {K} refitted replicates stopped at {REPLICATE_MAX_ITERATIONS:,} iterations, as the app's did; compared there")
    if unsettled:
        print(f"{key}: {unsettled} of the {K} refitted replicates stopped at {REPLICATE_MAX_ITERATIONS:,} iterations on ratings in which "
              "two raters can trade places (where they stopped depends on rounding); their values are not compared")
    out.add(key, f"{name} replicates 1..{K} refitted (largest difference)", 0.0, worst)
    ci = percentile_interval(values, interval["level"])
    out.add(key, f"{name} replicates counted", interval["used"], sum(1 for v in values if v is not None), exact=True)
    for end, field in (("lower", "ciLower"), ("upper", "ciUpper")):
        out.add(key, f"{name} {end} (from the stored replicates)", interval[field], None if ci is None else ci[end])


def check_latent_class(folder, report, out, all_replicates=False):
    with open(os.path.join(folder, "ratings-long.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    replicates = read_replicates(folder)
    for dimension in report["dimensions"]:
        lc = dimension.get("latentClass")
        if lc is None:
            continue
        key, categories = dimension["key"], lc["categories"]
        mine = [r for r in rows if r[0] == key]
        items = list(dict.fromkeys(r[1] for r in mine))
        raters = list(dict.fromkeys(r[2] for r in mine))
        gave = np.zeros((len(items), len(raters), len(categories)))
        item_index = {x: i for i, x in enumerate(items)}
        rater_index = {x: i for i, x in enumerate(raters)}
        for _, item, rater, category in mine:
            gave[item_index[item], rater_index[rater], categories.index(category)] = 1.0
        mirrored = lc.get("mirrored")
        refitted = lc["converged"] and not mirrored
        if refitted:
            fit, name = dawid_skene_items(gave), "latent class"
            out.add(key, f"{name} converged", 1, int(fit["converged"]), exact=True)
            # Within one: at the 1e-12 stopping threshold, sums taken in another order (numpy's) can stop
            # a slowly converging fit one EM iteration from the app's; every estimate still agrees.
            out.add(key, f"{name} iterations", lc["iterations"], fit["iterations"], tolerance=1)
            out.add(key, f"{name} raters set apart that can trade places", "none",
                    " and ".join(mirrored_pair(gave, fit["theta"], raters) or ["none"]))
        else:
            # Not determined by the ratings, so a refit is not expected to match: stopped at the cap, the EM
            # had not settled and where it stood depends on the cap, rounding and the order of the sums; or it set
            # apart two raters whose ratings can trade places, and which of the two equally likely fits it
            # reached depends on the same. Every number is recomputed from the report's own prior and
            # confusion matrices instead: one E-step gives the posteriors and the likelihood.
            prior = np.array(lc["prior"], dtype=float)
            theta = np.zeros((len(raters), len(categories), len(categories)))
            for rater in lc["raters"]:
                theta[rater_index[rater["rater"]]] = np.array(rater["confusion"], dtype=float)
            T, log_likelihood = e_step(gave, prior, theta)
            fit = {"prior": prior, "theta": theta, "T": T, "logLikelihood": log_likelihood}
            if not lc["converged"]:
                print(f"{key}: the latent-class fit stopped at {lc['iterations']:,} EM iterations without converging; "
                      "its numbers are recomputed from its own prior and confusion matrices, not from a refit")
                name = "latent class (not converged; from its parameters)"
                out.add(key, f"{name} iterations", lc["iterations"], MAX_ITERATIONS, exact=True)
            else:
                print(f"{key}: the latent-class fit set apart {mirrored[0]} and {mirrored[1]}, whose ratings can trade places; "
                      "its numbers are recomputed from its own prior and confusion matrices, not from a refit")
                name = "latent class (two raters set apart; from its parameters)"
                out.add(key, f"{name} raters set apart that can trade places", " and ".join(mirrored),
                        " and ".join(mirrored_pair(gave, theta, raters) or ["none"]))
        out.add(key, f"{name} log-likelihood", lc["logLikelihood"], fit["logLikelihood"])
        if refitted:  # otherwise the prior is the report's own
            for c, category in enumerate(categories):
                out.add(key, f"{name} prior {category}", lc["prior"][c], float(fit["prior"][c]))
        e = categories.index(dimension["errorCategory"]) if dimension.get("errorCategory") in categories else None
        for rater in lc["raters"]:
            g = rater_index[rater["rater"]]
            theta = fit["theta"][g]
            if refitted:  # otherwise theta is the report's own
                out.add(key, f"{name} {rater['rater']} confusion (largest difference)", 0.0,
                        float(np.abs(np.array(rater["confusion"]) - theta).max()))
            if e is not None:
                prior = fit["prior"]
                others = [c for c in range(len(categories)) if c != e]
                weight = prior[others].sum()
                out.add(key, f"{name} {rater['rater']} sensitivity", rater["sensitivity"], float(theta[e, e]) if prior[e] > 0 else None)
                out.add(key, f"{name} {rater['rater']} specificity", rater["specificity"],
                        float((prior[others] * (1 - theta[others, e])).sum() / weight) if weight > 0 else None)
        reported = np.array([x["posterior"] for x in lc["items"]])
        order = [item_index[x["externalId"]] for x in lc["items"]]
        out.add(key, f"{name} posteriors of {len(items)} items (largest difference)", 0.0, float(np.abs(reported - fit["T"][order]).max()))
        tie = dimension["agreement"]["options"]["tieCategory"]
        votes = gave.sum(axis=1)
        majority = [categories[int(np.argmax(v))] if (v == v.max()).sum() == 1 else tie for v in votes]
        modes = [categories[int(np.argmax(t))] for t in fit["T"]]
        out.add(key, f"{name} items whose mode is not the majority", len(lc["disagreements"]),
                sum(1 for a, b in zip(majority, modes) if a != b), exact=True)
        if e is not None and lc["errorRate"] is not None:
            out.add(key, f"{name} error rate (mean posterior)", lc["errorRate"]["estimate"], float(fit["T"][:, e].mean()))
            interval = lc["errorRate"]["interval"]
            if interval is None and not refitted:
                why = "the fit did not converge" if not lc["converged"] else "the ratings do not determine the fit"
                print(f"{key}: no bootstrap interval for the latent-class error rate: {why}")
            elif interval is None:
                print(f"{key}: the latent-class error rate's bootstrap interval was not yet computed when this package was built")
            else:
                out.add(key, f"{name} interval estimate", interval["estimate"], float(fit["T"][:, e].mean()))
                check_latent_interval(key, gave, e, interval, replicates.get(key, []), out, all_replicates)


# --- model-guided design (stratified estimate) ------------------------------------------------------
# A sample stratified by model disagreement (docs/stratified-sampling.md): audit.json's
# sample.modelDesign gives the strata and N_h, model-strata.csv each sampled item's stratum. An
# item's verdict is whether its majority label (the tie category for a tie) is the error category;
# an item without a rating has none. Per stratum n_h rated, x_h incorrect; W_h = N_h / N,
# f_h = n_h / N_h. Estimate sum W_h x_h/n_h; variance sum W_h^2 (1 - f_h) p_h (1 - p_h)/(n_h - 1)
# (a census stratum adds 0, n_h = 1 adds W_h^2 (1 - f_h)/4); the bound is Korn & Graubard's
# Clopper-Pearson at n* = p~(1 - p~)/v~ from add-one rates p~_h = (x_h + 1)/(n_h + 2) (v~ with
# max(n_h - 1, 1)), times (t_{n-1}(level)/t_{n-H}(level))^2, x* = n*_df p^, upper = the level
# quantile of Beta(x* + 1, n*_df - x*); 1 when every item is wrong or n - H < 1, p^ for a census.

def stratified_bound(tallies, level):
    N = sum(t["population"] for t in tallies)
    n = sum(t["rated"] for t in tallies)
    H = len(tallies)
    estimate = variance = smoothed = smoothed_variance = 0.0
    for t in tallies:
        Nh, nh, xh = t["population"], t["rated"], t["incorrect"]
        W, f, p, pt = Nh / N, nh / Nh, xh / nh, (xh + 1) / (nh + 2)
        estimate += W * p
        smoothed += W * pt
        if nh < Nh:
            variance += W * W * (1 - f) / 4 if nh == 1 else W * W * (1 - f) * p * (1 - p) / (nh - 1)
            smoothed_variance += W * W * (1 - f) * pt * (1 - pt) / max(nh - 1, 1)
    df = n - H
    out = {"populationSize": N, "sampled": n, "strata": H, "degreesOfFreedom": df, "estimate": estimate, "variance": variance}
    if smoothed_variance == 0:
        return dict(out, effectiveSampleSize=None, adjustedEffectiveSampleSize=None, upper=estimate)
    n_star = smoothed * (1 - smoothed) / smoothed_variance
    if df < 1:
        return dict(out, effectiveSampleSize=n_star, adjustedEffectiveSampleSize=None, upper=1.0)
    ratio = 1.0 if H == 1 else t_quantile(level, n - 1) / t_quantile(level, df)
    n_adj = n_star * ratio * ratio
    x = n_adj * estimate
    all_wrong = all(t["incorrect"] == t["rated"] for t in tallies)
    upper = 1.0 if all_wrong else min(1.0, beta_quantile(level, x + 1, n_adj - x))
    return dict(out, effectiveSampleSize=n_star, adjustedEffectiveSampleSize=n_adj, upper=upper)


def check_model_design(folder, report, ratings, out):
    with open(os.path.join(folder, "audit.json"), encoding="utf-8") as f:
        design = json.load(f)["sample"].get("modelDesign")
    reported_design = report["audit"].get("modelDesign")
    if design is None and reported_design is None:
        return
    name = "model-guided design"
    if design is None or reported_design is None:
        out.add(name, "design in audit.json and report.json", "present", "missing")
        return
    out.add(name, "prediction set checksum", reported_design["predictionSet"]["checksum"], design["predictionSet"]["checksum"])
    with open(os.path.join(folder, "model-strata.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if rows[0] != ["item", "stratum"]:
        sys.exit("model-strata.csv: expected the header item,stratum")
    stratum_of = {item: stratum for item, stratum in rows[1:]}
    keys = [a["key"] for a in design["allocation"]]
    for a, theirs in zip(design["allocation"], reported_design["allocation"]):
        out.add(name, f"stratum {a['key']} population", theirs["population"], a["population"], exact=True)
        out.add(name, f"stratum {a['key']} sampled", a["allocated"], sum(1 for s in stratum_of.values() if s == a["key"]), exact=True)
    level = report["audit"]["confidenceLevel"]
    for dimension in report["dimensions"]:
        reported = dimension.get("stratifiedErrorRate")
        if reported is None:
            continue
        key, error = dimension["key"], dimension["errorCategory"]
        categories = dimension["agreement"]["categories"]
        tie = dimension["agreement"]["options"]["tieCategory"]
        tallies = [{"key": a["key"], "population": a["population"], "rated": 0, "incorrect": 0} for a in design["allocation"]]
        for item, chosen in ratings.get(key, {}).items():
            votes = np.array([chosen.count(c) for c in categories])
            leaders = np.flatnonzero(votes == votes.max())
            label = categories[leaders[0]] if len(leaders) == 1 else tie
            t = tallies[keys.index(stratum_of[item])]
            t["rated"] += 1
            t["incorrect"] += 1 if label == error else 0
        for theirs, mine in zip(reported["tallies"], tallies):
            for field in ("rated", "incorrect"):
                out.add(key, f"stratified {mine['key']} {field}", theirs[field], mine[field], exact=True)
        unrated = [t["key"] for t in tallies if t["rated"] == 0]
        out.add(key, "stratified estimate available", str(reported["ok"]).lower(), str(not unrated).lower())
        if unrated or not reported["ok"]:
            out.add(key, "stratified strata without a verdict", " ".join(reported.get("unrated", [])), " ".join(unrated))
            continue
        mine, bound = stratified_bound(tallies, level), reported["bound"]
        for field in ("populationSize", "sampled", "strata", "degreesOfFreedom"):
            out.add(key, f"stratified {field}", bound[field], mine[field], exact=True)
        for field in ("estimate", "variance", "effectiveSampleSize", "adjustedEffectiveSampleSize", "upper"):
            out.add(key, f"stratified {field}", bound[field], mine[field])


# --- calibration round -----------------------------------------------------------------------------

def cohen_kappa(given, key):
    """Cohen's kappa of two complete label lists: (pa - pe) / (1 - pe), pe from the two marginals."""
    categories = sorted(set(given) | set(key))
    if not given or len(categories) < 2:
        return None
    n = len(given)
    pa = sum(1 for a, b in zip(given, key) if a == b) / n
    pe = sum((given.count(c) / n) * (key.count(c) / n) for c in categories)
    return (pa - pe) / (1 - pe)


def summary_range(values):
    if not values:
        return {"mean": None, "min": None, "max": None, "n": 0}
    return {"mean": sum(values) / len(values), "min": min(values), "max": max(values), "n": len(values)}


def design_percent(design):
    """audit.json's pass rule threshold (a share, e.g. 0.8) as the whole percentage it stands for
    (80), so that the verdict matches * 100 >= percent * questions is exact, as in the app."""
    t = design["passRule"]["threshold"]
    if isinstance(t, bool) or not isinstance(t, (int, float)) or abs(t * 100 - round(t * 100)) > 1e-9:
        sys.exit(f"audit.json: the calibration pass rule's threshold {t!r} is not a whole percentage")
    return round(t * 100)


def check_calibration_design(design, percent, cal, items, keys_seen, held, rated_items, out):
    """calibration.csv and report.json against audit.json's `calibration` (the design): the practice
    items in order, every key (each row's key of an item and question must be the design's), the
    threshold, the mode, each round's raters, and that no practice item was rated in the sample."""
    name = "calibration"
    listed = [entry["item"] for entry in design["practiceItems"]]
    if keys_seen:
        out.add(name, "design practice items", ",".join(listed), ",".join(items))
        out.add(name, "design questions", sum(len(e["key"]) for e in design["practiceItems"]), len(keys_seen), exact=True)
        for entry in design["practiceItems"]:
            for question, key in entry["key"].items():
                seen = "|".join(sorted(keys_seen.get((entry["item"], question), set())))
                out.add(name, f"design key {entry['item']} {question}", key, seen)
    out.add(name, "design pass rule threshold (%)", cal["passPercent"], percent, exact=True)
    out.add(name, "design mode", "gate" if cal["gate"] else "report", design["mode"])
    out.add(name, "design rounds", len(cal["rounds"]), len(design["rounds"]), exact=True)
    for entry in design["rounds"]:
        mine = [rater for r, rater in held if r == entry["round"]]
        out.add(name, f"design round {entry['round']} raters", ",".join(entry["raters"]), ",".join(mine))
    among = sum(1 for item in listed if item in rated_items)
    out.add(name, "design practice items among the rated items", design["sample"]["practiceItemsInSample"], among, exact=True)


def check_calibration(folder, report, rated_items, out):
    """Each rater's practice answers of each round against the key (calibration.csv), the pass rule
    (at least the threshold of audit.json's design of the answered questions match the key, once
    every item is answered), the round that counts (the rater's latest) and the summary of
    report.json's `calibration`; and calibration.csv against the design (check_calibration_design)."""
    cal = report.get("calibration")
    with open(os.path.join(folder, "audit.json"), encoding="utf-8") as f:
        design = json.load(f).get("calibration")
    if cal is None and design is None:
        return
    if cal is None or design is None:
        out.add("calibration", "design in audit.json and report.json", "present", "missing")
        return
    path = os.path.join(folder, "calibration.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if rows[0] != ["round", "rater", "item", "question", "key", "answer", "active_ms"]:
        sys.exit(f"{path}: expected the header round,rater,item,question,key,answer,active_ms")
    items, keys_seen, held = [], {}, {}
    for line, (round_, rater, item, question, key, answer, ms) in enumerate(rows[1:], start=2):
        if item not in items:
            items.append(item)
        keys_seen.setdefault((item, question), set()).add(key)
        answers = held.setdefault((int(round_), rater), {})
        if ms != "":
            entry = answers.setdefault(item, {"ms": int(ms), "pairs": []})
            if answer != "":
                # Categories of different questions are different categories.
                entry["pairs"].append(((question, answer), (question, key)))
    name = "calibration"
    if rows[1:]:
        out.add(name, "practice items", cal["items"], len(items), exact=True)
        out.add(name, "questions", cal["questions"], len(keys_seen), exact=True)
    # The verdicts follow the design's threshold, not report.json's alone.
    pass_percent = design_percent(design)
    check_calibration_design(design, pass_percent, cal, items, keys_seen, held, rated_items, out)
    rounds = sorted({r for r, _ in held})
    out.add(name, "rounds", len(cal["rounds"]), len(rounds), exact=True)
    for i, entry in enumerate(cal["rounds"]):
        mine = [rater for r, rater in held if r == entry["round"]]
        out.add(name, f"round {entry['round']} raters", ",".join(entry["raters"]), ",".join(mine))
    results = {}
    for (round_, rater), answers in held.items():
        pairs = [p for a in answers.values() for p in a["pairs"]]
        matches = sum(1 for given, key in pairs if given == key)
        finished = len(items) > 0 and len(answers) >= len(items)
        passed = len(pairs) > 0 and matches * 100 >= pass_percent * len(pairs)
        results.setdefault(rater, []).append({
            "round": round_,
            "items": len(answers),
            "questions": len(pairs),
            "matches": matches,
            "agreement": matches / len(pairs) if pairs else None,
            "kappa": cohen_kappa([g for g, _ in pairs], [k for _, k in pairs]),
            "activeMs": sum(a["ms"] for a in answers.values()),
            "status": "inProgress" if not finished else "passed" if passed else "notPassed",
        })
    out.add(name, "raters", ",".join(sorted(r["rater"] for r in cal["raters"])), ",".join(sorted(results)))
    for reported in cal["raters"]:
        label = reported["rater"]
        mine = sorted(results.get(label, []), key=lambda r: r["round"])
        out.add(name, f"{label} rounds", len(reported["rounds"]), len(mine), exact=True)
        for theirs, recomputed in zip(reported["rounds"], mine):
            prefix = f"{label} round {recomputed['round']}"
            out.add(name, f"{prefix} number", theirs["round"], recomputed["round"], exact=True)
            for field in ("items", "questions", "matches", "activeMs"):
                out.add(name, f"{prefix} {field}", theirs[field], recomputed[field], exact=True)
            out.add(name, f"{prefix} agreement", theirs["agreement"], recomputed["agreement"])
            out.add(name, f"{prefix} kappa", theirs["kappa"], recomputed["kappa"])
            out.add(name, f"{prefix} status", theirs["status"], recomputed["status"])
        if mine:
            out.add(name, f"{label} counting round", reported["countingRound"], mine[-1]["round"], exact=True)
            out.add(name, f"{label} status", reported["status"], mine[-1]["status"])
    per_rater = [sorted(rs, key=lambda r: r["round"]) for rs in results.values()]
    firsts = [rs[0] for rs in per_rater if rs[0]["status"] != "inProgress"]
    summary = cal["summary"]
    out.add(name, "summary raters", summary["raters"], len(per_rater), exact=True)
    out.add(name, "summary first round finished", summary["firstRound"]["finished"], len(firsts), exact=True)
    for field in ("agreement", "kappa"):
        mine = summary_range([r[field] for r in firsts if r[field] is not None])
        theirs = summary["firstRound"][field]
        out.add(name, f"summary first round {field} n", theirs["n"], mine["n"], exact=True)
        for stat in ("mean", "min", "max"):
            out.add(name, f"summary first round {field} {stat}", theirs[stat], mine[stat])
    out.add(name, "summary passed at the first round", summary["passedFirst"], sum(1 for rs in per_rater if rs[0]["status"] == "passed"), exact=True)
    for status, field in (("passed", "passed"), ("notPassed", "notPassed"), ("inProgress", "inProgress")):
        out.add(name, f"summary {field} (round that counts)", summary[field], sum(1 for rs in per_rater if rs[-1]["status"] == status), exact=True)
    out.add(name, "summary re-calibrated", summary["recalibrated"], sum(1 for rs in per_rater if len(rs) > 1), exact=True)


def main(folder, all_replicates=False):
    with open(os.path.join(folder, "report.json"), encoding="utf-8") as f:
        report = json.load(f)
    ratings = read_ratings(os.path.join(folder, "ratings-long.csv"))
    out = Comparison()
    for dimension in report["dimensions"]:
        key, agreement = dimension["key"], dimension["agreement"]
        options = agreement["options"]
        if options["weights"] != "unweighted":
            sys.exit(f"{key}: weights {options['weights']} are not reproduced by this script")
        categories = agreement["categories"]
        index = {c: i for i, c in enumerate(categories)}
        items = ratings.get(key, {})
        counts = np.zeros((len(items), len(categories)))
        for row, chosen in enumerate(items.values()):
            for category in chosen:
                if category not in index:
                    sys.exit(f"ratings-long.csv: category {category!r} is not one of {key}'s {categories}")
                counts[row, index[category]] += 1
        r = counts.sum(axis=1)
        q, N, level = len(categories), options["populationSize"], options["confidenceLevel"]

        out.add(key, "items rated", agreement["items"]["total"], len(items), exact=True)
        out.add(key, "items with 2+ ratings", agreement["items"]["withTwoOrMoreRatings"], int((r >= 2).sum()), exact=True)
        per_category, ties = majority(counts, categories, options["tieCategory"])
        for entry in agreement["majority"]["counts"]:
            out.add(key, f"majority {entry['category']}", entry["count"], per_category[entry["category"]], exact=True)
        out.add(key, "majority ties", agreement["majority"]["ties"], ties, exact=True)
        s = shares(counts, r)
        out.add(key, "share at least two agree", agreement["shares"]["atLeastTwoAgree"], s["atLeastTwoAgree"])
        out.add(key, "share all agree", agreement["shares"]["allAgree"], s["allAgree"])
        for name, fn in (("gwetAc1", gwet_ac1), ("fleissKappa", fleiss_kappa), ("krippendorffAlpha", krippendorff_alpha)):
            mine, theirs = fn(counts, r, q, N, level), agreement["coefficients"][name]
            for field in ("pa", "pe", "coeff", "se"):
                out.add(key, f"{name} {field}", theirs[field], mine[field])
            for field in ("ciLower", "ciUpper"):
                out.add(key, f"{name} {field}", theirs[field], mine[field], tolerance=CI_TOLERANCE)
        bound = dimension.get("errorRateBound")
        if bound is not None:
            x = per_category[dimension["errorCategory"]]
            mine = error_rate_bound(x, len(items), N, level)
            out.add(key, f"bound: majority {dimension['errorCategory']}", bound["incorrect"], mine["incorrect"], exact=True)
            out.add(key, "bound: items rated", bound["sampled"], mine["sampled"], exact=True)
            out.add(key, "bound: observed rate", bound["observedRate"], mine["observedRate"])
            out.add(key, "bound: Clopper-Pearson", bound["binomialUpper"], mine["binomialUpper"])
            out.add(key, "bound: hypergeometric count", bound["hypergeometricUpperCount"], mine["hypergeometricUpperCount"], exact=True)
            out.add(key, "bound: hypergeometric", bound["hypergeometricUpper"], mine["hypergeometricUpper"])
    check_over_time(folder, report, out)
    check_rater_quality(folder, report, read_rated_by(os.path.join(folder, "ratings-long.csv")), out)
    check_latent_class(folder, report, out, all_replicates)
    check_calibration(folder, report, {item for by_item in ratings.values() for item in by_item}, out)
    check_model_design(folder, report, ratings, out)
    out.print()
    checked = len(out.rows)
    if out.failures:
        print(f"\n{out.failures} of {checked} numbers differ from the report.")
        return 1
    print(f"\nAll {checked} numbers agree with the report (tolerance {TOLERANCE:g}; confidence bounds {CI_TOLERANCE:g}).")
    return 0


if __name__ == "__main__":
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if set(flags) - {"--all-replicates"}:
        sys.exit(f"unknown option {sorted(set(flags) - {'--all-replicates'})[0]}; usage: python3 reproduce.py [--all-replicates] [PACKAGE_DIR]")
    folders = [a for a in sys.argv[1:] if not a.startswith("--")]
    sys.exit(main(folders[0] if folders else os.path.dirname(os.path.abspath(__file__)), "--all-replicates" in flags))
