#!/usr/bin/env python3
"""Independent transcription of the ClinAudit PRNG spec v2 (docs/prng.md), in plain Python
integers, for prng-v2.test.ts: it shares no code with the TypeScript implementations.

Usage: prng_v2_reference.py SEED STREAM COUNT BOUND [BOUND ...]
Prints one JSON object: the first four state words (hex), COUNT words, then COUNT nextInt
draws cycling through the bounds on a fresh generator, and 5 floats after them.
"""
import hashlib
import json
import sys

M64 = (1 << 64) - 1


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class Prng32:
    def __init__(self, seed, stream):
        material = json.dumps(["clinaudit-prng", 2, seed, stream], ensure_ascii=False, separators=(",", ":"))
        d = hashlib.sha256(material.encode("utf-8")).digest()
        self.s = [int.from_bytes(d[i:i + 8], "big") for i in range(0, 32, 8)]
        self.pending = None

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

    def word(self):
        if self.pending is not None:
            w, self.pending = self.pending, None
            return w
        x = self.next64()
        self.pending = x & 0xFFFFFFFF
        return x >> 32

    def next_int(self, n):
        if n == 1:
            return 0
        m = self.word() * n
        if (m & 0xFFFFFFFF) < n:
            t = (1 << 32) % n
            while (m & 0xFFFFFFFF) < t:
                m = self.word() * n
        return m >> 32

    def next_float(self):
        a = self.word()
        b = self.word()
        return ((a << 21) | (b >> 11)) / float(1 << 53)


def main():
    seed, stream, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    bounds = [int(b) for b in sys.argv[4:]]
    g = Prng32(seed, stream)
    state = ["%016x" % w for w in g.s]
    words = [g.word() for _ in range(count)]
    g = Prng32(seed, stream)
    ints = [g.next_int(bounds[i % len(bounds)]) for i in range(count)]
    floats = [g.next_float() for _ in range(5)]
    print(json.dumps({"state": state, "words": words, "ints": ints, "floats": floats}))


if __name__ == "__main__":
    main()
