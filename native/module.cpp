//===- module.cpp - the skew_mlir._native Python extension ----------------===//
//
// What the upstream Python bindings cannot do on their own: register Python
// passes in MLIR's pass registry, run a pass manager with the GIL released,
// emit diagnostics of any severity, query memory effects, clone ops with an
// IRMapping, answer the bulk IR queries the pass makes per loop body, ask
// whether memory may alias and what calls reach, and drive pto-opt.
//
//===----------------------------------------------------------------------===//

#include "aliasing.h"
#include "call_summaries.h"
#include "opt_main.h"
#include "python_pass.h"

#include "mlir-c/Bindings/Python/Interop.h"
#include "mlir-c/Pass.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/thread.h"

#include <mutex>
#include <optional>
#include <string>

using namespace mlir;

namespace {

bool parseOptionKind(const char *text, skew::OptionKind &kind) {
  static const std::pair<const char *, skew::OptionKind> kinds[] = {
      {"int", skew::OptionKind::Int},
      {"bool", skew::OptionKind::Bool},
      {"string", skew::OptionKind::String}};
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

// emit_diagnostic(location capsule, severity, message,
//                 [(note location capsule, note message)])
PyObject *emitDiagnostic(PyObject *, PyObject *args) {
  PyObject *capsule, *noteList = nullptr;
  const char *severity, *message;
  if (!PyArg_ParseTuple(args, "Oss|O!", &capsule, &severity, &message,
                        &PyList_Type, &noteList))
    return nullptr;
  MlirLocation loc = mlirPythonCapsuleToLocation(capsule);
  if (mlirLocationIsNull(loc))
    return nullptr;
  std::vector<std::pair<Location, const char *>> notes;
  for (Py_ssize_t i = 0; noteList && i < PyList_Size(noteList); ++i) {
    PyObject *noteCapsule;
    const char *text;
    if (!PyArg_ParseTuple(PyList_GetItem(noteList, i), "Os", &noteCapsule,
                          &text))
      return nullptr;
    MlirLocation noteLoc = mlirPythonCapsuleToLocation(noteCapsule);
    if (mlirLocationIsNull(noteLoc))
      return nullptr;
    notes.emplace_back(unwrap(noteLoc), text);
  }
  llvm::StringRef kind(severity);
  std::optional<DiagnosticSeverity> level =
      kind == "error"     ? std::optional(DiagnosticSeverity::Error)
      : kind == "warning" ? std::optional(DiagnosticSeverity::Warning)
      : kind == "remark"  ? std::optional(DiagnosticSeverity::Remark)
                          : std::nullopt;
  if (!level) {
    PyErr_Format(PyExc_ValueError, "unknown severity '%s'", severity);
    return nullptr;
  }
  Location location = unwrap(loc);
  InFlightDiagnostic diag =
      location.getContext()->getDiagEngine().emit(location, *level);
  diag << message;
  for (const auto &[noteLoc, text] : notes)
    diag.attachNote(noteLoc) << text;
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
// can take it; errors are captured as the bindings' own run() does. Every
// other diagnostic is held back and re-emitted once the GIL is held again:
// a Python handler attached to the context must not be called without it
// (the pass manager re-emits worker threads' diagnostics on this thread).
PyObject *runPassManager(PyObject *, PyObject *args) {
  PyObject *pmCapsule, *opCapsule;
  if (!PyArg_ParseTuple(args, "OO", &pmCapsule, &opCapsule))
    return nullptr;
  MlirPassManager pm = mlirPythonCapsuleToPassManager(pmCapsule);
  MlirOperation op = mlirPythonCapsuleToOperation(opCapsule);
  if (mlirPassManagerIsNull(pm) || mlirOperationIsNull(op))
    return nullptr;
  MLIRContext *context = unwrap(op)->getContext();
  std::mutex mutex;
  std::vector<CapturedDiagnostic> errors;
  std::vector<Diagnostic> heldBack;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      std::lock_guard<std::mutex> lock(mutex);
      if (diag.getSeverity() != DiagnosticSeverity::Error) {
        heldBack.push_back(std::move(diag));
        return success();
      }
      CapturedDiagnostic captured{diag.getLocation(), diag.str(), {}};
      for (Diagnostic &note : diag.getNotes())
        captured.notes.emplace_back(note.getLocation(), note.str());
      errors.push_back(std::move(captured));
      return success();
    });
    Py_BEGIN_ALLOW_THREADS;
    result = unwrap(pm)->run(unwrap(op));
    Py_END_ALLOW_THREADS;
  }
  for (Diagnostic &diag : heldBack)
    context->getDiagEngine().emit(std::move(diag));
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

// The capsule of an IR object (its `_CAPIPtr`), or the object itself if it
// is one already: callers may pass either. A new reference, or null with a
// Python error set.
PyObject *toCapsule(PyObject *object) {
  if (PyCapsule_CheckExact(object)) {
    Py_INCREF(object);
    return object;
  }
  return PyObject_GetAttrString(object, MLIR_PYTHON_CAPI_PTR_ATTR);
}

// The C++ object behind an IR object or its capsule; false (a Python error
// set) if it is neither. `toC` is the bindings' capsule reader for its kind.
template <typename C, typename Out>
bool fromHandle(PyObject *object, C (*toC)(PyObject *), Out &out) {
  PyObject *capsule = toCapsule(object);
  if (!capsule)
    return false;
  C handle = toC(capsule);
  Py_DECREF(capsule);
  if (!handle.ptr)
    return false;
  out = unwrap(handle);
  return true;
}

bool fromCapsule(PyObject *object, Value &out) {
  return fromHandle(object, mlirPythonCapsuleToValue, out);
}

bool fromCapsule(PyObject *object, Operation *&out) {
  return fromHandle(object, mlirPythonCapsuleToOperation, out);
}

bool fromCapsule(PyObject *object, Block *&out) {
  return fromHandle(object, mlirPythonCapsuleToBlock, out);
}

// Calls `each` on the items of any Python sequence (or iterable); false if
// it or `each` fails.
template <typename F>
bool forEachItem(PyObject *items, F each) {
  PyObject *sequence = PySequence_Fast(items, "expected a sequence");
  if (!sequence)
    return false;
  bool ok = true;
  for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(sequence); ++i)
    ok = each(PySequence_Fast_GET_ITEM(sequence, i));
  Py_DECREF(sequence);
  return ok;
}

