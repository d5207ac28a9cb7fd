// pto-verify-fifo claims no proof it does not have: a kernel of several
// blocks, and a call (anywhere, loops without a direct FIFO op included) that
// reaches FIFO ops or cannot be followed, are warnings naming them, and the
// pair is not reported "verified".
//
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -o /dev/null 2>&1 | FileCheck %s
// CHECK-NOT: FIFO verified

// Both kernels pop first after a branch: reading only the entry block would
// prove a pair that deadlocks.
module {
  // expected-warning @below {{the body of kernel @cube has 2 blocks (unstructured control flow is not modelled)}}
  func.func @cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    cf.br ^bb1
  ^bb1:
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    return
  }
  // expected-warning @below {{the body of kernel @vec has 2 blocks}}
  func.func @vec(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    cf.br ^bb1
  ^bb1:
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
    return
  }
}

// -----

// The cube's pushes are in a function called from a loop that holds no FIFO
// op itself.
module {
  func.func @send(%w: tensor<4xf32>) {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    return
  }
  func.func @cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-warning @below {{'func.call' to @send, which uses the FIFO}}
      func.call @send(%w) : (tensor<4xf32>) -> ()
    }
    return
  }
  func.func @vec(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    }
    return
  }
}

// -----

// A call to a declaration: what it does to the FIFO is unknown.
module {
  func.func private @opaque(tensor<4xf32>)
  func.func @cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    // expected-warning @below {{'func.call' to @opaque}}
    func.call @opaque(%w) : (tensor<4xf32>) -> ()
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    return
  }
  func.func @vec(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    return
  }
}
