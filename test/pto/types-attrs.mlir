// The pto types and attributes in PTOAS's textual syntax: each parses, prints
// in the form PTOAS reads (tile_buf in its long form), and the printed text
// is a fixed point, in the custom and in the generic form.
// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file > %t.1.mlir
// RUN: pto-opt %t.1.mlir -split-input-file > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: pto-opt %s -split-input-file -mlir-print-op-generic | pto-opt -split-input-file > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir

// Global memory is the default space: `<T, gm>` is `<T>` (one type, printed
// without it); PTOAS's hardware names of the local memories read as ours.
// CHECK-LABEL: func.func @pointers
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %{{.*}}: !pto.ptr<bf16>, %{{.*}}: !pto.ptr<i64>, %{{.*}}: !pto.ptr<f16, vec>, %{{.*}}: !pto.ptr<f16, mat>, %{{.*}}: !pto.ptr<f32, acc>, %{{.*}}: !pto.ptr<f16, left>
func.func @pointers(%a: !pto.ptr<f32>, %b: !pto.ptr<bf16, gm>, %c: !pto.ptr<i64>,
                    %d: !pto.ptr<f16, ub>, %e: !pto.ptr<f16, l1>, %f: !pto.ptr<f32, l0c>,
                    %g: !pto.ptr<f16, left>) {
  return
}

// -----

// A view of a pointer written with `gm` (PTOAS's printed form): the view's
// pointer type is the one the argument has.
// CHECK-LABEL: func.func @view_of_gm_pointer
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<16x16xf32>
func.func @view_of_gm_pointer(%base: !pto.ptr<f32, gm>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %base, shape = [%c16, %c16], strides = [%c16, %c1]
    : !pto.tensor_view<16x16xf32>
  return
}

// -----

// The low-precision element types of the A5 cores, as tile, view and
// pointer elements.
// CHECK-LABEL: func.func @low_precision_elements
// CHECK-SAME: !pto.ptr<!pto.hif8>, %{{.*}}: !pto.tensor_view<?x?x!pto.f8E8M0>
// CHECK: pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=16, cols=32
// CHECK: pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32
// CHECK: pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.f4E1M2x2, rows=16, cols=32
func.func @low_precision_elements(%p: !pto.ptr<!pto.hif8>, %v: !pto.tensor_view<?x?x!pto.f8E8M0>) {
  %a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %b = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %c = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.f4E1M2x2, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// CHECK-LABEL: func.func @views
// CHECK-SAME: !pto.tensor_view<?x?xf16>, %{{.*}}: !pto.tensor_view<4x8x2xi8>, %{{.*}}: !pto.partition_tensor_view<32x64xf32>
func.func @views(%a: !pto.tensor_view<?x?xf16>, %b: !pto.tensor_view<4x8x2xi8>,
                 %c: !pto.partition_tensor_view<32x64xf32>) {
  return
}

// -----

// The long form, a run-time valid shape, and the compact form (defaults:
// row_major, none_box, fractal 512, pad 0; valid = the shape).
// CHECK-LABEL: func.func @tiles
// CHECK-SAME: !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=3>
// CHECK-SAME: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=32, v_row=48, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=1>
func.func @tiles(
    %a: !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>,
    %b: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=3>,
    %c: !pto.tile_buf<acc, 16x16xf32>,
    %d: !pto.tile_buf<mat, 64x32xi8, valid=48x?, blayout=col_major, slayout=row_major, fractal=1024, pad=1>) {
  return
}

// -----

// CHECK-LABEL: func.func @multi_and_pipe
// CHECK-SAME: !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count = 2>
// CHECK-SAME: !pto.pipe
func.func @multi_and_pipe(
    %m: !pto.multi_tile_buf<!pto.tile_buf<vec, 16x32xf16>, count = 2>,
    %p: !pto.pipe) {
  return
}

// -----

// The slot in the tile_buf's compact form, its count one of the fields (as
// PTOAS reads it; it used to be "expected '<'").
// CHECK-LABEL: func.func @multi_compact_slot
// CHECK-SAME: !pto.multi_tile_buf<!pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=16, v_row=?, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>, count = 3>
// CHECK-SAME: !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count = 4>
func.func @multi_compact_slot(
    %m: !pto.multi_tile_buf<mat, 32x16xbf16, valid=?x16, count=3, blayout=col_major, slayout=row_major>,
    %n: !pto.multi_tile_buf<vec, 8x8xf32, count = 4>) {
  return
}

// -----

// CHECK-LABEL: func.func @cube_kernel
// CHECK-SAME: pto.kernel_kind = #pto.kernel_kind<cube>
// CHECK-LABEL: func.func @vector_kernel
// CHECK-SAME: pto.kernel_kind = #pto.kernel_kind<vector>
// CHECK-LABEL: func.func @old_spelling
// CHECK-SAME: pto.kernel_kind = #pto.kernel_kind<vector>
func.func @cube_kernel() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  return
}
func.func @vector_kernel() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  return
}
// The quoted spelling of the tensor-level IR reads as the same attribute.
func.func @old_spelling() attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
  return
}

