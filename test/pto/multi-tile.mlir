// Multi-buffered tiles: `pto.alloc_multi_tile` (N uniform slots, optional
// base address and run-time valid shape) and `pto.multi_tile_get` (the slot
// at a run-time index) parse and print in PTOAS's syntax, in pto-opt and
// mlir-opt, custom and generic form alike.
// RUN: pto-opt %s | FileCheck %s
// RUN: pto-opt %s > %t.1.mlir
// RUN: pto-opt %t.1.mlir | diff %t.1.mlir -
// RUN: pto-opt %s -mlir-print-op-generic | pto-opt | diff %t.1.mlir -
// RUN: mlir-opt %s | diff %t.1.mlir -
// A get is a view (no effect of its own): CSE merges two gets of one slot,
// never two allocations.
// RUN: mlir-opt %s --cse | FileCheck %s --check-prefix=CSE

// CHECK-LABEL: func.func @slots
// CHECK: %[[MB:.*]] = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, count = 2>
// CHECK: pto.alloc_multi_tile addr = %arg1 valid_row = %{{.*}} valid_col = %{{.*}} : !pto.multi_tile_buf<!pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=16, v_row=?, v_col=?, {{.*}}>, count = 4>
// CHECK: %[[K:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[T:.*]] = pto.multi_tile_get %[[MB]][%[[K]]] : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, {{.*}}>, count = 2> -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16
// CHECK: pto.tadd ins(%[[T]], %[[T]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK: pto.multi_tile_get %{{.*}}[%{{.*}}] : !pto.multi_tile_buf<!pto.tile_buf<loc=mat, {{.*}}, count = 4> -> !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=16, v_row=?, v_col=?
// CSE-LABEL: func.func @slots
// CSE-COUNT-2: pto.alloc_multi_tile
// CSE-COUNT-1: pto.multi_tile_get %0
// CSE-NOT: pto.multi_tile_get %0
func.func @slots(%i: index, %a: i64, %w: !pto.partition_tensor_view<32x16xbf16>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, count = 2>
  %mm = pto.alloc_multi_tile addr = %a valid_row = %c8 valid_col = %c8 : !pto.multi_tile_buf<!pto.tile_buf<mat, 32x16xbf16, valid=?x?>, count = 4>
  %k = arith.remui %i, %c2 : index
  %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, count = 2> -> !pto.tile_buf<vec, 16x16xf16>
  pto.tadd ins(%t, %t : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  %again = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, count = 2> -> !pto.tile_buf<vec, 16x16xf16>
  pto.tadd ins(%again, %again : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) outs(%again : !pto.tile_buf<vec, 16x16xf16>)
  %j = arith.remui %i, %c4 : index
  %m = pto.multi_tile_get %mm[%j] : !pto.multi_tile_buf<!pto.tile_buf<mat, 32x16xbf16, valid=?x?>, count = 4> -> !pto.tile_buf<mat, 32x16xbf16, valid=?x?>
  pto.tload ins(%w : !pto.partition_tensor_view<32x16xbf16>) outs(%m : !pto.tile_buf<mat, 32x16xbf16, valid=?x?>)
  return
}
