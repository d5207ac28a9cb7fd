// The old pass's output for entry_swapped.mlir: the cube's load of %g[i] runs
// ahead of the pops that order the vector's stores to the same memory, which
// the entry passes it as %h (test/sim/entry-launch-args.test).
module {
  func.func @launch(%arg0: memref<9xf32>, %arg1: memref<9xf32>, %arg2: tensor<4xf32>) attributes {pto.entry} {
    %0 = call @cube(%arg0, %arg1, %arg2) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> tensor<4xf32>
    call @vec(%arg1, %arg0, %arg2) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> ()
    return
  }
  func.func private @cube(%arg0: memref<9xf32> {llvm.noalias}, %arg1: memref<9xf32> {llvm.noalias}, %arg2: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %0 = memref.load %arg0[%c0] : memref<9xf32>
    %1 = linalg.fill {pto.pipeline_membership = "1048576:0"} ins(%0 : f32) outs(%arg2 : tensor<4xf32>) -> tensor<4xf32>
    "pto.tpush_to_aiv"(%1) : (tensor<4xf32>) -> ()
    %2 = memref.load %arg0[%c1] : memref<9xf32>
    %3 = linalg.fill {pto.pipeline_membership = "1048576:1"} ins(%2 : f32) outs(%arg2 : tensor<4xf32>) -> tensor<4xf32>
    "pto.tpush_to_aiv"(%3) : (tensor<4xf32>) -> ()
    %4 = scf.for %arg3 = %c2 to %c8 step %c2 iter_args(%arg4 = %arg2) -> (tensor<4xf32>) {
      %9 = memref.load %arg0[%arg3] : memref<9xf32>
      %10 = linalg.fill {pto.pipeline_membership = "1048576:0"} ins(%9 : f32) outs(%arg2 : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%10) : (tensor<4xf32>) -> ()
      %11 = arith.addi %arg3, %c1 : index
      %12 = memref.load %arg0[%11] : memref<9xf32>
      %13 = linalg.fill {pto.pipeline_membership = "1048576:1"} ins(%12 : f32) outs(%arg2 : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%13) : (tensor<4xf32>) -> ()
      %14 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %15 = arith.addf %arg4, %14 {pto.pipeline_membership = "1048576:0"} : tensor<4xf32>
      %16 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %17 = arith.addf %15, %16 {pto.pipeline_membership = "1048576:1"} : tensor<4xf32>
      scf.yield %17 : tensor<4xf32>
    }
    %5 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %6 = arith.addf %4, %5 {pto.pipeline_membership = "1048576:0"} : tensor<4xf32>
    %7 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %8 = arith.addf %6, %7 {pto.pipeline_membership = "1048576:1"} : tensor<4xf32>
    return %8 : tensor<4xf32>
  }
  func.func private @vec(%arg0: memref<9xf32> {llvm.noalias}, %arg1: memref<9xf32> {llvm.noalias}, %arg2: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant 1.000000e+00 : f32
    scf.for %arg3 = %c0 to %c8 step %c1 {
      %0 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %extracted = tensor.extract %0[%c0] : tensor<4xf32>
      %1 = arith.addf %extracted, %cst : f32
      %2 = arith.addi %arg3, %c1 : index
      memref.store %1, %arg1[%2] : memref<9xf32>
      "pto.tpush_to_aic"(%0) : (tensor<4xf32>) -> ()
    }
    return
  }
}

