// race_two_pushes.mlir made race-free by a reply: after its store the
// vector pushes a tile back, which the cube pops at the end of the
// iteration, so every store is ordered before the cube's later loads (and
// every load, through the cube's pushes, before the vector's later stores).
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%w: tensor<4xf32>, %mem: memref<3xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %s = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %r = arith.remsi %i, %c3 : index
      %x = memref.load %mem[%r] : memref<3xf32>
      %t = tensor.splat %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %back = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %back : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %s : tensor<4xf32>
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
