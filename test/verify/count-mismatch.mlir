// pto-verify-fifo: pushes and pops of a pipe must agree in number; the
// error is at the op whose message is left over or never comes.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

// One push more than pops: the last message stays in the pipe.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  scf.for %i = %c0 to %c9 step %c1 {
    // expected-error @below {{message count mismatch on C2V: message #8 pushed here is never popped (9 pushed, 8 popped when both kernels return)}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// One pop more than pushes: the last pop waits for a message that never comes.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  // expected-error @below {{message count mismatch on C2V: this pop from C2V waits for message #8, but the cube kernel returned after pushing 8}}
  %last = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// More pushes than the peer pops plus the slots: the producer blocks at a
// full pipe after its peer has returned.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  scf.for %i = %c0 to %c12 step %c1 {
    // expected-error @below {{message count mismatch on C2V: this push to C2V waits for a free slot (C2V holds 4 of 4 slots: 4 in flight, 0 popped awaiting tfree; 6 pushed, 2 popped), but the vector kernel returned after popping 2}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s0 = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  %s1 = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// The vector side never pops the answer channel: V2C is left with messages.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    // expected-error @below {{message count mismatch on V2C: message #0 pushed here is never popped (3 pushed, 0 popped when both kernels return)}}
    "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
  }
  return
}

// -----

// Per-trip agreement holds across different loop shapes: 2 x 3 pushes
// against 3 x 2 pops, and an inner loop of trip 0 contributes nothing.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    scf.for %j = %c3 to %c0 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c2 {
    %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// A deadlock stops the model before the end, but the totals (trips
// multiplied out) still show the extra message: reported at the first push.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // expected-error @below {{deadlock at 4 slot(s) per pipe: this pop from V2C waits for message #0}}
  // expected-note @below {{the cube kernel waits here}}
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  scf.for %i = %c0 to %c5 step %c1 {
    // expected-error @below {{message count mismatch on C2V: the cube kernel pushes 5 message(s) in all, the vector kernel pops 4}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%t: tensor<16xf32>) attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @below {{deadlock at 4 slot(s) per pipe: this pop from C2V waits for message #0}}
    // expected-note @below {{the vector kernel waits here}}
    %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  "pto.tpush_to_aic"(%t) : (tensor<16xf32>) -> ()
  return
}
