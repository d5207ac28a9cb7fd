//===- module.cpp - the skew_mlir._native Python extension ----------------===//
//
// What the upstream Python bindings cannot do on their own: register Python
// passes in MLIR's pass registry, run a pass manager with the GIL released,
// emit diagnostics of any severity, query memory effects, and drive pto-opt.
//
//===----------------------------------------------------------------------===//

#include "opt_main.h"
#include "python_pass.h"

#include "mlir-c/Bindings/Python/Interop.h"
#include "mlir-c/Pass.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"

#include <mutex>

using namespace mlir;

namespace {

bool parseOptionKind(const char *text, skew::OptionKind &kind) {
  static const std::pair<const char *, skew::OptionKind> kinds[] = {
      {"int", skew::OptionKind::Int},
      {"bool", skew::OptionKind::Bool},
      {"string", skew::OptionKind::String},
      {"list-int", skew::OptionKind::IntList},
      {"list-string", skew::OptionKind::StringList}};
  for (const auto &[name, value] : kinds)
    if (llvm::StringRef(text) == name) {
      kind = value;
      return true;
    }
  return false;
}

// register_pass(argument, summary, class_name, op_name,
//               [(name, kind, default, help)], runner)
PyObject *registerPass(PyObject *, PyObject *args) {
  const char *argument, *summary, *className, *opName;
  PyObject *optionList, *runner;
  if (!PyArg_ParseTuple(args, "ssssO!O", &argument, &summary, &className,
                        &opName, &PyList_Type, &optionList, &runner))
    return nullptr;
  auto spec = std::make_unique<skew::PythonPassSpec>();
  spec->argument = argument;
  spec->summary = summary;
  spec->className = className;
  spec->opName = opName;
  for (Py_ssize_t i = 0; i < PyList_Size(optionList); ++i) {
    const char *name, *kindText, *defaultText, *help;
    if (!PyArg_ParseTuple(PyList_GetItem(optionList, i), "ssss", &name,
                          &kindText, &defaultText, &help))
      return nullptr;
    skew::OptionKind kind;
    if (!parseOptionKind(kindText, kind)) {
      PyErr_Format(PyExc_ValueError, "unknown option kind '%s'", kindText);
      return nullptr;
    }
    spec->options.push_back({name, kind, defaultText, help});
  }
  Py_INCREF(runner);
  spec->runner = runner;
  std::string error = skew::registerPythonPass(spec.get());
  if (!error.empty()) {
    Py_DECREF(runner);
    PyErr_SetString(PyExc_ValueError, error.c_str());
    return nullptr;
  }
  spec.release(); // owned by the registry for the life of the process
  Py_RETURN_NONE;
}

// emit_diagnostic(location capsule, severity, message)
PyObject *emitDiagnostic(PyObject *, PyObject *args) {
  PyObject *capsule;
  const char *severity, *message;
  if (!PyArg_ParseTuple(args, "Oss", &capsule, &severity, &message))
    return nullptr;
  MlirLocation loc = mlirPythonCapsuleToLocation(capsule);
  if (mlirLocationIsNull(loc))
    return nullptr;
  llvm::StringRef kind(severity);
  if (kind == "error")
    emitError(unwrap(loc)) << message;
  else if (kind == "warning")
    emitWarning(unwrap(loc)) << message;
  else if (kind == "remark")
    emitRemark(unwrap(loc)) << message;
  else {
    PyErr_Format(PyExc_ValueError, "unknown severity '%s'", severity);
    return nullptr;
  }
  Py_RETURN_NONE;
}

// memory_effects(operation capsule) -> [(kind, value capsule or None)] | None
PyObject *memoryEffects(PyObject *, PyObject *capsule) {
  MlirOperation op = mlirPythonCapsuleToOperation(capsule);
  if (mlirOperationIsNull(op))
    return nullptr;
  std::optional<llvm::SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(unwrap(op));
  if (!effects)
    Py_RETURN_NONE;
  PyObject *list = PyList_New(0);
  for (const MemoryEffects::EffectInstance &effect : *effects) {
    MemoryEffects::Effect *kind = effect.getEffect();
    const char *name = isa<MemoryEffects::Read>(kind)       ? "read"
                       : isa<MemoryEffects::Write>(kind)    ? "write"
                       : isa<MemoryEffects::Allocate>(kind) ? "allocate"
                                                            : "free";
    PyObject *value;
    if (Value v = effect.getValue()) {
      value = mlirPythonValueToCapsule(wrap(v));
    } else {
      Py_INCREF(Py_None);
      value = Py_None;
    }
    PyObject *item = Py_BuildValue("(sN)", name, value);
    PyList_Append(list, item);
    Py_DECREF(item);
  }
  return list;
}

PyObject *isMemoryEffectFree(PyObject *, PyObject *capsule) {
  MlirOperation op = mlirPythonCapsuleToOperation(capsule);
  if (mlirOperationIsNull(op))
    return nullptr;
  return PyBool_FromLong(mlir::isMemoryEffectFree(unwrap(op)));
}

struct CapturedDiagnostic {
  Location loc;
  std::string message;
  std::vector<std::pair<Location, std::string>> notes;
};

PyObject *toPython(const CapturedDiagnostic &d) {
  PyObject *notes = PyList_New(0);
  for (const auto &[loc, message] : d.notes) {
    PyObject *note = Py_BuildValue("(Ns)", mlirPythonLocationToCapsule(wrap(loc)),
                                   message.c_str());
    PyList_Append(notes, note);
    Py_DECREF(note);
  }
  return Py_BuildValue("(NsN)", mlirPythonLocationToCapsule(wrap(d.loc)),
                       d.message.c_str(), notes);
}

// run_pass_manager(pass manager capsule, operation capsule)
//   -> None on success, else the captured error diagnostics.
// Runs with the GIL released so that Python passes on MLIR's worker threads
// can take it; errors are captured as the bindings' own run() does.
PyObject *runPassManager(PyObject *, PyObject *args) {
  PyObject *pmCapsule, *opCapsule;
  if (!PyArg_ParseTuple(args, "OO", &pmCapsule, &opCapsule))
    return nullptr;
  MlirPassManager pm = mlirPythonCapsuleToPassManager(pmCapsule);
  MlirOperation op = mlirPythonCapsuleToOperation(opCapsule);
  if (mlirPassManagerIsNull(pm) || mlirOperationIsNull(op))
    return nullptr;
  std::mutex mutex;
  std::vector<CapturedDiagnostic> errors;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler capture(
        unwrap(op)->getContext(), [&](Diagnostic &diag) -> LogicalResult {
          if (diag.getSeverity() != DiagnosticSeverity::Error)
            return failure(); // let other handlers see it
          CapturedDiagnostic captured{diag.getLocation(), diag.str(), {}};
          for (Diagnostic &note : diag.getNotes())
            captured.notes.emplace_back(note.getLocation(), note.str());
          std::lock_guard<std::mutex> lock(mutex);
          errors.push_back(std::move(captured));
          return success();
        });
    Py_BEGIN_ALLOW_THREADS;
    result = unwrap(pm)->run(unwrap(op));
    Py_END_ALLOW_THREADS;
  }
  if (succeeded(result))
    Py_RETURN_NONE;
  PyObject *list = PyList_New(0);
  for (const CapturedDiagnostic &d : errors) {
    PyObject *item = toPython(d);
    PyList_Append(list, item);
    Py_DECREF(item);
  }
  return list;
}

