//--- original.mlir
// Two same-typed messages per iteration on C2V: S (a sum) then O (a product).
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = arith.addf %a, %a : tensor<4xf32>
      %o = arith.mulf %b, %b : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
    }
    return
  }
  func.func @vector(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (tensor<4xf32>) {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %y = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.subf %x, %y : tensor<4xf32>
      %n = arith.addf %acc, %d : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- swapped.mlir
// A hand-made rewrite that pushes O before S: the types and counts agree.
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = arith.addf %a, %a : tensor<4xf32>
      %o = arith.mulf %b, %b : tensor<4xf32>
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
    }
    return
  }
  func.func @vector(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (tensor<4xf32>) {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %y = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.subf %x, %y : tensor<4xf32>
      %n = arith.addf %acc, %d : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- late.mlir
// A hand-made rewrite that swaps the two messages of the last iteration
// only, in a peeled copy; the pops of the vector kernel are as written.
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    scf.for %i = %c0 to %c7 step %c1 {
      %s = arith.addf %a, %a : tensor<4xf32>
      %o = arith.mulf %b, %b : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> () loc("S")
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> () loc("O")
    }
    %s = arith.addf %a, %a : tensor<4xf32>
    %o = arith.mulf %b, %b : tensor<4xf32>
    "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> () loc("O")
    "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> () loc("S")
    return
  }
  func.func @vector(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (tensor<4xf32>) {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("X")
      %y = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("Y")
      %d = arith.subf %x, %y : tensor<4xf32>
      %n = arith.addf %acc, %d : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- named.mlir
// The original with its sites named as in late.mlir.
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = arith.addf %a, %a : tensor<4xf32>
      %o = arith.mulf %b, %b : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> () loc("S")
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> () loc("O")
    }
    return
  }
  func.func @vector(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (tensor<4xf32>) {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("X")
      %y = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("Y")
      %d = arith.subf %x, %y : tensor<4xf32>
      %n = arith.addf %acc, %d : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- branches.mlir
// The cube pushes from either branch of an scf.if whose condition is a
// constant: canonicalize keeps only the else branch, whose push the model
// reads as the then branch's (one site for both).
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %false = arith.constant false
    scf.for %i = %c0 to %c4 step %c1 {
      scf.if %false {
        "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      } else {
        %n = arith.negf %a : tensor<4xf32>
        "pto.tpush_to_aiv"(%n) : (tensor<4xf32>) -> ()
      }
      "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> ()
    }
    return
  }
  func.func @vector(%a: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %a) -> (tensor<4xf32>) {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %y = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.subf %x, %y : tensor<4xf32>
      %n = arith.addf %acc, %d : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- if_named.mlir
// Both branches of an scf.if push a, then b; the sites are named.
module {
  func.func @cube(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    scf.if %c {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> () loc("TA")
      "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> () loc("TB")
    } else {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> () loc("EA")
      "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> () loc("EB")
    }
    return
  }
  func.func @vector() -> (tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aiv"} {
    %x = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("X")
    %y = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("Y")
    return %x, %y : tensor<4xf32>, tensor<4xf32>
  }
}
//--- if_else_swapped.mlir
// The rewrite swaps the pushes of the else branch only: the model reads the
// then branch, which delivers as before.
module {
  func.func @cube(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    scf.if %c {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> () loc("TA")
      "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> () loc("TB")
    } else {
      "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> () loc("EB")
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> () loc("EA")
    }
    return
  }
  func.func @vector() -> (tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aiv"} {
    %x = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("X")
    %y = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("Y")
    return %x, %y : tensor<4xf32>, tensor<4xf32>
  }
}
//--- defs.mlir
// Pushes a+b, then a+a.
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %x = arith.addf %a, %b : tensor<4xf32>
    %y = arith.addf %a, %a : tensor<4xf32>
    "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    "pto.tpush_to_aiv"(%y) : (tensor<4xf32>) -> ()
    return
  }
  func.func @vector() -> (tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aiv"} {
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    return %p, %q : tensor<4xf32>, tensor<4xf32>
  }
}
//--- defs_reordered.mlir
// The additions defined in the other order (the same messages), and then
// the pushes swapped as well (a+a first: other messages).
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %y = arith.addf %a, %a : tensor<4xf32>
    %x = arith.addf %a, %b : tensor<4xf32>
    "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    "pto.tpush_to_aiv"(%y) : (tensor<4xf32>) -> ()
    return
  }
  func.func @vector() -> (tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aiv"} {
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    return %p, %q : tensor<4xf32>, tensor<4xf32>
  }
}
//--- defs_swapped.mlir
module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto.core = "aic"} {
    %y = arith.addf %a, %a : tensor<4xf32>
    %x = arith.addf %a, %b : tensor<4xf32>
    "pto.tpush_to_aiv"(%y) : (tensor<4xf32>) -> ()
    "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    return
  }
  func.func @vector() -> (tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aiv"} {
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    return %p, %q : tensor<4xf32>, tensor<4xf32>
  }
}