// PyArg_ParseTuple for an item of a Python structure, which may be any
// sequence: anything else is a TypeError (not PyArg_ParseTuple's
// SystemError). Strings it yields stay owned by the item.
template <typename... Args>
bool parseItem(PyObject *item, const char *format, Args... args) {
  PyObject *tuple = PyUnicode_Check(item) || !PySequence_Check(item)
                        ? nullptr
                        : PySequence_Tuple(item);
  if (!tuple) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "expected a tuple, got %s",
                 Py_TYPE(item)->tp_name);
    return false;
  }
  bool ok = PyArg_ParseTuple(tuple, format, args...);
  Py_DECREF(tuple);
  return ok;
}

bool valueList(PyObject *items, SmallVectorImpl<Value> &out) {
  return forEachItem(items, [&](PyObject *item) {
    return fromCapsule(item, out.emplace_back());
  });
}

// first_alias(reads, writes, slot op names) -> (i, j) | None
// The first pair (reads[i], writes[j]), in order of j then i, of values that
// may address the same memory (see aliasing.h); values may be given as
// themselves or as their capsules.
PyObject *firstAlias(PyObject *, PyObject *args) {
  PyObject *readList, *writeList, *nameList;
  if (!PyArg_ParseTuple(args, "OOO", &readList, &writeList, &nameList))
    return nullptr;
  SmallVector<Value> reads, writes;
  if (!valueList(readList, reads) || !valueList(writeList, writes))
    return nullptr;
  if (reads.empty() || writes.empty())
    Py_RETURN_NONE;
  MLIRContext *context = reads.front().getContext();
  SmallVector<OperationName> slotOps;
  if (!forEachItem(nameList, [&](PyObject *item) {
        const char *name = PyUnicode_AsUTF8(item);
        if (name)
          slotOps.emplace_back(name, context);
        return name != nullptr;
      }))
    return nullptr;
  skew::MemoryAliasing aliasing(std::move(slotOps));
  for (size_t j = 0; j < writes.size(); ++j)
    for (size_t i = 0; i < reads.size(); ++i)
      if (aliasing.mayAlias(reads[i], writes[j]))
        return Py_BuildValue("(nn)", static_cast<Py_ssize_t>(i),
                             static_cast<Py_ssize_t>(j));
  Py_RETURN_NONE;
}

