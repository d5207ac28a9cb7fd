// pto-verify-fifo accepts the flash-decode pair before and after the skew,
// silently and without changing the IR; the skewed pair (depth 2) needs
// 2*2-1 = 3 buffered messages, so one slot per pipe deadlocks it.
// RUN: pto-opt %S/../../examples/flash_decode_qk_pv.mlir --pto-verify-fifo -verify-diagnostics
// RUN: pto-opt %S/../../examples/flash_decode_qk_pv.mlir --pto-skew-cross-core --pto-verify-fifo -verify-diagnostics
// RUN: pto-opt %S/../../examples/flash_decode_qk_pv.mlir --pto-skew-cross-core --pto-verify-fifo="fifo-depth=2" -verify-diagnostics
// RUN: pto-opt %S/../../examples/flash_decode_qk_pv.mlir --pto-skew-cross-core -o %t.skewed.mlir
// RUN: pto-opt %t.skewed.mlir --pto-verify-fifo -o %t.verified.mlir
// RUN: diff %t.skewed.mlir %t.verified.mlir
// RUN: pto-opt %S/../../examples/flash_decode_qk_pv.mlir --pass-pipeline='builtin.module(func.func(pto-skew-cross-core), pto-verify-fifo{fifo-depth=2})' -verify-diagnostics
// RUN: not pto-opt %t.skewed.mlir --pass-pipeline='builtin.module(pto-verify-fifo{fifo-depth=1})' 2>&1 | FileCheck %s --check-prefix=SLOTS1
// RUN: pto-opt %S/../../examples/flash_decode_qk_pv.mlir --pto-verify-fifo="fifo-depth=1" -verify-diagnostics
// RUN: pto-opt %t.skewed.mlir --pto-verify-fifo="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: not pto-opt %t.skewed.mlir --pto-verify-fifo="fifo-depth=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// SLOTS1: error: deadlock at 1 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 1 of 1 slots: 1 in flight, 0 popped awaiting tfree; 3 pushed, 2 popped), while the vector kernel waits too
// SLOTS1-NEXT: "pto.tpush_to_aiv"
// SLOTS1: note: the vector kernel waits here
// SLOTS1: error: deadlock at 1 slot(s) per pipe: this push to V2C waits for a free slot (V2C holds 1 of 1 slots: 1 in flight, 0 popped awaiting tfree; 1 pushed, 0 popped), while the cube kernel waits too
// SLOTS1-NEXT: "pto.tpush_to_aic"
// SLOTS1: note: the cube kernel waits here

// REMARK: remark: FIFO verified for @qk_pv_cube / @qk_pv_vector at 4 slot(s) per pipe: C2V 8 messages, peak 4 of 4 slots held; V2C 8 messages, peak 4 of 4 slots held; no deadlock

// NEGATIVE: error: option 'fifo-depth' of pass 'pto-verify-fifo' must be >= 0, got -1