// clone_ops([op capsules], [(from value, to value) capsules], block capsule,
//           before-op capsule or None) -> [new op capsules]
// IRMapping-based cloning, which the bindings lack: operands, and uses nested
// in the clones' regions, are remapped in one C++ pass; each clone's results
// join the mapping for the ops after it.
PyObject *cloneOps(PyObject *, PyObject *args) {
  PyObject *opList, *pairs, *blockCapsule, *beforeCapsule;
  if (!PyArg_ParseTuple(args, "O!O!OO", &PyList_Type, &opList, &PyList_Type,
                        &pairs, &blockCapsule, &beforeCapsule))
    return nullptr;
  IRMapping mapping;
  for (Py_ssize_t i = 0; i < PyList_Size(pairs); ++i) {
    PyObject *from, *to;
    if (!PyArg_ParseTuple(PyList_GetItem(pairs, i), "OO", &from, &to))
      return nullptr;
    MlirValue fromValue = mlirPythonCapsuleToValue(from);
    MlirValue toValue = mlirPythonCapsuleToValue(to);
    if (mlirValueIsNull(fromValue) || mlirValueIsNull(toValue))
      return nullptr;
    mapping.map(unwrap(fromValue), unwrap(toValue));
  }
  MlirBlock block = mlirPythonCapsuleToBlock(blockCapsule);
  if (mlirBlockIsNull(block))
    return nullptr;
  Operation *before = nullptr;
  if (beforeCapsule != Py_None) {
    MlirOperation op = mlirPythonCapsuleToOperation(beforeCapsule);
    if (mlirOperationIsNull(op))
      return nullptr;
    before = unwrap(op);
  }
  Block *target = unwrap(block);
  PyObject *result = PyList_New(0);
  for (Py_ssize_t i = 0; i < PyList_Size(opList); ++i) {
    MlirOperation op = mlirPythonCapsuleToOperation(PyList_GetItem(opList, i));
    if (mlirOperationIsNull(op)) {
      Py_DECREF(result);
      return nullptr;
    }
    Operation *clone = unwrap(op)->clone(mapping);
    if (before)
      target->getOperations().insert(before->getIterator(), clone);
    else
      target->push_back(clone);
    PyObject *capsule = mlirPythonOperationToCapsule(wrap(clone));
    PyList_Append(result, capsule);
    Py_DECREF(capsule);
  }
  return result;
}

