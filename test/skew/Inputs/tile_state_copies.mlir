//--- validshape.mlir
// %m's valid shape is set to 8x16 before the loop: a copy allocated as %m is
// (16x16) would send other tiles, so %m stays one buffer (the producer half
// alone uses it: the loop still skews).
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %m = pto.alloc_tile valid_row = %c16 valid_col = %c16 : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    pto.set_validshape %m, %c8, %c16 : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    %src = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %aw = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%src : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      pto.tadds ins(%src, %f : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>, f32) outs(%m : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>)
      pto.tpush_to_aiv(%m : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.tfree_from_aiv {split = 0}
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
//--- validshape_tload.mlir
// The same, with an 8x16 window loaded into %m in the loop.
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %m = pto.alloc_tile valid_row = %c16 valid_col = %c16 : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    pto.set_validshape %m, %c8, %c16 : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    scf.for %i = %c0 to %n step %c1 {
      %r0 = arith.muli %i, %c8 : index
      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tload ins(%aw : !pto.partition_tensor_view<8x16xf32>) outs(%m : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>)
      pto.tpush_to_aiv(%m : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.tfree_from_aiv {split = 0}
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      %r0 = arith.muli %i, %c8 : index
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%ow : !pto.partition_tensor_view<8x16xf32>)
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
//--- partial_valid.mlir
// %m is 16x16 with 8x16 valid: the loop's tadds writes rows 0-7 only, and the
// consumer half stores rows 8-15 (set before the loop) through %hi: %m carries
// them, and crossing the halves it demotes the loop.
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %five = arith.constant 5.0 : f32
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %m = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=8x16>
    %hi = pto.subview %m[%c8, %c0] sizes [8, 16] : !pto.tile_buf<vec, 16x16xf32, valid=8x16> -> !pto.tile_buf<vec, 8x16xf32>
    pto.texpands ins(%five : f32) outs(%hi : !pto.tile_buf<vec, 8x16xf32>)
    %src = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    %aw = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%src : !pto.tile_buf<vec, 16x16xf32>)
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      pto.tadds ins(%src, %f : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%m : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
      pto.tpush_to_aiv(%m : !pto.tile_buf<vec, 16x16xf32, valid=8x16>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tfree_from_aiv {split = 0}
      %r0 = arith.muli %i, %c8 : index
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tstore ins(%hi : !pto.tile_buf<vec, 8x16xf32>) outs(%ow : !pto.partition_tensor_view<8x16xf32>)
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
//--- conditional.mlir
// %m is written on even iterations only (scf.if): odd ones push the previous
// value, so %m carries it and stays one buffer.
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %n = arith.constant 8 : index
    %av = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %aw = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %src = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%src : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    scf.for %i = %c0 to %n step %c1 {
      %rem = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %rem, %c0 : index
      scf.if %even {
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        pto.tadds ins(%src, %f : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>, f32) outs(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      }
      pto.tpush_to_aiv(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.tfree_from_aiv {split = 0}
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
//--- zero_trip.mlir
// %m is written in a loop of i mod 2 iterations: as conditional as an scf.if.
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %n = arith.constant 8 : index
    %av = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %aw = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %src = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%src : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    scf.for %i = %c0 to %n step %c1 {
      %rem = arith.remui %i, %c2 : index
      scf.for %k = %c0 to %rem step %c1 {
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        pto.tadds ins(%src, %f : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>, f32) outs(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      }
      pto.tpush_to_aiv(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.tfree_from_aiv {split = 0}
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
//--- state.mlir
// %m's type is wholly valid, but set_validshape makes it 8x16 before the
// loop; the consumer half stores %m too (it crosses the halves): its copies
// would start 16x16, so the loop is demoted.
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.set_validshape %m, %c8, %c16 : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    scf.for %i = %c0 to %n step %c1 {
      %r0 = arith.muli %i, %c8 : index
      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tload ins(%aw : !pto.partition_tensor_view<8x16xf32>) outs(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tpush_to_aiv(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.tfree_from_aiv {split = 0}
      %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tstore ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%ow : !pto.partition_tensor_view<8x16xf32>)
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 64 : index
    %n = arith.constant 8 : index
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      %r0 = arith.muli %i, %c8 : index
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