// -----

// Every attribute the kernels use, on a carrier op.
// CHECK-LABEL: func.func @attributes
// CHECK: attributes {atomics = [#pto<atomic_type atomic_none>, #pto<atomic_type atomic_add>]
// CHECK-SAME: epilogues = [#pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>, #pto.acc_push_epilogue<layout = nz2dn, quant = deqf16_vec, relu = normal_relu>, #pto.acc_push_epilogue<layout = nz2nz, quant = qf322b8_pre_scalar, relu = no_relu>]
// CHECK-SAME: layouts = [#pto.layout<nd>, #pto.layout<dn>, #pto.layout<nz>]
// CHECK-SAME: modes = [#pto<round_mode NONE>, #pto<round_mode RINT>, #pto<round_mode ROUND>, #pto<round_mode FLOOR>, #pto<round_mode CEIL>, #pto<round_mode TRUNC>, #pto<round_mode ODD>, #pto<round_mode CAST_RINT>]
// CHECK-SAME: phases = [#pto<st_phase unspecified>, #pto<st_phase partial>, #pto<st_phase final>]
// CHECK-SAME: pipes = [#pto.pipe<PIPE_ALL>, #pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>]
// CHECK-SAME: spaces = [#pto.address_space<gm>, #pto.address_space<mat>, #pto.address_space<left>, #pto.address_space<right>, #pto.address_space<acc>, #pto.address_space<vec>, #pto.address_space<bias>, #pto.address_space<scaling>]
// CHECK-SAME: sync = [#pto.sync_all_mode<hard>, #pto.sync_all_mode<soft>, #pto.sync_core_type<aiv_only>, #pto.sync_core_type<aic_only>, #pto.sync_core_type<mix>]
func.func @attributes() attributes {
    layouts = [#pto.layout<nd>, #pto.layout<dn>, #pto.layout<nz>],
    modes = [#pto<round_mode NONE>, #pto<round_mode RINT>, #pto<round_mode ROUND>, #pto<round_mode FLOOR>, #pto<round_mode CEIL>, #pto<round_mode TRUNC>, #pto<round_mode ODD>, #pto<round_mode CAST_RINT>],
    phases = [#pto<st_phase unspecified>, #pto<st_phase partial>, #pto<st_phase final>],
    atomics = [#pto<atomic_type atomic_none>, #pto<atomic_type atomic_add>],
    spaces = [#pto.address_space<gm>, #pto.address_space<mat>, #pto.address_space<left>, #pto.address_space<right>, #pto.address_space<acc>, #pto.address_space<vec>, #pto.address_space<bias>, #pto.address_space<scaling>],
    sync = [#pto.sync_all_mode<hard>, #pto.sync_all_mode<soft>, #pto.sync_core_type<aiv_only>, #pto.sync_core_type<aic_only>, #pto.sync_core_type<mix>],
    epilogues = [#pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>, #pto.acc_push_epilogue<layout = nz2dn, quant = deqf16_vec, relu = normal_relu>, #pto.acc_push_epilogue<layout = nz2nz, quant = qf322b8_pre_scalar, relu = no_relu>],
    pipes = [#pto.pipe<PIPE_ALL>, #pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>]} {
  return
}
