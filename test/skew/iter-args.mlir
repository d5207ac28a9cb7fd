// iter_args (the flash-decode running max m, sum l and output o) thread
// through the prologue, the consumer copies of the steady loop, and the
// epilogue; the producer half never reads them.
// RUN: pto-opt %s --pto-skew-cross-core | FileCheck %s

// CHECK-LABEL: func.func @running_stats
// CHECK-SAME:    (%[[Q:.*]]: tensor<16x16xf32>, %[[K:[^:]*]]: tensor<64x16xf32>, %[[V:[^:]*]]: tensor<64x16xf32>, %[[M0:[^:]*]]: tensor<16xf32>, %[[L0:[^:]*]]: tensor<16xf32>, %[[O0:[^:]*]]: tensor<16x16xf32>)
// Two producer copies, no iter_arg in sight.
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// Steady loop:
// CHECK:         %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[M:.*]] = %[[M0]], %[[L:.*]] = %[[L0]], %[[O:.*]] = %[[O0]])
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// Consumer copy 0 reads the loop's iter_args ...
// CHECK:           %[[P0:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      %[[R0:.*]] = linalg.reduce { arith.addf } ins(%[[P0]]
// CHECK-NEXT:      %[[M1:.*]] = linalg.map { arith.maximumf } ins(%[[M]], %[[R0]]
// CHECK-NEXT:      %[[L1:.*]] = linalg.map { arith.addf } ins(%[[L]], %[[R0]]
// CHECK-NEXT:      %[[VS0:.*]] = tensor.extract_slice %[[V]]
// CHECK-NEXT:      %[[O1:.*]] = linalg.matmul {{.*}}ins(%[[P0]], %[[VS0]] : {{.*}}) outs(%[[O]] :
// ... copy 1 reads copy 0's values, and the loop yields copy 1's.
// CHECK:           %[[P1:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      %[[R1:.*]] = linalg.reduce { arith.addf } ins(%[[P1]]
// CHECK-NEXT:      %[[M2:.*]] = linalg.map { arith.maximumf } ins(%[[M1]], %[[R1]]
// CHECK-NEXT:      %[[L2:.*]] = linalg.map { arith.addf } ins(%[[L1]], %[[R1]]
// CHECK-NEXT:      %[[VS1:.*]] = tensor.extract_slice %[[V]]
// CHECK-NEXT:      %[[O2:.*]] = linalg.matmul {{.*}}ins(%[[P1]], %[[VS1]] : {{.*}}) outs(%[[O1]] :
// CHECK-NEXT:      scf.yield %[[M2]], %[[L2]], %[[O2]]
// CHECK-NEXT:    }
// The epilogue continues from the loop's results; the function returns the
// last epilogue copy's values.
// Epilogue:
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    %[[P2:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:    %[[R2:.*]] = linalg.reduce { arith.addf } ins(%[[P2]]
// CHECK-NEXT:    %[[M3:.*]] = linalg.map { arith.maximumf } ins(%[[LOOP]]#0, %[[R2]]
// CHECK-NEXT:    %[[L3:.*]] = linalg.map { arith.addf } ins(%[[LOOP]]#1, %[[R2]]
// CHECK-NEXT:    tensor.extract_slice %[[V]]
// CHECK-NEXT:    %[[O3:.*]] = linalg.matmul {{.*}}ins(%[[P2]], %{{.*}}) outs(%[[LOOP]]#2 :
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    %[[P3:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:    %[[R3:.*]] = linalg.reduce { arith.addf } ins(%[[P3]]
// CHECK-NEXT:    %[[M4:.*]] = linalg.map { arith.maximumf } ins(%[[M3]], %[[R3]]
// CHECK-NEXT:    %[[L4:.*]] = linalg.map { arith.addf } ins(%[[L3]], %[[R3]]
// CHECK-NEXT:    tensor.extract_slice %[[V]]
// CHECK-NEXT:    %[[O4:.*]] = linalg.matmul {{.*}}ins(%[[P3]], %{{.*}}) outs(%[[O3]] :
// CHECK-NEXT:    return %[[M4]], %[[L4]], %[[O4]]
func.func @running_stats(%q: tensor<16x16xf32>, %k: tensor<64x16xf32>, %v: tensor<64x16xf32>,
                         %m0: tensor<16xf32>, %l0: tensor<16xf32>, %o0: tensor<16x16xf32>)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %row = tensor.empty() : tensor<16xf32>
  %m, %l, %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%mi = %m0, %li = %l0, %oi = %o0)
      -> (tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>) {
    %off = arith.muli %j, %c16 : index
    %kj = tensor.extract_slice %k[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
    %s = linalg.matmul ins(%q, %kj : tensor<16x16xf32>, tensor<16x16xf32>) outs(%s0 : tensor<16x16xf32>) -> tensor<16x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<16x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
    %r = linalg.reduce { arith.addf } ins(%p : tensor<16x16xf32>) outs(%row : tensor<16xf32>) dimensions = [1]
    %mn = linalg.map { arith.maximumf } ins(%mi, %r : tensor<16xf32>, tensor<16xf32>) outs(%row : tensor<16xf32>)
    %ln = linalg.map { arith.addf } ins(%li, %r : tensor<16xf32>, tensor<16xf32>) outs(%row : tensor<16xf32>)
    %vj = tensor.extract_slice %v[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %on = linalg.matmul ins(%p, %vj : tensor<16x16xf32>, tensor<16x16xf32>) outs(%oi : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %mn, %ln, %on : tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %m, %l, %o : tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>
}
