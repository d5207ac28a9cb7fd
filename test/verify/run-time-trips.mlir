// Loops whose trip count is known at run time only, all bounded by one
// expression of the launch arguments, run equally often: pto-verify-fifo
// checks the pair at every such trip count at once (verify/trips.py,
// docs/deadlock.md) instead of warning that it cannot. Where some trip count
// deadlocks it names the first, in a warning: the proof covers every n >= 0
// the IV type can count, but the loops' bounds may never give that n.
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -verify-diagnostics -o /dev/null

// One round trip per iteration: every n.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe: every run-time trip count of the loops bounded by one expression of the launch arguments}}
module {
  func.func @cube(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      %r = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    }
    return
  }
  func.func @vector(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// The cube pushes all n messages before it pops an answer, the vector
// answers each at once: the 4 slots of each pipe and the message the vector
// holds while it waits to answer take 9, so n <= 9 runs and n = 10
// deadlocks. The model's findings are those of n = 10.
module {
  func.func @cube(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom for every run-time trip count: when the loops whose trip count is known at run time run 10 times, deadlock at 4 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 4 of 4 slots: 4 in flight, 0 popped awaiting tfree; 9 pushed, 5 popped), while the vector kernel waits too}}
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      // expected-note @above {{the cube kernel waits here}}
    }
    scf.for %i = %c0 to %n step %c1 {
      %r = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    }
    return
  }
  func.func @vector(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom for every run-time trip count: when the loops whose trip count is known at run time run 10 times, deadlock at 4 slot(s) per pipe: this push to V2C waits for a free slot (V2C holds 4 of 4 slots: 4 in flight, 0 popped awaiting tfree; 4 pushed, 0 popped), while the cube kernel waits too}}
      "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
      // expected-note @above {{the vector kernel waits here}}
    }
    return
  }
}

// -----

// The same pair on an i4 loop counts at most 16 iterations, so the trips
// that deadlock (10 to 16) are still reached.
module {
  func.func @cube(%t: tensor<16xf32>, %n: i4) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : i4
    %c1 = arith.constant 1 : i4
    scf.for unsigned %i = %c0 to %n step %c1 : i4 {
      // expected-warning @below {{when the loops whose trip count is known at run time run 10 times, deadlock}}
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      // expected-note @above {{the cube kernel waits here}}
    }
    scf.for unsigned %i = %c0 to %n step %c1 : i4 {
      %r = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    }
    return
  }
  func.func @vector(%t: tensor<16xf32>, %n: i4) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : i4
    %c1 = arith.constant 1 : i4
    scf.for unsigned %i = %c0 to %n step %c1 : i4 {
      %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      // expected-warning @below {{when the loops whose trip count is known at run time run 10 times, deadlock}}
      "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
      // expected-note @above {{the vector kernel waits here}}
    }
    return
  }
}

// -----

// On an i3 loop (at most 8 iterations) the same pair cannot deadlock.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe: every run-time trip count up to 8 of the loops bounded by one expression of the launch arguments}}
module {
  func.func @cube(%t: tensor<16xf32>, %n: i3) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : i3
    %c1 = arith.constant 1 : i3
    scf.for unsigned %i = %c0 to %n step %c1 : i3 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    scf.for unsigned %i = %c0 to %n step %c1 : i3 {
      %r = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    }
    return
  }
  func.func @vector(%t: tensor<16xf32>, %n: i3) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : i3
    %c1 = arith.constant 1 : i3
    scf.for unsigned %i = %c0 to %n step %c1 : i3 {
      %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// A message count that differs for some n (the vector pops n + 1).
module {
  func.func @cube(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    return
  }
  func.func @vector(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    }
    // expected-warning @below {{when the loops whose trip count is known at run time run 0 times, message count mismatch on C2V}}
    %last = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    return
  }
}

// -----

// Bounded by different launch arguments (the cube's %n is argument #1, the
// vector's #0): nothing relates the two trips, as before.
func.func @cube(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.for with a dynamic trip count}}
  scf.for %i = %c0 to %n step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%n: index) attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.for with a dynamic trip count}}
  scf.for %i = %c0 to %n step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}
