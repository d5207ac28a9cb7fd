module {
  func.func @cube(%out: memref<2xi32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    return
  }
  func.func @vector(%out: memref<2xi32>, %__pypto_spmd_subblock_idx: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %i = arith.index_cast %__pypto_spmd_subblock_idx : i32 to index
    %c10 = arith.constant 10 : i32
    %w = arith.addi %__pypto_spmd_subblock_idx, %c10 : i32
    memref.store %w, %out[%i] : memref<2xi32>
    return
  }
}
