#!/usr/bin/env python3
"""Runs DeepSpeed's own ZenFlow set-up code on eval-format cases (JSON Lines in, JSON Lines out).

The upstream modules (config base class, ZenFlowConfig, the ZeRO config, the engine copy, the
stage-1/2 optimizer and the stage-3 functions) are loaded from a DeepSpeed checkout or git
repository and executed as they are (with --units, compiled with zf_marks.py's statement marks,
which record what ran and change nothing the code computes). Only what they import for other
purposes (torch, the communication layer, the full ZeRO optimizers, the CPU Adam extensions, the
logger) is stubbed.
No ZenFlow rule is written here: every value in a result is read off the upstream objects.

Usage: zf_upstream.py --deepspeed PATH [--rev REV] [--ready] [--coverage] < cases.jsonl > results.jsonl
       zf_upstream.py --list-files   (the files it reads, one per line)
Needs Python 3 with pydantic 2 (exit status 3 without it). A revision older than one of the
OPTIONAL_FILES runs without it: the cases that need it come back "unmodelled", naming the file.
"""
import argparse
import ast
import collections
import functools
import importlib
import importlib.abc
import importlib.util
import inspect
import json
import operator
import os
import re
import reprlib
import signal
import subprocess
import sys
import threading
import time
import traceback
import types
import typing

# Files executed as upstream wrote them, by module name.
REAL_MODULES = {
    "deepspeed.runtime.config_utils": "deepspeed/runtime/config_utils.py",
    "deepspeed.runtime.zenflow.zenflow_config": "deepspeed/runtime/zenflow/zenflow_config.py",
    "deepspeed.runtime.zero.config": "deepspeed/runtime/zero/config.py",
    "deepspeed.runtime.zero.offload_config": "deepspeed/runtime/zero/offload_config.py",
    "deepspeed.runtime.zero.leaf_module_config": "deepspeed/runtime/zero/leaf_module_config.py",
    "deepspeed.runtime.zenflow.engine": "deepspeed/runtime/zenflow/engine.py",
    "deepspeed.runtime.zenflow.zenflow_stage_1_and_2": "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py",
    "deepspeed.runtime.zenflow.engine_stage3": "deepspeed/runtime/zenflow/engine_stage3.py",
    # Whole-config cases (deepspeed_config): DeepSpeedConfig and the parsers it needs values from.
    "deepspeed.runtime.constants": "deepspeed/runtime/constants.py",
    "deepspeed.runtime.precision_config": "deepspeed/runtime/precision_config.py",
    "deepspeed.profiling.constants": "deepspeed/profiling/constants.py",
    "deepspeed.profiling.config": "deepspeed/profiling/config.py",
    "deepspeed.compile.config": "deepspeed/compile/config.py",
    "deepspeed.runtime.activation_checkpointing.config": "deepspeed/runtime/activation_checkpointing/config.py",
    "deepspeed.comm.constants": "deepspeed/comm/constants.py",
    "deepspeed.comm.config": "deepspeed/comm/config.py",
    "deepspeed.monitor.config": "deepspeed/monitor/config.py",
    "deepspeed.nebula.constants": "deepspeed/nebula/constants.py",
    "deepspeed.nebula.config": "deepspeed/nebula/config.py",
    "deepspeed.datastates.config": "deepspeed/datastates/config.py",
    "deepspeed.utils.config": "deepspeed/utils/config.py",
    "deepspeed.compression.constants": "deepspeed/compression/constants.py",
    "deepspeed.compression.config": "deepspeed/compression/config.py",
    "deepspeed.autotuning.constants": "deepspeed/autotuning/constants.py",
    "deepspeed.autotuning.config": "deepspeed/autotuning/config.py",
    "deepspeed.runtime.data_pipeline.constants": "deepspeed/runtime/data_pipeline/constants.py",
    "deepspeed.runtime.data_pipeline.config": "deepspeed/runtime/data_pipeline/config.py",
    "deepspeed.runtime.swap_tensor.constants": "deepspeed/runtime/swap_tensor/constants.py",
    "deepspeed.runtime.swap_tensor.aio_config": "deepspeed/runtime/swap_tensor/aio_config.py",
    "deepspeed.runtime.model_checkpointing.constants": "deepspeed/runtime/model_checkpointing/constants.py",
    "deepspeed.runtime.model_checkpointing.config": "deepspeed/runtime/model_checkpointing/config.py",
    "deepspeed.runtime.tensor_parallel.config": "deepspeed/runtime/tensor_parallel/config.py",
    "deepspeed.inference.config": "deepspeed/inference/config.py",
    "deepspeed.module_inject.auto_ep_presets.base": "deepspeed/module_inject/auto_ep_presets/base.py",
    "deepspeed.module_inject.auto_ep_config": "deepspeed/module_inject/auto_ep_config.py",
    "deepspeed.runtime.config": "deepspeed/runtime/config.py",
    "deepspeed.elasticity.constants": "deepspeed/elasticity/constants.py",
    "deepspeed.elasticity.config": "deepspeed/elasticity/config.py",
    "deepspeed.elasticity.elasticity": "deepspeed/elasticity/elasticity.py",
}
# The modules only whole-config cases need; loaded on the first such case.
WHOLE_CONFIG_MODULES = ("deepspeed.runtime.constants", "deepspeed.runtime.precision_config",
                        "deepspeed.profiling.constants", "deepspeed.profiling.config", "deepspeed.compile.config",
                        "deepspeed.runtime.activation_checkpointing.config", "deepspeed.comm.constants",
                        "deepspeed.comm.config", "deepspeed.monitor.config", "deepspeed.nebula.constants",
                        "deepspeed.nebula.config", "deepspeed.datastates.config", "deepspeed.utils.config",
                        "deepspeed.compression.constants", "deepspeed.compression.config",
                        "deepspeed.autotuning.constants", "deepspeed.autotuning.config",
                        "deepspeed.runtime.data_pipeline.constants", "deepspeed.runtime.data_pipeline.config",
                        "deepspeed.runtime.swap_tensor.constants", "deepspeed.runtime.swap_tensor.aio_config",
                        "deepspeed.runtime.model_checkpointing.constants",
                        "deepspeed.runtime.model_checkpointing.config",
                        "deepspeed.runtime.tensor_parallel.config", "deepspeed.inference.config",
                        "deepspeed.elasticity.constants", "deepspeed.elasticity.config",
                        "deepspeed.elasticity.elasticity", "deepspeed.runtime.config")
