// pto-verify-fifo: a popped tile keeps its slot until a tfree when the
// consumer frees that pipe's slots, as in the simulator; a tfree releases the
// oldest popped, unreleased slot of its pipe and needs one to release.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

// The vector keeps two popped tiles before freeing them: with one slot, the
// second message can never be pushed.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    // expected-error @below {{deadlock at 1 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 1 of 1 slots: 0 in flight, 1 popped awaiting tfree; 1 pushed, 1 popped), while the vector kernel waits too}}
    // expected-note @below {{the cube kernel waits here}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    // expected-error @below {{deadlock at 1 slot(s) per pipe: this pop from C2V waits for message #1, while the cube kernel waits too}}
    // expected-note @below {{the vector kernel waits here}}
    %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    "pto.tfree_from_aic"(%a) : (tensor<16xf32>) -> ()
    "pto.tfree_from_aic"(%b) : (tensor<16xf32>) -> ()
    return
  }
}

// -----

// Freeing each tile before the next pop runs with one slot.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    scf.for %i = %c0 to %c100 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    scf.for %i = %c0 to %c100 step %c1 {
      %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tfree_from_aic"(%a) : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// A tfree that runs twice for one pop.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @below {{tfree on C2V with no popped, unreleased slot to release (the vector kernel frees more often than it pops)}}
    "pto.tfree_from_aic"(%a) : (tensor<16xf32>) -> ()
  }
  return
}

// -----

// A tfree of the wrong pipe: the tile came from V2C.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  // expected-error @below {{'pto.tfree_from_aic' runs on the vector core, but @cube is the cube kernel}}
  "pto.tfree_from_aic"(%p) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
  return
}
