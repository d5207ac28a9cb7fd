// --load-python-plugin is the Python wrapper's flag: --help and --help-list
// list it (it was missing from both), and every spelling LLVM's parser takes
// loads the plugin (the driver would accept and ignore one left to it).
// RUN: pto-opt --help | FileCheck %s --check-prefix=HELP
// RUN: pto-opt --help-list | FileCheck %s --check-prefix=HELP
// RUN: mlir-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --load-python-plugin=<file.py> {{.*}}- Import a Python file of passes first
//
// RUN: pto-opt %s --load-python-plugin=%S/Inputs/demo_pass.py --test-tag | FileCheck %s
// RUN: pto-opt %s -load-python-plugin=%S/Inputs/demo_pass.py --test-tag | FileCheck %s
// RUN: pto-opt %s --load-python-plugin %S/Inputs/demo_pass.py --test-tag | FileCheck %s
// CHECK: test.count = 3
//
// RUN: not pto-opt %s --load-python-plugin 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: pto-opt: error: --load-python-plugin needs a file: --load-python-plugin=FILE.py

func.func @f() {
  return
}
