//--- both.mlir
// One message before the loops, sent when %n > 4 (cube) and received when
// %n >= 5 (vector): the pair proves at every value of %n, and 4 slots hold it
// and two iterations ahead.
module {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %big = arith.cmpi ugt, %n, %c4 : index
    scf.if %big {
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %big = arith.cmpi uge, %n, %c5 : index
    %first = scf.if %big -> tensor<4xf32> {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } else {
      scf.yield %z : tensor<4xf32>
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %first) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- tight.mlir
// Two messages before the cube's loop when %n > 4, popped by the vector
// after its loop: at 2 slots they leave no room for running ahead.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %big = arith.cmpi ugt, %n, %c4 : index
    scf.if %big {
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    %big = arith.cmpi uge, %n, %c5 : index
    %last = scf.if %big -> tensor<4xf32> {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %m2 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %s = arith.addf %r, %m : tensor<4xf32>
      %s2 = arith.addf %s, %m2 : tensor<4xf32>
      scf.yield %s2 : tensor<4xf32>
    } else {
      scf.yield %r : tensor<4xf32>
    }
    return %last : tensor<4xf32>
  }
}
//--- dynamic.mlir
// The loops run %n times and the guard reads %n too: one launch argument,
// so the skew behind its run-time guard is proved at every value of it.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %big = arith.cmpi ugt, %n, %c4 : index
    scf.if %big {
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    %big = arith.cmpi uge, %n, %c5 : index
    %last = scf.if %big -> tensor<4xf32> {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %s = arith.addf %r, %m : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } else {
      scf.yield %r : tensor<4xf32>
    }
    return %last : tensor<4xf32>
  }
}
//--- offbyone.mlir
// The vector waits for the guarded message when %n >= 4, the cube sends it
// when %n > 4: at %n = 4 the pair deadlocks as written.
module {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %big = arith.cmpi ugt, %n, %c4 : index
    scf.if %big {
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %big = arith.cmpi uge, %n, %c5 : index
    %first = scf.if %big -> tensor<4xf32> {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } else {
      scf.yield %z : tensor<4xf32>
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %first) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- twoargs.mlir
// The vector's guard reads its second argument, another launch argument
// than the cube's: the pair is not proved.
module {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %big = arith.cmpi ugt, %n, %c4 : index
    scf.if %big {
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%k: index, %n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %big = arith.cmpi uge, %n, %c5 : index
    %first = scf.if %big -> tensor<4xf32> {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } else {
      scf.yield %z : tensor<4xf32>
    }
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %first) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
//--- twotrips.mlir
// The cube loops %n then %n + 1 times, the vector likewise: two trip keys of
// one launch argument, proved at every value of it, both loops skewed.
module attributes {pto.fifo_depth = 3 : i64} {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n1 = arith.addi %n, %c1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    %r2 = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %r) -> (tensor<4xf32>) {
      %s = arith.mulf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r2 : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %n1 = arith.addi %n, %c1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    %r2 = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %r) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.addf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    return %r2 : tensor<4xf32>
  }
}
//--- wraps.mlir
// The vector loops 2 %n + 1 times in i8: at %n = 64 that wraps, and the
// pair does not verify as written there.
module attributes {pto.fifo_depth = 3 : i64} {
  func.func @cube(%n: i8, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : i8
    %c1 = arith.constant 1 : i8
    %n1 = arith.addi %n, %c1 : i8
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) : i8 {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    %r2 = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %r) -> (tensor<4xf32>) : i8 {
      %s = arith.mulf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r2 : tensor<4xf32>
  }
  func.func @vector(%n: i8) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : i8
    %c1 = arith.constant 1 : i8
    %c2 = arith.constant 2 : i8
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %n2 = arith.muli %n, %c2 : i8
    %t = arith.addi %n2, %c1 : i8
    %r = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) : i8 {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %d = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
      %a = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
