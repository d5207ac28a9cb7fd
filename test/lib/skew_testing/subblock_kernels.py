"""Kernel pairs of the FIFO contract's sub-block cases, shared by the
interpreter's tests (test/sim/test_subblocks.py) and the JIT's
(test/jit/test_runtime.py): the same texts, so the two executors are checked
on the same pairs. CUBE and VECTOR stand for the kernel markers; the other
capitalised words are filled in by each test."""

CUBE = 'attributes {pto.kernel_kind = #pto.kernel_kind<"cube">}'
VECTOR = 'attributes {pto.kernel_kind = #pto.kernel_kind<"vector">}'

# The cube pushes a 16x16 tile with split SPLIT; each vector sub-block pops
# its half (HALF) and returns it with its sub-block index.
SPLIT_C2V = """module {
  func.func @cube(%t: tensor<16x16xf32>) CUBE {
    "pto.tpush_to_aiv"(%t) {split = SPLIT : i8} : (tensor<16x16xf32>) -> ()
    return
  }
  func.func @vector() -> (tensor<HALFxf32>, i64) VECTOR {
    %sb = "pto.get_subblock_idx"() : () -> i64
    %h = "pto.tpop_from_aic"() {split = SPLIT : i8} : () -> tensor<HALFxf32>
    "pto.tfree_from_aic"() {split = SPLIT : i8} : () -> ()
    return %h, %sb : tensor<HALFxf32>, i64
  }
}"""

# Each vector sub-block pushes a tile on V2C (its half under split); the cube
# pops one message and returns it.
V2C = """module {
  func.func @cube() -> tensor<16x16xf32> CUBE {
    %t = "pto.tpop_from_aiv"() {split = SPLIT : i8} : () -> tensor<16x16xf32>
    "pto.tfree_from_aiv"() {split = SPLIT : i8} : () -> ()
    return %t : tensor<16x16xf32>
  }
  func.func @vector(%x: tensor<PUSHEDxf32>) VECTOR {
    %sb = "pto.get_subblock_idx"() : () -> i64
    %f = arith.sitofp %sb : i64 to f32
    %e = tensor.empty() : tensor<PUSHEDxf32>
    %s = linalg.fill ins(%f : f32) outs(%e : tensor<PUSHEDxf32>) -> tensor<PUSHEDxf32>
    %v = arith.addf %x, SOURCE : tensor<PUSHEDxf32>
    "pto.tpush_to_aic"(%v, %sb) {split = SPLIT : i8} : (tensor<PUSHEDxf32>, i64) -> ()
    return
  }
}"""
