// WRONG on purpose: group_pair.mlir skewed by the pass (depth 2), then the
// steady loop's second group pushes row k+1 of %v before row k+1 of %k.
module {
  func.func @cube(%arg0: tensor<4x16xf32>, %arg1: tensor<4x16xf32>) -> tensor<4x16xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = tensor.empty() : tensor<4x16xf32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %extracted_slice = tensor.extract_slice %arg0[%c0, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:0"} : tensor<4x16xf32> to tensor<1x16xf32>
    %extracted_slice_0 = tensor.extract_slice %arg1[%c0, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:0"} : tensor<4x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%extracted_slice) : (tensor<1x16xf32>) -> ()
    "pto.tpush_to_aiv"(%extracted_slice_0) : (tensor<1x16xf32>) -> ()
    %extracted_slice_1 = tensor.extract_slice %arg0[%c1, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:1"} : tensor<4x16xf32> to tensor<1x16xf32>
    %extracted_slice_2 = tensor.extract_slice %arg1[%c1, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:1"} : tensor<4x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%extracted_slice_1) : (tensor<1x16xf32>) -> ()
    "pto.tpush_to_aiv"(%extracted_slice_2) : (tensor<1x16xf32>) -> ()
    %1 = scf.for %arg2 = %c2 to %c4 step %c2 iter_args(%arg3 = %0) -> (tensor<4x16xf32>) {
      %extracted_slice_4 = tensor.extract_slice %arg0[%arg2, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:0"} : tensor<4x16xf32> to tensor<1x16xf32>
      %extracted_slice_5 = tensor.extract_slice %arg1[%arg2, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:0"} : tensor<4x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%extracted_slice_4) : (tensor<1x16xf32>) -> ()
      "pto.tpush_to_aiv"(%extracted_slice_5) : (tensor<1x16xf32>) -> ()
      %4 = arith.addi %arg2, %c1 : index
      %extracted_slice_6 = tensor.extract_slice %arg0[%4, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:1"} : tensor<4x16xf32> to tensor<1x16xf32>
      %extracted_slice_7 = tensor.extract_slice %arg1[%4, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:1"} : tensor<4x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%extracted_slice_7) : (tensor<1x16xf32>) -> ()
      "pto.tpush_to_aiv"(%extracted_slice_6) : (tensor<1x16xf32>) -> ()
      %5 = arith.subi %arg2, %c2 : index
      %6 = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
      %inserted_slice_8 = tensor.insert_slice %6 into %arg3[%5, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:0"} : tensor<1x16xf32> into tensor<4x16xf32>
      %7 = arith.subi %arg2, %c1 : index
      %8 = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
      %inserted_slice_9 = tensor.insert_slice %8 into %inserted_slice_8[%7, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:1"} : tensor<1x16xf32> into tensor<4x16xf32>
      scf.yield %inserted_slice_9 : tensor<4x16xf32>
    }
    %2 = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %inserted_slice = tensor.insert_slice %2 into %1[%c2, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:0"} : tensor<1x16xf32> into tensor<4x16xf32>
    %3 = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %inserted_slice_3 = tensor.insert_slice %3 into %inserted_slice[%c3, 0] [1, 16] [1, 1] {pto.pipeline_membership = "1048576:1"} : tensor<1x16xf32> into tensor<4x16xf32>
    return %inserted_slice_3 : tensor<4x16xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %arg0 = %c0 to %c4 step %c1 {
      %0 = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %1 = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %2 = arith.addf %1, %1 : tensor<1x16xf32>
      %3 = arith.subf %0, %2 : tensor<1x16xf32>
      "pto.tpush_to_aic"(%3) : (tensor<1x16xf32>) -> ()
    }
    return
  }
}

