// The examples of the SkewCrossCorePipeline spec, on scf.for.
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s
// RUN: pto-opt %s --pass-pipeline='builtin.module(pto-skew-cross-core)' -split-input-file | FileCheck %s

// Producer role, stage 2, trip 8: depth 2, two produces then two consumes.
// CHECK-LABEL: func.func @producer_stage2
// The loop's bound constants are reused, the missing ones follow them.
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// prologue: produce(0); produce(1)
// Prologue:
// CHECK-NEXT:    %[[K0:.*]] = tensor.extract_slice %{{.*}}[%[[C0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"(%[[K0]])
// CHECK-NEXT:    %[[K1:.*]] = tensor.extract_slice %{{.*}}[%[[C1]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"(%[[K1]])
// steady: for k in range(2, 8, 2): produce(k); produce(k+1); consume(k-2); consume(k-1)
// Steady loop:
// CHECK-NEXT:    %[[LOOP:.*]] = scf.for %[[K:.*]] = %[[C2]] to %[[C8]] step %[[C2]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<8x16xf32>) {
// CHECK-NEXT:      %[[S0:.*]] = tensor.extract_slice %{{.*}}[%[[K]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"(%[[S0]])
// CHECK-NEXT:      %[[K_1:.*]] = arith.addi %[[K]], %[[C1]] : index
// CHECK-NEXT:      %[[S1:.*]] = tensor.extract_slice %{{.*}}[%[[K_1]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"(%[[S1]])
// CHECK-NEXT:      %[[K_M2:.*]] = arith.subi %[[K]], %[[C2]] : index
// CHECK-NEXT:      %[[P0:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      %[[A0:.*]] = tensor.insert_slice %[[P0]] into %[[ACC]][%[[K_M2]], 0]
// CHECK-NEXT:      %[[K_M1:.*]] = arith.subi %[[K]], %[[C1]] : index
// CHECK-NEXT:      %[[P1:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      %[[A1:.*]] = tensor.insert_slice %[[P1]] into %[[A0]][%[[K_M1]], 0]
// CHECK-NEXT:      scf.yield %[[A1]]
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NOT:     pto.pipeline_stages
// epilogue: consume(6); consume(7)
// CHECK-NEXT:    %[[P6:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:    %[[A6:.*]] = tensor.insert_slice %[[P6]] into %[[LOOP]][%[[C6]], 0]
// CHECK-NEXT:    %[[P7:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:    %[[A7:.*]] = tensor.insert_slice %[[P7]] into %[[A6]][%[[C7]], 0]
// CHECK-NEXT:    return %[[A7]]
func.func @producer_stage2(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<8x16xf32>
}

// -----

// Odd trip (3 % 2 != 0): depth 1, the classic produce-one-ahead skew.
// CHECK-LABEL: func.func @odd_trip
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// Prologue:
// CHECK:         tensor.extract_slice %{{.*}}[%[[C0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    %[[LOOP:.*]] = scf.for %[[K:.*]] = %[[C1]] to %[[C3]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[KM1:.*]] = arith.subi %[[K]], %[[C1]] : index
// CHECK-NEXT:      %[[P:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      %[[A:.*]] = tensor.insert_slice %[[P]] into %[[ACC]][%[[KM1]], 0]
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    %[[P2:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:    %[[A2:.*]] = tensor.insert_slice %[[P2]] into %[[LOOP]][%[[C2]], 0]
// CHECK-NEXT:    return %[[A2]]
func.func @odd_trip(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<8x16xf32>
}

// -----

// Consumer role (the vector: tpop; softmax; tpush; store): demoted, body
// unchanged, FIFO order preserved.
// CHECK-LABEL: func.func @consumer_role
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT:      %[[S:.*]] = "pto.tpop_from_aic"()
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[S]]
// CHECK-NEXT:      "pto.tpush_to_aic"(%[[E]])
// CHECK-NEXT:      %[[O:.*]] = tensor.insert_slice %[[E]] into %[[ACC]][%[[I]], 0]
// CHECK-NEXT:      scf.yield %[[O]]
// CHECK-NEXT:    }
// CHECK-NOT:     pto.pipeline_stages
// CHECK-NEXT:    return
func.func @consumer_role(%init: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4x16xf32>) {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
    %o = tensor.insert_slice %e into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
    scf.yield %o : tensor<4x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<4x16xf32>
}
