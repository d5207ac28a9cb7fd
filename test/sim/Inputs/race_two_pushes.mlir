// The shape fuzz seed 2026120250 found (written anew): the cube loads
// %mem[i mod 3] and pushes two tiles per iteration; the vector pops both,
// then stores into %mem[(i + 1) mod 3], which the cube loads next. Both
// messages go cube -> vector, so nothing orders the vector's store of
// iteration 0 before the cube's load of iteration 1: a data race in the
// input.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%w: tensor<4xf32>, %mem: memref<3xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %r = arith.remsi %i, %c3 : index
      %x = memref.load %mem[%r] : memref<3xf32>
      %t = tensor.splat %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    }
    return
  }
  func.func @vector(%w: tensor<4xf32>, %mem: memref<3xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %a = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %b = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %e = tensor.extract %b[%c0] : tensor<4xf32>
      %next = arith.addi %i, %c1 : index
      %r = arith.remsi %next, %c3 : index
      memref.store %e, %mem[%r] : memref<3xf32>
    }
    return
  }
}
