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
