// pto-verify-fifo never unrolls loops: trips of 10^9 and 10^12 are proved
// (or refuted) from a prologue, one steady period and an epilogue.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics
// RUN: not pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file 2>&1 >/dev/null | FileCheck %s

// Naive round trip, 10^9 blocks.
// CHECK: remark: FIFO verified for @cube / @vector at 4 slot(s) per pipe: C2V 1000000000 messages, peak 1 of 4 slots held; V2C 1000000000 messages, peak 1 of 4 slots held; no deadlock
func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
    "pto.tpush_to_aic"(%s) : (tensor<16x16xf32>) -> ()
  }
  return
}

// -----

// Producer skew of depth 2 over 10^12 blocks (the shape pto-skew-cross-core
// emits): prologue of 2 pushes, steady loop of 2 pushes + 2 pops, epilogue.
// CHECK: remark: FIFO verified for @cube / @vector at 4 slot(s) per pipe: C2V 1000000000000 messages, peak 4 of 4 slots held; V2C 1000000000000 messages, peak 4 of 4 slots held; no deadlock
func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  %c2 = arith.constant 2 : index
  %n = arith.constant 1000000000000 : index
  "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
  "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
  scf.for %k = %c2 to %n step %c2 {
    "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
    "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
    %p0 = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
    %p1 = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  }
  %e0 = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  %e1 = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
    "pto.tpush_to_aic"(%s) : (tensor<16x16xf32>) -> ()
  }
  return
}

// -----

// Depth 4 over 10^9 blocks needs 2*4-1 = 7 buffered messages: two slots
// per pipe (4 in all) deadlock in the first steady iteration.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %n = arith.constant 1000000000 : index
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
    }
    scf.for %k = %c4 to %n step %c4 {
      scf.for %i = %c0 to %c4 step %c1 {
        // expected-error @below {{deadlock at 2 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 2 of 2 slots: 2 in flight, 0 popped awaiting tfree; 5 pushed, 3 popped), while the vector kernel waits too}}
        // expected-note @below {{the cube kernel waits here}}
        "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
      }
      scf.for %i = %c0 to %c4 step %c1 {
        %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
      }
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1000000000 : index
    scf.for %i = %c0 to %n step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
      // expected-error @below {{deadlock at 2 slot(s) per pipe: this push to V2C waits for a free slot (V2C holds 2 of 2 slots: 2 in flight, 0 popped awaiting tfree; 2 pushed, 0 popped), while the cube kernel waits too}}
      // expected-note @below {{the vector kernel waits here}}
      "pto.tpush_to_aic"(%s) : (tensor<16x16xf32>) -> ()
    }
    return
  }
}

// -----

// One message short after 10^12 trips: the error names the last message.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @below {{message count mismatch on C2V: message #999999999999 pushed here is never popped (1000000000000 pushed, 999999999999 popped when both kernels return)}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 999999999999 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// A wrong tile type in the epilogue only, after 10^12 good messages.
func.func @cube(%t: tensor<16xf32>, %u: tensor<8xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  // expected-note @below {{message #1000000000000 pushed here}}
  "pto.tpush_to_aiv"(%u) : (tensor<8xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000001 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @below {{tile type mismatch on C2V: pops tensor<16xf32>, but message #1000000000000 is tensor<8xf32>}}
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// Different loop nests on the two sides: 10^6 x 10^6 pushes of 3 against
// 1.5 * 10^12 trips of 2 pops; each side's period is a different shape.
// CHECK: remark: FIFO verified for @cube / @vector at 4 slot(s) per pipe: C2V 3000000000000 messages
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant 1000000 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1500000000000 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}
