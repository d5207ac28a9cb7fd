"""Kernel pairs around pto.syncall, shared by the interpreter's tests
(test/sim/test_syncall.py) and the JIT's (test/jit/test_syncall.py), so the
two executors are checked on the same texts. Both kernels share the global
memory %p (4 f32); `pair(cube_body, vector_body, kind)` puts each body in its
kernel, with {sync} standing for a syncall of core_type `kind`."""

SYNC = ("pto.syncall() mode = #pto.sync_all_mode<hard>, "
        "core_type = #pto.sync_core_type<{kind}>")


def pair(cube_body: str, vector_body: str, kind: str = "mix") -> str:
    sync = SYNC.format(kind=kind)
    return f"""
func.func @cube(%p: !pto.ptr<f32>) attributes {{pto.kernel_kind = #pto.kernel_kind<cube>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %view = pto.make_tensor_view %p, shape = [%c4], strides = [%c1] : !pto.tensor_view<?xf32>
  {cube_body.format(sync=sync)}
  return
}}
func.func @vector(%p: !pto.ptr<f32>) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  {vector_body.format(sync=sync)}
  return
}}
"""


# Only the barrier makes the cube read the vector's store.
CUBE_READS_AFTER = """{sync}
  %v = pto.load_scalar %p[%c0] : !pto.ptr<f32> -> f32
  pto.store_scalar %v, %p[%c1] : !pto.ptr<f32>, f32"""
VECTOR_WRITES_BEFORE = """%x = arith.constant 1.0 : f32
  %w = arith.addf %x, %x : f32
  pto.store_scalar %seven, %p[%c0] : !pto.ptr<f32>, f32
  {sync}"""

# Each vector sub-block stores 7 at 2 + its index, then meets the cube,
# which stores the sum of both at 0.
VECTOR_SUBBLOCK_STORES = """%i = pto.get_subblock_idx
  %f = arith.index_cast %i : i64 to index
  %t = arith.addi %f, %c0 : index
  %c2v = arith.constant 2 : index
  %slot = arith.addi %t, %c2v : index
  pto.store_scalar %seven, %p[%slot] : !pto.ptr<f32>, f32
  {sync}"""
CUBE_SUMS_SUBBLOCKS = """{sync}
  %a = pto.load_scalar %p[%c2] : !pto.ptr<f32> -> f32
  %b = pto.load_scalar %p[%c1] : !pto.ptr<f32> -> f32
  %three = arith.constant 3 : index
  %d = pto.load_scalar %p[%three] : !pto.ptr<f32> -> f32
  %s = arith.addf %a, %d : f32
  pto.store_scalar %s, %p[%c0] : !pto.ptr<f32>, f32"""

# The cube waits at the barrier before its push; the vector pops first.
CUBE_SYNCS_THEN_PUSHES = """{sync}
  %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {{split = 0}}"""
VECTOR_POPS_THEN_SYNCS = """%t = pto.tpop_from_aic {{split = 0}} -> !pto.tile_buf<vec, 16x16xf32>
  {sync}"""
