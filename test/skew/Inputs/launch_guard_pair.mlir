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
//--- manysets.mlir
// Bounds and guards of remainders, quotients and minima of %n split its values
// into tens of thousands of sets: the proof stops past 256 (each plan is
// compared with the input set by set) and the pair is not proved.
module attributes {pto.fifo_depth = 3 : i64} {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %k0 = arith.constant -2 : index
    %k1 = arith.constant 2 : index
    %k2 = arith.constant 5 : index
    %k3 = arith.constant 100 : index
    %k4 = arith.constant 1 : index
    %k5 = arith.constant 19 : index
    %k6 = arith.constant 10 : index
    %k7 = arith.constant 3 : index
    %k8 = arith.constant 7 : index
    %k9 = arith.constant 9223372036854775807 : index
    %k10 = arith.constant -9223372036854775806 : index
    %k11 = arith.constant -9223372036854775808 : index
    %v1 = arith.remsi %n, %k0 : index
    %v2 = arith.divsi %v1, %k1 : index
    %v3 = arith.cmpi ult, %k2, %v2 : index
    %v4 = arith.cmpi slt, %n, %k2 : index
    %v5 = arith.xori %v3, %v4 : i1
    scf.if %v5 {
      %p1 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    }
    %v6 = arith.remui %n, %k3 : index
    %v7 = arith.subi %v6, %k4 : index
    %v8 = arith.remui %v7, %k5 : index
    %v9 = arith.maxui %n, %k6 : index
    %v10 = arith.remui %v9, %k5 : index
    %v11 = arith.minsi %n, %k4 : index
    %v12 = arith.cmpi sge, %k0, %v11 : index
    %v13 = arith.remsi %n, %k7 : index
    %v14 = arith.divui %v13, %k8 : index
    %v15 = arith.cmpi sle, %v14, %k9 : index
    %v16 = arith.xori %v12, %v15 : i1
    scf.if %v16 {
      scf.for %i3 = %v8 to %v10 step %k4 {
        "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
        %p5 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      } {pto.pipeline_stages = 5 : i64}
    }
    %v17 = arith.minui %n, %k4 : index
    %v18 = arith.minui %v17, %k10 : index
    %v19 = arith.remui %v18, %k5 : index
    %v20 = arith.minui %n, %k11 : index
    %v21 = arith.minui %v20, %k10 : index
    %v22 = arith.remui %v21, %k8 : index
    scf.for %i6 = %v19 to %v22 step %k1 {
      %p7 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
    }
    return %x : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %k0 = arith.constant -2 : index
    %k1 = arith.constant 2 : index
    %k2 = arith.constant 5 : index
    %k3 = arith.constant true
    %k4 = arith.constant 100 : index
    %k5 = arith.constant 1 : index
    %k6 = arith.constant 19 : index
    %k7 = arith.constant 10 : index
    %k8 = arith.constant 3 : index
    %k9 = arith.constant 7 : index
    %k10 = arith.constant 9223372036854775807 : index
    %k11 = arith.constant -9223372036854775806 : index
    %k12 = arith.constant -9223372036854775808 : index
    %w = arith.constant dense<1.5> : tensor<4xf32>
    %v1 = arith.remsi %n, %k0 : index
    %v2 = arith.divsi %v1, %k1 : index
    %v3 = arith.cmpi ugt, %v2, %k2 : index
    %v4 = arith.xori %v3, %k3 : i1
    %v5 = arith.xori %v4, %k3 : i1
    %v6 = arith.cmpi slt, %n, %k2 : index
    %v7 = arith.xori %v5, %v6 : i1
    scf.if %v7 {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
    }
    %v8 = arith.remui %n, %k4 : index
    %v9 = arith.subi %v8, %k5 : index
    %v10 = arith.remui %v9, %k6 : index
    %v11 = arith.maxui %n, %k7 : index
    %v12 = arith.remui %v11, %k6 : index
    %v13 = arith.minsi %n, %k5 : index
    %v14 = arith.cmpi sge, %k0, %v13 : index
    %v15 = arith.remsi %n, %k8 : index
    %v16 = arith.divui %v15, %k9 : index
    %v17 = arith.cmpi sge, %k10, %v16 : index
    %v18 = arith.xori %v14, %v17 : i1
    scf.if %v18 {
      scf.for %i11 = %v10 to %v12 step %k5 {
        %p12 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
        "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      }
    }
    %v19 = arith.minui %n, %k5 : index
    %v20 = arith.minui %v19, %k11 : index
    %v21 = arith.remui %v20, %k6 : index
    %v22 = arith.minui %n, %k12 : index
    %v23 = arith.minui %v22, %k11 : index
    %v24 = arith.remui %v23, %k9 : index
    scf.for %i14 = %v21 to %v24 step %k1 {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p16 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %w : tensor<4xf32>
  }
}