// Op names as MLIR's opaque keys (the names need not be registered).
bool nameSet(PyObject *nameList, MLIRContext *context,
             llvm::SmallPtrSet<const void *, 8> &names) {
  return forEachItem(nameList, [&](PyObject *item) {
    const char *name = PyUnicode_AsUTF8(item);
    if (name)
      names.insert(OperationName(name, context).getAsOpaquePointer());
    return name != nullptr;
  });
}

// call_summaries(scope, [calls], [names])
//   -> [(callee, problem or None, [names reached])]
// What each call (a CallOpInterface op) reaches through its callee and the
// functions that calls, transitively (see call_summaries.h); callees are
// read only inside `scope`. Ops may be given as themselves or as capsules.
PyObject *callSummaries(PyObject *, PyObject *args) {
  PyObject *scopeObject, *callList, *nameList;
  if (!PyArg_ParseTuple(args, "OOO", &scopeObject, &callList, &nameList))
    return nullptr;
  Operation *scope;
  SmallVector<Operation *> calls;
  llvm::SmallPtrSet<const void *, 8> names;
  if (!fromCapsule(scopeObject, scope) ||
      !forEachItem(callList, [&](PyObject *item) {
        return fromCapsule(item, calls.emplace_back());
      }) ||
      !nameSet(nameList, scope->getContext(), names))
    return nullptr;
  for (Operation *call : calls)
    if (!isa<CallOpInterface>(call)) {
      PyErr_Format(PyExc_TypeError, "'%s' is not a call",
                   call->getName().getStringRef().str().c_str());
      return nullptr;
    }
  skew::CallSummaries summaries(scope, std::move(names));
  PyObject *result = PyList_New(static_cast<Py_ssize_t>(calls.size()));
  for (size_t i = 0; i < calls.size(); ++i) {
    skew::CallSummary summary = summaries.summarize(calls[i]);
    PyObject *reached = PyList_New(0);
    for (OperationName name : summary.reached) {
      PyObject *text = PyUnicode_FromStringAndSize(
          name.getStringRef().data(), name.getStringRef().size());
      PyList_Append(reached, text);
      Py_DECREF(text);
    }
    PyObject *problem =
        summary.problem.empty()
            ? Py_NewRef(Py_None)
            : PyUnicode_FromString(summary.problem.c_str());
    PyList_SET_ITEM(result, i,
                    Py_BuildValue("(sNN)", summary.callee.c_str(), problem,
                                  reached));
  }
  return result;
}

// One copy of the cloned ops, as clone_ops reads it from Python.
struct CopySpec {
  SmallVector<std::pair<Value, Value>> pairs;
  // Ops built just before the copy: (remapped value, op name, operands); the
  // op's one result, of its first operand's type, replaces the value.
  SmallVector<std::tuple<Value, OperationName, SmallVector<Value>>> computed;
  std::optional<std::string> tag;
};

bool parseCopy(PyObject *item, MLIRContext *context, CopySpec &copy) {
  PyObject *mapping, *computed, *tag;
  if (!parseItem(item, "OOO", &mapping, &computed, &tag))
    return false;
  auto addPair = [&](PyObject *from, PyObject *to) {
    auto &[fromValue, toValue] = copy.pairs.emplace_back();
    return fromCapsule(from, fromValue) && fromCapsule(to, toValue);
  };
  if (PyDict_Check(mapping)) {
    Py_ssize_t position = 0;
    PyObject *from, *to;
    while (PyDict_Next(mapping, &position, &from, &to))
      if (!addPair(from, to))
        return false;
  } else if (!forEachItem(mapping, [&](PyObject *pair) {
               PyObject *from, *to;
               return parseItem(pair, "OO", &from, &to) &&
                      addPair(from, to);
             })) {
    return false;
  }
  if (!forEachItem(computed, [&](PyObject *entry) {
        PyObject *from, *operands;
        const char *name;
        Value value;
        SmallVector<Value> operandValues;
        if (!parseItem(entry, "OsO", &from, &name, &operands) ||
            !fromCapsule(from, value) || !valueList(operands, operandValues))
          return false;
        if (operandValues.empty()) {
          PyErr_SetString(PyExc_ValueError, "a computed op needs an operand");
          return false;
        }
        copy.computed.emplace_back(value, OperationName(name, context),
                                   std::move(operandValues));
        return true;
      }))
    return false;
  if (tag != Py_None) {
    const char *text = PyUnicode_AsUTF8(tag);
    if (!text)
      return false;
    copy.tag = text;
  }
  return true;
}

