// A pair from the random generator (seed 2026120320) whose kernels return loop
// results carrying an argument through in place: one-shot bufferization's call
// analysis asserted on the JIT's entry call ("inconsistent analysis state").
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%src: tensor<2x4xf32>, %w: tensor<4xf32>, %mem: memref<2xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aic"} {
    %c1 = arith.constant 0.0 : f32
    %c2 = arith.constant 0 : index
    %c7 = arith.constant 3 : index
    %c8 = arith.constant 1 : index
    %c18 = arith.constant 2 : index
    %r3:2 = scf.for %o4 = %c2 to %c7 step %c8 iter_args(%oa5 = %w, %oa6 = %w) -> (tensor<4xf32>, tensor<4xf32>) {
      %r9:2 = scf.for %i10 = %c2 to %c2 step %c8 iter_args(%a11 = %oa5, %a12 = %oa6) -> (tensor<4xf32>, tensor<4xf32>) {
        %n14:2 = scf.for %j15 = %c2 to %c18 step %c8 iter_args(%ia16 = %a11, %ia17 = %a12) -> (tensor<4xf32>, tensor<4xf32>) {
          %p20 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
          %v21 = arith.addf %ia17, %p20 : tensor<4xf32>
          scf.yield %ia16, %v21 : tensor<4xf32>, tensor<4xf32>
        } {pto.pipeline_stages = 5 : i64}
        scf.yield %n14#0, %n14#1 : tensor<4xf32>, tensor<4xf32>
      } {pto.pipeline_stages = 2 : i64}
      scf.yield %r9#0, %r9#1 : tensor<4xf32>, tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r3#0, %r3#1 : tensor<4xf32>, tensor<4xf32>
  }
  func.func @vector(%src: tensor<2x4xf32>, %w: tensor<4xf32>, %mem: memref<2xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c1 = arith.constant -1 : index
    %c2 = arith.constant 3 : index
    %c3 = arith.constant 2 : index
    %c10 = arith.constant 0.5 : f32
    %c12 = arith.constant 0.25 : f32
    %c19 = arith.constant 0 : index
    %c20 = arith.constant 1 : index
    %c22 = arith.constant -2 : index
    %c23 = arith.constant -4 : index
    %s4 = scf.for %k5 = %c1 to %c2 step %c3 iter_args(%t6 = %w) -> (tensor<4xf32>) {
      %v8 = arith.index_cast %k5 : index to i64
      %v9 = arith.sitofp %v8 : i64 to f32
      %v11 = arith.mulf %v9, %c10 : f32
      %v13 = arith.addf %v11, %c12 : f32
      %v14 = tensor.splat %v13 : tensor<4xf32>
      %v15 = arith.addf %t6, %v14 : tensor<4xf32>
      scf.yield %v15 : tensor<4xf32>
    } {pto.pipeline_stages = 6 : i64}
    %r16 = scf.for %o17 = %c19 to %c2 step %c20 iter_args(%oa18 = %s4) -> (tensor<4xf32>) {
      %r21 = scf.for %i24 = %c22 to %c23 step %c2 iter_args(%a25 = %oa18) -> (tensor<4xf32>) {
        %v27 = arith.addi %i24, %i24 {callee = @vector_send0} : index
        %n28 = scf.for %j29 = %c19 to %c3 step %c20 iter_args(%ia30 = %a25) -> (tensor<4xf32>) {
          %v32 = arith.subi %i24, %c22 : index
          %v33 = arith.divsi %v32, %c2 : index
          %v34 = arith.muli %v33, %c3 : index
          %v35 = arith.addi %v34, %j29 : index
          %v36 = arith.remsi %v35, %c20 : index
          %v37 = arith.cmpi eq, %v36, %c19 : index
          %if38 = scf.if %v37 -> (tensor<4xf32>) {
            %v39 = arith.remsi %v35, %c3 : index
            %v40 = tensor.extract_slice %src[%v39, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
            scf.yield %v40 : tensor<4xf32>
          } else {
            scf.yield %w : tensor<4xf32>
          }
          "pto.tpush_to_aic"(%if38) : (tensor<4xf32>) -> ()
          scf.yield %s4 : tensor<4xf32>
        } {pto.pipeline_stages = 4 : i64}
        scf.yield %n28 : tensor<4xf32>
      } {pto.pipeline_stages = 5 : i64}
      scf.yield %r21 : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    %s41 = scf.for %k42 = %c1 to %c1 step %c3 iter_args(%t43 = %w) -> (tensor<4xf32>) {
      %v45 = arith.index_cast %k42 : index to i64
      %v46 = arith.sitofp %v45 : i64 to f32
      %v47 = arith.mulf %v46, %c10 : f32
      %v48 = arith.addf %v47, %c12 : f32
      %v49 = tensor.splat %v48 : tensor<4xf32>
      %v50 = arith.addf %t43, %v49 : tensor<4xf32>
      scf.yield %v50 : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %s4, %r16, %s41 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  func.func @vector_send0(%t: tensor<4xf32>) {
    "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    return
  }
}
