// Malformed pto types, attributes and ops: each is one located error (and,
// for a parse error, its context), never a silent failure.
// RUN: pto-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{a tile_buf lives in a core-local memory, not 'gm'}}
func.func @tile_in_gm(%t: !pto.tile_buf<loc=gm, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{tile_buf rows and cols must be positive, got 0x16}}
func.func @tile_empty(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=0, cols=16, v_row=0, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{tile_buf valid shape must lie within 16x16}}
func.func @valid_too_big(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=17, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{tile_buf pad must be 0 (none), 1 (zero), 2 (max) or 3 (min), got 7}}
func.func @bad_pad(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=7>)

// -----

// expected-error @below {{unknown blayout 'diagonal'}}
func.func @bad_blayout(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=diagonal, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{duplicate tile_buf field 'v_row'}}
func.func @field_twice(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_row=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{tile_buf needs its 'cols' field}}
func.func @no_cols(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, v_row=16, v_col=16>)

// -----

// expected-error @below {{tile_buf compact must be 0 (none), 1 (normal) or 2 (one extra row), got 3}}
func.func @bad_compact(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=3>)

// -----

// expected-error @below {{local_array dimensions must be positive constants}}
func.func @empty_local_array(%a: !pto.local_array<0xi32>)

// -----

// expected-error @below {{tile_buf dtype must be an integer or float type, got 'tensor<4xf32>'}}
func.func @tile_of_tensors(%t: !pto.tile_buf<loc=vec, dtype=tensor<4xf32>, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{a tile_buf has two dimensions, got 3}}
func.func @compact_three_dims(%t: !pto.tile_buf<vec, 4x4x4xf32>)

// -----

// expected-error @below {{unknown tile_buf field 'colour'}}
func.func @compact_unknown_field(%t: !pto.tile_buf<vec, 16x16xf32, colour=red>)

// -----

// expected-error @below {{duplicate tile_buf field 'pad'}}
func.func @compact_duplicate_field(%t: !pto.tile_buf<vec, 16x16xf32, pad=1, pad=2>)

// -----

// expected-error @below {{unknown tile location 'ub'}}
func.func @compact_unknown_memory(%t: !pto.tile_buf<ub, 16x16xf32>)

// -----

// expected-error @below {{unknown pointer address space 'l2'}}
func.func @ptr_unknown_space(%p: !pto.ptr<f32, l2>)

// -----

// expected-error @below {{unknown pointer address space 'zero'}}
func.func @ptr_zero_space(%p: !pto.ptr<f32, zero>)

// -----

