// A kernel over HiFloat8 tiles (test/sim/low-precision.test): the dialect
// reads it; the simulator has no numpy type for hif8 and says so.
func.func @v(%p: !pto.ptr<!pto.hif8>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %view = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16x!pto.hif8>
  %part = pto.partition_view %view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16x!pto.hif8> -> !pto.partition_tensor_view<16x16x!pto.hif8>
  %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%part : !pto.partition_tensor_view<16x16x!pto.hif8>) outs(%t : !pto.tile_buf<loc=vec, dtype=!pto.hif8, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