# Files a revision may predate: module -> the stages whose cases need it (none: only an import needs it).
OPTIONAL_FILES = {
    "deepspeed.runtime.zero.leaf_module_config": (),
    # AutoEP's config parser (from #7938): runtime/config.py imports it only at the revisions that have it.
    "deepspeed.module_inject.auto_ep_presets.base": (),
    "deepspeed.module_inject.auto_ep_config": (),
    "deepspeed.runtime.zenflow.engine_stage3": (3, ),
    **{module: ("deepspeed_config", ) for module in WHOLE_CONFIG_MODULES},
}
# psutil: ZenFlow's CPU affinity (from #7506); hjson: DeepSpeedConfig's reader of config files (cases give dicts).
# numpy and packaging (elastic training's batch sizes and version check) are DeepSpeed's own dependencies, so a
# DeepSpeed environment has them; a Python without them gets stand-ins, and a case that uses one is unmodelled.
STUB_ROOTS = ("torch", "deepspeed", "psutil", "hjson",
              *(root for root in ("numpy", "packaging") if importlib.util.find_spec(root) is None))
IMMUTABLE = (str, int, float, bool, type(None))  # values a copy of a model can share with it
# The version an installed DeepSpeed reports (git_version_info.version): the revision's version.txt; "0.0.0",
# upstream's own fallback, where it has none.
VERSION_FILE = "version.txt"
MISSING_PYDANTIC_STATUS = 3
RUNNER_FILE = sys._getframe().f_code.co_filename  # the file of the runner's own code (its stand-ins)


class StandInUsed(AttributeError):
    """Upstream's code used a stand-in for something the set-up was assumed not to need: the runner, not
    upstream, cannot answer the case. An AttributeError, so that hasattr() and getattr(x, n, default) in
    upstream's code behave as they would on a missing attribute; the use is recorded all the same."""


class StandIns:
    """What the runner could not stand in for during one case, in order (its result names the first)."""

    used = []

    @classmethod
    def refuse(cls, what, why="upstream's set-up used something the runner does not model"):
        message = f"zfcheck's runner has only a stand-in for {what}: {why}"
        cls.used.append(message)
        raise StandInUsed(message)


class StandInType(type):
    """The class of a stand-in class: naming an attribute of the class itself refuses."""

    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        StandIns.refuse(f"{cls._stand_in_path}.{name}")


class Anything(metaclass=StandInType):
    """Stands in for a class an upstream module imports: it can be subclassed, named in annotations and
    default arguments, and built (the set-up builds optimizers it never uses); anything more refuses."""

    _stand_in_path = "Anything"

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        StandIns.refuse(f"{type(self)._stand_in_path}(...)(...)")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        StandIns.refuse(f"{type(self)._stand_in_path}(...).{name}")


def refusing(operation):
    """An operator of a stand-in object that refuses (comparing, counting or adding to one is a use)."""

    def refuse(self, *args):
        StandIns.refuse(f"{type(self)._stand_in_path}(...) {operation}")

    return refuse


for _operation in ("__bool__", "__len__", "__iter__", "__int__", "__index__", "__float__", "__lt__", "__le__",
                   "__gt__", "__ge__", "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
                   "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__",
                   "__pow__", "__getitem__", "__setitem__", "__contains__"):
    setattr(Anything, _operation, refusing(_operation))


def stand_in_class(path):
    """A stand-in class for `path` (module.Name)."""
    return StandInType(path.rsplit(".", 1)[-1], (Anything, ), {"_stand_in_path": path})


class CudaAccelerator(stand_in_class("deepspeed.accelerator.get_accelerator()")):
    """The accelerator whole-config cases run on: CUDA, as ZenFlow's users' (docs/eval-format.md). Its name is
    all DeepSpeedConfig asks of it (aio.use_gds calls device_name(); runtime/constants.py compares the method
    itself with 'cuda' at import); any other use refuses like every stand-in."""

    def device_name(self, device_index=None):
        return "cuda"