// One clone job of clone_ops, as read from Python.
struct CloneJob {
  SmallVector<Operation *> originals;
  // The tag attribute's name, and per tagged op its position and the text
  // its tag values extend.
  StringAttr tagName;
  SmallVector<std::pair<size_t, std::string>> tagged;
  // Ops nested in the clones are tagged when they define a tensor or memref,
  // unless named here.
  llvm::StringSet<> untagged;
  Block *block = nullptr;
  Operation *before = nullptr;
  std::vector<CopySpec> copies;
  bool carries = false;
  SmallVector<Value> iterArgs, init, yielded;
};

bool parseJob(PyObject *item, MLIRContext *context, CloneJob &job) {
  PyObject *opList, *tagSpec, *block, *before, *copies, *carry;
  if (!parseItem(item, "OOOOOO", &opList, &tagSpec, &block, &before,
                        &copies, &carry) ||
      !forEachItem(opList, [&](PyObject *op) {
        return fromCapsule(op, job.originals.emplace_back());
      }))
    return false;
  if (tagSpec != Py_None) {
    const char *name;
    PyObject *indices, *untagged;
    if (!parseItem(tagSpec, "sOO", &name, &indices, &untagged) ||
        !forEachItem(untagged, [&](PyObject *item) {
          const char *text = PyUnicode_AsUTF8(item);
          if (!text)
            return false;
          job.untagged.insert(text);
          return true;
        }))
      return false;
    job.tagName = StringAttr::get(context, name);
    if (!forEachItem(indices, [&](PyObject *item) {
          Py_ssize_t index = PyLong_AsSsize_t(item);
          if (index == -1 && PyErr_Occurred())
            return false;
          if (index < 0 || static_cast<size_t>(index) >= job.originals.size()) {
            PyErr_Format(PyExc_IndexError, "tagged op index %zd out of range",
                         index);
            return false;
          }
          auto old =
              job.originals[index]->getAttrOfType<StringAttr>(job.tagName);
          job.tagged.emplace_back(index,
                                  old ? (old.getValue() + ";").str() : "");
          return true;
        }))
      return false;
  }
  if (!fromCapsule(block, job.block) ||
      (before != Py_None && !fromCapsule(before, job.before)) ||
      !forEachItem(copies, [&](PyObject *copy) {
        return parseCopy(copy, context, job.copies.emplace_back());
      }))
    return false;
  if (carry != Py_None) {
    PyObject *iterArgs, *init, *yielded;
    job.carries = true;
    if (!parseItem(carry, "OOO", &iterArgs, &init, &yielded) ||
        !valueList(iterArgs, job.iterArgs) || !valueList(init, job.init) ||
        !valueList(yielded, job.yielded))
      return false;
    if (job.iterArgs.size() != job.init.size()) {
      PyErr_SetString(PyExc_ValueError,
                      "iter_args and initial values differ in number");
      return false;
    }
  }
  return true;
}