// expected-error @below {{unknown  type `hif9` in dialect `pto`}}
func.func @unknown_element(%t: !pto.tile_buf<loc=vec, dtype=!pto.hif9, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{tile_buf dtype must be an integer or float type, got '!pto.pipe'}}
func.func @pipe_element(%t: !pto.tile_buf<loc=vec, dtype=!pto.pipe, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @below {{multi_tile_buf count must be at least 2, got 1}}
func.func @single_slot(%p: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 1>)

// -----

// expected-error @below {{multi_tile_buf needs its 'count' field}}
func.func @compact_slot_without_count(%p: !pto.multi_tile_buf<vec, 16x16xf32>)

// -----

// expected-error @below {{multi_tile_buf count must be at most 16, got 32}}
func.func @compact_slot_too_many(%p: !pto.multi_tile_buf<vec, 16x16xf32, count=32>)

// -----

// expected-error @below {{unknown tile location 'ddr'}}
func.func @compact_slot_bad_location(%p: !pto.multi_tile_buf<ddr, 16x16xf32, count=2>)

// -----

// expected-error @below {{expected 'x' in dimension list}}
func.func @view_without_elements(%v: !pto.tensor_view<16x16>)

// -----

// expected-error @below {{expected ::skew::pto::KernelKind to be one of: cube, vector}}
// expected-error @below {{failed to parse PTO_KernelKindAttr parameter 'value' which is to be a `::skew::pto::KernelKind`}}
func.func @kind_aic() attributes {k = #pto.kernel_kind<aic>}

// -----

// expected-error @below {{expected ::skew::pto::Layout to be one of: nd, dn, nz}}
// expected-error @below {{failed to parse PTO_LayoutAttr parameter 'value' which is to be a `::skew::pto::Layout`}}
func.func @layout_zn() attributes {k = #pto.layout<zn>}

// -----

// expected-error @below {{expected ::skew::pto::RoundMode to be one of: NONE, RINT, ROUND, FLOOR, CEIL, TRUNC, ODD, CAST_RINT}}
// expected-error @below {{failed to parse PTO_RoundModeAttr parameter 'value' which is to be a `::skew::pto::RoundMode`}}
func.func @round_nearest() attributes {k = #pto<round_mode NEAREST>}

// -----

// expected-error @below {{expected ::skew::pto::FixpipeQuant to be one of: no_convert, f32_f16, f32_bf16, req8_scalar, req8_vec, deqf16_scalar, deqf16_vec, qf322b8_pre_scalar, qf322b8_pre_vec, qf322f16_pre_scalar, qf322bf16_pre_scalar, qs322bf16_pre_scalar, qs322bf16_pre_vec, qf322hif8_pre_scalar, qf322fp8_pre_scalar}}
// expected-error @below {{failed to parse PTO_AccPushEpilogueAttr parameter 'quant' which is to be a `::skew::pto::FixpipeQuant`}}
func.func @quant_unknown() attributes {k = #pto.acc_push_epilogue<layout = nz2nd, quant = f32_f64, relu = no_relu>}

// -----

// expected-error @below {{expected 'quant'}}
func.func @epilogue_without_quant() attributes {k = #pto.acc_push_epilogue<layout = nz2nd, relu = no_relu>}

// -----

func.func @tadd_one_source(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{expected ','}}
  pto.tadd ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tadd_scalar_source(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f32) {
  // expected-error @below {{'pto.tadd' op operand #1 must be tile buffer or partition tensor view or tensor view or memref of any type values or ranked tensor of any type values, but got 'f32'}}
  pto.tadd ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tmuls_tile_scalar(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{'pto.tmuls' op operand #1 must be integer or floating-point or index, but got '!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>'}}
  pto.tmuls ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @texp_without_outs(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+2 {{custom op 'pto.texp' expected 'outs'}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tcvt_bad_mode(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @below {{'pto.tcvt' op attribute 'rmode' failed to satisfy constraint: rounding of a conversion}}
  pto.tcvt ins(%a {rmode = #pto.layout<nd>} : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @textract_i32_offsets(%a: !pto.tile_buf<mat, 16x16xf32>, %b: !pto.tile_buf<left, 16x16xf32>, %i: i32) {
  // expected-error @below {{custom op 'pto.textract' invalid kind of type specified: expected builtin.index, but found 'i32'}}
  pto.textract ins(%a, %i, %i : !pto.tile_buf<mat, 16x16xf32>, i32, i32) outs(%b : !pto.tile_buf<left, 16x16xf32>)
  return
}

// -----

func.func @tmatmul_acc_two_sources(%a: !pto.tile_buf<left, 16x16xf32>, %c: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @below {{expected ','}}
  pto.tmatmul.acc ins(%c, %a : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<left, 16x16xf32>) outs(%c : !pto.tile_buf<acc, 16x16xf32>)
  return
}

// -----

func.func @alloc_static_valid(%n: index) {
  // expected-error @below {{'pto.alloc_tile' op valid_row is given, but the type's v_row is static}}
  %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @alloc_not_a_tile() {
  // expected-error @below {{'pto.alloc_tile' op result #0 must be tile buffer, but got '!pto.tensor_view<16x16xf32>'}}
  %t = pto.alloc_tile : !pto.tensor_view<16x16xf32>
  return
}

// -----

func.func @view_rank(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @below {{'pto.make_tensor_view' op a rank-2 view takes 2 sizes and 2 strides, got 1 and 1}}
  %v = pto.make_tensor_view %p, shape = [%n], strides = [%n] : !pto.tensor_view<?x?xf32>
  return
}

// -----

// expected-note @below {{prior use here}}
func.func @view_of_wrong_pointer(%p: !pto.ptr<f16>, %n: index) {
  // expected-error @below {{use of value '%p' expects different type than prior uses: '!pto.ptr<f32>' vs '!pto.ptr<f16>'}}
  %v = pto.make_tensor_view %p, shape = [%n], strides = [%n] : !pto.tensor_view<?xf32>
  return
}

// -----

func.func @window_rank(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  // expected-error @below {{'pto.partition_view' op a window of a rank-2 view takes 2 offsets and 2 sizes, got 1 and 1}}
  %w = pto.partition_view %v, offsets = [%n], sizes = [%n] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  return
}

// -----

func.func @window_elements(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  // expected-error @below {{'pto.partition_view' op the window's rank and elements must be the view's}}
  %w = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %n] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf16>
  return
}

// -----

func.func @subview_too_big(%t: !pto.tile_buf<vec, 16x16xf32>, %n: index) {
  // expected-error @below {{'pto.subview' op window 32x16 exceeds the tile's 16x16}}
  %s = pto.subview %t[%n, %n] sizes [32, 16] : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 32x16xf32>
  return
}

// -----

func.func @subview_wrong_result(%t: !pto.tile_buf<vec, 16x16xf32>, %n: index) {
  // expected-error @below {{'pto.subview' op the result must be a 8x16 tile of the source's memory and elements}}
  %s = pto.subview %t[%n, %n] sizes [8, 16] : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x8xf32>
  return
}

// -----

func.func @load_wrong_type(%p: !pto.ptr<i32>, %n: index) {
  // expected-error @below {{'pto.load_scalar' op loads 'f32' through a pointer to 'i32'}}
  %x = pto.load_scalar %p[%n] : !pto.ptr<i32> -> f32
  return
}

// -----

func.func @store_wrong_type(%p: !pto.ptr<i32>, %n: index, %x: f32) {
  // expected-error @below {{'pto.store_scalar' op stores 'f32' through a pointer to 'i32'}}
  pto.store_scalar %x, %p[%n] : !pto.ptr<i32>, f32
  return
}

// -----

func.func @addptr_changes_type(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @below {{'pto.addptr' op failed to verify that all of {ptr, result} have same type}}
  %q = pto.addptr %p, %n : <f32> -> <f16>
  return
}

// -----

func.func @set_validshape_on_view(%v: !pto.tensor_view<16x16xf32>, %n: index) {
  // expected-error @below {{'pto.set_validshape' op operand #0 must be tile buffer, but got '!pto.tensor_view<16x16xf32>'}}
  pto.set_validshape %v, %n, %n : !pto.tensor_view<16x16xf32>
  return
}

// -----

func.func @reserve_nothing() {
  // expected-error @below {{'pto.reserve_buffer' op size must be positive, got 0}}
  %b = pto.reserve_buffer {name = "fifo", size = 0, location = <vec>, auto = true} -> i32
  return
}

// -----

func.func @reserve_negative() {
  // expected-error @below {{'pto.reserve_buffer' op size must be positive, got -4096}}
  %b = pto.reserve_buffer {name = "fifo", size = -4096, location = <vec>, auto = true} -> i32
  return
}

// -----

func.func @reserve_below_zero() {
  // expected-error @below {{'pto.reserve_buffer' op base must be >= 0, got -1024}}
  %b = pto.reserve_buffer {name = "fifo", size = 4096, location = <vec>, auto = false, base = -1024} -> i32
  return
}

// -----

func.func @reserve_in_gm() {
  // expected-error @below {{'pto.reserve_buffer' op reserves a core-local buffer, not in 'gm'}}
  %b = pto.reserve_buffer {name = "fifo", size = 1024, location = <gm>, auto = true} -> i32
  return
}

// -----

func.func @import_without_peer() {
  // expected-error @below {{expected ','}}
  %b = pto.import_reserved_buffer {name = "fifo"} -> i32
  return
}

// -----

func.func @init_without_mask(%b: i32) {
  // expected-error @below {{'pto.aic_initialize_pipe' op requires attribute 'dir_mask'}}
  pto.aic_initialize_pipe {slot_size = 1024} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @init_mask_four(%b: i32) {
  // expected-error @below {{'pto.aic_initialize_pipe' op dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got 4}}
  pto.aic_initialize_pipe {dir_mask = 4, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @init_unknown_clause(%b: i32) {
  // expected-error @below {{custom op 'pto.aiv_initialize_pipe' unexpected clause 'depth'}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, depth = 2} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @init_unknown_operand(%b: i32) {
  // expected-error @below {{custom op 'pto.aiv_initialize_pipe' unexpected initialize_pipe operand 'c2v_buf'}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_buf = %b : i32)
  return
}

// -----

func.func @init_duplicate_operand(%b: i32) {
  // expected-error @below {{custom op 'pto.aiv_initialize_pipe' duplicate 'c2v_consumer_buf' operand}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32, c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @init_buffer_i64(%b: i64) {
  // expected-error @below {{'pto.aiv_initialize_pipe' op operand 'c2v_consumer_buf' has the wrong type 'i64' (expected i32)}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i64)
  return
}

// -----

func.func @init_gm_buffer_i32(%b: i32) {
  // expected-error @below {{'pto.aic_initialize_pipe' op operand 'gm_slot_buffer' has the wrong type 'i32' (expected !pto.ptr<...>)}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %b : i32)
  return
}

// -----

func.func @init_roles_count(%b: i32) {
  // expected-error @below {{'pto.aic_initialize_pipe' op buffer_roles names 1 operands, but the op has 2}}
  "pto.aic_initialize_pipe"(%b, %b) {dir_mask = 1 : i8, slot_size = 1024 : i32, buffer_roles = ["c2v_consumer_buf"]} : (i32, i32) -> ()
  return
}

// -----

func.func @push_without_split(%t: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @below {{custom op 'pto.tpush_to_aiv' expected 'split = N' in this clause}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {id = 0}
  return
}

// -----

func.func @push_split_five(%t: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @below {{'pto.tpush_to_aiv' op split must be 0 (whole tile), 1 (up/down), 2 (left/right), 3 or 4 (the odd variants), got 5}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {split = 5}
  return
}

// -----

func.func @push_negative_id(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{'pto.tpush_to_aic' op pipe id must be >= 0, got -1}}
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32>) {id = -1, split = 0}
  return
}

// -----

func.func @push_unknown_clause(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{custom op 'pto.tpush_to_aic' expected 'id' or 'split', got 'depth'}}
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0, depth = 2}
  return
}

// -----

func.func @pop_one_valid_operand(%n: index) {
  // expected-error @below {{custom op 'pto.tpop_from_aic' expected the valid rows and columns (two index values)}}
  %t = pto.tpop_from_aic (%n) {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

// expected-note @below {{prior use here}}
func.func @pop_valid_i32(%n: i32) {
  // expected-error @below {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  %t = pto.tpop_from_aic (%n, %n) {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

func.func @pop_subblock_index(%n: index) {
  // expected-error @below {{'pto.tpop_from_aic' op operand #0 (sub-block id) must be i64, got 'index'}}
  %t = "pto.tpop_from_aic"(%n) {split = 1 : i8} : (index) -> !pto.tile_buf<vec, 8x16xf32>
  return
}

// -----

func.func @free_two_entries(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{'pto.tfree_from_aic' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  "pto.tfree_from_aic"(%t, %t) {split = 0 : i8} : (!pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) -> ()
  return
}

// -----

func.func @talloc_without_split() {
  // expected-error @below {{expected ','}}
  %e = pto.talloc_to_aiv {id = 0} -> !pto.tensor_view<16x16xf32>
  return
}

// -----

func.func @tfree_without_pipe(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{'pto.tfree' op takes an optional entry and a !pto.pipe}}
  pto.tfree(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0}
  return
}

// -----

func.func @tpush_on_a_buffer(%t: !pto.tile_buf<vec, 16x16xf32>, %b: i32) {
  // expected-error @below {{'pto.tpush' op operand #1 must be pipe handle, but got 'i32'}}
  pto.tpush(%t, %b : !pto.tile_buf<vec, 16x16xf32>, i32) {split = 0}
  return
}

// -----

func.func @l2l_without_slot_num(%b: i32) {
  // expected-error @below {{expected ','}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 512}(%b : i32) -> !pto.pipe
  return
}

// -----

func.func @quant_f16(%s: f16) {
  // expected-error @below {{'pto.set_quant_scalar' op operand #0 must be 32-bit float, but got 'f16'}}
  pto.set_quant_scalar(%s : f16) {id = 0}
  return
}

// -----

func.func @barrier_unknown_pipe() {
  // expected-error @below {{custom op 'pto.barrier' expected ::skew::pto::HwPipe to be one of: PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX}}
  // expected-error @below {{custom op 'pto.barrier' failed to parse PTO_HwPipeAttr parameter 'value' which is to be a `::skew::pto::HwPipe`}}
  pto.barrier <PIPE_Q>
  return
}

// -----

func.func @syncall_without_mode() {
  // expected-error @below {{custom op 'pto.syncall' expected 'mode'}}
  pto.syncall() core_type = #pto.sync_core_type<mix>
  return
}

// -----

func.func @subblock_idx_i32() {
  // expected-error @below {{'pto.get_subblock_idx' op result #0 must be 64-bit signless integer, but got 'i32'}}
  %i = "pto.get_subblock_idx"() : () -> i32
  return
}

// -----

func.func @unknown_op() {
  // expected-error @below {{custom op 'pto.tpush_to_aiw' is not an op of the pto dialect}}
  // expected-note @below {{did you mean 'pto.tpush_to_aic'?}}
  // expected-note @below {{the pto ops skew-mlir reads are listed in docs/fifo-contract.md}}
  pto.tpush_to_aiw
  return
}

// -----

// expected-error @below {{multi_tile_buf count must be at most 16, got 17}}
func.func @too_many_slots(%p: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 17>)

// -----

func.func @multi_alloc_static_valid(%n: index) {
  // expected-error @below {{'pto.alloc_multi_tile' op valid_col is given, but the type's v_col is static}}
  %mb = pto.alloc_multi_tile valid_col = %n : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32, valid=?x16>, count = 2>
  return
}

// -----

func.func @multi_alloc_of_one_tile() {
  // expected-error @below {{'pto.alloc_multi_tile' op result #0 must be multi-buffered tile, but got '!pto.tile_buf<}}
  %mb = pto.alloc_multi_tile : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @multi_get_other_type(%mb: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 2>, %k: index) {
  // expected-error @below {{'pto.multi_tile_get' op the result must be the slot type '!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>', got '!pto.tile_buf<loc=vec, dtype=f16}}
  %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 2> -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @multi_get_other_memory(%mb: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 2>, %k: index) {
  // expected-error @below {{'pto.multi_tile_get' op the result must be the slot type}}
  %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 2> -> !pto.tile_buf<mat, 16x16xf32>
  return
}

// -----

func.func @multi_get_past_the_end(%mb: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 3>) {
  %c3 = arith.constant 3 : index
  // expected-error @below {{'pto.multi_tile_get' op slot 3 is outside the 3 slots}}
  %t = pto.multi_tile_get %mb[%c3] : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 3> -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @multi_get_negative(%mb: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 2>) {
  %m1 = arith.constant -1 : index
  // expected-error @below {{'pto.multi_tile_get' op slot -1 is outside the 2 slots}}
  %t = pto.multi_tile_get %mb[%m1] : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf32>, count = 2> -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @multi_get_of_one_tile(%t: !pto.tile_buf<vec, 16x16xf32>, %k: index) {
  // expected-error @below {{'pto.multi_tile_get' op operand #0 must be multi-buffered tile}}
  %s = pto.multi_tile_get %t[%k] : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xf32>
  return
}


// -----

// expected-error @below {{'!pto.pipe' takes no parameters}}
func.func @pipe_parameter(%p: !pto.pipe<1>)

// -----

// The ops pypto's code generator emits (test/pto/ops-pypto.mlir).

func.func @tcmp_unknown_mode(%a: !pto.tile_buf<vec, 16x16xf32>, %m: !pto.tile_buf<vec, 16x16xi8>) {
  // expected-error @below {{expected ::skew::pto::CmpMode to be one of: eq, ne, lt, le, gt, ge}}
  // expected-error @below {{failed to parse PTO_CmpModeAttr parameter 'value' which is to be a `::skew::pto::CmpMode`}}
  pto.tcmp ins(%a, %a {cmpMode = #pto<cmp less>} : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%m : !pto.tile_buf<vec, 16x16xi8>)
  return
}

// -----

func.func @tcmps_mode_after_outs(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %m: !pto.tile_buf<vec, 16x16xi8>) {
  // PTOAS writes the mode inside ins(...): after outs(...) nothing is read.
  // expected-error @below {{expected operation name in quotes}}
  pto.tcmps ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%m : !pto.tile_buf<vec, 16x16xi8>) {cmpMode = #pto<cmp gt>}
  return
}

// -----

func.func @tand_without_outs(%a: !pto.tile_buf<vec, 16x16xi32>) {
  // The parser stops at the token after ins(...).
  // expected-error @+2 {{custom op 'pto.tand' expected 'outs'}}
  pto.tand ins(%a, %a : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

func.func @tsels_two_scratch_tiles(%m: !pto.tile_buf<vec, 16x16xi8>, %a: !pto.tile_buf<vec, 16x16xf32>, %s: f32) {
  // tsels' scratch tile is optional; a fifth operand is not.
  // expected-error @below {{custom op 'pto.tsels' expected ins(%mask, %src, %scalar) or ins(%mask, %src, %tmp, %scalar)}}
  pto.tsels ins(%m, %a, %a, %a, %s : !pto.tile_buf<vec, 16x16xi8>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tsels_types_short(%m: !pto.tile_buf<vec, 16x16xi8>, %a: !pto.tile_buf<vec, 16x16xf32>, %s: f32) {
  // expected-error @below {{custom op 'pto.tsels' ins has 4 operands but 3 types}}
  pto.tsels ins(%m, %a, %a, %s : !pto.tile_buf<vec, 16x16xi8>, !pto.tile_buf<vec, 16x16xf32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @txor_scratch_type_missing(%a: !pto.tile_buf<vec, 16x16xi32>) {
  // With a scratch tile, its type follows the sources' types.
  // expected-error @below {{custom op 'pto.txor' number of operands and types do not match: got 1 operands and 0 types}}
  pto.txor ins(%a, %a, %a : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

func.func @tcmps_extra_operand(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %m: !pto.tile_buf<vec, 16x16xi8>) {
  // expected-error @below {{expected ':'}}
  pto.tcmps ins(%a, %s, %s : !pto.tile_buf<vec, 16x16xf32>, f32, f32) outs(%m : !pto.tile_buf<vec, 16x16xi8>)
  return
}

// -----

func.func @tands_float_scalar(%a: !pto.tile_buf<vec, 16x16xi32>, %s: f32) {
  // expected-error @below {{custom op 'pto.tands' invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  pto.tands ins(%a, %s : !pto.tile_buf<vec, 16x16xi32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

func.func @mscatter_unknown_oob(%a: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %v: !pto.partition_tensor_view<1x64xf32>) {
  // expected-error @below {{expected ::skew::pto::ScatterOOB to be one of: undefined, skip, clamp, wrap}}
  // expected-error @below {{failed to parse PTO_ScatterOOBAttr parameter 'value' which is to be a `::skew::pto::ScatterOOB`}}
  pto.mscatter ins(%a, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%v : !pto.partition_tensor_view<1x64xf32>) {scatterOob = #pto<scatter_oob zero>}
  return
}

// -----

func.func @tmrgsort_lists_without_executed(%a: !pto.tile_buf<vec, 1x64xf32>, %tmp: !pto.tile_buf<vec, 1x128xf32>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @below {{custom op 'pto.tmrgsort' expected ins(%src, %blockLen) outs(%dst), or ins of 2 to 4 sorted lists and a scratch tile (or `no_tmp`) with outs(%dst, %executed)}}
  pto.tmrgsort ins(%a, %a, %tmp : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// -----

func.func @tmrgsort_bad_flag(%a: !pto.tile_buf<vec, 1x64xf32>, %tmp: !pto.tile_buf<vec, 1x128xf32>, %d: !pto.tile_buf<vec, 1x128xf32>, %e: vector<4xi16>) {
  // expected-error @below {{custom op 'pto.tmrgsort' expected 'exhausted = true' or 'false'}}
  pto.tmrgsort ins(%a, %a, %tmp {exhausted = maybe} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
  return
}

// -----

func.func @tmrgsort_mixed_forms(%a: !pto.tile_buf<vec, 1x64xf32>, %n: i32, %tmp: !pto.tile_buf<vec, 1x128xf32>, %e: vector<4xi16>) {
  // expected-error @below {{'pto.tmrgsort' op with a block length merges the blocks of one tile: one source, no scratch tile, no executed counts}}
  "pto.tmrgsort"(%a, %n, %tmp, %tmp, %e) {exhausted = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : (!pto.tile_buf<vec, 1x64xf32>, i32, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>) -> ()
  return
}

// -----

func.func @sync_set_two_event_ids(%i: index) {
  // expected-error @below {{'pto.sync.set' op takes one event id: a constant or an index value}}
  "pto.sync.set"(%i) {event_id = 1 : i32, pipe = #pto.pipe<PIPE_V>} : (index) -> ()
  return
}

// -----

func.func @sync_wait_no_event_id() {
  // expected-error @below {{'pto.sync.wait' op takes one event id: a constant or an index value}}
  "pto.sync.wait"() {pipe = #pto.pipe<PIPE_V>} : () -> ()
  return
}

// -----

func.func @sync_set_ffts_mode() {
  // expected-error @below {{'pto.sync.set' op ffts_mode must be 0, 1 or 2, got 3}}
  pto.sync.set <PIPE_MTE3>, 1 {ffts_mode = 3 : i32}
  return
}

// -----

func.func @sync_wait_unknown_pipe() {
  // expected-error @below {{custom op 'pto.sync.wait' expected ::skew::pto::HwPipe to be one of: PIPE_S, PIPE_V, PIPE_M}}
  // expected-error @below {{custom op 'pto.sync.wait' failed to parse PTO_HwPipeAttr parameter 'value' which is to be a `::skew::pto::HwPipe`}}
  pto.sync.wait <PIPE_Q>, 1
  return
}

// -----

func.func @bitcast_wider(%t: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @below {{'pto.bitcast' op result elements ('f32') are wider than the source's ('f16')}}
  %w = pto.bitcast %t : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @bitcast_other_shape(%t: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @below {{'pto.bitcast' op the result must be a tile of the source's memory, shape and valid shape}}
  %w = pto.bitcast %t : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<mat, 16x16xi16>
  return
}

// -----

func.func @tassign_other_type(%t: !pto.tile_buf<vec, 16x16xf16>, %a: i64) {
  // expected-error @below {{'pto.tassign' op the result must have the tile's type}}
  %w = pto.tassign %t, %a : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x32xf16>
  return
}

// -----

// expected-error @below {{'!pto.async_event' takes no parameters}}
func.func @async_event_parameter(%e: !pto.async_event<1>)

// -----

func.func @tmrgsort_no_tmp_one_list(%a: !pto.tile_buf<vec, 1x64xf32>, %d: !pto.tile_buf<vec, 1x128xf32>, %e: vector<4xi16>) {
  // expected-error @below {{custom op 'pto.tmrgsort' expected ins(%src, %blockLen) outs(%dst), or ins of 2 to 4 sorted lists and a scratch tile (or `no_tmp`) with outs(%dst, %executed)}}
  pto.tmrgsort ins(%a no_tmp : !pto.tile_buf<vec, 1x64xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
  return
}

// -----

// The attributes of PTOAS's newer syntax: an unknown keyword is an error
// naming the ones there are.

func.func @tdiv_unknown_precision(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{expected ::skew::pto::DivPrecision to be one of: default, high_precision}}
  // expected-error @below {{failed to parse PTO_DivPrecisionAttr parameter 'value' which is to be a `::skew::pto::DivPrecision`}}
  pto.tdiv ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>) {precisionType = #pto<div_precision fast>}
  return
}

// -----

func.func @texp_precision_of_another_op(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // Each op family has its own precision attribute.
  // expected-error @below {{'pto.texp' op attribute 'precisionType' failed to satisfy constraint}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>) {precisionType = #pto<log_precision high_precision>}
  return
}

// -----

func.func @tgemv_unknown_acc_phase(%l: !pto.tile_buf<left, 16x16xf16>, %r: !pto.tile_buf<right, 16x16xf16>, %c: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @below {{expected ::skew::pto::AccPhase to be one of: unspecified, partial, final}}
  // expected-error @below {{failed to parse PTO_AccPhaseAttr parameter 'value' which is to be a `::skew::pto::AccPhase`}}
  pto.tgemv ins(%l, %r : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%c : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase middle>}
  return
}

// -----

func.func @mgather_without_coalesce(%v: !pto.partition_tensor_view<1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %d: !pto.tile_buf<vec, 1x64xf32>) {
  // PTOAS requires the mode: a gather by rows and one by elements differ.
  // expected-error @below {{'pto.mgather' op requires attribute 'coalesce'}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%d : !pto.tile_buf<vec, 1x64xf32>) {gatherOob = #pto<gather_oob clamp>}
  return
}

// -----

func.func @mgather_unknown_coalesce(%v: !pto.partition_tensor_view<1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %d: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @below {{expected ::skew::pto::Coalesce to be one of: row, elem}}
  // expected-error @below {{failed to parse PTO_CoalesceAttr parameter 'value' which is to be a `::skew::pto::Coalesce`}}
  pto.mgather ins(%v, %i : !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%d : !pto.tile_buf<vec, 1x64xf32>) {coalesce = #pto<coalesce block>}
  return
}

// -----

func.func @mscatter_unknown_conflict(%a: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %v: !pto.partition_tensor_view<1x64xf32>) {
  // expected-error @below {{expected ::skew::pto::ScatterConflict to be one of: default, last}}
  // expected-error @below {{failed to parse PTO_ScatterConflictAttr parameter 'value' which is to be a `::skew::pto::ScatterConflict`}}
  pto.mscatter ins(%a, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%v : !pto.partition_tensor_view<1x64xf32>) {coalesce = #pto<coalesce elem>, scatterConflict = #pto<scatter_conflict first>}
  return
}

// -----

func.func @tscatter_unknown_pattern(%a: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @below {{expected ::skew::pto::MaskPattern to be one of: P0101, P1010, P0001, P0010, P0100, P1000, P1111}}
  // expected-error @below {{failed to parse PTO_MaskPatternAttr parameter 'value' which is to be a `::skew::pto::MaskPattern`}}
  pto.tscatter ins(%a, {maskPattern = #pto.mask_pattern<P0110>} : !pto.tile_buf<vec, 1x64xf32>) outs(%a : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @tscatter_unknown_axis(%a: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @below {{custom op 'pto.tscatter' expected the axis "row" or "col"}}
  pto.tscatter ins(%a, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x64xf32>, "diag") outs(%a : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @tscatter_index_and_pattern(%a: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error @below {{'pto.tscatter' op takes an index tile or a maskPattern, not both}}
  pto.tscatter ins(%a, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%a : !pto.tile_buf<vec, 1x64xf32>) {maskPattern = #pto.mask_pattern<P0101>}
  return
}

// -----

func.func @tscatter_neither(%a: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @below {{'pto.tscatter' op takes an index tile or a maskPattern, not neither}}
  "pto.tscatter"(%a, %a) : (!pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) -> ()
  return
}

// -----

func.func @tscatter_axis_with_indexes(%a: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error @below {{'pto.tscatter' op takes an axis only with a maskPattern}}
  pto.tscatter ins(%a, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%a : !pto.tile_buf<vec, 1x64xf32>) {axis = "row"}
  return
}

// -----

func.func @tinsert_unknown_mode(%a: !pto.tile_buf<acc, 16x16xf32>, %d: !pto.tile_buf<mat, 16x16xf16>, %i: index) {
  // expected-error @below {{expected ::skew::pto::TInsertMode to be one of: split2, split4}}
  // expected-error @below {{failed to parse PTO_TInsertModeAttr parameter 'value' which is to be a `::skew::pto::TInsertMode`}}
  pto.tinsert ins(%a, %i, %i : !pto.tile_buf<acc, 16x16xf32>, index, index) outs(%d : !pto.tile_buf<mat, 16x16xf16>) {tinsertMode = #pto.tinsert_mode<split8>}
  return
}

// -----

func.func @tinsert_fp_not_a_tile(%a: !pto.tile_buf<acc, 16x16xf32>, %d: !pto.tile_buf<mat, 16x16xf16>, %i: index, %q: i64) {
  // expected-error @below {{'pto.tinsert' op operand #3 must be tile buffer or partition tensor view or tensor view or memref of any type values or ranked tensor of any type values, but got 'i64'}}
  pto.tinsert ins(%a, %i, %i : !pto.tile_buf<acc, 16x16xf32>, index, index fp %q : i64) outs(%d : !pto.tile_buf<mat, 16x16xf16>)
  return
}

// -----

func.func @tmov_unknown_relu(%a: !pto.tile_buf<acc, 16x16xf32>, %d: !pto.tile_buf<mat, 16x16xf16>) {
  // expected-error @below {{expected ::skew::pto::ReluPreMode to be one of: no_relu, normal_relu, scalar_relu, vector_relu, pwl}}
  // expected-error @below {{failed to parse PTO_ReluPreModeAttr parameter 'value' which is to be a `::skew::pto::ReluPreMode`}}
  pto.tmov ins(%a : !pto.tile_buf<acc, 16x16xf32>) outs(%d : !pto.tile_buf<mat, 16x16xf16>) {reluPreMode = #pto<relu_pre_mode leaky>}
  return
}

// -----

func.func @tprint_unknown_format(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{expected ::skew::pto::PrintFormat to be one of: width8_precision4, width8_precision2, width10_precision6}}
  // expected-error @below {{failed to parse PTO_PrintFormatAttr parameter 'value' which is to be a `::skew::pto::PrintFormat`}}
  pto.tprint ins(%a : !pto.tile_buf<vec, 16x16xf32>) {printFormat = #pto<print_format width4>}
  return
}

// -----

func.func @tfillpad_unknown_pad(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @below {{expected ::skew::pto::PadValue to be one of: null, zero, max, min}}
  // expected-error @below {{failed to parse PTO_PadValueAttr parameter 'value' which is to be a `::skew::pto::PadValue`}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>) {padValue = #pto.pad_value<one>}
  return
}

// -----

func.func @tcvt_unknown_saturation(%a: !pto.tile_buf<vec, 16x16xf32>, %h: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @below {{expected ::skew::pto::SaturationMode to be one of: ON, OFF}}
  // expected-error @below {{failed to parse PTO_SaturationModeAttr parameter 'value' which is to be a `::skew::pto::SaturationMode`}}
  pto.tcvt ins(%a {satmode = #pto<saturation_mode SAT>} : !pto.tile_buf<vec, 16x16xf32>) outs(%h : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @sync_wait_ffts_mode() {
  // expected-error @below {{'pto.sync.wait' op ffts_mode must be 0, 1 or 2, got 5}}
  pto.sync.wait <PIPE_MTE3>, 1 {ffts_mode = 5 : i32}
  return
}

// -----

func.func @wait_async_event_old_name(%e: !pto.async_event, %s: !pto.async_session) {
  // The newer PTOAS puts it among the comm ops.
  // expected-error @below {{custom op 'pto.wait_async_event' is not an op of the pto dialect}}
  // expected-note @below {{the pto ops skew-mlir reads are listed in docs/fifo-contract.md}}
  %ok = pto.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1
  return
}

// -----

func.func @prefetch_context_of_words(%ws: !pto.ptr<i32>) {
  // expected-error @below {{'pto.make_prefetch_async_context' op the workspace must be a pointer to 8-bit integers, got '!pto.ptr<i32>'}}
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i32>) -> !pto.prefetch_async_context
  return
}

// -----

func.func @prefetch_a_local_tile(%t: !pto.tile_buf<vec, 1x64xf32>, %ctx: !pto.prefetch_async_context) {
  // expected-error @below {{'pto.tprefetch_async' op prefetches global memory, not a tile in 'vec'}}
  %ev = pto.tprefetch_async(%t, %ctx : !pto.tile_buf<vec, 1x64xf32>, !pto.prefetch_async_context) -> !pto.async_event
  return
}

// -----

// expected-error @below {{'!pto.prefetch_async_context' takes no parameters}}
func.func @prefetch_context_parameter(%c: !pto.prefetch_async_context<1>)

// -----

func.func @gather_mask_with_a_count(%s: !pto.tile_buf<vec, 8x32xf32>, %n: !pto.tile_buf<vec, 1x8xi32>) {
  // expected-error @below {{a mask-pattern tgather has one destination}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 8x32xf32>) outs(%s, %n : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 1x8xi32>)
  return
}

// -----

func.func @gather_index_with_a_compare_mode(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32>) {
  // expected-error @below {{'pto.tgather' op takes cmpMode and offset only in the compare form}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%s : !pto.tile_buf<vec, 8x32xf32>) {cmpMode = #pto<cmp lt>}
  return
}

// -----

func.func @gather_too_many_operands(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32>) {
  // expected-error @below {{expected ins(%src, %indices[, %tmp]), ins(%src, %k[, %tmp]) or ins(%src, {maskPattern = ...})}}
  pto.tgather ins(%s, %i, %s, %s : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>, !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xf32>) outs(%s : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @gather_compare_of_a_tile(%s: !pto.tile_buf<vec, 8x32xf32>, %n: !pto.tile_buf<vec, 1x8xi32>) {
  // A count destination makes it the compare form, whose value is a scalar.
  // expected-error @below {{'pto.tgather' op operand #1 must be}}
  pto.tgather ins(%s, %s : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xf32>) outs(%s, %n : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 1x8xi32>)
  return
}

// -----

// tdivs: one tile and one scalar, in either order.
func.func @tdivs_of_two_scalars(%d: !pto.tile_buf<vec, 16x32xf32>, %s: f32) {
  // expected-error @below {{'pto.tdivs' op operand #1 must be}}
  pto.tdivs ins(%s, %s : f32, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  return
}

// -----

func.func @tdivs_of_one_operand(%d: !pto.tile_buf<vec, 16x32xf32>) {
  // expected-error @below {{expected ins(%src, %scalar) or ins(%scalar, %src)}}
  pto.tdivs ins(%d : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  return
}

// -----

func.func @tdivs_of_two_destinations(%d: !pto.tile_buf<vec, 16x32xf32>, %s: f32) {
  // expected-error @below {{expected outs(%dst : T)}}
  pto.tdivs ins(%d, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>)
  return
}

// -----

func.func @tdivs_with_a_scalar_on_both_sides(%d: !pto.tile_buf<vec, 16x32xf32>, %s: f32) {
  // expected-error @below {{'pto.tdivs' op takes one scalar, before the tile (the dividend) or after it (the divisor)}}
  "pto.tdivs"(%s, %d, %s, %d) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (f32, !pto.tile_buf<vec, 16x32xf32>, f32, !pto.tile_buf<vec, 16x32xf32>) -> ()
  return
}

// -----

func.func @tpow_integer_scratch(%n: !pto.tile_buf<vec, 8x32xi16>, %t: !pto.tile_buf<vec, 8x32xi16>) {
  // expected-error @below {{'pto.tpow' op takes no scratch tile for integer elements ('i16')}}
  pto.tpow ins(%n, %n, %t : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%n : !pto.tile_buf<vec, 8x32xi16>)
  return
}

// -----

func.func @tpows_integer_scratch(%n: !pto.tile_buf<vec, 8x32xi32>, %k: i32) {
  // expected-error @below {{'pto.tpows' op takes no scratch tile for integer elements ('i32')}}
  pto.tpows ins(%n, %k, %n : !pto.tile_buf<vec, 8x32xi32>, i32, !pto.tile_buf<vec, 8x32xi32>) outs(%n : !pto.tile_buf<vec, 8x32xi32>)
  return
}

// -----

func.func @tprefetch_local(%t: !pto.tile_buf<vec, 4x128xf32>) {
  // expected-error @below {{'pto.tprefetch' op prefetches global memory, not a tile in 'vec'}}
  pto.tprefetch ins(%t : !pto.tile_buf<vec, 4x128xf32>) outs(%t : !pto.tile_buf<vec, 4x128xf32>)
  return
}

// -----

func.func @thistogram_byte(%k: !pto.tile_buf<vec, 4x128xui32>, %s: !pto.tile_buf<vec, 4x8xui8>, %h: !pto.tile_buf<vec, 4x256xui32>) {
  // expected-error @below {{'pto.thistogram' op byte must be 0, 1, 2 or 3, got 4}}
  pto.thistogram ins(%k, %s : !pto.tile_buf<vec, 4x128xui32>, !pto.tile_buf<vec, 4x8xui8>) outs(%h : !pto.tile_buf<vec, 4x256xui32>) {byte = 4 : i32}
  return
}

// -----

func.func @thistogram_negative_byte(%k: !pto.tile_buf<vec, 4x128xui32>, %s: !pto.tile_buf<vec, 4x8xui8>, %h: !pto.tile_buf<vec, 4x256xui32>) {
  // expected-error @below {{'pto.thistogram' op byte must be 0, 1, 2 or 3, got -1}}
  pto.thistogram ins(%k, %s : !pto.tile_buf<vec, 4x128xui32>, !pto.tile_buf<vec, 4x8xui8>) outs(%h : !pto.tile_buf<vec, 4x256xui32>) {byte = -1 : i32}
  return
}

// -----

func.func @tquant_no_type(%x: !pto.tile_buf<vec, 8x64xf32>, %s: !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, %q: !pto.tile_buf<vec, 8x64xi8>) {
  // expected-error @below {{'pto.tquant' op requires attribute 'quant_type'}}
  pto.tquant ins(%x, %s : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%q : !pto.tile_buf<vec, 8x64xi8>)
  return
}

// -----

func.func @tquant_mx_type(%x: !pto.tile_buf<vec, 8x64xf32>, %s: !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, %q: !pto.tile_buf<vec, 8x64xi8>) {
  // expected-error @below {{'pto.tquant' op quantises to INT8_SYM or INT8_ASYM (tquant.mx to MX formats), got MXFP8}}
  pto.tquant ins(%x, %s : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%q : !pto.tile_buf<vec, 8x64xi8>) {quant_type = #pto<quant_type MXFP8>}
  return
}

// -----

func.func @tquant_asym_without_offset(%x: !pto.tile_buf<vec, 8x64xf32>, %s: !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, %q: !pto.tile_buf<vec, 8x64xi8>) {
  // expected-error @below {{'pto.tquant' op takes an offset tile exactly when INT8_ASYM}}
  pto.tquant ins(%x, %s : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%q : !pto.tile_buf<vec, 8x64xi8>) {quant_type = #pto<quant_type INT8_ASYM>}
  return
}

// -----

func.func @tquant_sym_with_offset(%x: !pto.tile_buf<vec, 8x64xf32>, %s: !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, %q: !pto.tile_buf<vec, 8x64xi8>) {
  // expected-error @below {{'pto.tquant' op takes an offset tile exactly when INT8_ASYM}}
  pto.tquant ins(%x, %s, %s : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%q : !pto.tile_buf<vec, 8x64xi8>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}

// -----

func.func @tquant_mx_int8(%x: !pto.tile_buf<vec, 8x64xf32>, %q: !pto.tile_buf<vec, 8x64xi8>, %e: !pto.tile_buf<vec, 8x2xui8>, %m: !pto.tile_buf<vec, 8x2xf32>) {
  // expected-error @below {{'pto.tquant.mx' op quantises to MXFP8 or MXFP4_E2M1 (tquant to 8-bit integers), got INT8_SYM}}
  pto.tquant.mx ins(%x : !pto.tile_buf<vec, 8x64xf32>) outs(%q, %e, %m, %m : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x2xui8>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xf32>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}

// -----

func.func @tquant_mx_fractal_without_mode(%x: !pto.tile_buf<vec, 8x64xf32>, %q: !pto.tile_buf<vec, 8x64xi8>, %e: !pto.tile_buf<vec, 8x2xui8>, %m: !pto.tile_buf<vec, 8x2xf32>) {
  // expected-error @below {{'pto.tquant.mx' op takes a fifth destination (the fractal exponents) exactly with a storeMode}}
  pto.tquant.mx ins(%x : !pto.tile_buf<vec, 8x64xf32>) outs(%q, %e, %m, %m, %e : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x2xui8>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xui8>) {quant_type = #pto<quant_type MXFP8>}
  return
}

// -----

func.func @tquant_mx_three_outs(%x: !pto.tile_buf<vec, 8x64xf32>, %q: !pto.tile_buf<vec, 8x64xi8>, %e: !pto.tile_buf<vec, 8x2xui8>) {
  // expected-error @below {{expected ','}}
  pto.tquant.mx ins(%x : !pto.tile_buf<vec, 8x64xf32>) outs(%q, %e, %e : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x2xui8>, !pto.tile_buf<vec, 8x2xui8>) {quant_type = #pto<quant_type MXFP8>}
  return
}

// -----

func.func @intra_block_event_range() {
  // expected-error @below {{'pto.set_intra_block' op event id must be <= 31, got 32}}
  pto.set_intra_block <PIPE_FIX>, 32
  return
}

// -----

func.func @intra_block_no_event() {
  // expected-error @below {{'pto.wait_intra_block' op takes one event id: a constant or an index value}}
  "pto.wait_intra_block"() {pipe = #pto.pipe<PIPE_V>} : () -> ()
  return
}

// -----

func.func @collective_root(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @below {{'pto.comm.tbroadcast' op root must index the group of 2, got 2}}
  pto.comm.tbroadcast(%w, recv(%p), group(%w, %w) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>, !pto.partition_tensor_view<128xf16>) {root = 2 : i32}
  return
}

// -----

func.func @collective_no_root(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @below {{'pto.comm.tgather' op requires attribute 'root'}}
  pto.comm.tgather(%w, recv(%p), group(%w) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>)
  return
}

// -----

func.func @collective_pong_type(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>, %q: !pto.tile_buf<vec, 1x64xf16>) {
  // expected-error @below {{'pto.comm.tscatter' op pong must have ping's type}}
  pto.comm.tscatter(%w, recv(%p, %q), group(%w) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x64xf16>, !pto.partition_tensor_view<128xf16>) {root = 0 : i32}
  return
}

// -----

func.func @collective_types(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @below {{number of operands and types do not match: got 3 operands and 2 types}}
  pto.comm.tgather(%w, recv(%p), group(%w) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>) {root = 0 : i32}
  return
}

// -----

func.func @collective_three_recv(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @below {{expected recv(%ping) or recv(%ping, %pong)}}
  pto.comm.tbroadcast(%w, recv(%p, %p, %p), group(%w) : !pto.partition_tensor_view<128xf16>) {root = 0 : i32}
  return
}

// -----

func.func @collective_empty_group(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @below {{expected a group of at least one window}}
  pto.comm.tbroadcast(%w, recv(%p), group() : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>) {root = 0 : i32}
  return
}

// -----

func.func @treduce_acc_type(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>, %a: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @below {{'pto.comm.treduce' op the accumulator must have the receive tile's type}}
  pto.comm.treduce(%w, %a, recv(%p), group(%w) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>) {reduceOp = #pto<reduce_op sum>, root = 0 : i32}
  return
}

// -----

func.func @treduce_no_op(%w: !pto.partition_tensor_view<128xf16>, %p: !pto.tile_buf<vec, 1x128xf16>) {
  // expected-error @below {{'pto.comm.treduce' op requires attribute 'reduceOp'}}
  pto.comm.treduce(%w, %p, recv(%p), group(%w) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>) {root = 0 : i32}
  return
}

// -----

func.func @castptr_int_to_int(%a: i64) {
  // expected-error @below {{'pto.castptr' op casts to or from a pointer, got 'i64' to 'i32'}}
  %0 = pto.castptr %a : i64 -> i32
  return
}

// -----

func.func @castptr_memory(%p: !pto.ptr<f32>) {
  // expected-error @below {{'pto.castptr' op stays in one memory: 'gm' to 'vec'}}
  %0 = pto.castptr %p : !pto.ptr<f32> -> !pto.ptr<f32, vec>
  return
}

// -----

func.func @castptr_to_float(%p: !pto.ptr<f32>) {
  // expected-error @below {{'pto.castptr' op casts to an integer or a pointer, got 'f32'}}
  %0 = pto.castptr %p : !pto.ptr<f32> -> f32
  return
}

// -----

func.func @castptr_from_float(%x: f32) {
  // expected-error @below {{'pto.castptr' op casts an integer, a pointer or a memref, got 'f32'}}
  %0 = pto.castptr %x : f32 -> !pto.ptr<f32>
  return
}

// -----

func.func @tile_buf_addr_element(%t: !pto.tile_buf<vec, 16x32xf32>) {
  // expected-error @below {{'pto.tile_buf_addr' op addresses the tile's elements ('f32'), got '!pto.ptr<f16, vec>'}}
  %0 = pto.tile_buf_addr %t : !pto.tile_buf<vec, 16x32xf32> -> !pto.ptr<f16, vec>
  return
}

// -----

func.func @tile_buf_addr_memory(%t: !pto.tile_buf<vec, 16x32xf32>) {
  // expected-error @below {{'pto.tile_buf_addr' op stays in one memory: 'vec' to 'gm'}}
  %0 = pto.tile_buf_addr %t : !pto.tile_buf<vec, 16x32xf32> -> !pto.ptr<f32>
  return
}

// -----

func.func @tile_buf_addr_rank(%t: !pto.tile_buf<vec, 16x32xf32>) {
  // expected-error @below {{'pto.tile_buf_addr' op a memref result has the tile's rank (2), got 'memref<512xf32, #pto.address_space<vec>>'}}
  %0 = pto.tile_buf_addr %t : !pto.tile_buf<vec, 16x32xf32> -> memref<512xf32, #pto.address_space<vec>>
  return
}
