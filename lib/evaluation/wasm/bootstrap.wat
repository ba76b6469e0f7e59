;; The bootstrap's hot loops in WebAssembly (JavaScript has no 64-bit integers but BigInt):
;;   - PRNG spec v2 (lib/sampling/prng-v2.ts): xoshiro256** on native i64, read as 32-bit
;;     words, bounded integers by Lemire's multiply-shift (fast-prng-v2.ts);
;;   - one replicate of the packed per-patient sums of replicate-sums.ts.
;; One instance is one generator; its state lives in the globals below, and the caller lays
;; out its arrays in the memory (addresses in bytes).
;; Assembled into bootstrap-wasm.ts by `npm run build:wasm` (scripts/wasm/build.test.ts checks
;; that the committed bytes are this file's; fast-prng-v2.test.ts checks every draw against
;; the spec and shared-report.test.ts every sum against plain sums of the spec's draws).
(module
  (memory (export "memory") 1)
  (global $s0 (mut i64) (i64.const 0))
  (global $s1 (mut i64) (i64.const 0))
  (global $s2 (mut i64) (i64.const 0))
  (global $s3 (mut i64) (i64.const 0))
  ;; The unused low word of the last output (spec step 4), or -1.
  (global $pending (mut i64) (i64.const -1))

  (func (export "seed") (param $a i64) (param $b i64) (param $c i64) (param $d i64)
    (global.set $s0 (local.get $a))
    (global.set $s1 (local.get $b))
    (global.set $s2 (local.get $c))
    (global.set $s3 (local.get $d))
    (global.set $pending (i64.const -1)))

  ;; The next 32-bit word (spec step 4), as an i32 (JavaScript reads it with >>> 0).
  (func (export "nextWord") (result i32)
    (local $w i64)
    (if (i64.ge_s (global.get $pending) (i64.const 0))
      (then
        (local.set $w (global.get $pending))
        (global.set $pending (i64.const -1)))
      (else
        (local.set $w (call $next))
        (global.set $pending (i64.and (local.get $w) (i64.const 0xffffffff)))
        (local.set $w (i64.shr_u (local.get $w) (i64.const 32)))))
    (i32.wrap_i64 (local.get $w)))

  ;; One xoshiro256** 1.0 step on the globals.
  (func $next (result i64)
    (local $result i64)
    (local $t i64)
    (local.set $result (i64.mul (i64.rotl (i64.mul (global.get $s1) (i64.const 5)) (i64.const 7)) (i64.const 9)))
    (local.set $t (i64.shl (global.get $s1) (i64.const 17)))
    (global.set $s2 (i64.xor (global.get $s2) (global.get $s0)))
    (global.set $s3 (i64.xor (global.get $s3) (global.get $s1)))
    (global.set $s1 (i64.xor (global.get $s1) (global.get $s2)))
    (global.set $s0 (i64.xor (global.get $s0) (global.get $s3)))
    (global.set $s2 (i64.xor (global.get $s2) (local.get $t)))
    (global.set $s3 (i64.rotl (global.get $s3) (i64.const 45)))
    (local.get $result))

  ;; Writes `count` successive nextInt(n) (spec step 5) as 32-bit values from address `at`;
  ;; n is an integer in [2, 2^32] (exact in the f64 it is passed as). A word w is rejected
  ;; when (w * n) mod 2^32 < 2^32 mod n, which is Lemire's test: rejection needs l < n first
  ;; and 2^32 mod n < n. The product w * n < 2^64 is exact in an i64.
  (func $fill (export "fill") (param $bound f64) (param $at i32) (param $count i32)
    (local $n i64) (local $t i64) (local $ptr i32) (local $end i32) (local $m i64) (local $x i64)
    (local $a i64) (local $b i64) (local $c i64) (local $d i64) (local $shift i64)
    (local.set $n (i64.trunc_f64_u (local.get $bound)))
    (local.set $t (i64.rem_u (i64.const 0x100000000) (local.get $n)))
    (local.set $ptr (local.get $at))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $count) (i32.const 2))))
    ;; A word left from the last output goes first.
    (if (i32.and (i64.ge_s (global.get $pending) (i64.const 0)) (i32.lt_u (local.get $ptr) (local.get $end)))
      (then
        (local.set $m (i64.mul (global.get $pending) (local.get $n)))
        (global.set $pending (i64.const -1))
        (if (i64.ge_u (i64.and (local.get $m) (i64.const 0xffffffff)) (local.get $t))
          (then
            (i64.store32 (local.get $ptr) (i64.shr_u (local.get $m) (i64.const 32)))
            (local.set $ptr (i32.add (local.get $ptr) (i32.const 4)))))))
    ;; The state in locals for the whole run (the engine keeps them in registers).
    (local.set $a (global.get $s0))
    (local.set $b (global.get $s1))
    (local.set $c (global.get $s2))
    (local.set $d (global.get $s3))
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $ptr) (local.get $end)))
        ;; xoshiro256** 1.0, as $next.
        (local.set $x (i64.mul (i64.rotl (i64.mul (local.get $b) (i64.const 5)) (i64.const 7)) (i64.const 9)))
        (local.set $shift (i64.shl (local.get $b) (i64.const 17)))
        (local.set $c (i64.xor (local.get $c) (local.get $a)))
        (local.set $d (i64.xor (local.get $d) (local.get $b)))
        (local.set $b (i64.xor (local.get $b) (local.get $c)))
        (local.set $a (i64.xor (local.get $a) (local.get $d)))
        (local.set $c (i64.xor (local.get $c) (local.get $shift)))
        (local.set $d (i64.rotl (local.get $d) (i64.const 45)))
        ;; Two draws out of the output: the high word first.
        (local.set $m (i64.mul (i64.shr_u (local.get $x) (i64.const 32)) (local.get $n)))
        (if (i64.ge_u (i64.and (local.get $m) (i64.const 0xffffffff)) (local.get $t))
          (then
            (i64.store32 (local.get $ptr) (i64.shr_u (local.get $m) (i64.const 32)))
            (local.set $ptr (i32.add (local.get $ptr) (i32.const 4)))))
        (if (i32.ge_u (local.get $ptr) (local.get $end))
          (then
            (global.set $pending (i64.and (local.get $x) (i64.const 0xffffffff)))
            (br $done)))
        (local.set $m (i64.mul (i64.and (local.get $x) (i64.const 0xffffffff)) (local.get $n)))
        (if (i64.ge_u (i64.and (local.get $m) (i64.const 0xffffffff)) (local.get $t))
          (then
            (i64.store32 (local.get $ptr) (i64.shr_u (local.get $m) (i64.const 32)))
            (local.set $ptr (i32.add (local.get $ptr) (i32.const 4)))))
        (br $step)))
    (global.set $s0 (local.get $a))
    (global.set $s1 (local.get $b))
    (global.set $s2 (local.get $c))
    (global.set $s3 (local.get $d)))

  ;; One replicate of ReplicateSums as sums per word (its counting path): P draws of
  ;; nextInt(P) at $draws, each patient's multiplicity m (as f64) at $counts, then
  ;; acc[w] = Σ over word w's entries e ($colStart[w] .. $colStart[w + 1]) of
  ;; m[patient[e]] * value[e]. A word's sum stays in four locals (so the additions do not
  ;; wait on one another) and is stored once; adding patient by patient instead loads and
  ;; stores the accumulator once per patient and word. Every term is a non-negative integer and
  ;; every partial sum an integer below 2^52, so each addition is exact: the same words in any
  ;; order.
  (func (export "replicateByWord")
    (param $P i32) (param $draws i32) (param $counts i32)
    (param $colStart i32) (param $patient i32) (param $value i32)
    (param $acc i32) (param $words i32)
    (local $k i32) (local $cell i32) (local $w i32)
    ;; $pe, $ve: the addresses of patient[e] and value[e]; $last: of patient[end of the word]
    (local $pe i32) (local $ve i32) (local $last i32)
    (local $s0 f64) (local $s1 f64) (local $s2 f64) (local $s3 f64)
    (call $fill (f64.convert_i32_u (local.get $P)) (local.get $draws) (local.get $P))
    (memory.fill (local.get $counts) (i32.const 0) (i32.shl (local.get $P) (i32.const 3)))
    (block $counted
      (loop $count
        (br_if $counted (i32.ge_u (local.get $k) (local.get $P)))
        (local.set $cell
          (i32.add (local.get $counts) (i32.shl (i32.load (i32.add (local.get $draws) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 3))))
        (f64.store (local.get $cell) (f64.add (f64.load (local.get $cell)) (f64.const 1)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $count)))
    (local.set $pe (i32.add (local.get $patient) (i32.shl (i32.load (local.get $colStart)) (i32.const 2))))
    (local.set $ve (i32.add (local.get $value) (i32.shl (i32.load (local.get $colStart)) (i32.const 3))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $w) (local.get $words)))
        (local.set $last
          (i32.add (local.get $patient) (i32.shl (i32.load (i32.add (local.get $colStart) (i32.shl (i32.add (local.get $w) (i32.const 1)) (i32.const 2)))) (i32.const 2))))
        (local.set $s0 (f64.const 0))
        (local.set $s1 (f64.const 0))
        (local.set $s2 (f64.const 0))
        (local.set $s3 (f64.const 0))
        (block $quadsDone
          (loop $quad
            (br_if $quadsDone (i32.gt_u (i32.add (local.get $pe) (i32.const 16)) (local.get $last)))
            (local.set $s0 (f64.add (local.get $s0) (f64.mul (f64.load offset=0 (local.get $ve))
              (f64.load (i32.add (local.get $counts) (i32.shl (i32.load offset=0 (local.get $pe)) (i32.const 3)))))))
            (local.set $s1 (f64.add (local.get $s1) (f64.mul (f64.load offset=8 (local.get $ve))
              (f64.load (i32.add (local.get $counts) (i32.shl (i32.load offset=4 (local.get $pe)) (i32.const 3)))))))
            (local.set $s2 (f64.add (local.get $s2) (f64.mul (f64.load offset=16 (local.get $ve))
              (f64.load (i32.add (local.get $counts) (i32.shl (i32.load offset=8 (local.get $pe)) (i32.const 3)))))))
            (local.set $s3 (f64.add (local.get $s3) (f64.mul (f64.load offset=24 (local.get $ve))
              (f64.load (i32.add (local.get $counts) (i32.shl (i32.load offset=12 (local.get $pe)) (i32.const 3)))))))
            (local.set $pe (i32.add (local.get $pe) (i32.const 16)))
            (local.set $ve (i32.add (local.get $ve) (i32.const 32)))
            (br $quad)))
        (block $tailDone
          (loop $tail
            (br_if $tailDone (i32.ge_u (local.get $pe) (local.get $last)))
            (local.set $s0 (f64.add (local.get $s0) (f64.mul (f64.load (local.get $ve))
              (f64.load (i32.add (local.get $counts) (i32.shl (i32.load (local.get $pe)) (i32.const 3)))))))
            (local.set $pe (i32.add (local.get $pe) (i32.const 4)))
            (local.set $ve (i32.add (local.get $ve) (i32.const 8)))
            (br $tail)))
        (f64.store (i32.add (local.get $acc) (i32.shl (local.get $w) (i32.const 3)))
          (f64.add (f64.add (local.get $s0) (local.get $s1)) (f64.add (local.get $s2) (local.get $s3))))
        (local.set $w (i32.add (local.get $w) (i32.const 1)))
        (br $word))))

  ;; The same sums adding each drawn patient's words once per draw, in draw order (no counting
  ;; pass): cheaper when patients have one or two words. With a single dense word and no
  ;; sparse entries (one pair's correct and total) the sum stays in a local.
  (func (export "replicatePerDraw")
    (param $P i32) (param $draws i32)
    (param $dense i32) (param $denseWords i32) (param $start i32) (param $word i32) (param $value i32)
    (param $acc i32) (param $words i32)
    (local $k i32) (local $d i32) (local $j i32) (local $e i32) (local $end i32)
    (local $cell i32) (local $row i32) (local $sum f64)
    (call $fill (f64.convert_i32_u (local.get $P)) (local.get $draws) (local.get $P))
    (memory.fill (local.get $acc) (i32.const 0) (i32.shl (local.get $words) (i32.const 3)))
    (if (i32.and
          (i32.eq (local.get $denseWords) (i32.const 1))
          (i32.eqz (i32.load (i32.add (local.get $start) (i32.shl (local.get $P) (i32.const 2))))))
      (then
        (block $summed
          (loop $draw
            (br_if $summed (i32.ge_u (local.get $k) (local.get $P)))
            (local.set $sum
              (f64.add (local.get $sum)
                (f64.load (i32.add (local.get $dense)
                  (i32.shl (i32.load (i32.add (local.get $draws) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 3))))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $draw)))
        (f64.store (local.get $acc) (local.get $sum))
        (return)))
    (block $summed
      (loop $draw
        (br_if $summed (i32.ge_u (local.get $k) (local.get $P)))
        (local.set $d (i32.load (i32.add (local.get $draws) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $row (i32.add (local.get $dense) (i32.shl (i32.mul (local.get $d) (local.get $denseWords)) (i32.const 3))))
        (local.set $j (i32.const 0))
        (block $denseDone
          (loop $denseWord
            (br_if $denseDone (i32.ge_u (local.get $j) (local.get $denseWords)))
            (local.set $cell (i32.add (local.get $acc) (i32.shl (local.get $j) (i32.const 3))))
            (f64.store (local.get $cell)
              (f64.add (f64.load (local.get $cell)) (f64.load (i32.add (local.get $row) (i32.shl (local.get $j) (i32.const 3))))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $denseWord)))
        (local.set $e (i32.load (i32.add (local.get $start) (i32.shl (local.get $d) (i32.const 2)))))
        (local.set $end (i32.load (i32.add (local.get $start) (i32.shl (i32.add (local.get $d) (i32.const 1)) (i32.const 2)))))
        (block $sparseDone
          (loop $sparse
            (br_if $sparseDone (i32.ge_u (local.get $e) (local.get $end)))
            (local.set $cell
              (i32.add (local.get $acc) (i32.shl (i32.load (i32.add (local.get $word) (i32.shl (local.get $e) (i32.const 2)))) (i32.const 3))))
            (f64.store (local.get $cell)
              (f64.add (f64.load (local.get $cell)) (f64.load (i32.add (local.get $value) (i32.shl (local.get $e) (i32.const 3))))))
            (local.set $e (i32.add (local.get $e) (i32.const 1)))
            (br $sparse)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $draw)))))

