// A pair co-skewed on i128 loops (the soak, seed 2027035810): the pipes are reordered
// alike on both sides; the interpreter cannot run i128 (coskew-wide-jit.test).
// PairSpec(slots=2, loops=(CrossLoop(trip=0, messages=(Message(sender='vector', expr=Expr(kind='arg', op='', args=(), a=0, b=0), free=False, store=False),), cube=SideLoop(start=0, step=2, slack=0, stages=None, iv_type='index', accs=(Acc(kind='tile', source=0, op='arith.addf', chain=False),), branch=False, inner_stages=4, unsigned=False, dynamic=False, earlier_bound=False, high=False, split=0, opaque='', wrap=0, blocks=''), vector=SideLoop(start=0, step=2, slack=0, stages=2, iv_type='index', accs=(), branch=False, inner_stages=6, unsigned=False, dynamic=False, earlier_bound=True, high=False, split=0, opaque='', wrap=0, blocks=''), nest='flat', cond=(0, 0), inner_trip=3, exchange=False, outer=0, outer_stages=4, via_call=-1), CrossLoop(trip=4, messages=(Message(sender='cube', expr=Expr(kind='popped', op='', args=(), a=1, b=0), free=True, store=False), Message(sender='vector', expr=Expr(kind='acc', op='', args=(), a=0, b=5), free=False, store=False), Message(sender='cube', expr=Expr(kind='slice', op='', args=(), a=0, b=0), free=True, store=False), Message(sender='vector', expr=Expr(kind='earlier', op='', args=(), a=4, b=0), free=False, store=False), Message(sender='cube', expr=Expr(kind='slice', op='', args=(), a=3, b=4), free=False, store=False), Message(sender='vector', expr=Expr(kind='acc', op='', args=(), a=0, b=6), free=False, store=False)), cube=SideLoop(start=-5, step=1, slack=0, stages=3, iv_type='i128', accs=(Acc(kind='tile', source=0, op='arith.addf', chain=False),), branch=False, inner_stages=2, unsigned=False, dynamic=False, earlier_bound=False, high=False, split=0, opaque='', wrap=0, blocks=''), vector=SideLoop(start=-5, step=1, slack=0, stages=2, iv_type='i128', accs=(Acc(kind='last', source=0, op='arith.maximumf', chain=True), Acc(kind='rows', source=0, op='arith.addf', chain=False)), branch=False, inner_stages=2, unsigned=False, dynamic=False, earlier_bound=False, high=False, split=0, opaque='', wrap=0, blocks=''), nest='flat', cond=(2, 0), inner_trip=1, exchange=False, outer=0, outer_stages=None, via_call=-1)), same=(SameLoop(side='cube', position=0, start=0, step=1, trip=4, stages=4), SameLoop(side='cube', position=2, start=2, step=1, trip=3, stages=3)), shape=(2, 2), rows=5, memref=False, alias='direct', pipe_id=0, init=True, launch=0, launch_step=False, module_slots=0, init_side='cube', table='module', dynamic_dim=False, late_free=False, memory_core='cube', handoff=False, entry='')
module attributes {pto.fifo_depth = 6 : i64} {
  func.func @cube(%n: index, %src: tensor<5x2x2xf32>, %w: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
    "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 2 : i32, id = 0 : i32} : () -> ()
    %c1 = arith.constant 0 : index
    %c2 = arith.constant 4 : index
    %c3 = arith.constant 1 : index
    %c10 = arith.constant 0.5 : f32
    %c12 = arith.constant 0.25 : f32
    %c16 = arith.constant 0.0 : f32
    %c18 = arith.constant 2 : index
    %c25 = arith.constant -5 : i128
    %c26 = arith.constant 1 : i128
    %c27 = arith.constant -1 : i128
    %c33 = arith.constant 5 : index
    %c35 = arith.constant -5 : index
    %s4 = scf.for %k5 = %c1 to %c2 step %c3 iter_args(%t6 = %w) -> (tensor<2x2xf32>) {
      %v8 = arith.index_cast %k5 : index to i64
      %v9 = arith.sitofp %v8 : i64 to f32
      %v11 = arith.mulf %v9, %c10 : f32
      %v13 = arith.addf %v11, %c12 : f32
      %v14 = tensor.splat %v13 : tensor<2x2xf32>
      %v15 = arith.addf %t6, %v14 : tensor<2x2xf32>
      scf.yield %v15 : tensor<2x2xf32>
    } {pto.pipeline_stages = 4 : i64}
    %r17 = scf.for %i19 = %c1 to %n step %c18 iter_args(%a20 = %w) -> (tensor<2x2xf32>) {
      %p22 = "pto.tpop_from_aiv"() : () -> tensor<2x2xf32>
      %v23 = arith.addf %a20, %p22 : tensor<2x2xf32>
      scf.yield %v23 : tensor<2x2xf32>
    }
    %r24 = scf.for %i28 = %c25 to %c27 step %c26 iter_args(%a29 = %w) -> (tensor<2x2xf32>) : i128 {
      "pto.tpush_to_aiv"(%w) : (tensor<2x2xf32>) -> ()
      %v31 = arith.addf %a29, %w : tensor<2x2xf32>
      %p32 = "pto.tpop_from_aiv"() : () -> tensor<2x2xf32>
      %v34 = arith.index_cast %i28 : i128 to index
      %v36 = arith.subi %v34, %c35 : index
      %v37 = arith.divsi %v36, %c3 : index
      %v38 = arith.remsi %v37, %c33 : index
      %v39 = tensor.extract_slice %src[%v38, 0, 0] [1, 2, 2] [1, 1, 1] : tensor<5x2x2xf32> to tensor<2x2xf32>
      "pto.tpush_to_aiv"(%v39) : (tensor<2x2xf32>) -> ()
      %p40 = "pto.tpop_from_aiv"() : () -> tensor<2x2xf32>
      %v41 = arith.remsi %v34, %c33 : index
      %v42 = arith.addi %v41, %c33 : index
      %v43 = arith.remsi %v42, %c33 : index
      %v44 = tensor.extract_slice %src[%v43, 0, 0] [1, 2, 2] [1, 1, 1] : tensor<5x2x2xf32> to tensor<2x2xf32>
      "pto.tpush_to_aiv"(%v44) : (tensor<2x2xf32>) -> ()
      %p45 = "pto.tpop_from_aiv"() : () -> tensor<2x2xf32>
      scf.yield %v31 : tensor<2x2xf32>
    } {pto.pipeline_stages = 3 : i64}
    %s46 = scf.for %k47 = %c18 to %c33 step %c3 iter_args(%t48 = %w) -> (tensor<2x2xf32>) {
      %v50 = arith.index_cast %k47 : index to i64
      %v51 = arith.sitofp %v50 : i64 to f32
      %v52 = arith.mulf %v51, %c10 : f32
      %v53 = arith.addf %v52, %c12 : f32
      %v54 = tensor.splat %v53 : tensor<2x2xf32>
      %v55 = arith.addf %t48, %v54 : tensor<2x2xf32>
      scf.yield %v55 : tensor<2x2xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %s4, %r17, %r24, %s46 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
  }
  func.func @vector(%n: index, %src: tensor<5x2x2xf32>, %w: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<5x2x2xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 2 : index
    %c6 = arith.constant 0.0 : f32
    %c8 = arith.constant -5 : i128
    %c9 = arith.constant 1 : i128
    %c10 = arith.constant -1 : i128
    %c17 = arith.constant 5 : index
    %c19 = arith.constant -5 : index
    %c21 = arith.constant 1 : index
    scf.for %i4 = %c2 to %n step %c3 {
      "pto.tpush_to_aic"(%w) : (tensor<2x2xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    %r7:2 = scf.for %i11 = %c8 to %c10 step %c9 iter_args(%a12 = %w, %a13 = %src) -> (tensor<2x2xf32>, tensor<5x2x2xf32>) : i128 {
      %p15 = "pto.tpop_from_aic"() : () -> tensor<2x2xf32>
      %v16 = arith.negf %p15 : tensor<2x2xf32>
      %v18 = arith.index_cast %i11 : i128 to index
      %v20 = arith.subi %v18, %c19 : index
      %v22 = arith.divsi %v20, %c21 : index
      %v23 = arith.remsi %v22, %c17 : index
      %v24 = tensor.insert_slice %p15 into %a13[%v23, 0, 0] [1, 2, 2] [1, 1, 1] : tensor<2x2xf32> into tensor<5x2x2xf32>
      "pto.tpush_to_aic"(%v16) : (tensor<2x2xf32>) -> ()
      "pto.tfree_from_aic"(%p15) : (tensor<2x2xf32>) -> ()
      %p25 = "pto.tpop_from_aic"() : () -> tensor<2x2xf32>
      "pto.tpush_to_aic"(%w) : (tensor<2x2xf32>) -> ()
      "pto.tfree_from_aic"(%p25) : (tensor<2x2xf32>) -> ()
      %p26 = "pto.tpop_from_aic"() : () -> tensor<2x2xf32>
      "pto.tpush_to_aic"(%v16) : (tensor<2x2xf32>) -> ()
      "pto.tfree_from_aic"() : () -> ()
      scf.yield %v16, %v24 : tensor<2x2xf32>, tensor<5x2x2xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r7#0, %r7#1 : tensor<2x2xf32>, tensor<5x2x2xf32>
  }
}
