"""Independent reference for the Dawid-Skene fit of issue #34, written from the algorithm as the
issue states it (Dawid & Skene 1979, EM), item by item with plain products, not from the
TypeScript. Reads {"q": q, "ratings": [[k or null per rater] per item]} from stdin, prints JSON.

  T[i][c] = share of item i's ratings in c
  repeat:  pi[c] = mean_i T[i][c]
           theta[r][c][k] = sum_i T[i][c] [r gave k on i] / sum_i T[i][c] [r rated i]  (0/0 -> 1/q)
           T[i][c] = pi[c] prod_r theta[r][c][k_ri] / sum over c of the same
  until max |T_new - T_old| < 1e-12 or 1,000,000 iterations (the report's fit; a bootstrap refit stops at 10,000).
"""
import json
import sys

import numpy as np

data = json.load(sys.stdin)
q = data["q"]
rows = [r for r in data["ratings"] if any(k is not None for k in r)]
n, R = len(rows), len(rows[0])
gave = np.zeros((n, R, q))  # gave[i, r, k] = 1 when rater r gave k on item i
for i, row in enumerate(rows):
    for r, k in enumerate(row):
        if k is not None:
            gave[i, r, k] = 1.0
rated = gave.sum(axis=2)  # [i, r]

T = gave.sum(axis=1)
T = T / T.sum(axis=1, keepdims=True)
iterations = 0
while True:
    iterations += 1
    pi = T.mean(axis=0)
    theta = np.zeros((R, q, q))
    for r in range(R):
        for c in range(q):
            denominator = (T[:, c] * rated[:, r]).sum()
            for k in range(q):
                theta[r, c, k] = (T[:, c] * gave[:, r, k]).sum() / denominator if denominator > 0 else 1.0 / q
    joint = np.zeros((n, q))
    for i in range(n):
        for c in range(q):
            p = pi[c]
            for r in range(R):
                for k in range(q):
                    if gave[i, r, k]:
                        p *= theta[r, c, k]
            joint[i, c] = p
    new = joint / joint.sum(axis=1, keepdims=True)
    change = np.abs(new - T).max()
    T = new
    if change < 1e-12 or iterations >= 1000000:
        break

print(json.dumps({
    "prior": pi.tolist(),
    "confusion": theta.tolist(),
    "posteriors": T.tolist(),
    "iterations": iterations,
    "converged": bool(change < 1e-12),
    "logLikelihood": float(np.log(joint.sum(axis=1)).sum()),
}))
