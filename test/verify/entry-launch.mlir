// A kernel file with a `pto.entry` function (PTOAS's launch function)
// launches the kernels the entry calls: those pair up, and the other kernel
// functions of the file (compiled beside them, e.g. coverage functions
// using FIFO forms the model does not read) are not checked against them.
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -verify-diagnostics

// Two vector kernels and two cube kernels: the entry launches one of each.
// expected-remark @below {{FIFO verified for @cube / @vector at 8 slot(s) per pipe: C2V 2 messages, peak 2 of 8 slots held; no deadlock}}
module {
  func.func @launch(%gm: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @cube(%gm) : (!pto.ptr<f32>) -> ()
    func.call @vector() : () -> ()
    return
  }
  func.func private @cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %fwd = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
    %none = arith.constant 0 : i32
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %none : i32)
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    scf.for %i = %c0 to %c2 step %c1 {
      pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
    }
    return
  }
  func.func private @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %fwd = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
    %none = arith.constant 0 : i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %none : i32)
    scf.for %i = %c0 to %c2 step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
      pto.tfree_from_aic {split = 0}
    }
    return
  }
  // Not launched: a GM-entry producer (talloc, a tensor-view message).
  func.func private @coverage_cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %slots = pto.make_tensor_view %gm, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>
    pto.aic_initialize_pipe {id = 3, dir_mask = 1, slot_size = 1024}
      (gm_slot_tensor = %slots : !pto.tensor_view<16x16xf32>)
    %entry = pto.talloc_to_aiv {id = 3, split = 0} -> !pto.tensor_view<16x16xf32>
    pto.tpush_to_aiv(%entry : !pto.tensor_view<16x16xf32>) {id = 3, split = 0}
    return
  }
  // Not launched: pops three messages nobody sends.
  func.func private @coverage_vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %a = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    %b = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    %c = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    return
  }
}

// -----

// The entry launches one vector kernel that uses no pipe (the shape of
// PTOAS's TPipe round-trip sample): nothing to verify, and it says so.
// expected-remark @below {{no FIFO traffic to verify: no pipe op in the kernels the entry launches (@copy)}}
module {
  func.func @launch(%src: !pto.ptr<f32>, %gm: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @copy(%src) : (!pto.ptr<f32>) -> ()
    return
  }
  func.func private @copy(%src: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %view = pto.make_tensor_view %src, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>
    %part = pto.partition_view %view, offsets = [%c0, %c0], sizes = [%c16, %c16]
      : !pto.tensor_view<16x16xf32> -> !pto.partition_tensor_view<16x16xf32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    pto.tload ins(%part : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%part : !pto.partition_tensor_view<16x16xf32>)
    return
  }
  func.func private @coverage_cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %slots = pto.make_tensor_view %gm, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (gm_slot_tensor = %slots : !pto.tensor_view<16x16xf32>)
    %entry = pto.talloc_to_aiv {split = 0} -> !pto.tensor_view<16x16xf32>
    pto.tpush_to_aiv(%entry : !pto.tensor_view<16x16xf32>) {split = 0}
    return
  }
  func.func private @coverage_vector(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %slots = pto.make_tensor_view %gm, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (gm_slot_tensor = %slots : !pto.tensor_view<16x16xf32>)
    %recv = pto.tpop_from_aic {split = 0} -> !pto.tensor_view<16x16xf32>
    pto.tfree_from_aic(%recv : !pto.tensor_view<16x16xf32>) {split = 0}
    return
  }
}

// -----

// Without an entry every marked function is a kernel: two cube kernels are
// still an error.
module {
  func.func @a() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
    pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {split = 0}
    return
  }
  // expected-error @below {{several cube kernels (@a, @b): pto-verify-fifo checks one cube/vector pair per module}}
  func.func @b() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    return
  }
  func.func @v() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    return
  }
}
