// PTOAS's TPushTPop loop sample with split, as a skew-mlir kernel pair.
//
// Source: hw-native-sys/PTOAS, test/samples/TPushTPop/test2/kernel.pto
// (@matmul_tpush_tpop_loop4_print_cube / _vector). The cube multiplies a
// 16x16 A by four 16x16 blocks of B and pushes each 16x16 product to the
// vector side with split = 1 (TILE_UP_DOWN) on a dir_mask = 1 (C2V) pipe;
// each of the two vector sub-blocks pops its 8x16 half, prints it and frees
// the slot (operand-less tfree_from_aic).
//
// Changed in translation:
// - tiles are tensors: pto.alloc_tile / tload / tmov / tmatmul become
//   tensor.extract_slice and linalg.matmul on f32 (same shapes); the GM
//   pointers are tensor arguments;
// - pto.reserve_buffer / import_reserved_buffer become an i32 constant for
//   the consumer-buffer operands of the initialise ops (the simulator does
//   not model addresses); the ops are in generic form and the kernel kind is
//   #pto.kernel_kind<"cube"> (PTOAS: #pto.kernel_kind<cube>);
// - pto.tprint of each half becomes an insert into the vector kernel's
//   result, at the rows of its sub-block (pto.get_subblock_idx), so the
//   simulator can compare what each sub-block received;
// - both loops carry pto.pipeline_stages = 2 so the pass decides on them.
//
// The pass's decision (pto-opt --pto-skew-cross-core="remarks=true"): no
// remark. The cube loop only pushes and the vector loop only pops, so
// neither is cross-core (no push/pop pair): both are left exactly as they
// were, pto.pipeline_stages kept. pto-verify-fifo: clean. pto-sim check:
// PASS (4 C2V messages, 8 slots from dir_mask = 1, 2 vector sub-blocks).

module {
  func.func @matmul_tpush_tpop_loop4_print_cube(%gm_a: tensor<16x16xf32>, %gm_b_all: tensor<64x16xf32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    "pto.aic_initialize_pipe"(%c0_i32, %c0_i32) {dir_mask = 1 : i8, slot_size = 1024 : i32} : (i32, i32) -> ()
    %empty = tensor.empty() : tensor<16x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %row_offset = arith.muli %i, %c16 : index
      %b = tensor.extract_slice %gm_b_all[%row_offset, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
      %acc_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
      %acc = linalg.matmul ins(%gm_a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc_init : tensor<16x16xf32>) -> tensor<16x16xf32>
      "pto.tpush_to_aiv"(%acc) {split = 1 : i8} : (tensor<16x16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }

  func.func @matmul_tpush_tpop_loop4_print_vector() -> tensor<4x16x16xf32>
      attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    "pto.aiv_initialize_pipe"(%c0_i32, %c0_i32) {dir_mask = 1 : i8, slot_size = 1024 : i32} : (i32, i32) -> ()
    %sb = "pto.get_subblock_idx"() : () -> i64
    %sb_index = arith.index_cast %sb : i64 to index
    %row0 = arith.muli %sb_index, %c8 : index
    %printed_empty = tensor.empty() : tensor<4x16x16xf32>
    %printed_init = linalg.fill ins(%zero : f32) outs(%printed_empty : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %printed = scf.for %i = %c0 to %c4 step %c1 iter_args(%out = %printed_init) -> (tensor<4x16x16xf32>) {
      %fifo_tile = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<8x16xf32>
      %next = tensor.insert_slice %fifo_tile into %out[%i, %row0, 0] [1, 8, 16] [1, 1, 1] : tensor<8x16xf32> into tensor<4x16x16xf32>
      "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
      scf.yield %next : tensor<4x16x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %printed : tensor<4x16x16xf32>
  }
}