// opt_main([argv...], irdl_text, irdl_name, version) -> exit code
PyObject *optMain(PyObject *, PyObject *args) {
  PyObject *argList;
  const char *irdlText, *irdlName, *version;
  if (!PyArg_ParseTuple(args, "O!sss", &PyList_Type, &argList, &irdlText,
                        &irdlName, &version))
    return nullptr;
  std::vector<std::string> argv;
  for (Py_ssize_t i = 0; i < PyList_Size(argList); ++i) {
    const char *arg = PyUnicode_AsUTF8(PyList_GetItem(argList, i));
    if (!arg)
      return nullptr;
    argv.emplace_back(arg);
  }
  std::string irdl(irdlText), name(irdlName), versionText(version);
  int code;
  Py_BEGIN_ALLOW_THREADS;
  code = skew::optMain(argv, irdl, name, versionText);
  Py_END_ALLOW_THREADS;
  return PyLong_FromLong(code);
}

PyMethodDef methods[] = {
    {"register_pass", registerPass, METH_VARARGS,
     "Register a Python pass in MLIR's pass registry."},
    {"emit_diagnostic", emitDiagnostic, METH_VARARGS,
     "Emit an error, warning or remark at a location."},
    {"memory_effects", memoryEffects, METH_O,
     "Memory effects of an operation and its nested ops, or None."},
    {"is_memory_effect_free", isMemoryEffectFree, METH_O,
     "Whether MLIR knows the operation to have no memory effects."},
    {"run_pass_manager", runPassManager, METH_VARARGS,
     "Run a pass manager on an operation with the GIL released."},
    {"clone_ops", cloneOps, METH_VARARGS,
     "Clone operations with a value mapping at an insertion point."},
    {"opt_main", optMain, METH_VARARGS, "The pto-opt driver."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT, "_native",
                         "Native part of skew_mlir.", -1, methods};

} // namespace

PyMODINIT_FUNC PyInit__native() { return PyModule_Create(&moduleDef); }
