;; PRNG spec v2 (lib/sampling/prng-v2.ts) in WebAssembly: xoshiro256** on native 64-bit
;; integers, read as 32-bit words, bounded integers by Lemire's multiply-shift.
;; One instance is one generator; its state lives in the globals below.
;; Assembled into prng-v2-wasm.ts by `npm run build:wasm` (prng-v2-wasm.test.ts checks that the
;; committed bytes are this file's, and fast-prng-v2.test.ts every output against the spec).
(module
  ;; Draws are written here, at most 16,384 per call (one 64 KiB page).
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

  ;; Writes `count` successive nextInt(n) (spec step 5) as 32-bit values from address 0;
  ;; n is an integer in [2, 2^32] (exact in the f64 it is passed as). A word w is rejected
  ;; when (w * n) mod 2^32 < 2^32 mod n, which is Lemire's test: rejection needs l < n first
  ;; and 2^32 mod n < n. The product w * n < 2^64 is exact in an i64.
  (func (export "fill") (param $bound f64) (param $count i32)
    (local $n i64) (local $t i64) (local $ptr i32) (local $end i32) (local $m i64) (local $x i64)
    (local $a i64) (local $b i64) (local $c i64) (local $d i64) (local $shift i64)
    (local.set $n (i64.trunc_f64_u (local.get $bound)))
    (local.set $t (i64.rem_u (i64.const 0x100000000) (local.get $n)))
    (local.set $end (i32.shl (local.get $count) (i32.const 2)))
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
    (global.set $s3 (local.get $d))))