// Runs one job; returns (the ops built, the carried values).
PyObject *runJob(const CloneJob &job, Location location) {
  MLIRContext *context = location.getContext();
  OpBuilder builder(context);
  if (job.before)
    builder.setInsertionPoint(job.before);
  else
    builder.setInsertionPointToEnd(job.block);
  PyObject *built = PyList_New(0);
  auto record = [&](Operation *op) {
    PyObject *capsule = mlirPythonOperationToCapsule(wrap(op));
    PyList_Append(built, capsule);
    Py_DECREF(capsule);
  };
  SmallVector<Value> carried(job.init);
  for (const CopySpec &copy : job.copies) {
    IRMapping mapping;
    mapping.map(job.iterArgs, carried);
    for (const auto &[from, to] : copy.pairs)
      mapping.map(from, to);
    for (const auto &[value, name, operands] : copy.computed) {
      OperationState state(location, name);
      state.addOperands(operands);
      state.addTypes(operands.front().getType());
      Operation *op = builder.create(state);
      mapping.map(value, op->getResult(0));
      record(op);
    }
    SmallVector<Operation *> clones;
    for (Operation *original : job.originals) {
      clones.push_back(builder.insert(original->clone(mapping)));
      record(clones.back());
    }
    if (copy.tag) {
      // Tagged ops mostly share a prefix (none): one attribute per prefix.
      llvm::StringMap<StringAttr> tags;
      for (const auto &[index, prefix] : job.tagged) {
        StringAttr &tag = tags[prefix];
        if (!tag)
          tag = StringAttr::get(context, prefix + *copy.tag);
        clones[index]->setAttr(job.tagName, tag);
      }
      for (Operation *clone : clones)
        clone->walk([&](Operation *nested) {
          if (nested == clone ||
              job.untagged.contains(nested->getName().getStringRef()) ||
              llvm::none_of(nested->getResultTypes(), [](Type type) {
                return isa<TensorType, BaseMemRefType>(type);
              }))
            return;
          auto old = nested->getAttrOfType<StringAttr>(job.tagName);
          nested->setAttr(job.tagName,
                          StringAttr::get(context, old ? old.getValue() + ";" +
                                                             *copy.tag
                                                       : *copy.tag));
        });
    }
    if (job.carries)
      carried = llvm::to_vector(llvm::map_range(
          job.yielded, [&](Value v) { return mapping.lookupOrDefault(v); }));
  }
  PyObject *values = PyList_New(static_cast<Py_ssize_t>(carried.size()));
  for (size_t i = 0; i < carried.size(); ++i)
    PyList_SET_ITEM(values, i, mlirPythonValueToCapsule(wrap(carried[i])));
  return Py_BuildValue("(NN)", built, values);
}

// clone_ops(location, [job]) -> [([new op capsules], [carried values])]
//   job   = ([ops], (tag name, [tagged op indices], [untagged op names]) or
//            None, block,
//            before-op or None, [copy], carry or None)
//   copy  = ({from value: to value} or [(from, to)],
//            [(value, op name, [operands])], tag value or None)
//   carry = ([iter_args], [initial values], [yielded values])
// IR objects may be given as themselves or as their capsules, and lists as
// any sequences, so Python passes its specs through untouched.
// IRMapping-based cloning, which the bindings lack, of a loop body's ops once
// per copy (as upstream's generateUnrolledLoop does), for several jobs (each
// with its ops and insertion point) in one call: operands, and uses nested in
// the clones' regions, are remapped; each clone's results join its copy's
// mapping for the ops after it. Per copy, the computed ops are built first
// (at `location`; an unrolled induction value, say) and the tag value is set
// as a string attribute on the clones of the tagged ops and on the tensor- or
// memref-defining ops nested in any clone (but the untagged names), after the
// op's own string value and ';' if it has one, so the originals are never
// touched.
// With a carry, the iter_args stand for the initial values in the first copy
// and for the previous copy's yielded values (looked up in its mapping)
// after; the last copy's are returned. Every argument of every job is checked
// before anything is built: a bad one must not leave half a copy behind.
PyObject *cloneOps(PyObject *, PyObject *args) {
  PyObject *locationCapsule, *jobList;
  if (!PyArg_ParseTuple(args, "OO!", &locationCapsule, &PyList_Type, &jobList))
    return nullptr;
  MlirLocation location = mlirPythonCapsuleToLocation(locationCapsule);
  if (mlirLocationIsNull(location))
    return nullptr;
  MLIRContext *context = unwrap(location)->getContext();
  std::vector<CloneJob> jobs(PyList_Size(jobList));
  for (size_t i = 0; i < jobs.size(); ++i)
    if (!parseJob(PyList_GetItem(jobList, i), context, jobs[i]))
      return nullptr;
  PyObject *results = PyList_New(static_cast<Py_ssize_t>(jobs.size()));
  for (size_t i = 0; i < jobs.size(); ++i)
    PyList_SET_ITEM(results, i, runJob(jobs[i], unwrap(location)));
  return results;
}

