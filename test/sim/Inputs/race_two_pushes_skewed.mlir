// A hand-made wrong "skew" of race_two_pushes_replied.mlir: the cube loads
// the element of iteration i + 1 before it pops the reply of iteration i,
// ahead of the pop that orders the vector's store to that element in
// iteration i. The trip count (6) and outputs are unchanged; the
// accesses are no longer ordered: a race the pipeline introduced.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%w: tensor<4xf32>, %mem: memref<3xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %x0 = memref.load %mem[%c0] : memref<3xf32>
    %l, %s = scf.for %i = %c0 to %c5 step %c1 iter_args(%x = %x0, %acc = %w) -> (f32, tensor<4xf32>) {
      %t = tensor.splat %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %j = arith.addi %i, %c1 : index
      %r = arith.remsi %j, %c3 : index
      %y = memref.load %mem[%r] : memref<3xf32>
      %back = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %back : tensor<4xf32>
      scf.yield %y, %n : f32, tensor<4xf32>
    }
    %t = tensor.splat %l : tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %back = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %n = arith.addf %s, %back : tensor<4xf32>
    return %n : tensor<4xf32>
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
      %sum = arith.addf %a, %b : tensor<4xf32>
      "pto.tpush_to_aic"(%sum) : (tensor<4xf32>) -> ()
    }
    return
  }
}
