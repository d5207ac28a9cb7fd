// Unknown and malformed options of pto-skew-cross-core and pto-verify-fifo:
// the error of MLIR's own option parser (the same text upstream mlir-opt
// prints for its passes, with no IR location: options are read before the
// IR), exit code 1, no traceback. fifo-depth=-1 of the skew pass is in
// test/skew/errors.mlir, the demo pass's options in test/platform/user-errors.mlir.
// RUN: not pto-opt %s --pto-skew-cross-core="nope=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=Traceback
// RUN: not pto-opt %s --pto-verify-fifo="nope=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=Traceback
// RUN: not mlir-opt-upstream %s --irdl-file=%pto_irdl --canonicalize="nope=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <unknown>:0: error: <Pass-Options-Parser>: no such option nope
//
// RUN: not pto-opt %s --pto-skew-cross-core="fifo-depth=abc" 2>&1 | FileCheck %s --check-prefix=NOTINT --implicit-check-not=Traceback
// RUN: not pto-opt %s --pto-verify-fifo="fifo-depth=1.5" 2>&1 | FileCheck %s --check-prefix=NOTINT --implicit-check-not=Traceback
// NOTINT: pto-opt: for the --fifo-depth option: '{{abc|1.5}}' value invalid for long argument!
//
// Past the range of a 64-bit integer; empty.
// RUN: not pto-opt %s --pto-skew-cross-core="fifo-depth=99999999999999999999999" 2>&1 | FileCheck %s --check-prefix=RANGE --implicit-check-not=Traceback
// RUN: not pto-opt %s --pto-verify-fifo="fifo-depth=" 2>&1 | FileCheck %s --check-prefix=RANGE --implicit-check-not=Traceback
// RANGE: pto-opt: for the --fifo-depth option: '{{9*}}' value invalid for long argument!
//
// RUN: not pto-opt %s --pto-skew-cross-core="remarks=maybe" 2>&1 | FileCheck %s --check-prefix=BOOL --implicit-check-not=Traceback
// RUN: not pto-opt %s --pto-verify-fifo="remarks=2" 2>&1 | FileCheck %s --check-prefix=BOOL --implicit-check-not=Traceback
// BOOL: pto-opt: for the --remarks option: '{{maybe|2}}' is invalid value for boolean argument! Try 0 or 1
//
// remainder takes one of two words.
// RUN: not pto-opt %s --pto-skew-cross-core="remainder=exact" 2>&1 | FileCheck %s --check-prefix=REMAINDER --implicit-check-not=Traceback
// REMAINDER: error: option 'remainder' of pass 'pto-skew-cross-core' must be one of peel, shrink, got 'exact'
//
// A value out of an option's range is an error of the pipeline, reported
// once where it is parsed (as MLIR's option parser reports a bad value), not
// once per operation the pass would run on: here under func.func, on both
// functions of the file.
// RUN: not pto-opt %s --pto-verify-fifo="fifo-depth=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=Traceback
// NEGATIVE: <unknown>:0: error: option 'fifo-depth' of pass 'pto-verify-fifo' must be >= 0, got -1
// RUN: not pto-opt %s --pass-pipeline='builtin.module(func.func(pto-skew-cross-core{fifo-depth=-1}))' 2>&1 | FileCheck %s --check-prefix=ONCE --implicit-check-not="must be >= 0"
// RUN: not pto-opt %s --pto-skew-cross-core="fifo-depth=-2" 2>&1 | FileCheck %s --check-prefix=ONCE-FLAG --implicit-check-not="must be >= 0"
// ONCE: <unknown>:0: error: option 'fifo-depth' of pass 'pto-skew-cross-core' must be >= 0, got -1
// ONCE-FLAG: <unknown>:0: error: option 'fifo-depth' of pass 'pto-skew-cross-core' must be >= 0, got -2
//
// Malformed pipelines: unbalanced braces and parentheses.
// RUN: not pto-opt %s --pass-pipeline='builtin.module(func.func(pto-skew-cross-core{fifo-depth=2)))' 2>&1 | FileCheck %s --check-prefix=BRACE --implicit-check-not=Traceback
// BRACE: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:30: error: missing closing '}' while processing pass options
// RUN: not pto-opt %s --pass-pipeline='builtin.module(func.func(pto-verify-fifo{fifo-depth=2})))' 2>&1 | FileCheck %s --check-prefix=PAREN --implicit-check-not=Traceback
// PAREN: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// RUN: not pto-opt %s --pto-skew-cross-core="fifo-depth=2}" 2>&1 | FileCheck %s --check-prefix=TRAILING --implicit-check-not=Traceback
// TRAILING: pto-opt: for the --fifo-depth option: '2}' value invalid for long argument!
//
// Huge but well-formed values are accepted: 2^40 slots leave the depth at
// what the stages ask for, and the pair is still proved deadlock-free.
// RUN: pto-opt %s --pto-skew-cross-core="fifo-depth=1099511627776 remarks=true" --pto-verify-fifo="fifo-depth=1099511627776 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=HUGE --implicit-check-not=Traceback
// HUGE: remark: skewed: depth 2 (requested 2, trip 8, slots 1099511627776)
// HUGE: remark: not skewed: consumer role
// HUGE: remark: FIFO verified for @cube / @vector at 1099511627776 slot(s) per pipe: C2V 8 messages
//
// The same option given twice: the last one wins, as in upstream mlir-opt.
// RUN: pto-opt %s --pto-skew-cross-core="fifo-depth=4 fifo-depth=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=TWICE
// TWICE: remark: skewed: depth 1 (requested 2, trip 8, slots 1; C2V has 1 slot: at most 1 iteration ahead)

module {
  func.func @cube(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%t) : (tensor<16xf32>) -> ()
    } {pto.pipeline_stages = 3 : i64}
    return
  }
}
