// Induction variables wider than 64 bits: the steady loop's bounds and the
// epilogue's IV values are new constants of the IV's type. The bindings
// build an IntegerAttr from an int64, zero-extended to a wider signless
// type: -1 : i65 came out as 2^64 - 1, so the steady loop started 2^64
// iterations late and the cube pushed 1 message of 3 (a rewrite that
// deadlocks); a value past int64 was an internal error. Each rewrite must
// verify with the original's message counts.
// The pass keeps to bounds within int64 (wider ones are demoted, the last
// case).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | pto-opt --pto-verify-fifo="remarks=true" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY-COUNT-3: remark: FIFO verified for @cube / @vector
// VERIFY-NOT: error

// CHECK-LABEL: func.func @cube
// CHECK-DAG: %[[LB:.*]] = arith.constant -1 : i65
// CHECK-DAG: %[[UB:.*]] = arith.constant 1 : i65
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %{{.*}} : i65
module {
  func.func @cube(%a: tensor<4xf32>) attributes {pto.core = "aic"} {
    %lb = arith.constant -2 : i65
    %ub = arith.constant 1 : i65
    %c1 = arith.constant 1 : i65
    // expected-remark @below {{skewed: depth 1}}
    scf.for %i = %lb to %ub step %c1 : i65 {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %lb = arith.constant -2 : i65
    %ub = arith.constant 1 : i65
    %c1 = arith.constant 1 : i65
    scf.for %i = %lb to %ub step %c1 : i65 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// From int64's minimum, at depth 2 on an i128: the steady loop starts at
// -2^63 + 2, the epilogue's IVs are -2^63 + 4 and + 5.
// CHECK-LABEL: func.func @cube
// CHECK-DAG: %[[LB:.*]] = arith.constant -9223372036854775806 : i128
// CHECK-DAG: arith.constant -9223372036854775804 : i128
// CHECK-DAG: arith.constant -9223372036854775803 : i128
// CHECK: scf.for %{{.*}} = %[[LB]] to %{{.*}} step %{{.*}} : i128
module {
  func.func @cube(%a: tensor<4xf32>, %o: memref<16xf32>) attributes {pto.core = "aic"} {
    %lb = arith.constant -9223372036854775808 : i128
    %ub = arith.constant -9223372036854775802 : i128
    %c1 = arith.constant 1 : i128
    // expected-remark @below {{skewed: depth 2}}
    scf.for %i = %lb to %ub step %c1 : i128 {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %c0 = arith.constant 0 : index
      %e = tensor.extract %p[%c0] : tensor<4xf32>
      %k = arith.subi %i, %lb : i128
      %ix = arith.index_cast %k : i128 to index
      memref.store %e, %o[%ix] : memref<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %lb = arith.constant -9223372036854775808 : i128
    %ub = arith.constant -9223372036854775802 : i128
    %c1 = arith.constant 1 : i128
    scf.for %i = %lb to %ub step %c1 : i128 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// Unsigned i66 from 2^64 - 4 (past int64, within the signed i66 range):
// demoted, as any bound past int64.
// CHECK-LABEL: func.func @cube
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i66 {
module {
  func.func @cube(%a: tensor<4xf32>) attributes {pto.core = "aic"} {
    %lb = arith.constant 18446744073709551612 : i66
    %ub = arith.constant 18446744073709551620 : i66
    %c1 = arith.constant 1 : i66
    // expected-remark @below {{demoted: bounds [18446744073709551612, 18446744073709551620) of the skewed loops do not fit in a signed 64-bit integer}}
    scf.for unsigned %i = %lb to %ub step %c1 : i66 {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %lb = arith.constant 18446744073709551612 : i66
    %ub = arith.constant 18446744073709551620 : i66
    %c1 = arith.constant 1 : i66
    scf.for unsigned %i = %lb to %ub step %c1 : i66 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// Run-time bounds of an i65 loop: the guard and group count in i65 (the
// verifier does not prove a guarded rewrite on its own; the pass proved it).
// CHECK-LABEL: func.func @cube
// CHECK: scf.if
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i65
module {
  func.func @cube(%a: tensor<4xf32>, %lb: i65, %ub: i65) attributes {pto.core = "aic"} {
    %c1 = arith.constant 1 : i65
    // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
    scf.for %i = %lb to %ub step %c1 : i65 {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector(%a: tensor<4xf32>, %lb: i65, %ub: i65) attributes {pto.core = "aiv"} {
    %c1 = arith.constant 1 : i65
    scf.for %i = %lb to %ub step %c1 : i65 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}
