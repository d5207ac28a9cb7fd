// A kernel file with a `pto.entry` launch function, two cube and two
// vector kernels: the entry launches @cube and @vector (test/sim/entry-launch.test).
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