// block_facts(block capsule)
//   -> ([op capsules], [names], [[int]], [buffer bool], [scalar bool],
//       [effect-free bool])
// The ops of the block, in order, with their names; for each, where the
// values it uses (its operands and those of the ops nested in it) come from
// inside the block: i >= 0 is op i of the block, -1 - n is block argument n
// (values defined outside the block, or inside the op itself, are left out);
// whether it has a tensor or memref result (a buffer, to the allocator);
// whether it is a scalar op (no regions, every result an integer, index or
// float); and whether MLIR knows it (nested ops included) to have no memory
// effects. One C++ walk instead of binding calls per op and operand: the
// analysis needs this for every loop body. (Plain op capsules also spare the
// bindings' per-op OpView lookup, which imports each op's dialect module.)
PyObject *blockFacts(PyObject *, PyObject *capsule) {
  MlirBlock mlirBlock = mlirPythonCapsuleToBlock(capsule);
  if (mlirBlockIsNull(mlirBlock))
    return nullptr;
  Block *block = unwrap(mlirBlock);
  llvm::DenseMap<Operation *, long> index;
  for (Operation &op : *block)
    index.try_emplace(&op, static_cast<long>(index.size()));
  auto size = static_cast<Py_ssize_t>(index.size());
  PyObject *ops = PyList_New(size), *names = PyList_New(size),
           *uses = PyList_New(size), *buffers = PyList_New(size),
           *scalars = PyList_New(size), *effectFree = PyList_New(size);
  Py_ssize_t position = 0;
  for (Operation &op : *block) {
    llvm::SmallSetVector<long, 8> sources;
    op.walk([&](Operation *nested) {
      for (Value value : nested->getOperands()) {
        if (auto arg = dyn_cast<BlockArgument>(value)) {
          if (arg.getOwner() == block)
            sources.insert(-1 - static_cast<long>(arg.getArgNumber()));
        } else if (Operation *definer = value.getDefiningOp();
                   definer->getBlock() == block) {
          sources.insert(index.lookup(definer));
        }
      }
    });
    PyObject *list = PyList_New(static_cast<Py_ssize_t>(sources.size()));
    for (size_t i = 0; i < sources.size(); ++i)
      PyList_SET_ITEM(list, i, PyLong_FromLong(sources[i]));
    bool buffer = llvm::any_of(op.getResultTypes(), [](Type type) {
      return isa<TensorType, BaseMemRefType>(type);
    });
    bool scalar = op.getNumRegions() == 0 &&
                  llvm::all_of(op.getResultTypes(), [](Type type) {
                    return isa<IndexType, IntegerType, FloatType>(type);
                  });
    StringRef name = op.getName().getStringRef();
    PyList_SET_ITEM(ops, position, mlirPythonOperationToCapsule(wrap(&op)));
    PyList_SET_ITEM(names, position,
                    PyUnicode_FromStringAndSize(name.data(), name.size()));
    PyList_SET_ITEM(buffers, position, PyBool_FromLong(buffer));
    PyList_SET_ITEM(scalars, position, PyBool_FromLong(scalar));
    PyList_SET_ITEM(effectFree, position,
                    PyBool_FromLong(mlir::isMemoryEffectFree(&op)));
    PyList_SET_ITEM(uses, position++, list);
  }
  return Py_BuildValue("(NNNNNN)", ops, names, uses, buffers, scalars,
                       effectFree);
}

