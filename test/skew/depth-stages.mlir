// Skew depth by pipeline_stages F: D = max(2, F-1) (here with 8 FIFO slots,
// so no clamp; trip 60 is divisible by every D).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true fifo-depth=8" -verify-diagnostics

func.func @stage2(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 60 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 60, slots 8)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @stage3(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 60 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 60, slots 8)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  return %r : tensor<64x16xf32>
}

func.func @stage4(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 60 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip 60, slots 8)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @stage5(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 60 : index
  // expected-remark @below {{skewed: depth 4 (requested 4, trip 60, slots 8)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 5 : i64}
  return %r : tensor<64x16xf32>
}

func.func @stage6(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 60 : index
  // expected-remark @below {{skewed: depth 5 (requested 5, trip 60, slots 8)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 6 : i64}
  return %r : tensor<64x16xf32>
}
