// pto-verify-fifo pairs the functions marked pto.core = "aic" / "aiv".
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

// A lone kernel that uses the FIFO has nobody to match its messages.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  // expected-error @below {{missing peer: the cube kernel @cube uses the FIFO, but no function is marked pto.core = "aiv"}}
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  return
}

// -----

func.func @vector() attributes {pto.core = "aiv"} {
  // expected-error @below {{missing peer: the vector kernel @vector uses the FIFO, but no function is marked pto.core = "aic"}}
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// Two kernels of one role: which pair is meant is ambiguous.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}
// expected-error @below {{several vector kernels (@vector, @vector2): pto-verify-fifo checks one cube/vector pair per module}}
func.func @vector2() attributes {pto.core = "aiv"} {
  return
}

// -----

// Each extra kernel is reported, naming four of them at most: a module of
// thousands of kernels gets a report linear in them.
func.func @c0() attributes {pto.core = "aic"} {
  return
}
// expected-error @below {{several cube kernels (@c0, @c1, @c2, @c3 and 2 more): pto-verify-fifo checks one cube/vector pair per module}}
func.func @c1() attributes {pto.core = "aic"} {
  return
}
// expected-error @below {{several cube kernels (@c0, @c1, @c2, @c3 and 2 more): pto-verify-fifo checks one cube/vector pair per module}}
func.func @c2() attributes {pto.core = "aic"} {
  return
}
// expected-error @below {{several cube kernels (@c0, @c1, @c2, @c3 and 2 more): pto-verify-fifo checks one cube/vector pair per module}}
func.func @c3() attributes {pto.core = "aic"} {
  return
}
// expected-error @below {{several cube kernels (@c0, @c1, @c2, @c3 and 2 more): pto-verify-fifo checks one cube/vector pair per module}}
func.func @c4() attributes {pto.core = "aic"} {
  return
}
// expected-error @below {{several cube kernels (@c0, @c1, @c2, @c3 and 2 more): pto-verify-fifo checks one cube/vector pair per module}}
func.func @c5() attributes {pto.core = "aic"} {
  return
}

// -----

// expected-error @below {{'pto.core' must be the string "aic" or "aiv", got "gpu"}}
func.func @cube() attributes {pto.core = "gpu"} {
  return
}

// -----

// A FIFO op in the wrong kernel.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector(%t: tensor<16xf32>) attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  // expected-error @below {{'pto.tpush_to_aiv' runs on the cube core, but @vector is the vector kernel}}
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}

// -----

// No FIFO op at all: nothing to verify, silent (even a lone kernel).
func.func @cube(%a: tensor<16xf32>) -> tensor<16xf32> attributes {pto.core = "aic"} {
  return %a : tensor<16xf32>
}

// -----

// A kernel pair whose vector side does not touch the FIFO: the cube's
// message is never popped.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  // expected-error @below {{message count mismatch on C2V: message #0 pushed here is never popped (1 pushed, 0 popped when both kernels return)}}
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  return
}

// -----

// FIFO ops but no marked function: nothing can be paired.
// expected-warning @below {{FIFO ops not verified: no function is marked pto.core = "aic" or "aiv"}}
module {
  func.func @f(%t: tensor<16xf32>) {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    return
  }
}

// -----

// The peer kernel is only declared: its FIFO use cannot be seen, so nothing
// is proved and nothing is claimed (a warning, not a count mismatch).
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  return
}
// expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: the vector kernel @vector is a declaration, its FIFO use is not visible}}
func.func private @vector() attributes {pto.core = "aiv"}