class TorchDtype:
    """torch.dtype: the class a config field typed `torch.dtype` must hold an instance of (pydantic's
    arbitrary_types_allowed checks isinstance, so no JSON value is one), and the members the config modules
    name at import (DtypeEnum's values, TPTrainingConfig's default)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"torch.{self.name}"


TorchDtype.__name__ = TorchDtype.__qualname__ = "dtype"
TorchDtype.__module__ = "torch"
# Each torch dtype the config modules name, with its other names (torch.half is torch.float16).
TORCH_DTYPES = {"float16": ("half", ), "float32": ("float", ), "bfloat16": (), "int8": ()}


# The rest of the packages whose config modules the runner runs (the monitors' writers, inference v2, the
# elastic agent, ...): what upstream's code names from them is OtherFeature, which answers anything and reads
# as off, rather than a stand-in that refuses; no parser DeepSpeedConfig calls is among them.
OTHER_FEATURES = ("deepspeed.runtime.activation_checkpointing", "deepspeed.monitor",
                  "deepspeed.inference", "deepspeed.elasticity", "deepspeed.nebula", "deepspeed.datastates",
                  "deepspeed.git_version_info")
# Packages whose __init__ would import far more than DeepSpeedConfig needs (torch's elastic agent, AutoTP's
# training manager): the runner serves each as a stub holding these names from the revision's own module.
PACKAGE_EXPORTS = {
    "deepspeed.elasticity": ("deepspeed.elasticity.elasticity",
                             ("elasticity_enabled", "compute_elastic_config", "ensure_immutable_elastic_config")),
    "deepspeed.runtime.tensor_parallel": ("deepspeed.runtime.tensor_parallel.config", ("get_tensor_parallel_config", )),
}


class OtherFeature:
    """A parser or value of a feature besides ZenFlow's set-up: built, called or read, it answers another; asked
    whether it is on (a feature config's .enabled), it is off, as a feature the cases do not use is."""

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return OtherFeature()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return OtherFeature()

    def __bool__(self):
        return False


class StubModule(types.ModuleType):
    """A module whose every public attribute is a stand-in class (OtherFeature for OTHER_FEATURES)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self.__name__.startswith(OTHER_FEATURES):
            # Named as upstream's own, for Python's messages that name it (`WeightQuantConfig(**[])`).
            stand_in = type(name, (OtherFeature, ), {"__module__": self.__name__, "__qualname__": name})
            setattr(self, name, stand_in)
            return stand_in
        stand_in = stand_in_class(f"{self.__name__}.{name}")
        setattr(self, name, stand_in)
        return stand_in


class RecordingLogger:
    """deepspeed.utils.logger: keeps every warning, drops the rest."""

    def __init__(self):
        self.warnings = []

    def warning(self, msg, *args, **kwargs):
        self.warnings.append(str(msg) % args if args else str(msg))

    warn = warning
    warning_once = warning

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


# The offload_optimizer block of a case that gives only the zenflow block.
TUTORIAL_OFFLOAD = types.SimpleNamespace(device="cpu")


class ZeroOptimizerBase:
    """deepspeed.runtime.zero.stage_1_and_2.DeepSpeedZeroOptimizer: the ZeRO-1/2 set-up that
    ZenFlow's optimizer calls first, reduced to the attributes ZenFlow reads. The environment is
    the one docs/eval-format.md assumes: offload_optimizer on the CPU."""

    def __init__(self, *args, **kwargs):
        # ZenFlow passed zenflow_config positionally before #7634 and by keyword since: read it from the
        # keywords, else from the calling __init__'s own parameter of that name, whatever its position.
        caller = sys._getframe(1)
        if "zenflow_config" in kwargs:
            zenflow_config = kwargs["zenflow_config"]
        elif "zenflow_config" in parameters_of(caller.f_code):
            zenflow_config = caller.f_locals["zenflow_config"]
        else:
            StandIns.refuse(
                "DeepSpeedZeroOptimizer.__init__",
                "it expects zenflow_config as a keyword argument, or as a parameter of the calling "
                f"__init__ (passed positionally, before #7634); found {caller.f_code.co_name}"
                f"({', '.join(parameters_of(caller.f_code))}) calling it with {len(args)} positional arguments "
                f"and the keywords ({', '.join(kwargs)})")
        # stage_1_and_2.py: cpu_offload when offload_optimizer is given with a device other than "none".
        offload = kwargs.get("offload_optimizer_config", TUTORIAL_OFFLOAD)
        self.cpu_offload = offload is not None and offload.device != "none"
        self.zenflow = zenflow_config is not None
        self.bit16_groups = []
        self.allgather_bucket_size = 0


def parameters_of(code):
    """The parameter names of a function's code, *args and **kwargs spelt so."""
    count = code.co_argcount + code.co_kwonlyargcount
    names = list(code.co_varnames[:count])
    if code.co_flags & inspect.CO_VARARGS:
        names.insert(code.co_argcount, "*" + code.co_varnames[count])
        count += 1
    if code.co_flags & inspect.CO_VARKEYWORDS:
        names.append("**" + code.co_varnames[count])
    return names


def stand_in_gap(exc, sources):
    """Why `exc`, raised while upstream's code ran, is the runner's failure rather than upstream's answer, or None
    where it is upstream's own: raised inside a stand-in (the runner's own code), or a NameError or AttributeError
    for a name a stand-in should have supplied. (No import of a stubbed module fails: the Finder serves every
    name under STUB_ROOTS.)"""
    if isinstance(exc, StandInUsed):
        return None  # recorded where it was refused
    frames = [frame for frame, _ in traceback.walk_tb(exc.__traceback__)]
    upstream = [i for i, frame in enumerate(frames) if frame.f_code.co_filename in REAL_MODULES.values()]
    if not upstream:
        return None  # raised before upstream's code ran (pydantic's own __init__): upstream's answer all the same
    called = [frame for frame in frames[upstream[-1]:] if frame.f_code.co_filename == RUNNER_FILE]
    if called:  # upstream called the runner's code, and it raised
        code = called[-1].f_code
        return stand_in_message(getattr(code, "co_qualname", code.co_name), f"it raised {type(exc).__name__}: {exc}")
    if isinstance(exc, NameError) and not isinstance(exc, UnboundLocalError):
        return star_import_gap(exc, frames[upstream[-1]].f_globals.get("__name__"), sources)
    built = runners_class(getattr(exc, "obj", None), str(exc)) if isinstance(exc, AttributeError) else None
    if built is not None:
        return stand_in_message(built, f"upstream's code reads what it lacks ({exc})")
    return None


def stand_in_message(what, why):
    return f"zfcheck's runner has only a stand-in for {what}: {why}"


def star_import_gap(exc, module, sources):
    """A NameError in upstream's `module` for a name it does not bind itself, where it star-imports a module the
    runner stands in for (whose names a stand-in cannot list), or None."""
    quoted = re.search(r"'([^']+)'", str(exc))
    name = getattr(exc, "name", None) or (quoted[1] if quoted else None)
    if module not in sources or name is None:
        return None
    body = ast.parse(sources[module]).body
    if binds(body, name):
        return None
    package = module.rpartition(".")[0]
    for node in body:
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
            star = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            if star not in sources and star.split(".")[0] in STUB_ROOTS:
                return stand_in_message(star, f"{module} star-imports it and names {name}, which nothing else "
                                        "gives it (NameError)")
    return None


def binds(statements, name):
    """Whether module-level `statements` bind `name` themselves (a star import does not count)."""
    for node in statements:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found = node.name == name
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found = any((alias.asname or alias.name.split(".")[0]) == name for alias in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found = any(isinstance(n, ast.Name) and n.id == name for target in targets for n in ast.walk(target))
        else:
            nested = [getattr(node, field, []) for field in ("body", "orelse", "finalbody")]
            nested += [handler.body for handler in getattr(node, "handlers", [])]
            found = any(binds(block, name) for block in nested if isinstance(block, list))
        if found:
            return True
    return False


def runners_class(obj, message):
    """The name of the runner's class that an AttributeError is about (a stand-in module, class or object, or an
    upstream class built on a stand-in, such as ZenFlow's optimizer on the ZeRO base), or None: from its `obj`
    where Python gives it (3.10+), else from the class its message names."""
    if obj is None:
        quoted = re.match(r"(?:type object )?'(\w+)'", message)
        ours = {name for name, value in globals().items() if isinstance(value, type) and value.__module__ == __name__}
        return quoted[1] if quoted and quoted[1] in ours | {"SimpleNamespace"} else None
    if isinstance(obj, StubModule):
        return obj.__name__
    if isinstance(obj, types.SimpleNamespace):
        return "SimpleNamespace"
    cls = obj if isinstance(obj, type) else type(obj)
    base = next((k for k in cls.__mro__ if k.__module__ == __name__), None)
    if base is None:
        return None
    return base.__name__ if base is cls else f"{base.__name__} (the base of {cls.__name__})"


class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the real upstream modules from source text and stubs for everything else they import."""

    def __init__(self, sources, version, logger, marks):
        """`marks`: zf_marks.StatementMarks to compile the upstream files with, or None."""
        self.sources = sources
        self.version = version
        self.logger = logger
        self.marks = marks

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in STUB_ROOTS:
            return None
        return importlib.util.spec_from_loader(name, self, is_package=name not in self.sources)

    def create_module(self, spec):
        if spec.name in self.sources:
            return None
        return StubModule(spec.name)

    def exec_module(self, module):
        name = module.__name__
        if name in self.sources:
            # __file__ as the checkout names it: autotuning/constants.py builds paths from it at import.
            module.__file__ = REAL_MODULES[name]
            if self.marks is None:
                code = compile(self.sources[name], REAL_MODULES[name], "exec")
            else:
                code = self.marks.compile(self.sources[name], REAL_MODULES[name], module.__dict__)
            exec(code, module.__dict__)
            return
        module.__path__ = []
        if name == "torch":
            module.dtype = TorchDtype
            for dtype, others in TORCH_DTYPES.items():
                member = TorchDtype(dtype)
                for alias in (dtype, *others):
                    setattr(module, alias, member)
        elif name == "deepspeed.utils":
            module.logger = self.logger
        elif name == "deepspeed.utils.torch":
            module.required_torch_version = lambda *args, **kwargs: True
        elif name == "deepspeed.comm":
            module.get_rank = lambda *args, **kwargs: 0
        elif name == "deepspeed.git_version_info":
            module.version = self.version
        elif name == "deepspeed.runtime.zero.stage_1_and_2":
            module.DeepSpeedZeroOptimizer = ZeroOptimizerBase
        elif name == "deepspeed.runtime.zero.partition_parameters":
            # engine_stage3.py star-imports this module and uses these names at import time.
            for stand_in in ("Parameter", "Tensor"):
                setattr(module, stand_in, stand_in_class(f"{name}.{stand_in}"))
            module.instrument_w_nvtx = lambda function: function


def read_file(checkout, rev, path):
    """The text of `path` in the checkout (at `rev`), or None when the revision has no such file."""
    if rev:
        out = subprocess.run(["git", "-C", checkout, "show", f"{rev}:{path}"], capture_output=True, text=True)
        if out.returncode == 0:
            return out.stdout
        if "exists on disk, but not in" in out.stderr or "does not exist in" in out.stderr:
            return None
        sys.exit(f"zf_upstream: cannot read {path} at {rev} in {checkout}: {out.stderr.strip()}")
    try:
        with open(f"{checkout}/{path}", encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        sys.exit(f"zf_upstream: cannot read {path} in {checkout}: {e}")


def read_sources(checkout, rev):
    """The text of each file by module name; an optional file the revision lacks is left out."""
    sources = {}
    for module, path in REAL_MODULES.items():
        text = read_file(checkout, rev, path)
        if text is not None:
            sources[module] = text
        elif module not in OPTIONAL_FILES:
            sys.exit(f"zf_upstream: cannot read {path}{f' at {rev}' if rev else ''} in {checkout}: no such file")
    return sources


def kinds_of(annotation, kinds, literals, bounds):
    """Adds what `annotation` accepts: its kinds of value ("none", "bool", "int", "float", "str", else
    "other"), its Literal values and its bounds (ge, gt, le, lt) from Annotated metadata."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        kinds_of(typing.get_args(annotation)[0], kinds, literals, bounds)
        for metadata in typing.get_args(annotation)[1:]:
            bounds_of(metadata, bounds)
    elif origin is typing.Union or origin is types.UnionType:
        for arg in typing.get_args(annotation):
            kinds_of(arg, kinds, literals, bounds)
    elif origin is typing.Literal:
        literals.extend(value for value in typing.get_args(annotation) if value not in literals)
    elif annotation is type(None) or annotation is None:
        kinds.add("none")
    else:
        kinds.add(next((name for name, kind in (("bool", bool), ("int", int), ("float", float), ("str", str))
                        if annotation is kind), "other"))


def bounds_of(metadata, bounds):
    for bound in ("ge", "gt", "le", "lt"):
        value = getattr(metadata, bound, None)
        if is_integer(value) or isinstance(value, float):
            bounds[bound] = value


def annotation_text(annotation):
    """The annotation as its source would write it: int, Optional[int], Literal['a', 'b']."""
    return annotation.__name__ if isinstance(annotation, type) else repr(annotation).replace("typing.", "")


def schema_of(model):
    """Each field of a pydantic model as zfcheck's sweep reads it (docs/upstream-engine.md, New fields)."""
    fields = []
    for name, info in model.model_fields.items():
        kinds, literals, bounds = set(), [], {}
        kinds_of(info.annotation, kinds, literals, bounds)
        for metadata in info.metadata:
            bounds_of(metadata, bounds)
        field = {"name": name, "annotation": annotation_text(info.annotation), "kinds": sorted(kinds),
                 "literals": [value for value in literals if unencodable(value, "") is None], "bounds": bounds}
        if not info.is_required():
            default = info.get_default(call_default_factory=True)
            if unencodable(default, "") is None:
                field["default"] = default
        fields.append(field)
    return {"fields": fields}


def missing_file_for(stage, sources):
    """The file a case at `stage` needs that this revision lacks, or None."""
    for module, stages in OPTIONAL_FILES.items():
        if stage in stages and module not in sources:
            return REAL_MODULES[module]
    return None


def field_of(loc):
    """The ZenFlowConfig field an error location names (without the enclosing 'zenflow'), or None."""
    parts = [p for p in loc if isinstance(p, str)]
    if parts and parts[0] == "zenflow":
        parts = parts[1:]
    return parts[0] if parts else None


def section_key(title, config):
    """The top-level key of the config section a DeepSpeedConfig model class validated; None for the rest.
    get_bfloat16_config reads "bf16", or the old "bfloat16" when "bf16" is absent or null."""
    if title == "DeepSpeedBF16Config":
        return "bf16" if isinstance(config, dict) and config.get("bf16") is not None else "bfloat16"
    return {"DeepSpeedZeroConfig": "zero_optimization", "DeepSpeedFP16Config": "fp16", "HybridEngineConfig": "hybrid_engine",
            "CompileConfig": "compile", "CommsLoggerConfig": "comms_logger",
            "DeepSpeedThroughputTimerConfig": "timers.throughput", "TPTrainingConfig": "tensor_parallel",
            "WeightQuantConfig": "weight_quantization"}.get(title)


def error_of(exc, validation_error):
    if isinstance(exc, validation_error):
        first = exc.errors()[0]
        return {"type": "ValidationError", "field": field_of(first["loc"]), "message": first["msg"]}
    return {"type": type(exc).__name__, "field": None, "message": str(exc)}


class Upstream:
    """The upstream modules, loaded once, and one evaluation per case."""

    def __init__(self, sources, version, marks, fresh_validation):
        """`marks`: zf_marks.StatementMarks to compile upstream's files with (what each case ran; SharedValidations
        replays them), or None; `fresh_validation`: SharedValidations'."""
        self.sources = sources
        self.logger = RecordingLogger()
        self.validations = SharedValidations(self.logger, marks, fresh_validation)
        sys.meta_path.insert(0, Finder(sources, version, self.logger, marks))
        try:
            import pydantic
            if not pydantic.VERSION.startswith("2."):
                raise ImportError(f"pydantic {pydantic.VERSION} is not pydantic 2")
        except ImportError as e:
            print(f"zf_upstream: {sys.executable} has no pydantic 2 ({e}); point --python at the Python "
                  "of the DeepSpeed environment", file=sys.stderr)
            sys.exit(MISSING_PYDANTIC_STATUS)
        load = importlib.import_module
        self.validation_error = pydantic.ValidationError
        self.zero_config = load("deepspeed.runtime.zero.config").DeepSpeedZeroConfig
        self.zenflow_config = load("deepspeed.runtime.zenflow.zenflow_config").ZenFlowConfig
        self.engine = load("deepspeed.runtime.zenflow.engine")
        self.stage12 = load("deepspeed.runtime.zenflow.zenflow_stage_1_and_2")
        self.stage3 = load("deepspeed.runtime.zenflow.engine_stage3") if missing_file_for(3, sources) is None else None

    def evaluate(self, case):
        """One case's result; what the previous case logged or touched is forgotten first."""
        self.logger.warnings = []
        StandIns.used.clear()
        if "deepspeed_config" in case:
            return self.evaluate_whole_config(case)
        return self.evaluate_zenflow_block(case)

    def evaluate_zenflow_block(self, case):
        """The zenflow block in the tutorial's ZeRO section at the case's stage, then the set-up."""
        result = {"outcome": "ok", "error": None, "config": None, "resolved": None, "engine": None,
                  "zenflow_enabled": False, "warnings": [], "selections": [], "selection_count": 0}
        stage = case["stage"]
        missing = missing_file_for(stage, self.sources)
        if missing is not None:
            return self.missing_file(result, missing)
        zero, failure = self.validations.validate(
            json.dumps([stage, case.get("overlap_comm"), case["zenflow"]]),
            lambda: self.zero_config(stage=stage, offload_optimizer={"device": "cpu"},
                                     overlap_comm=case.get("overlap_comm"), zenflow=case["zenflow"]))
        if failure is not None:  # upstream's own error, whatever its class, unless a stand-in failed
            return self.raised(result, "config_error", failure, error_of(failure, self.validation_error))
        if zero.zenflow is None:
            return self.finish(result)
        cfg = own_copy(zero.zenflow)  # set-up assigns to it
        engine = self.zenflow_on(result, cfg, case)
        try:
            self.engine.configure_zenflow(engine)
            optimizer, select = self.build_optimizer(stage, cfg, zero.overlap_comm)
        except Exception as e:  # upstream's own error, whatever its class, unless a stand-in failed
            return self.raised(result, "init_error", e, error_of(e, self.validation_error))
        return self.schedule(result, case, cfg, engine, optimizer, select)

    def schedule(self, result, case, cfg, engine, optimizer, select):
        """The finished result with the schedule read off upstream's objects, or the runner's failure to read it."""
        try:
            self.read_schedule(result, cfg, engine, optimizer, select, case["micro_steps"])
        except Exception as e:  # the runner's reading of upstream's objects, not upstream's set-up
            result.update(outcome="unmodelled", error={
                "type": "RunnerError", "field": None,
                "message": f"the runner could not read the set-up's schedule: {type(e).__name__}: {e}"},
                          resolved=None, engine=None)
        return self.finish(result)

    @staticmethod
    def read_schedule(result, cfg, engine, optimizer, select, micro_steps):
        """The resolved schedule, the engine's view and the selection boundaries, read off upstream's objects."""
        result["resolved"] = {
            "select_strategy": optimizer.select_strategy,
            "select_interval": optimizer.select_interval,
            "update_interval": optimizer.update_interval,
            "auto_update": optimizer.auto_update,
            "steps_per_epoch": cfg.steps_per_epoch,
            "full_warm_up_rounds": optimizer.full_warm_up_rounds,
        }
        result["engine"] = {"select_interval": engine.select_interval, "update_interval": engine.update_interval,
                            "auto_update": engine.auto_update}
        selections = []
        for _ in range(micro_steps):
            optimizer.micro_step += 1
            if select(optimizer):
                selections.append(optimizer.micro_step)
        result["selections"] = selections
        result["selection_count"] = len(selections)

    def evaluate_whole_config(self, case):
        """DeepSpeedConfig on the whole config, then the engine's ZenFlow set-up and the optimizer its stage builds."""
        result = {"outcome": "ok", "error": None, "config": None, "resolved": None, "engine": None, "deepspeed": None,
                  "zenflow_enabled": False, "warnings": [], "selections": [], "selection_count": 0}
        missing = missing_file_for("deepspeed_config", self.sources)
        if missing is not None:
            return self.missing_file(result, missing)
        deepspeed_config = self.load_deepspeed_config(case["world_size"])
        try:
            ds = deepspeed_config(case["deepspeed_config"])
        except Exception as e:  # upstream's own error, whatever its class, unless a stand-in failed
            return self.raised(result, "config_error", e, self.whole_config_error(e, case["deepspeed_config"]))
        zero = ds.zero_config
        view = {"train_batch_size": ds.train_batch_size,
                "train_micro_batch_size_per_gpu": ds.train_micro_batch_size_per_gpu,
                "gradient_accumulation_steps": ds.gradient_accumulation_steps, "stage": zero.stage,
                "offload_optimizer": zero.offload_optimizer.device if zero.offload_optimizer is not None else None,
                "overlap_comm": zero.overlap_comm}
        result["deepspeed"] = view
        cfg = zero.zenflow
        if cfg is None:
            return self.finish(result)
        engine = self.zenflow_on(result, cfg, case)
        engine._config = ds
        try:
            self.engine.configure_zenflow(engine)
        except Exception as e:  # upstream's own error, whatever its class, unless a stand-in failed
            return self.raised(result, "init_error", e, self.whole_config_error(e, case["deepspeed_config"]))
        view["gradient_accumulation_steps"] = ds.gradient_accumulation_steps
        missing = missing_file_for(zero.stage, self.sources)
        if missing is not None:
            return self.missing_file(result, missing)
        if zero.stage == 0:
            # ZeRO off: the engine keeps the optimizer it was given, and engine.step() with engine.zenflow set
            # calls optimizer._sync_selective_optimizer_lr().
            try:
                PlainOptimizer()._sync_selective_optimizer_lr()
            except AttributeError as e:
                message = f"{e} (ZeRO stage 0 builds no ZenFlow optimizer; the first backward or step calls its methods)"
                result.update(outcome="step_error", error={"type": "AttributeError", "field": None, "message": message})
            return self.finish(result)
        try:
            optimizer, select = self.build_optimizer(zero.stage, cfg, zero.overlap_comm, zero.offload_optimizer)
        except Exception as e:  # upstream's own error, whatever its class, unless a stand-in failed
            return self.raised(result, "init_error", e, self.whole_config_error(e, case["deepspeed_config"]))
        return self.schedule(result, case, cfg, engine, optimizer, select)

    def load_deepspeed_config(self, world_size):
        """runtime/config.py's DeepSpeedConfig, with dist.get_world_size() giving the case's world size,
        PACKAGE_EXPORTS' names from the revision's own modules, and a CUDA accelerator (runtime/constants.py
        asks get_accelerator() for its device at import)."""
        if not hasattr(self, "deepspeed_config_class"):
            for package, (module, names) in PACKAGE_EXPORTS.items():
                real = importlib.import_module(module)
                for name in names:
                    setattr(importlib.import_module(package), name, getattr(real, name))
            importlib.import_module("deepspeed.accelerator").get_accelerator = lambda: CudaAccelerator()
            self.comm = importlib.import_module("deepspeed.comm")
            self.deepspeed_config_class = importlib.import_module("deepspeed.runtime.config").DeepSpeedConfig
        self.comm.get_world_size = lambda *args, **kwargs: world_size
        return self.deepspeed_config_class

    def whole_config_error(self, exc, config):
        """An error with its field named by its path from the config's top ("zero_optimization.stage")."""
        if isinstance(exc, self.validation_error):
            first = exc.errors()[0]
            parts = [str(p) for p in first["loc"]]
            if parts[:1] == ["zenflow"]:  # a ZenFlowConfig field, named as zenflow-block cases name it
                parts = ["zenflow", field_of(first["loc"])] if field_of(first["loc"]) else ["zenflow"]
            prefix = [section_key(exc.title, config)] if section_key(exc.title, config) else []
            return {"type": "ValidationError", "field": ".".join(prefix + parts) if parts else None,
                    "message": first["msg"]}
        return {"type": type(exc).__name__, "field": None, "message": str(exc)}

    def build_optimizer(self, stage, cfg, overlap_comm, offload_optimizer_config=TUTORIAL_OFFLOAD):
        if stage == 3:
            optimizer = types.SimpleNamespace(optimizer=types.SimpleNamespace(param_groups=[]))
            module = types.SimpleNamespace(parameters=lambda: [])
            self.stage3._initialize_zenflow_stage3_prologue(optimizer, module, cfg)
            self.stage3._initialize_zenflow_stage3_epilogue(optimizer, cfg, overlap_comm)
            return optimizer, self.stage3.is_zenflow_select_boundary
        cls = self.stage12.ZenFlowZeroOptimizer.create(zenflow_config=cfg)
        optimizer = cls(None, None, None, {}, zenflow_config=cfg, overlap_comm=overlap_comm,
                        offload_optimizer_config=offload_optimizer_config)
        return optimizer, operator.methodcaller("is_zenflow_select_boundary")  # no frame of the runner's per step

    def missing_file(self, result, missing):
        """The finished result of a case that needs a file this revision predates."""
        result.update(outcome="unmodelled", error={"type": "MissingFile", "field": None,
                                                   "message": f"this revision has no {missing}"})
        return self.finish(result)

    @staticmethod
    def zenflow_on(result, cfg, case):
        """Records that the config turned ZenFlow on, with every field of the revision's ZenFlowConfig; the
        engine stand-in its set-up runs on."""
        result["zenflow_enabled"] = True
        result["config"] = {name: getattr(cfg, name) for name in type(cfg).model_fields}
        return EngineStub(cfg, case["dataloader_len"])

    def raised(self, result, outcome, exc, error):
        """The finished result of upstream's code raising `exc`: `outcome` with `error`, unless it is a stand-in's
        gap (stand_in_gap), which makes the case the runner's failure."""
        gap = stand_in_gap(exc, self.sources)
        if gap is None:
            result.update(outcome=outcome, error=error)
        else:
            StandIns.used.append(gap)
        return self.finish(result)

    def finish(self, result):
        result["warnings"] = list(self.logger.warnings)
        if StandIns.used:  # even where upstream's code caught the refusal (hasattr, getattr with a default)
            result.update(outcome="unmodelled", error={"type": "RunnerStandIn", "field": None,
                                                       "message": StandIns.used[0]},
                          resolved=None, engine=None, selections=[], selection_count=0)
        return result


class SharedValidations:
    """ZeRO sections validated once per input (stage, overlap_comm, zenflow block) and handed to every case that
    gives the same input: the grid's cases differ mostly in dataloader_len, which validation never reads. A case
    given a kept validation gets what validating would have given it: the model (each case copies the zenflow
    block's, which set-up assigns to) or the exception, and the warnings logged, the stand-ins used and, with
    statement marks, the lines run (validation is the first of upstream's code a case runs, so the marks hold
    only its lines when it ends), so that its trace and coverage are those of validating afresh. The last LIMIT
    inputs are kept; `fresh` validates every case afresh (--coverage, whose coverage.py lines cannot be added
    to, and --fresh-validation, the check on this sharing)."""

    LIMIT = 64

    def __init__(self, logger, marks, fresh):
        self.logger = logger
        self.marks = marks
        self.fresh = fresh
        self.kept = collections.OrderedDict()

    def validate(self, key, validation):
        """(the model, None), or (None, the exception) where `validation` raises, for the input `key` names."""
        if self.fresh:
            return self.run(validation)
        kept = self.kept.get(key)
        if kept is None:
            logged, used = len(self.logger.warnings), len(StandIns.used)
            outcome = self.run(validation)
            kept = self.kept[key] = (outcome, self.logger.warnings[logged:], StandIns.used[used:],
                                     self.marks.take() if self.marks else {})
            del self.logger.warnings[logged:], StandIns.used[used:]
            if len(self.kept) > self.LIMIT:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
        outcome, warnings, used, lines = kept
        self.logger.warnings.extend(warnings)
        StandIns.used.extend(used)
        if self.marks:
            self.marks.add(lines)
        return outcome

    @staticmethod
    def run(validation):
        try:
            return validation(), None
        except Exception as e:  # the caller tells upstream's own errors from a stand-in's failure
            return None, e


def own_copy(model):
    """A case's own copy of a kept model: shallow where its values are immutable (assigning to the copy leaves the
    kept one as it was), deep where one of them could be changed in place."""
    values = [*model.__dict__.values(), *(model.__pydantic_private__ or {}).values()]
    return model.model_copy(deep=not all(type(value) in IMMUTABLE for value in values))


class EngineStub:
    """The DeepSpeedEngine attributes configure_zenflow reads and writes."""

    def __init__(self, cfg, dataloader_len):
        self._cfg = cfg
        self._config = types.SimpleNamespace(gradient_accumulation_steps=1)
        self.training_dataloader = None if dataloader_len is None else Sized(dataloader_len)

    def zenflow_config(self):
        return self._cfg


class PlainOptimizer:
    """The optimizer a ZeRO-0 engine steps: the client's own, with none of ZenFlow's methods."""


class Sized:

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


def is_integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def case_fault(case, max_micro_steps):
    """(the key at fault or None, why) when `case` is not one the runner can run; None when it is. zfcheck
    sends every key the runner reads, so that the defaults of docs/eval-format.md have one home: zfcheck."""
    if not isinstance(case, dict):
        return None, "a case must be a JSON object"
    if "id" in case and not isinstance(case["id"], str):
        return "id", "id must be a string"
    whole_config = "deepspeed_config" in case  # a whole-config case: world_size, and no zenflow or stage
    for key in ("deepspeed_config", "world_size") if whole_config else ("zenflow", "stage"):
        if key not in case:
            return key, f"the case has no {key} key (the runner is given every key; zfcheck fills in the defaults)"
    for key in ("micro_steps", "dataloader_len"):
        if key not in case:
            return key, f"the case has no {key} key (the runner is given every key; zfcheck fills in the defaults)"
    if whole_config:
        if not isinstance(case["deepspeed_config"], dict):
            return "deepspeed_config", "deepspeed_config must be a JSON object"
        if not is_integer(case["world_size"]) or case["world_size"] < 1:
            return "world_size", "world_size must be an integer >= 1"
    elif not is_integer(case["stage"]) or case["stage"] not in (1, 2, 3):
        return "stage", "stage must be 1, 2 or 3"
    steps = case["micro_steps"]
    if not is_integer(steps) or steps < 0 or (max_micro_steps is not None and steps > max_micro_steps):
        return "micro_steps", f"micro_steps must be an integer from 0 to {max_micro_steps or 'any size'}"
    length = case["dataloader_len"]
    if length is not None and (not is_integer(length) or not 0 <= length <= sys.maxsize):
        return "dataloader_len", f"dataloader_len must be null or an integer from 0 to {sys.maxsize} (a Python len())"
    if case.get("overlap_comm") is not None and not isinstance(case["overlap_comm"], bool):
        return "overlap_comm", "overlap_comm must be true, false or null"
    return None


def unencodable(value, path):
    """(path, value) of the first part of `value` that JSON cannot hold, or None."""
    if isinstance(value, dict):
        parts = [(f"{path}.{key}" if path else str(key), item) for key, item in value.items()]
    elif isinstance(value, list):
        parts = [(f"{path}[{i}]", item) for i, item in enumerate(value)]
    else:
        try:
            json.dumps(value)
            return None
        except (TypeError, ValueError, RecursionError):
            return path, value
    for part_path, item in parts:
        found = unencodable(item, part_path)
        if found is not None:
            return found
    return None


def encoded(result):
    """The result as one JSON line; one holding a value JSON cannot hold is unmodelled, naming the value."""
    try:
        return json.dumps(result)
    except (TypeError, ValueError, RecursionError):
        found = unencodable(result, "") or ("the result", result)
    path, value = found
    error = {"type": "UnrepresentableResult", "field": None,
             "message": f"upstream's result does not fit the eval format: {path} is {reprlib.repr(value)} "
                        f"(a {type(value).__name__}, which JSON cannot hold)"}
    kept = {key: result[key] for key in ("id", "profile") if key in result}
    return json.dumps({**kept, "outcome": "unmodelled", "error": error, "config": None, "resolved": None,
                       "engine": None, "zenflow_enabled": False, "warnings": [], "selections": [],
                       "selection_count": 0})


def reached_files(whole_config):
    """The files whose module-level code a case can reach: every module loaded so far (a file the revision lacks
    is loaded as a stand-in, so it counts too) and, for a whole config, the version file."""
    return files_loaded(whole_config, len(sys.modules))


@functools.lru_cache(maxsize=None)
def files_loaded(whole_config, modules_loaded):
    """reached_files' tuple, worked out once per number of modules loaded."""
    loaded = tuple(path for module, path in REAL_MODULES.items() if module in sys.modules)
    return (*loaded, VERSION_FILE) if whole_config else loaded


def stop_with_parent():
    """A runner never outlives the zfcheck that started it, even one killed without a chance to stop it."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deepspeed", help="DeepSpeed checkout or git repository")
    parser.add_argument("--rev", help="git revision to read the files at (default: the files in the checkout)")
    parser.add_argument("--ready", action="store_true", help='print {"ready": true} once the modules are loaded')
    parser.add_argument("--list-files", action="store_true", help="print the files the runner reads and stop")
    parser.add_argument("--schema", action="store_true", help="print the revision's ZenFlowConfig fields and stop")
    parser.add_argument("--max-micro-steps", type=int, help="refuse a case asking for more micro-steps")
    parser.add_argument("--coverage", action="store_true", help="record the lines executed (zf_coverage.py)")
    parser.add_argument("--units", action="store_true",
                        help="prefix each answer with what the case executed: ID TAB TRACE TAB (zf_units.py)")
    parser.add_argument("--fresh-validation", action="store_true",
                        help="validate every case's ZeRO section afresh, none shared (SharedValidations)")
    parser.add_argument("--units-table", action="store_true",
                        help="print the revision's units and module fingerprints (zf_units.py) and stop")
    args = parser.parse_args()
    if args.list_files:
        print("\n".join([*REAL_MODULES.values(), VERSION_FILE]))
        return
    if args.deepspeed is None:
        parser.error("--deepspeed is required")
    stop_with_parent()
    # Elastic training reads the scheduler's elastic config and WORLD_SIZE from the environment: cases assume
    # neither is set (docs/eval-format.md), whatever the environment zfcheck runs in.
    for name in ("DEEPSPEED_ELASTICITY_CONFIG", "WORLD_SIZE"):
        os.environ.pop(name, None)
    if args.ready:
        # In zfcheck's pool, Ctrl-C at a terminal is zfcheck's to handle: it stops the runners itself.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sources = read_sources(args.deepspeed, args.rev)
    recorder, units = None, None
    by_path = {REAL_MODULES[module]: text for module, text in sources.items()}
    if args.units or args.units_table:
        import zf_units
        units = zf_units.UnitTracer(by_path)
    elif args.coverage:
        import zf_coverage
        recorder = zf_coverage.Recorder(zf_coverage.file_lines(by_path))
    version = (read_file(args.deepspeed, args.rev, VERSION_FILE) or "0.0.0").strip()
    try:
        upstream = Upstream(sources, version, units.marks if units is not None else None,
                            recorder is not None or args.fresh_validation)
    except StandInUsed as e:
        sys.exit(f"zf_upstream: loading upstream's modules: {e}")
    if args.schema:
        print(json.dumps(schema_of(upstream.zenflow_config)))
        return
    if recorder is not None:
        recorder.loaded()
    if units is not None:
        modules = {**units.modules(REAL_MODULES.values()), VERSION_FILE: zf_units.digest(version)}
        if args.units_table:
            try:
                upstream.load_deepspeed_config(1)  # the whole-config modules' loading lines too
            except Exception:  # their cases say why; the table holds what loaded
                pass
            print(json.dumps(units.table(by_path, modules, dict(units.take()))))
            return
        units.take()
    if args.ready:
        print(json.dumps({"ready": True}), flush=True)
    for number, line in enumerate(sys.stdin, 1):
        if recorder is not None and line.strip() == zf_coverage.REQUEST:
            sys.stdout.write(json.dumps(recorder.answer()) + "\n")
            sys.stdout.flush()
            continue
        try:
            case = json.loads(line)
            fault = case_fault(case, args.max_micro_steps)
        except (ValueError, RecursionError) as e:
            case, fault = None, (None, f"not JSON: {e}")
        if fault is not None:
            result = {"outcome": "invalid_case", "error": {"type": "CaseError", "field": fault[0],
                                                           "message": f"line {number}: {fault[1]}"}}
        else:
            result = upstream.evaluate(case)
        if isinstance(case, dict) and isinstance(case.get("id"), str):
            result = {"id": case["id"], **result}
        result["profile"] = "upstream"
        if units is not None:
            reach = () if fault is not None else reached_files("deepspeed_config" in case)
            sys.stdout.write("\t".join(units.trace(reach, modules)) + "\t")
        sys.stdout.write(encoded(result) + "\n")
        sys.stdout.flush()

if __name__ == "__main__":
    main()
