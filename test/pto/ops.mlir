// Every pto op in PTOAS's textual syntax, in kernels of our own: each parses,
// prints in the syntax PTOAS reads, and the printed text is a fixed point,
// in the custom and in the generic form.
// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file > %t.1.mlir
// RUN: pto-opt %t.1.mlir -split-input-file > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: pto-opt %s -split-input-file -mlir-print-op-generic | pto-opt -split-input-file > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir

// Global memory: views, windows, scalars, pointers.
// CHECK-LABEL: func.func @global
// CHECK: %[[V:.*]] = pto.make_tensor_view %arg0, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK: pto.make_tensor_view %arg0, shape = [%{{.*}}], strides = [%{{.*}}] : !pto.tensor_view<64xf32>
// CHECK: pto.partition_view %[[V]], offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
// CHECK: pto.load_scalar %arg1[%{{.*}}] : !pto.ptr<i32> -> i32
// CHECK: pto.store_scalar %{{.*}}, %arg0[%{{.*}}] : !pto.ptr<f32>, f32
// CHECK: pto.addptr %arg0, %{{.*}} : <f32> -> <f32>
// CHECK: pto.declare_global -> !pto.tensor_view<16x16xf16>
// CHECK: pto.get_block_idx
// CHECK: pto.set_ffts %arg2 : !pto.ptr<i64>
// CHECK: pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
// CHECK: pto.syncall(%arg0, %{{.*}} : !pto.ptr<f32>, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
// CHECK: pto.syncall(%arg0, %{{.*}} : !pto.ptr<f32>, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
// CHECK: pto.syncall(%arg0 : !pto.ptr<f32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
// CHECK: pto.barrier <PIPE_ALL>
func.func @global(%gm: !pto.ptr<f32>, %idx: !pto.ptr<i32>, %ffts: !pto.ptr<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = arith.constant 2 : i32
  %v = pto.make_tensor_view %gm, shape = [%c64, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %flat = pto.make_tensor_view %gm, shape = [%c64], strides = [%c1] : !pto.tensor_view<64xf32>
  %w = pto.partition_view %v, offsets = [%c16, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
  %i = pto.load_scalar %idx[%c0] : !pto.ptr<i32> -> i32
  %x = arith.sitofp %i : i32 to f32
  pto.store_scalar %x, %gm[%c1] : !pto.ptr<f32>, f32
  %p = pto.addptr %gm, %c16 : <f32> -> <f32>
  %g = pto.declare_global -> !pto.tensor_view<16x16xf16>
  %b = pto.get_block_idx
  pto.set_ffts %ffts : !pto.ptr<i64>
  pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
  pto.syncall(%gm : !pto.ptr<f32>, %n : i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  pto.syncall(%gm, %n : !pto.ptr<f32>, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  pto.syncall(%gm : !pto.ptr<f32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<mix>
  pto.barrier <PIPE_ALL>
  return
}

// -----

// Tile buffers and the tile ops (destination-passing style).
// CHECK-LABEL: func.func @tiles
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32
// CHECK: pto.alloc_tile addr = %{{.*}} valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=?, v_col=?
// CHECK: pto.declare_tile -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x32xf32>) outs(%[[T]] : !pto.tile_buf<
// CHECK: pto.tstore ins(%[[T]] : !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.partition_tensor_view<16x32xf32>)
// CHECK: pto.tmov ins(
// CHECK: pto.texp ins(
// CHECK: pto.tlog ins(
// CHECK: pto.tsqrt ins(
// CHECK: pto.trecip ins(
// CHECK: pto.tneg ins(
// CHECK: pto.tabs ins(
// CHECK: pto.tfillpad ins(
// CHECK: pto.tcolexpand ins(
// CHECK: pto.tadd ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.tile_buf<{{.*}}>)
// CHECK: pto.tsub ins(
// CHECK: pto.tmul ins(
// CHECK: pto.tdiv ins(
// CHECK: pto.tmax ins(
// CHECK: pto.tmin ins(
// CHECK: pto.tcolexpandadd ins(
// CHECK: pto.tcolexpandmul ins(
// CHECK: pto.tcolexpandsub ins(
// CHECK: pto.tcolexpanddiv ins(
// CHECK: pto.tadds ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(
// CHECK: pto.tsubs ins(
// CHECK: pto.tmuls ins(
// CHECK: pto.tdivs ins(
// CHECK: pto.tmaxs ins(
// CHECK: pto.tmins ins(
// CHECK: pto.texpands ins(%{{.*}} : f32) outs(
// CHECK: pto.trowmax ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.trowsum ins(%{{.*}} : !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.trowmin ins(
// CHECK: pto.trowexpandsub ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.trowexpandmul ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.trowexpanddiv ins(
// CHECK: pto.trowexpandadd ins(
// CHECK: pto.tconcat ins(
// CHECK: pto.tcvt ins(%{{.*}} {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=bf16
// CHECK: pto.tcvt ins(%{{.*}} : !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.set_validshape %[[T]], %{{.*}}, %{{.*}} : !pto.tile_buf<
// CHECK: pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [8, 16] : !pto.tile_buf<{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16
// CHECK: pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [8, 32] valid[%{{.*}}, %{{.*}}] : !pto.tile_buf<
// CHECK: pto.tprint ins(%[[T]] : !pto.tile_buf<
func.func @tiles(%w: !pto.partition_tensor_view<16x32xf32>, %s: f32, %addr: i64) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
  %u = pto.alloc_tile addr = %addr valid_row = %c8 valid_col = %c4 : !pto.tile_buf<vec, 16x32xf32, valid=?x?>
  %d = pto.declare_tile -> !pto.tile_buf<vec, 16x32xf32>
  %col = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
  %row = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
  %h = pto.alloc_tile : !pto.tile_buf<vec, 16x32xbf16>
  %wide = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  pto.tload ins(%w : !pto.partition_tensor_view<16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%w : !pto.partition_tensor_view<16x32xf32>)
  pto.tmov ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.texp ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tlog ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsqrt ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trecip ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tneg ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tabs ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tfillpad ins(%u : !pto.tile_buf<vec, 16x32xf32, valid=?x?>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolexpand ins(%row : !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tadd ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsub ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmul ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tdiv ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmax ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmin ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolexpandadd ins(%t, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolexpandmul ins(%t, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolexpandsub ins(%t, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolexpanddiv ins(%t, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tadds ins(%t, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsubs ins(%t, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmuls ins(%t, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tdivs ins(%t, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmaxs ins(%t, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmins ins(%t, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.texpands ins(%s : f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowmax ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.trowsum ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.trowmin ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.trowexpandsub ins(%t, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandmul ins(%t, %col, %u : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32, valid=?x?>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpanddiv ins(%t, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandadd ins(%t, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tconcat ins(%t, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%wide : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcvt ins(%t {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<vec, 16x32xf32>) outs(%h : !pto.tile_buf<vec, 16x32xbf16>)
  pto.tcvt ins(%t : !pto.tile_buf<vec, 16x32xf32>) outs(%h : !pto.tile_buf<vec, 16x32xbf16>)
  pto.set_validshape %t, %c8, %c4 : !pto.tile_buf<vec, 16x32xf32>
  %sub = pto.subview %t[%c8, %c0] sizes [8, 16] : !pto.tile_buf<vec, 16x32xf32> -> !pto.tile_buf<vec, 8x16xf32>
  %sub2 = pto.subview %t[%c0, %c0] sizes [8, 32] valid [%c4, %c8] : !pto.tile_buf<vec, 16x32xf32> -> !pto.tile_buf<vec, 8x32xf32, valid=?x?>
  pto.tprint ins(%t : !pto.tile_buf<vec, 16x32xf32>)
  return
}

// -----

// The cube's matrix ops.
// CHECK-LABEL: func.func @cube_math
// CHECK: pto.textract ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, index, index) outs(%{{.*}} : !pto.tile_buf<loc=left
// CHECK: pto.tmatmul ins(%{{.*}}, %{{.*}} : !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=acc
// CHECK: pto.tmatmul.acc ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<loc=acc{{.*}}>, !pto.tile_buf<loc=left{{.*}}>, !pto.tile_buf<loc=right{{.*}}>) outs(
func.func @cube_math() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x64xbf16, blayout=col_major, slayout=row_major>
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xbf16, blayout=col_major, slayout=row_major>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x16xbf16, slayout=col_major>
  %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.textract ins(%m, %c0, %c16 : !pto.tile_buf<mat, 16x64xbf16, blayout=col_major, slayout=row_major>, index, index) outs(%l : !pto.tile_buf<left, 16x32xbf16, blayout=col_major, slayout=row_major>)
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xbf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xbf16, slayout=col_major>) outs(%a : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul.acc ins(%a, %l, %r : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xbf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xbf16, slayout=col_major>) outs(%a : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

// A cube/vector pair over reserved FIFO buffers, both directions, pipe id 2,
// split pops with valid shapes and sub-block ids.
// CHECK-LABEL: func.func @producer
// CHECK: %[[IMP:.*]] = pto.import_reserved_buffer{name = "to_vec", peer_func = @consumer} -> i32
// CHECK: %[[RES:.*]] = pto.reserve_buffer{name = "to_cube", size = 4096, location = <mat>, auto = true} -> i32
// CHECK: pto.aic_initialize_pipe {id = 2, dir_mask = 3, slot_size = 1024, slot_num = 4}(gm_slot_buffer = %arg0 : !pto.ptr<f32>, c2v_consumer_buf = %[[IMP]] : i32, v2c_consumer_buf = %[[RES]] : i32)
// CHECK: pto.set_quant_scalar(%{{.*}} : f32) {id = 2}
// CHECK: pto.tpush_to_aiv(%{{.*}} : !pto.tile_buf<loc=acc{{.*}}>) {id = 2, split = 1}
// CHECK: pto.tpop_from_aiv {id = 2, split = 0} -> !pto.tile_buf<loc=mat
// CHECK: pto.tfree_from_aiv {id = 2, split = 0}
// CHECK-LABEL: func.func @consumer
// CHECK: pto.reserve_buffer{name = "to_vec", size = 8192, location = <vec>, auto = true, base = 0} -> i32
// CHECK: pto.aiv_initialize_pipe {id = 2, dir_mask = 3, slot_size = 1024, nosplit = false}(c2v_consumer_buf = %{{.*}} : i32, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: %[[SB:.*]] = pto.get_subblock_idx
// CHECK: %[[P:.*]] = pto.tpop_from_aic (%{{.*}}, %{{.*}}) {id = 2, split = 1} aiv_subblockid(%[[SB]]) -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=?, v_col=?
// CHECK: pto.tfree_from_aic(%[[P]] : !pto.tile_buf<{{.*}}>) {id = 2, split = 1}
// CHECK: pto.tpush_to_aic(%{{.*}} : !pto.tile_buf<{{.*}}>) {id = 2, split = 0} aiv_subblockid(%[[SB]])
func.func @producer(%gm: !pto.ptr<f32>, %scale: f32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %to_vec = pto.import_reserved_buffer {name = "to_vec", peer_func = @consumer} -> i32
  %to_cube = pto.reserve_buffer {name = "to_cube", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  pto.aic_initialize_pipe {id = 2, dir_mask = 3, slot_size = 1024, slot_num = 4}
    (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %to_vec : i32, v2c_consumer_buf = %to_cube : i32)
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.set_quant_scalar(%scale : f32) {id = 2}
  pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {id = 2, split = 1}
  %back = pto.tpop_from_aiv {id = 2, split = 0} -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  pto.tfree_from_aiv {id = 2, split = 0}
  return
}

func.func @consumer() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %to_vec = pto.reserve_buffer {name = "to_vec", size = 8192, location = <vec>, auto = true, base = 0} -> i32
  %to_cube = pto.import_reserved_buffer {name = "to_cube", peer_func = @producer} -> i32
  pto.aiv_initialize_pipe {id = 2, dir_mask = 3, slot_size = 1024, nosplit = false}
    (c2v_consumer_buf = %to_vec : i32, v2c_consumer_buf = %to_cube : i32)
  %sb = pto.get_subblock_idx
  %half = pto.tpop_from_aic (%c8, %c16) {id = 2, split = 1} aiv_subblockid(%sb) -> !pto.tile_buf<vec, 8x16xf32, valid=?x?>
  pto.tfree_from_aic(%half : !pto.tile_buf<vec, 8x16xf32, valid=?x?>) {id = 2, split = 1}
  %out = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tpush_to_aic(%out : !pto.tile_buf<vec, 16x16xf32>) {id = 2, split = 0} aiv_subblockid(%sb)
  return
}

// -----

// Pipes through global memory (the entries are tensor views), the fixpipe
// epilogue, the quantisation vector, and the initialise op with only some
// buffers.
// CHECK-LABEL: func.func @gm_pipe_cube
// CHECK: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, local_slot_num = 2, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_vec, relu = no_relu>}(gm_slot_tensor = %{{.*}} : !pto.tensor_view<64x16xf32>, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: pto.set_quant_vector(%{{.*}} : !pto.tile_buf<loc=scaling{{.*}}>) {id = 0}
// CHECK: %[[E:.*]] = pto.talloc_to_aiv{ split = 0} -> !pto.tensor_view<16x16xf32>
// CHECK: pto.tpush_to_aiv(%[[E]] : !pto.tensor_view<16x16xf32>) {split = 0}
// CHECK: pto.talloc_to_aic{id = 1, split = 0} -> !pto.tensor_view<16x16xf32>
func.func @gm_pipe_cube(%slots: !pto.tensor_view<64x16xf32>, %none: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, local_slot_num = 2, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_vec, relu = no_relu>}
    (gm_slot_tensor = %slots : !pto.tensor_view<64x16xf32>, v2c_consumer_buf = %none : i32)
  %q = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xf16>
  pto.set_quant_vector(%q : !pto.tile_buf<scaling, 1x16xf16>) {id = 0}
  %e = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
  pto.tpush_to_aiv(%e : !pto.tensor_view<16x16xf32>) {split = 0}
  %f = pto.talloc_to_aic{id = 1, split = 0} -> !pto.tensor_view<16x16xf32>
  return
}

// -----

// The pipe-handle forms: initialise through global memory or local to
// local, then tpush / tpop / tfree / talloc on the handle.
// CHECK-LABEL: func.func @handles
// CHECK: %[[P:.*]] = pto.initialize_l2g2l_pipe{dir_mask = 3, slot_size = 1024, slot_num = 4, local_slot_num = 2, flag_base = 6, nosplit = false} (%arg0 : !pto.ptr<f32>, %{{.*}} : i32, %{{.*}} : i32) -> !pto.pipe
// CHECK: %[[L:.*]] = pto.initialize_l2l_pipe{dir_mask = 1, slot_size = 512, slot_num = 8} (%{{.*}} : i32) -> !pto.pipe
// CHECK: pto.tpush(%{{.*}}, %[[P]] : !pto.tile_buf<{{.*}}>, !pto.pipe) {split = 0}
// CHECK: pto.tpop(%{{.*}}, %[[L]] : !pto.tile_buf<{{.*}}>, !pto.pipe) {split = 1} aiv_subblockid(%{{.*}})
// CHECK: pto.tfree(%[[L]] : !pto.pipe) {split = 1}
// CHECK: pto.tfree(%{{.*}}, %[[L]] : !pto.tile_buf<{{.*}}>, !pto.pipe) {split = 1}
// CHECK: pto.talloc(%{{.*}}, %[[P]] : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
func.func @handles(%gm: !pto.ptr<f32>, %local: i32, %peer: i32, %sb: i64) {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 3, slot_size = 1024, slot_num = 4, local_slot_num = 2, flag_base = 6, nosplit = false}(%gm : !pto.ptr<f32>, %local : i32, %peer : i32) -> !pto.pipe
  %l = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 512, slot_num = 8}(%local : i32) -> !pto.pipe
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tpush(%t, %p : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
  %d = pto.declare_tile -> !pto.tile_buf<vec, 8x16xf32>
  pto.tpop(%d, %l : !pto.tile_buf<vec, 8x16xf32>, !pto.pipe) {split = 1} aiv_subblockid(%sb)
  pto.tfree(%l : !pto.pipe) {split = 1}
  pto.tfree(%d, %l : !pto.tile_buf<vec, 8x16xf32>, !pto.pipe) {split = 1}
  %g = pto.declare_global -> !pto.tensor_view<16x16xf32>
  pto.talloc(%g, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
  return
}

// -----

// The window's type may be left out: the sizes' constants give it.
// CHECK-LABEL: func.func @inferred_window
// CHECK: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<8x?xbf16>
func.func @inferred_window(%gm: !pto.ptr<bf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %gm, shape = [%c8, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xbf16>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %n] : !pto.tensor_view<?x?xbf16>
  return
}

// -----

// Tile buffer spellings: compact mode, fields in another order, the bare
// shape-and-memory form. All print in the long form.
// CHECK-LABEL: func.func @tile_spellings
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=1>
// CHECK-SAME: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=i32, rows=2, cols=8, v_row=?, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=2>
func.func @tile_spellings(
    %a: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=1>,
    %b: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, blayout=col_major, v_row=16, v_col=16, slayout=row_major, fractal=512, pad=0>,
    %c: !pto.tile_buf<4x8xf32, #pto.address_space<vec>>,
    %d: !pto.tile_buf<vec, 2x8xi32, valid=?x8, compact=2>) {
  return
}

// -----

// Tile ops with optional scratch tiles, more sources, scalars.
// CHECK-LABEL: func.func @more_tile_ops
// CHECK: pto.trsqrt ins(%{{.*}} : !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.trsqrt ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.ttrans ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(
// tcolsum with a scratch tile prints its attributes inside ins(...), the one
// place PTOAS (and pypto) write them; the dictionary after outs(...) still
// reads. Without a scratch tile they follow outs(...).
// CHECK: pto.tcolsum ins(%{{.*}}, %{{.*}} {isBinary = false} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.tile_buf<{{.*}}>){{$}}
// CHECK: pto.tcolsum ins(%{{.*}}, %{{.*}} {isBinary = true} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.tile_buf<{{.*}}>){{$}}
// CHECK: pto.tcolsum ins(%{{.*}} : !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.tile_buf<{{.*}}>) {isBinary = false}
// CHECK: pto.tcolmax ins(
// CHECK: pto.tcolmin ins(
// CHECK: pto.trowexpand ins(
// CHECK: pto.trelu ins(
// CHECK: pto.trowargmax ins(
// CHECK: pto.trowargmin ins(
// CHECK: pto.tcolargmax ins(
// CHECK: pto.tcolargmin ins(
// CHECK: pto.trem ins(%{{.*}}, %{{.*}}, %{{.*}} : {{.*}}) outs(
// CHECK: pto.tprelu ins(%{{.*}}, %{{.*}} : {{.*}}) outs(
// CHECK: pto.tcolexpandexpdif ins(
// CHECK: pto.tgather ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.trems ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(
// CHECK: pto.trems ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(
// CHECK: pto.taxpy ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(
// CHECK: pto.taddc ins(%{{.*}}, %{{.*}}, %{{.*}} : {{.*}}) outs(
// CHECK: pto.tconcatidx ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : {{.*}}) outs(
// CHECK: pto.tci ins(%{{.*}} : i32) outs(%{{.*}} : !pto.tile_buf<{{.*}}>) {descending = true}
// CHECK: pto.tsetval ins(%{{.*}}, %{{.*}} : index, i32) outs(%{{.*}} : !pto.tile_buf<{{.*}}>)
// CHECK: pto.tgetval ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{.*}}>, index) outs : i32
// CHECK: pto.treshape %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, {{.*}}>
func.func @more_tile_ops(%s: f32, %k: i32, %i: index) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32>
  %r = pto.alloc_tile : !pto.tile_buf<vec, 1x8xf32>
  %col = pto.alloc_tile : !pto.tile_buf<vec, 8x1xf32, blayout=col_major>
  %idx = pto.alloc_tile : !pto.tile_buf<vec, 8x8xi32>
  %ridx = pto.alloc_tile : !pto.tile_buf<vec, 8x1xi32, blayout=col_major>
  %cidx = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi32>
  pto.trsqrt ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.trsqrt ins(%a, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.tcolsum ins(%a, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%r : !pto.tile_buf<vec, 1x8xf32>) {isBinary = false}
  pto.tcolsum ins(%a, %t {isBinary = true} : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%r : !pto.tile_buf<vec, 1x8xf32>)
  pto.tcolsum ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%r : !pto.tile_buf<vec, 1x8xf32>) {isBinary = false}
  pto.tcolmax ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%r : !pto.tile_buf<vec, 1x8xf32>)
  pto.tcolmin ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%r : !pto.tile_buf<vec, 1x8xf32>)
  pto.trowexpand ins(%col : !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.trelu ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.trowargmax ins(%a, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%ridx : !pto.tile_buf<vec, 8x1xi32, blayout=col_major>)
  pto.trowargmin ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%ridx : !pto.tile_buf<vec, 8x1xi32, blayout=col_major>)
  pto.tcolargmax ins(%a, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%cidx : !pto.tile_buf<vec, 1x8xi32>)
  pto.tcolargmin ins(%a : !pto.tile_buf<vec, 8x8xf32>) outs(%cidx : !pto.tile_buf<vec, 1x8xi32>)
  pto.trem ins(%a, %b, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.tprelu ins(%a, %b : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%t : !pto.tile_buf<vec, 8x8xf32>)
  pto.tcolexpandexpdif ins(%a, %r : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 1x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.tgather ins(%a, %idx, %idx : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xi32>, !pto.tile_buf<vec, 8x8xi32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.trems ins(%a, %s : !pto.tile_buf<vec, 8x8xf32>, f32) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.trems ins(%a, %s, %r : !pto.tile_buf<vec, 8x8xf32>, f32, !pto.tile_buf<vec, 1x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.taxpy ins(%a, %s : !pto.tile_buf<vec, 8x8xf32>, f32) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.taddc ins(%a, %b, %t : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%b : !pto.tile_buf<vec, 8x8xf32>)
  pto.tconcatidx ins(%a, %b, %ridx, %ridx : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x1xi32, blayout=col_major>, !pto.tile_buf<vec, 8x1xi32, blayout=col_major>) outs(%t : !pto.tile_buf<vec, 8x8xf32>)
  pto.tci ins(%k : i32) outs(%idx : !pto.tile_buf<vec, 8x8xi32>) {descending = true}
  pto.tsetval ins(%i, %k : index, i32) outs(%idx : !pto.tile_buf<vec, 8x8xi32>)
  %v = pto.tgetval ins(%idx, %i : !pto.tile_buf<vec, 8x8xi32>, index) outs : i32
  %flat = pto.treshape %col : !pto.tile_buf<vec, 8x1xf32, blayout=col_major> -> !pto.tile_buf<vec, 1x8xf32>
  return
}

// -----

// A matmul with a bias row; its tile types may be written bare.
// CHECK-LABEL: func.func @matmul_bias
// CHECK: pto.tmatmul.bias ins(%arg0, %arg1, %arg2 : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>, !pto.tile_buf<loc=bias, {{.*}}>) outs(%arg3 : !pto.tile_buf<loc=acc, {{.*}}>)
// CHECK: pto.tmatmul.bias ins(%arg0, %arg1, %arg2 : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>, !pto.tile_buf<loc=bias, {{.*}}>) outs(%arg3 : !pto.tile_buf<loc=acc, {{.*}}>)
func.func @matmul_bias(%l: !pto.tile_buf<left, 16x16xf32, slayout=row_major>, %r: !pto.tile_buf<right, 16x16xf32, slayout=col_major>,
                       %bias: !pto.tile_buf<bias, 1x16xf32>, %acc: !pto.tile_buf<acc, 16x16xf32>) {
  pto.tmatmul.bias ins(%l, %r, %bias : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  pto.tmatmul.bias ins(%l, %r, %bias : <loc=left, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>, <loc=right, dtype=f32, rows=16, cols=16, blayout=row_major, v_row=16, v_col=16, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  return
}

// -----

// Pipe flags, events, buffer tokens, fences, cache maintenance, sections.
// CHECK-LABEL: func.func @ordering
// CHECK: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK: pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TMATMUL>, <EVENT_ID1>]
// CHECK: pto.wait_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, <EVENT_ID1>]
// CHECK: pto.get_buf[#pto.pipe_event_type<TVEC>, 0]
// CHECK: pto.rls_buf[#pto.pipe_event_type<TVEC>, 0, 1]
// CHECK: pto.fence.barrier_all #pto.fence_scope<gm>
// CHECK: pto.cmo.cacheinvalid %{{.*}} single_cache_line : !pto.partition_tensor_view<1x16xi32>
// CHECK: pto.cmo.cacheinvalid all #pto.address_space<gm>
// CHECK: pto.get_subblock_num
// CHECK: pto.section.cube {
// CHECK: pto.get_block_idx
// CHECK: pto.section.vector {
// CHECK: pto.get_subblock_idx
func.func @ordering(%w: !pto.partition_tensor_view<1x16xi32>) {
  pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.wait_flag[#pto.pipe<PIPE_MTE2>, <PIPE_V>, #pto.event<EVENT_ID0>]
  pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TMATMUL>, <EVENT_ID1>]
  pto.wait_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, <EVENT_ID1>]
  pto.get_buf[#pto.pipe_event_type<TVEC>, 0]
  pto.rls_buf[#pto.pipe_event_type<TVEC>, 0, 1]
  pto.fence.barrier_all #pto.fence_scope<gm>
  pto.cmo.cacheinvalid %w single_cache_line : !pto.partition_tensor_view<1x16xi32>
  pto.cmo.cacheinvalid all #pto.address_space<gm>
  %n = pto.get_subblock_num
  pto.section.cube {
    %b = pto.get_block_idx
  }
  pto.section.vector {
    %s = pto.get_subblock_idx
  }
  return
}

// -----

// Core-local arrays and signals between devices.
// CHECK-LABEL: func.func @local_and_comm
// CHECK: %[[A:.*]] = pto.declare_local_array -> !pto.local_array<4xi32>
// CHECK: pto.local_array_set %[[A]][%{{.*}}], %{{.*}} : !pto.local_array<4xi32>, i32
// CHECK: pto.local_array_get %[[A]][%{{.*}}] : !pto.local_array<4xi32> -> i32
// CHECK: pto.comm.tnotify(%arg0, %{{.*}} : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
// CHECK: pto.comm.twait(%arg0, %{{.*}} : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
// CHECK: pto.comm.tput(%arg1, %arg2, buf(%{{.*}}) : !pto.partition_tensor_view<1x64xf32>, !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<{{.*}}>) {atomicType = #pto<atomic_type atomic_none>}
// CHECK: pto.comm.tput(%arg1, %arg2, buf(%{{.*}}, %{{.*}}) : {{.*}}, !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>)
func.func @local_and_comm(%sig: !pto.partition_tensor_view<1x1xi32>, %dst: !pto.partition_tensor_view<1x64xf32>, %src: !pto.partition_tensor_view<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %a = pto.declare_local_array -> !pto.local_array<4xi32>
  pto.local_array_set %a[%c0], %one : !pto.local_array<4xi32>, i32
  %x = pto.local_array_get %a[%c0] : !pto.local_array<4xi32> -> i32
  pto.comm.tnotify(%sig, %one : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
  pto.comm.twait(%sig, %x : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
  %ping = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  %pong = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  pto.comm.tput(%dst, %src, buf(%ping) : !pto.partition_tensor_view<1x64xf32>, !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) {atomicType = #pto<atomic_type atomic_none>}
  pto.comm.tput(%dst, %src, buf(%ping, %pong) : !pto.partition_tensor_view<1x64xf32>, !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>)
  return
}
