//===- python_pass.cpp - mlir::Pass subclasses implemented in Python ------===//

#include "python_pass.h"

#include "mlir-c/Bindings/Python/Interop.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/TypeID.h"

#include <memory>
#include <variant>

using namespace mlir;

namespace skew {
namespace {

// Each kind of option is a real pass option owned by the pass instance; the
// parser, `--help` and textual pipeline printing all come from MLIR.
using IntOption = Pass::Option<int64_t>;
using BoolOption = Pass::Option<bool>;
using StringOption = Pass::Option<std::string>;
using AnyOption =
    std::variant<std::unique_ptr<IntOption>, std::unique_ptr<BoolOption>,
                 std::unique_ptr<StringOption>>;

template <typename T> static T parseDefault(llvm::StringRef text);
template <> int64_t parseDefault<int64_t>(llvm::StringRef text) {
  int64_t value = 0;
  (void)text.getAsInteger(10, value);
  return value;
}
template <> bool parseDefault<bool>(llvm::StringRef text) {
  return text == "true" || text == "1";
}

struct PassIdentity {
  PythonPassSpec *spec;
  TypeID typeID;
};

class PythonPass : public Pass {
public:
  explicit PythonPass(const PassIdentity &identity)
      : Pass(identity.typeID,
             identity.spec->opName.empty()
                 ? std::nullopt
                 : std::optional<llvm::StringRef>(identity.spec->opName)),
        identity(identity) {
    for (const OptionSpec &o : identity.spec->options) {
      auto desc = llvm::cl::desc(o.help);
      switch (o.kind) {
      case OptionKind::Int:
        options.emplace_back(std::make_unique<IntOption>(
            *this, o.name, desc,
            llvm::cl::init(parseDefault<int64_t>(o.defaultText))));
        break;
      case OptionKind::Bool:
        options.emplace_back(std::make_unique<BoolOption>(
            *this, o.name, desc,
            llvm::cl::init(parseDefault<bool>(o.defaultText))));
        break;
      case OptionKind::String:
        options.emplace_back(std::make_unique<StringOption>(
            *this, o.name, desc, llvm::cl::init(o.defaultText)));
        break;
      }
    }
  }

  llvm::StringRef getName() const override { return identity.spec->className; }
  llvm::StringRef getArgument() const override {
    return identity.spec->argument;
  }
  llvm::StringRef getDescription() const override {
    return identity.spec->summary;
  }
  bool canScheduleOn(RegisteredOperationName name) const override {
    return identity.spec->opName.empty() ||
           name.getStringRef() == identity.spec->opName;
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto clone = std::make_unique<PythonPass>(identity);
    clone->copyOptionValuesFrom(this);
    return clone;
  }

  void runOnOperation() override {
    PyGILState_STATE gil = PyGILState_Ensure();
    bool ok = callRunner();
    PyGILState_Release(gil);
    if (!ok)
      signalPassFailure();
  }

private:
  PyObject *optionValues() const {
    PyObject *dict = PyDict_New();
    for (size_t i = 0; i < options.size(); ++i) {
      PyObject *value = std::visit(
          [](const auto &opt) -> PyObject * { return toPython(*opt); },
          options[i]);
      PyDict_SetItemString(dict, identity.spec->options[i].name.c_str(), value);
      Py_DECREF(value);
    }
    return dict;
  }

  static PyObject *toPython(const IntOption &o) {
    return PyLong_FromLongLong(o.getValue());
  }
  static PyObject *toPython(const BoolOption &o) {
    return PyBool_FromLong(o.getValue());
  }
  static PyObject *toPython(const StringOption &o) {
    const std::string &s = o.getValue();
    return PyUnicode_FromStringAndSize(s.data(), s.size());
  }

  // Calls the Python runner with the GIL held; any Python exception that
  // escapes it becomes an error diagnostic naming the pass.
  bool callRunner() {
    Operation *op = getOperation();
    PyObject *capsule = mlirPythonOperationToCapsule(wrap(op));
    PyObject *values = optionValues();
    PyObject *result = PyObject_CallFunctionObjArgs(identity.spec->runner,
                                                    capsule, values, nullptr);
    Py_DECREF(capsule);
    Py_DECREF(values);
    if (!result) {
      PyObject *type, *value, *traceback;
      PyErr_Fetch(&type, &value, &traceback);
      std::string message = "unknown Python error";
      if (PyObject *text = value ? PyObject_Str(value) : nullptr) {
        if (const char *utf8 = PyUnicode_AsUTF8(text))
          message = utf8;
        Py_DECREF(text);
      }
      PyErr_Clear();
      Py_XDECREF(type);
      Py_XDECREF(value);
      Py_XDECREF(traceback);
      op->emitError() << "pass '" << getArgument()
                      << "' failed in its Python runner: " << message;
      return false;
    }
    bool ok = PyObject_IsTrue(result) == 1;
    Py_DECREF(result);
    return ok;
  }

  PassIdentity identity;
  std::vector<AnyOption> options;
};

} // namespace

std::string registerPythonPass(PythonPassSpec *spec) {
  if (spec->argument.empty())
    return "a pass needs a non-empty argument";
  if (PassInfo::lookup(spec->argument) ||
      PassPipelineInfo::lookup(spec->argument))
    return "a pass or pipeline named '" + spec->argument +
           "' is already registered";
  // TypeIDs must be unique per pass class; one allocator for the process.
  static TypeIDAllocator allocator;
  PassIdentity identity{spec, allocator.allocate()};
  registerPass([identity]() -> std::unique_ptr<Pass> {
    return std::make_unique<PythonPass>(identity);
  });
  return "";
}

} // namespace skew
