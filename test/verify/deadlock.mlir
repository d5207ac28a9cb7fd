// pto-verify-fifo: a pair that can deadlock at the declared slot count is an
// error at each blocked op, naming the pipe and what it holds.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

// Both cores pop first: each waits for a message the other never sends.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  // expected-error @below {{deadlock at 4 slot(s) per pipe: this pop from V2C waits for message #0, while the vector kernel waits too}}
  // expected-note @below {{the cube kernel waits here}}
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector(%t: tensor<16xf32>) attributes {pto.core = "aiv"} {
  // expected-error @below {{deadlock at 4 slot(s) per pipe: this pop from C2V waits for message #0, while the cube kernel waits too}}
  // expected-note @below {{the vector kernel waits here}}
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  "pto.tpush_to_aic"(%t) : (tensor<16xf32>) -> ()
  return
}

// -----

// A producer three messages ahead (pushes 0..5 before its first pop) against
// a demoted consumer: it needs 5 buffered messages, two slots per pipe hold 4.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%t: tensor<1x8xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      // expected-error @below {{deadlock at 2 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 2 of 2 slots: 2 in flight, 0 popped awaiting tfree; 5 pushed, 3 popped), while the vector kernel waits too}}
      // expected-note @below {{the cube kernel waits here}}
      "pto.tpush_to_aiv"(%t) : (tensor<1x8xf32>) -> ()
    }
    scf.for %i = %c0 to %c6 step %c1 {
      %p = "pto.tpop_from_aiv"() : () -> tensor<1x8xf32>
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<1x8xf32>
      // expected-error @below {{deadlock at 2 slot(s) per pipe: this push to V2C waits for a free slot (V2C holds 2 of 2 slots: 2 in flight, 0 popped awaiting tfree; 2 pushed, 0 popped), while the cube kernel waits too}}
      // expected-note @below {{the vector kernel waits here}}
      "pto.tpush_to_aic"(%s) : (tensor<1x8xf32>) -> ()
    }
    return
  }
}

// -----

// The same pair with three slots per pipe runs to the end: silent.
module attributes {pto.fifo_depth = 3 : i64} {
  func.func @cube(%t: tensor<1x8xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<1x8xf32>) -> ()
    }
    scf.for %i = %c0 to %c6 step %c1 {
      %p = "pto.tpop_from_aiv"() : () -> tensor<1x8xf32>
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<1x8xf32>
      "pto.tpush_to_aic"(%s) : (tensor<1x8xf32>) -> ()
    }
    return
  }
}
