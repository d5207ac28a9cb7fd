// pto-verify-fifo cannot model FIFO ops under dynamic control flow exactly:
// a warning at the op says what could not be proved, and the pass succeeds.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

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

// -----

// An scf.if whose branches send different numbers of messages: its
// condition is a launch argument, so the pair runs at each of its values;
// at false the vector waits for a message the cube never sends.
func.func @cube(%t: tensor<16xf32>, %c: i1) attributes {pto.core = "aic"} {
  scf.if %c {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom for every value of launch argument %arg1 (i1): when it is 0, message count mismatch on C2V: this pop from C2V waits for message #0, but the cube kernel returned after pushing 0}}
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// The same condition computed apart in each kernel (launch argument #1 of
// both): the branches agree at every value, and the pair is proved (silent).
func.func @cube(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aic"} {
  %c4 = arith.constant 4 : index
  %big = arith.cmpi sgt, %n, %c4 : index
  scf.if %big {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%unused: tensor<16xf32>, %n: index) attributes {pto.core = "aiv"} {
  %c5 = arith.constant 5 : index
  %small = arith.cmpi slt, %n, %c5 : index
  scf.if %small {
  } else {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// Off by one: the cube pushes for %n > 4, the vector pops for %n >= 4; at
// 4 alone the vector waits for a message never sent.
func.func @cube(%t: tensor<16xf32>, %n: index) attributes {pto.core = "aic"} {
  %c4 = arith.constant 4 : index
  %big = arith.cmpi sgt, %n, %c4 : index
  scf.if %big {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%unused: tensor<16xf32>, %n: index) attributes {pto.core = "aiv"} {
  %c4 = arith.constant 4 : index
  %small = arith.cmpi slt, %n, %c4 : index
  scf.if %small {
  } else {
    // expected-warning @below {{for every value of launch argument %arg1 (index): when it is 4, message count mismatch on C2V}}
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// A condition on a float launch argument is not modelled (X ranges over
// integers only): a warning, not an internal error.
func.func @cube(%t: tensor<16xf32>, %x: f32) attributes {pto.core = "aic"} {
  %c = arith.constant 1.0 : f32
  %big = arith.cmpf ogt, %x, %c : f32
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.if whose branches differ in FIFO events}}
  scf.if %big {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%u: tensor<16xf32>, %x: f32) attributes {pto.core = "aiv"} {
  %c = arith.constant 1.0 : f32
  %big = arith.cmpf ogt, %x, %c : f32
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.if whose branches differ in FIFO events}}
  scf.if %big {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// A remainder by 2^40 would split the argument's values into 2^40 classes,
// a proof run for each: the proof stops and says so.
// expected-warning @below {{over every value of launch argument %arg1 (index): a division by 1099511627776 splits the values of the argument into 1099511627776 classes (at most 4096)}}
module {
func.func @cube(%t: tensor<16xf32>, %x: index) attributes {pto.core = "aic"} {
  %m = arith.constant 1099511627776 : index
  %c = arith.constant 7 : index
  %r = arith.remui %x, %m : index
  %big = arith.cmpi ugt, %r, %c : index
  scf.if %big {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%u: tensor<16xf32>, %x: index) attributes {pto.core = "aiv"} {
  %m = arith.constant 1099511627776 : index
  %c = arith.constant 7 : index
  %r = arith.remui %x, %m : index
  %big = arith.cmpi ugt, %r, %c : index
  scf.if %big {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}
}

// -----

// A condition that reads two launch arguments is not modelled.
func.func @cube(%t: tensor<16xf32>, %n: index, %m: index) attributes {pto.core = "aic"} {
  %less = arith.cmpi slt, %n, %m : index
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.if whose branches differ in FIFO events}}
  scf.if %less {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%unused: tensor<16xf32>, %n: index) attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %go = arith.cmpi sgt, %n, %c0 : index
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.if whose branches differ in FIFO events}}
  scf.if %go {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// An scf.if whose branches do the same FIFO events is modelled exactly:
// here both push one tile, so the pair is proved (silent).
func.func @cube(%t: tensor<16xf32>, %u: tensor<16xf32>, %c: i1) attributes {pto.core = "aic"} {
  scf.if %c {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  } else {
    "pto.tpush_to_aiv"(%u) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// ... and a mismatch after such an scf.if is still found.
func.func @cube(%t: tensor<16xf32>, %u: tensor<16xf32>, %c: i1) attributes {pto.core = "aic"} {
  %r = scf.if %c -> (tensor<16xf32>) {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    scf.yield %t : tensor<16xf32>
  } else {
    "pto.tpush_to_aiv"(%u) : (tensor<16xf32>) -> ()
    scf.yield %u : tensor<16xf32>
  }
  // expected-error @below {{message count mismatch on C2V: message #1 pushed here is never popped (2 pushed, 1 popped when both kernels return)}}
  "pto.tpush_to_aiv"(%r) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

func.func @cube(%t: tensor<16xf32>, %c: i1) attributes {pto.core = "aic"} {
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops inside 'scf.while'}}
  scf.while : () -> () {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// A call into a function that uses the FIFO (directly or through calls).
func.func private @send(%t: tensor<16xf32>) {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func private @send_twice(%t: tensor<16xf32>) {
  func.call @send(%t) : (tensor<16xf32>) -> ()
  func.call @send(%t) : (tensor<16xf32>) -> ()
  return
}
func.func private @no_fifo(%t: tensor<16xf32>) -> tensor<16xf32> {
  return %t : tensor<16xf32>
}
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %u = func.call @no_fifo(%t) : (tensor<16xf32>) -> tensor<16xf32>
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: 'func.call' to @send_twice, which uses the FIFO}}
  func.call @send_twice(%u) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// A tfree of a tile that reaches it through an iter_arg is modelled: a
// tfree releases the oldest popped slot of its pipe whatever its operand
// names (the real contract's in-order release). Here the second pop is
// never freed.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error @below {{1 popped C2V slot(s) never released: the vector kernel frees this pipe's slots with tfree, but fewer times than it pops}}
  %first = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  %last = scf.for %i = %c1 to %c2 step %c1 iter_args(%prev = %first) -> (tensor<16xf32>) {
    "pto.tfree_from_aic"(%prev) : (tensor<16xf32>) -> ()
    %next = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    scf.yield %next : tensor<16xf32>
  }
  return
}

// -----

// Identical branches that pop and free their own tiles are modelled too:
// each branch's tfree releases its own pop's slot, so one slot suffices.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    return
  }
  func.func @vector(%c: i1) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      scf.if %c {
        %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
        "pto.tfree_from_aic"(%a) : (tensor<16xf32>) -> ()
      } else {
        %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
        "pto.tfree_from_aic"(%b) : (tensor<16xf32>) -> ()
      }
    }
    return
  }
}

// -----

// Branches that differ only in whether the popped tile is freed are not
// alike: slot occupancy differs.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector(%c: i1) attributes {pto.core = "aiv"} {
  scf.if %c {
    %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    "pto.tfree_from_aic"(%a) : (tensor<16xf32>) -> ()
  } else {
    // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom for every value of launch argument %arg0 (i1): when it is 0, 1 popped C2V slot(s) never released}}
    %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// A step that is not a positive constant and not provably positive (here
// 1 - 1 = 0, or a launch argument): the loop may never end, so no trip count
// stands for it. Before, both were "FIFO verified" over every trip count.
func.func @cube(%t: tensor<16xf32>, %s: index) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.subi %c1, %c1 : index
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.for whose step may be zero or negative}}
  scf.for %i = %c0 to %c8 step %zero {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.for whose step may be zero or negative}}
  scf.for %i = %c0 to %c8 step %s {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector(%t: tensor<16xf32>, %s: index) attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.subi %c1, %c1 : index
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.for whose step may be zero or negative}}
  scf.for %i = %c0 to %c8 step %zero {
    %p = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: FIFO ops in an scf.for whose step may be zero or negative}}
  scf.for %i = %c0 to %c8 step %s {
    %p = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}
