// Tile ops of pypto's kernels (PTOAS's syntax): windows with leading unit
// dimensions, trsqrt with its scratch tile, ttrans, tci, tsetval, tcvt
// rounding ties away from zero (ROUND), a matmul of fewer rows (5) than
// its 16-row accumulator, whose valid shape stays 16x32, tgather by linear
// offsets (with its scratch tile), tgetval, and trowexpand of a row-maximum
// column.
module {
  func.func @cube(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %y: !pto.ptr<f32>, %x: !pto.ptr<f32>, %o: !pto.ptr<f32>, %idx: !pto.ptr<f32>, %go: !pto.ptr<f32>, %eo: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %av = pto.make_tensor_view %a, shape = [%c5, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %bv = pto.make_tensor_view %b, shape = [%c32, %c24], strides = [%c24, %c1] : !pto.tensor_view<?x?xf32>
    %yv = pto.make_tensor_view %y, shape = [%c1, %c5, %c24], strides = [%c24, %c24, %c1] : !pto.tensor_view<?x?x?xf32>
    %aw = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%c5, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<5x32xf32>
    %bw = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%c32, %c24] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x24xf32>
    %yw = pto.partition_view %yv, offsets = [%c0, %c0, %c0], sizes = [%c1, %c5, %c24] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<1x5x24xf32>
    %ma = pto.alloc_tile valid_row = %c5 valid_col = %c32 : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %mb = pto.alloc_tile valid_row = %c32 valid_col = %c24 : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    pto.tload ins(%aw : !pto.partition_tensor_view<5x32xf32>) outs(%ma : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.tload ins(%bw : !pto.partition_tensor_view<32x24xf32>) outs(%mb : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %l = pto.alloc_tile valid_row = %c5 valid_col = %c32 : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %r = pto.alloc_tile valid_row = %c32 valid_col = %c24 : !pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    pto.tmov ins(%ma : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.tmov ins(%mb : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%r : !pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    %acc = pto.alloc_tile valid_row = %c16 valid_col = %c32 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    pto.tmatmul ins(%l, %r : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    pto.set_validshape %acc, %c5, %c24 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%yw : !pto.partition_tensor_view<1x5x24xf32>)
    return
  }
  func.func @vector(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %y: !pto.ptr<f32>, %x: !pto.ptr<f32>, %o: !pto.ptr<f32>, %idx: !pto.ptr<f32>, %go: !pto.ptr<f32>, %eo: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %start = arith.constant 16777215 : i32
    %half = arith.constant 2.5 : f32
    %xv = pto.make_tensor_view %x, shape = [%c1, %c8, %c16], strides = [%c128, %c16, %c1] : !pto.tensor_view<?x?x?xf32>
    %ov = pto.make_tensor_view %o, shape = [%c1, %c1, %c16, %c8], strides = [%c128, %c128, %c8, %c1] : !pto.tensor_view<?x?x?x?xf32>
    %iv = pto.make_tensor_view %idx, shape = [%c1, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %xw = pto.partition_view %xv, offsets = [%c0, %c0, %c0], sizes = [%c1, %c8, %c16] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<1x8x16xf32>
    %ow = pto.partition_view %ov, offsets = [%c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c16, %c8] : !pto.tensor_view<?x?x?x?xf32> -> !pto.partition_tensor_view<1x1x16x8xf32>
    %iw = pto.partition_view %iv, offsets = [%c0, %c0], sizes = [%c1, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x16xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %tmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %tt = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tload ins(%xw : !pto.partition_tensor_view<1x8x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tabs ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.trsqrt ins(%t, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tsetval ins(%c3, %half : index, f32) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.ttrans ins(%t, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%tt : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tstore ins(%tt : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ow : !pto.partition_tensor_view<1x1x16x8xf32>)
    %ints = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %floats = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tci ins(%start : i32) outs(%ints : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {descending = false}
    pto.tcvt ins(%ints {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%floats : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tstore ins(%floats : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%iw : !pto.partition_tensor_view<1x16xf32>)
    // The last 8 converted integers gathered in reverse (offsets 15 down to
    // 8) into a destination whose valid shape is 1x8, then element 5 of
    // them read back as a scalar (stored after the gathered row).
    %c5 = arith.constant 5 : index
    %c9 = arith.constant 9 : index
    %last = arith.constant 15 : i32
    %gv = pto.make_tensor_view %go, shape = [%c1, %c9], strides = [%c9, %c1] : !pto.tensor_view<?x?xf32>
    %gw = pto.partition_view %gv, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x8xf32>
    %rev = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %gtmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %gathered = pto.alloc_tile valid_col = %c8 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tci ins(%last : i32) outs(%rev : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {descending = true}
    pto.tgather ins(%floats, %rev, %gtmp : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%gathered : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tstore ins(%gathered : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%gw : !pto.partition_tensor_view<1x8xf32>)
    %fifth = pto.tgetval ins(%gathered, %c5 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index) outs : f32
    pto.store_scalar %fifth, %go[%c8] : !pto.ptr<f32>, f32
    // Each row of the transpose replaced by its maximum.
    %ev = pto.make_tensor_view %eo, shape = [%c16, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %ew = pto.partition_view %ev, offsets = [%c0, %c0], sizes = [%c16, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x8xf32>
    %ttmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %rowmax = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
    %spread = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.trowmax ins(%tt, %ttmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%rowmax : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
    pto.trowexpand ins(%rowmax : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%spread : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tstore ins(%spread : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%ew : !pto.partition_tensor_view<16x8xf32>)
    return
  }
}
