// The ops of PTOAS's other sample kernels (collectives, intra-block
// signals, MX matrix-vector products, quantisation, powers, histograms,
// prefetches and address casts), in kernels of our own: each parses,
// prints in PTOAS's syntax (optional operands and non-default attributes
// only when present), and the printed text is a fixed point, in the custom
// and in the generic form.
// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file > %t.1.mlir
// RUN: pto-opt %t.1.mlir -split-input-file > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: pto-opt %s -split-input-file -mlir-print-op-generic | pto-opt -split-input-file > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir

// CHECK-LABEL: func.func @mx_gemv
// CHECK-SAME: (%arg0: [[T0:!pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg1: [[T1:!pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=1, cols=2, v_row=1, v_col=2, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg2: [[T2:!pto.tile_buf<loc=right, dtype=f8E5M2, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg3: [[T3:!pto.tile_buf<loc=scaling, dtype=!pto.f8E8M0, rows=2, cols=16, v_row=2, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg4: [[T4:!pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg5: [[T5:!pto.tile_buf<loc=acc, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]])
// CHECK-NEXT: pto.tgemv.mx ins(%arg0, %arg1, %arg2, %arg3 : [[T0]], [[T1]], [[T2]], [[T3]]) outs(%arg5 : [[T5]]){{$}}
// CHECK-NEXT: pto.tgemv.mx.acc ins(%arg5, %arg0, %arg1, %arg2, %arg3 : [[T5]], [[T0]], [[T1]], [[T2]], [[T3]]) outs(%arg5 : [[T5]]) {accPhase = #pto<acc_phase final>}{{$}}
// CHECK-NEXT: pto.tgemv.mx.bias ins(%arg0, %arg1, %arg2, %arg3, %arg4 : [[T0]], [[T1]], [[T2]], [[T3]], [[T4]]) outs(%arg5 : [[T5]]){{$}}
func.func @mx_gemv(%a: !pto.tile_buf<left, 1x64xf8E4M3FN>, %as: !pto.tile_buf<scaling, 1x2x!pto.f8E8M0>,
                   %b: !pto.tile_buf<right, 64x16xf8E5M2>, %bs: !pto.tile_buf<scaling, 2x16x!pto.f8E8M0>,
                   %bias: !pto.tile_buf<bias, 1x16xf32>, %c: !pto.tile_buf<acc, 1x16xf32>) {
  pto.tgemv.mx ins(%a, %as, %b, %bs : !pto.tile_buf<left, 1x64xf8E4M3FN>, !pto.tile_buf<scaling, 1x2x!pto.f8E8M0>, !pto.tile_buf<right, 64x16xf8E5M2>, !pto.tile_buf<scaling, 2x16x!pto.f8E8M0>) outs(%c : !pto.tile_buf<acc, 1x16xf32>)
  pto.tgemv.mx.acc ins(%c, %a, %as, %b, %bs : !pto.tile_buf<acc, 1x16xf32>, !pto.tile_buf<left, 1x64xf8E4M3FN>, !pto.tile_buf<scaling, 1x2x!pto.f8E8M0>, !pto.tile_buf<right, 64x16xf8E5M2>, !pto.tile_buf<scaling, 2x16x!pto.f8E8M0>) outs(%c : !pto.tile_buf<acc, 1x16xf32>) {accPhase = #pto<acc_phase final>}
  pto.tgemv.mx.bias ins(%a, %as, %b, %bs, %bias : !pto.tile_buf<left, 1x64xf8E4M3FN>, !pto.tile_buf<scaling, 1x2x!pto.f8E8M0>, !pto.tile_buf<right, 64x16xf8E5M2>, !pto.tile_buf<scaling, 2x16x!pto.f8E8M0>, !pto.tile_buf<bias, 1x16xf32>) outs(%c : !pto.tile_buf<acc, 1x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @powers
// CHECK-SAME: (%arg0: [[T0:!pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg1: [[T0]], %arg2: [[T1:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg3: [[T0]], %arg4: [[T2:!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg5: [[T2]], %arg6: f16, %arg7: i16)
// CHECK-NEXT: pto.tpow ins(%arg0, %arg1, %arg2 : [[T0]], [[T0]], [[T1]]) outs(%arg3 : [[T0]]) {precisionType = #pto<pow_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tpow ins(%arg4, %arg4 : [[T2]], [[T2]]) outs(%arg5 : [[T2]]){{$}}
// CHECK-NEXT: pto.tpows ins(%arg0, %arg6, %arg2 : [[T0]], f16, [[T1]]) outs(%arg3 : [[T0]]){{$}}
// CHECK-NEXT: pto.tpows ins(%arg4, %arg7 : [[T2]], i16) outs(%arg5 : [[T2]]){{$}}
func.func @powers(%x: !pto.tile_buf<vec, 8x32xf16>, %e: !pto.tile_buf<vec, 8x32xf16>,
                  %tmp: !pto.tile_buf<vec, 8x32xf32>, %y: !pto.tile_buf<vec, 8x32xf16>,
                  %n: !pto.tile_buf<vec, 8x32xi16>, %m: !pto.tile_buf<vec, 8x32xi16>,
                  %h: f16, %k: i16) {
  pto.tpow ins(%x, %e, %tmp : !pto.tile_buf<vec, 8x32xf16>, !pto.tile_buf<vec, 8x32xf16>, !pto.tile_buf<vec, 8x32xf32>) outs(%y : !pto.tile_buf<vec, 8x32xf16>) {precisionType = #pto<pow_precision high_precision>}
  pto.tpow ins(%n, %n : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%m : !pto.tile_buf<vec, 8x32xi16>)
  pto.tpows ins(%x, %h, %tmp : !pto.tile_buf<vec, 8x32xf16>, f16, !pto.tile_buf<vec, 8x32xf32>) outs(%y : !pto.tile_buf<vec, 8x32xf16>)
  pto.tpows ins(%n, %k : !pto.tile_buf<vec, 8x32xi16>, i16) outs(%m : !pto.tile_buf<vec, 8x32xi16>) {precisionType = #pto<pow_precision default>}
  return
}

// -----

// CHECK-LABEL: func.func @histogram_and_prefetch
// CHECK-SAME: (%arg0: [[T0:!pto.tile_buf<loc=vec, dtype=ui32, rows=4, cols=128, v_row=4, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg1: [[T1:!pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg2: [[T2:!pto.tile_buf<loc=vec, dtype=ui32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg3: [[T3:!pto.partition_tensor_view<4x128xui32>]])
// CHECK-NEXT: pto.tprefetch ins(%arg3 : [[T3]]) outs(%arg0 : [[T0]]){{$}}
// CHECK-NEXT: pto.thistogram ins(%arg0, %arg1 : [[T0]], [[T1]]) outs(%arg2 : [[T2]]){{$}}
// CHECK-NEXT: pto.thistogram ins(%arg0, %arg1 : [[T0]], [[T1]]) outs(%arg2 : [[T2]]) {byte = 3 : i32}{{$}}
func.func @histogram_and_prefetch(%keys: !pto.tile_buf<vec, 4x128xui32>, %sel: !pto.tile_buf<vec, 4x8xui8>,
                                  %bins: !pto.tile_buf<vec, 4x256xui32>,
                                  %w: !pto.partition_tensor_view<4x128xui32>) {
  pto.tprefetch ins(%w : !pto.partition_tensor_view<4x128xui32>) outs(%keys : !pto.tile_buf<vec, 4x128xui32>)
  pto.thistogram ins(%keys, %sel : !pto.tile_buf<vec, 4x128xui32>, !pto.tile_buf<vec, 4x8xui8>) outs(%bins : !pto.tile_buf<vec, 4x256xui32>)
  pto.thistogram ins(%keys, %sel : !pto.tile_buf<vec, 4x128xui32>, !pto.tile_buf<vec, 4x8xui8>) outs(%bins : !pto.tile_buf<vec, 4x256xui32>) {byte = 3 : i32}
  return
}

// -----

// CHECK-LABEL: func.func @quantise
// CHECK-SAME: (%arg0: [[T0:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg1: [[T1:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=8, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>]], %arg2: [[T1]], %arg3: [[T2:!pto.tile_buf<loc=vec, dtype=i8, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg4: [[T0]], %arg5: [[T3:!pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=2, v_row=8, v_col=2, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg6: [[T4:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=2, v_row=8, v_col=2, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg7: [[T4]], %arg8: [[T5:!pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=2, v_row=8, v_col=2, blayout=row_major, slayout=row_major, fractal=512, pad=0>]])
// CHECK-NEXT: pto.tquant ins(%arg0, %arg1 : [[T0]], [[T1]]) outs(%arg3 : [[T2]]) {quant_type = #pto<quant_type INT8_SYM>}{{$}}
// CHECK-NEXT: pto.tquant ins(%arg0, %arg1, %arg2 : [[T0]], [[T1]], [[T1]]) outs(%arg3, %arg4 : [[T2]], [[T0]]) {quant_type = #pto<quant_type INT8_ASYM>}{{$}}
// CHECK-NEXT: pto.tquant.mx ins(%arg0 : [[T0]]) outs(%arg3, %arg5, %arg6, %arg7 : [[T2]], [[T3]], [[T4]], [[T4]]) {quant_type = #pto<quant_type MXFP8>}{{$}}
// CHECK-NEXT: pto.tquant.mx ins(%arg0 : [[T0]]) outs(%arg3, %arg5, %arg6, %arg7 : [[T2]], [[T3]], [[T4]], [[T4]]) {grpAxis = #pto<mx_group_axis axis0>, interleave = true, quantScaleAlg = #pto<quant_scale_alg nv>, quant_type = #pto<quant_type MXFP8>}{{$}}
// CHECK-NEXT: pto.tquant.mx ins(%arg0 : [[T0]]) outs(%arg3, %arg5, %arg6, %arg7, %arg8 : [[T2]], [[T3]], [[T4]], [[T4]], [[T5]]) {quant_type = #pto<quant_type MXFP8>, storeMode = #pto<vec_store_mode nz>}{{$}}
func.func @quantise(%src: !pto.tile_buf<vec, 8x64xf32>, %scale: !pto.tile_buf<vec, 8x1xf32, blayout=col_major>,
                    %zero: !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, %q: !pto.tile_buf<vec, 8x64xi8>,
                    %work: !pto.tile_buf<vec, 8x64xf32>, %ex: !pto.tile_buf<vec, 8x2xui8>,
                    %mx: !pto.tile_buf<vec, 8x2xf32>, %sc: !pto.tile_buf<vec, 8x2xf32>,
                    %ez: !pto.tile_buf<vec, 8x2xui8, slayout=row_major>) {
  pto.tquant ins(%src, %scale : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%q : !pto.tile_buf<vec, 8x64xi8>) {quant_type = #pto<quant_type INT8_SYM>}
  pto.tquant ins(%src, %scale, %zero : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%q, %work : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x64xf32>) {quant_type = #pto<quant_type INT8_ASYM>}
  pto.tquant.mx ins(%src : !pto.tile_buf<vec, 8x64xf32>) outs(%q, %ex, %mx, %sc : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x2xui8>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xf32>) {quant_type = #pto<quant_type MXFP8>}
  pto.tquant.mx ins(%src : !pto.tile_buf<vec, 8x64xf32>) outs(%q, %ex, %mx, %sc : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x2xui8>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xf32>) {grpAxis = #pto<mx_group_axis axis0>, quantScaleAlg = #pto<quant_scale_alg nv>, quant_type = #pto<quant_type MXFP8>, interleave = true}
  pto.tquant.mx ins(%src : !pto.tile_buf<vec, 8x64xf32>) outs(%q, %ex, %mx, %sc, %ez : !pto.tile_buf<vec, 8x64xi8>, !pto.tile_buf<vec, 8x2xui8>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xf32>, !pto.tile_buf<vec, 8x2xui8, slayout=row_major>) {quant_type = #pto<quant_type MXFP8>, storeMode = #pto<vec_store_mode nz>}
  return
}

// -----

// CHECK-LABEL: func.func @intra_block
// CHECK-SAME: (%arg0: index)
// CHECK-NEXT: pto.set_intra_block <PIPE_MTE3>, 7{{$}}
// CHECK-NEXT: pto.set_intra_block <PIPE_FIX>, %arg0{{$}}
// CHECK-NEXT: pto.wait_intra_block <PIPE_V>, 31{{$}}
// CHECK-NEXT: pto.wait_intra_block <PIPE_MTE2>, %arg0{{$}}
func.func @intra_block(%id: index) {
  pto.set_intra_block <PIPE_MTE3>, 7
  pto.set_intra_block #pto.pipe<PIPE_FIX>, %id
  pto.wait_intra_block <PIPE_V>, 31
  pto.wait_intra_block <PIPE_MTE2>, %id
  return
}

// -----

// CHECK-LABEL: func.func @collectives
// CHECK-SAME: (%arg0: [[T0:!pto.partition_tensor_view<128xf16>]], %arg1: [[T0]], %arg2: [[T0]], %arg3: [[T0]], %arg4: [[T1:!pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg5: [[T1]], %arg6: [[T1]])
// CHECK-NEXT: pto.comm.tbroadcast(%arg0, recv(%arg4), group(%arg1, %arg2, %arg3) : [[T0]], [[T1]], [[T0]], [[T0]], [[T0]]) {root = 0 : i32}{{$}}
// CHECK-NEXT: pto.comm.tscatter(%arg0, recv(%arg4, %arg5), group(%arg1, %arg2) : [[T0]], [[T1]], [[T1]], [[T0]], [[T0]]) {root = 1 : i32}{{$}}
// CHECK-NEXT: pto.comm.tgather(%arg0, recv(%arg4), group(%arg3) : [[T0]], [[T1]], [[T0]]) {root = 0 : i32}{{$}}
// CHECK-NEXT: pto.comm.treduce(%arg0, %arg6, recv(%arg4, %arg5), group(%arg1, %arg2, %arg3) : [[T0]], [[T1]], [[T1]], [[T1]], [[T0]], [[T0]], [[T0]]) {reduceOp = #pto<reduce_op max>, root = 2 : i32}{{$}}
func.func @collectives(%mine: !pto.partition_tensor_view<128xf16>, %g0: !pto.partition_tensor_view<128xf16>,
                       %g1: !pto.partition_tensor_view<128xf16>, %g2: !pto.partition_tensor_view<128xf16>,
                       %ping: !pto.tile_buf<vec, 1x128xf16>, %pong: !pto.tile_buf<vec, 1x128xf16>,
                       %acc: !pto.tile_buf<vec, 1x128xf16>) {
  pto.comm.tbroadcast(%mine, recv(%ping), group(%g0, %g1, %g2) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>, !pto.partition_tensor_view<128xf16>, !pto.partition_tensor_view<128xf16>) {root = 0 : i32}
  pto.comm.tscatter(%mine, recv(%ping, %pong), group(%g0, %g1) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>, !pto.partition_tensor_view<128xf16>) {root = 1 : i32}
  pto.comm.tgather(%mine, recv(%ping), group(%g2) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>) {root = 0 : i32}
  pto.comm.treduce(%mine, %acc, recv(%ping, %pong), group(%g0, %g1, %g2) : !pto.partition_tensor_view<128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.partition_tensor_view<128xf16>, !pto.partition_tensor_view<128xf16>, !pto.partition_tensor_view<128xf16>) {root = 2 : i32, reduceOp = #pto<reduce_op max>}
  return
}

// -----

// CHECK-LABEL: func.func @addresses
// CHECK-SAME: (%arg0: [[T0:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg1: memref<16x32xf32, #pto.address_space<vec>>, %arg2: !pto.ptr<f32>, %arg3: i64)
// CHECK-NEXT: %0 = pto.tile_buf_addr %arg0 : [[T0]] -> !pto.ptr<f32, vec>{{$}}
// CHECK-NEXT: %1 = pto.tile_buf_addr %arg0 : [[T0]] -> memref<16x32xf32, #pto.address_space<vec>>{{$}}
// CHECK-NEXT: %2 = pto.tile_buf_addr %arg1 : memref<16x32xf32, #pto.address_space<vec>> -> !pto.ptr<f32, vec>{{$}}
// CHECK-NEXT: %3 = pto.castptr %arg3 : i64 -> !pto.ptr<f32>{{$}}
// CHECK-NEXT: %4 = pto.castptr %arg2 : !pto.ptr<f32> -> !pto.ptr<i8>{{$}}
// CHECK-NEXT: %5 = pto.castptr %4 : !pto.ptr<i8> -> i64{{$}}
// CHECK-NEXT: %6 = pto.castptr %arg1 : memref<16x32xf32, #pto.address_space<vec>> -> !pto.ptr<f32, vec>{{$}}
// CHECK-NEXT: %7 = pto.castptr %0 : !pto.ptr<f32, vec> -> !pto.ptr<f16, vec>{{$}}
func.func @addresses(%t: !pto.tile_buf<vec, 16x32xf32>, %m: memref<16x32xf32, #pto.address_space<vec>>,
                     %p: !pto.ptr<f32>, %a: i64) {
  %0 = pto.tile_buf_addr %t : !pto.tile_buf<vec, 16x32xf32> -> !pto.ptr<f32, vec>
  %1 = pto.tile_buf_addr %t : !pto.tile_buf<vec, 16x32xf32> -> memref<16x32xf32, #pto.address_space<vec>>
  %2 = pto.tile_buf_addr %m : memref<16x32xf32, #pto.address_space<vec>> -> !pto.ptr<f32, vec>
  %3 = pto.castptr %a : i64 -> !pto.ptr<f32, gm>
  %4 = pto.castptr %p : !pto.ptr<f32> -> !pto.ptr<i8>
  %5 = pto.castptr %4 : !pto.ptr<i8> -> i64
  %6 = pto.castptr %m : memref<16x32xf32, #pto.address_space<vec>> -> !pto.ptr<f32, vec>
  %7 = pto.castptr %0 : !pto.ptr<f32, vec> -> !pto.ptr<f16, ub>
  return
}
