// A cube/vector pair in PTOAS's textual syntax (our own kernel, in the shape
// of PTOAS's public TPushTPop samples: one pipe, C2V, split up/down; it
// differs from them in its data and in the vector's work, a running sum):
// the cube loads a 16x16 tile from global memory, multiplies it, pushes the
// accumulator to the vector, which pops it in two halves (one per sub-block).
// pto-opt and mlir-opt read and print it; the FIFO verifier, the pass and the
// simulator read its FIFO ops over tile buffers.
module {
  func.func @pair(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @pair_cube(%a, %b) : (!pto.ptr<f32>, !pto.ptr<f32>) -> ()
    func.call @pair_vector() : () -> ()
    return
  }

  func.func private @pair_cube(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %none = arith.constant 0 : i32
    %fifo = pto.import_reserved_buffer {name = "c2v", peer_func = @pair_vector} -> i32
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (c2v_consumer_buf = %fifo : i32, v2c_consumer_buf = %none : i32)
    %av = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %aw = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %l = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, blayout=col_major, slayout=row_major>
    %r = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%l : !pto.tile_buf<left, 16x16xf32, blayout=col_major, slayout=row_major>)
    pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%r : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
    scf.for %i = %c0 to %c4 step %c1 {
      pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x16xf32, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
    }
    return
  }

  func.func private @pair_vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %none = arith.constant 0 : i32
    %fifo = pto.reserve_buffer {name = "c2v", size = 4096, location = <vec>, auto = true} -> i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (c2v_consumer_buf = %fifo : i32, v2c_consumer_buf = %none : i32)
    %sum = pto.alloc_tile : !pto.tile_buf<vec, 8x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %half = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 8x16xf32>
      pto.tadd ins(%sum, %half : !pto.tile_buf<vec, 8x16xf32>, !pto.tile_buf<vec, 8x16xf32>) outs(%sum : !pto.tile_buf<vec, 8x16xf32>)
      pto.tfree_from_aic {split = 1}
    }
    return
  }
}