// collect_ops(operation capsule, [names], calls=False) -> ([op capsules], [int])
// The ops under (and including) an operation whose name is one of `names`
// (or, with `calls`, that are calls: CallOpInterface ops), in post-order, and
// for each the position of its closest collected ancestor (-1: none): a
// filtered walk without a Python call per op, and no parent chain climbed
// through the bindings.
PyObject *collectOps(PyObject *, PyObject *args) {
  PyObject *opCapsule, *nameList;
  int withCalls = 0;
  if (!PyArg_ParseTuple(args, "OO!|p", &opCapsule, &PyList_Type, &nameList,
                        &withCalls))
    return nullptr;
  MlirOperation root = mlirPythonCapsuleToOperation(opCapsule);
  if (mlirOperationIsNull(root))
    return nullptr;
  llvm::SmallPtrSet<const void *, 8> names;
  if (!nameSet(nameList, unwrap(root)->getContext(), names))
    return nullptr;
  std::vector<Operation *> found;
  unwrap(root)->walk([&](Operation *op) {
    if (names.contains(op->getName().getAsOpaquePointer()) ||
        (withCalls && isa<CallOpInterface>(op)))
      found.push_back(op);
  });
  llvm::DenseMap<Operation *, long> position;
  for (size_t i = 0; i < found.size(); ++i)
    position.try_emplace(found[i], static_cast<long>(i));
  PyObject *ops = PyList_New(static_cast<Py_ssize_t>(found.size()));
  PyObject *ancestors = PyList_New(static_cast<Py_ssize_t>(found.size()));
  for (size_t i = 0; i < found.size(); ++i) {
    long ancestor = -1;
    for (Operation *op = found[i]; op != unwrap(root) && ancestor < 0;) {
      op = op->getParentOp();
      ancestor = position.lookup_or(op, -1);
    }
    PyList_SET_ITEM(ops, i, mlirPythonOperationToCapsule(wrap(found[i])));
    PyList_SET_ITEM(ancestors, i, PyLong_FromLong(ancestor));
  }
  return Py_BuildValue("(NN)", ops, ancestors);
}

constexpr unsigned kDriverStackBytes = 1u << 30;

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
  int code = 1;
  Py_BEGIN_ALLOW_THREADS;
  // The parser, verifier and printer recurse once per region nesting level
  // (about 3 KiB each): on the main thread's 8 MiB a 3,000-deep loop nest
  // overflowed the stack, as it does in upstream mlir-opt. The driver runs on
  // a thread whose stack is reserved at 1 GiB and committed only as used.
  llvm::thread driver(std::optional<unsigned>(kDriverStackBytes), [&] {
    code = skew::optMain(argv, irdl, name, versionText);
  });
  driver.join();
  Py_END_ALLOW_THREADS;
  return PyLong_FromLong(code);
}

PyMethodDef methods[] = {
    {"register_pass", registerPass, METH_VARARGS,
     "Register a Python pass in MLIR's pass registry."},
    {"emit_diagnostic", emitDiagnostic, METH_VARARGS,
     "Emit an error, warning or remark at a location, with notes."},
    {"memory_effects", memoryEffects, METH_O,
     "Memory effects of an operation and its nested ops, or None."},
    {"call_summaries", callSummaries, METH_VARARGS,
     "What calls reach through their callees, transitively."},
    {"first_alias", firstAlias, METH_VARARGS,
     "The first read/write pair of values that may alias, or None."},
    {"run_pass_manager", runPassManager, METH_VARARGS,
     "Run a pass manager on an operation with the GIL released."},
    {"clone_ops", cloneOps, METH_VARARGS,
     "Clone operations once per copy, each with its own value mapping."},
    {"block_facts", blockFacts, METH_O,
     "Per op of a block: name, uses, buffer, scalar and effect-free flags."},
    {"collect_ops", collectOps, METH_VARARGS,
     "The ops under an operation with one of the given names, post-order."},
    {"opt_main", optMain, METH_VARARGS, "The pto-opt driver."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT, "_native",
                         "Native part of skew_mlir.", -1, methods};

} // namespace

PyMODINIT_FUNC PyInit__native() {
  PyObject *module = PyModule_Create(&moduleDef);
  // The type of the bindings' native handles (`_CAPIPtr`), which the Python
  // side tells apart from IR objects.
  if (module && PyModule_AddObjectRef(module, "CapsuleType",
                                      reinterpret_cast<PyObject *>(
                                          &PyCapsule_Type)) < 0) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
