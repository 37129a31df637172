#!/usr/bin/env python3
"""Runs DeepSpeed's own ZenFlow set-up code on eval-format cases (JSON Lines in, JSON Lines out).

The upstream modules (config base class, ZenFlowConfig, the ZeRO config, the engine copy, the
stage-1/2 optimizer and the stage-3 functions) are loaded from a DeepSpeed checkout or git
repository and executed as they are. Only what they import for other purposes (torch, the
communication layer, the full ZeRO optimizers, the CPU Adam extensions, the logger) is stubbed.
No ZenFlow rule is written here: every value in a result is read off the upstream objects.

Usage: zf_upstream.py --deepspeed PATH [--rev REV] [--ready] [--coverage] < cases.jsonl > results.jsonl
       zf_upstream.py --list-files   (the files it reads, one per line)
Needs Python 3 with pydantic 2 (exit status 3 without it). A revision older than one of the
OPTIONAL_FILES runs without it: the cases that need it come back "unmodelled", naming the file.
"""
import argparse
import importlib
import importlib.abc
import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
import types

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
}
# Files a revision may predate: module -> the stages whose cases need it (none: only an import needs it).
OPTIONAL_FILES = {
    "deepspeed.runtime.zero.leaf_module_config": (),
    "deepspeed.runtime.zenflow.engine_stage3": (3, ),
}
STUB_ROOTS = ("torch", "deepspeed", "psutil")  # psutil: ZenFlow's CPU affinity (from #7506)
MISSING_PYDANTIC_STATUS = 3


class Anything:
    """Stands in for any class or object an upstream module imports but the set-up never uses."""

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return Anything()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Anything()


class StubModule(types.ModuleType):
    """A module whose every public attribute is a stand-in class."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        stand_in = type(name, (Anything, ), {})
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


class ZeroOptimizerBase:
    """deepspeed.runtime.zero.stage_1_and_2.DeepSpeedZeroOptimizer: the ZeRO-1/2 set-up that
    ZenFlow's optimizer calls first, reduced to the attributes ZenFlow reads. The environment is
    the one docs/eval-format.md assumes: offload_optimizer on the CPU."""

    def __init__(self, *args, **kwargs):
        # ZenFlow passed zenflow_config positionally before #7634 and by keyword since: read it from the
        # keywords, else from the calling __init__'s own parameter of that name, whatever its position.
        caller = sys._getframe(1).f_locals
        zenflow_config = kwargs.get("zenflow_config", caller.get("zenflow_config"))
        self.cpu_offload = True
        self.zenflow = zenflow_config is not None
        self.bit16_groups = []
        self.allgather_bucket_size = 0


class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the real upstream modules from source text and stubs for everything else they import."""

    def __init__(self, sources, logger):
        self.sources = sources
        self.logger = logger

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
            code = compile(self.sources[name], REAL_MODULES[name], "exec")
            exec(code, module.__dict__)
            return
        module.__path__ = []
        if name == "deepspeed.utils":
            module.logger = self.logger
        elif name == "deepspeed.utils.torch":
            module.required_torch_version = lambda *args, **kwargs: True
        elif name == "deepspeed.comm":
            module.get_rank = lambda *args, **kwargs: 0
        elif name == "deepspeed.runtime.zero.stage_1_and_2":
            module.DeepSpeedZeroOptimizer = ZeroOptimizerBase
        elif name == "deepspeed.runtime.zero.partition_parameters":
            # engine_stage3.py star-imports this module and uses these names at import time.
            for stand_in in ("Parameter", "Tensor"):
                setattr(module, stand_in, type(stand_in, (Anything, ), {}))
            module.instrument_w_nvtx = lambda function: function


def read_sources(checkout, rev):
    """The text of each file by module name; an optional file the revision lacks is left out."""
    sources = {}
    for module, path in REAL_MODULES.items():
        if rev:
            out = subprocess.run(["git", "-C", checkout, "show", f"{rev}:{path}"], capture_output=True, text=True)
            if out.returncode == 0:
                sources[module] = out.stdout
            elif module not in OPTIONAL_FILES:
                sys.exit(f"zf_upstream: cannot read {path} at {rev} in {checkout}: {out.stderr.strip()}")
        else:
            try:
                with open(f"{checkout}/{path}", encoding="utf-8") as f:
                    sources[module] = f.read()
            except FileNotFoundError as e:
                if module not in OPTIONAL_FILES:
                    sys.exit(f"zf_upstream: cannot read {path} in {checkout}: {e}")
            except OSError as e:
                sys.exit(f"zf_upstream: cannot read {path} in {checkout}: {e}")
    return sources


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


def error_of(exc, validation_error):
    if isinstance(exc, validation_error):
        first = exc.errors()[0]
        return {"type": "ValidationError", "field": field_of(first["loc"]), "message": first["msg"]}
    return {"type": type(exc).__name__, "field": None, "message": str(exc)}


class Upstream:
    """The upstream modules, loaded once, and one evaluation per case."""

    def __init__(self, sources):
        self.sources = sources
        self.logger = RecordingLogger()
        sys.meta_path.insert(0, Finder(sources, self.logger))
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
        self.engine = load("deepspeed.runtime.zenflow.engine")
        self.stage12 = load("deepspeed.runtime.zenflow.zenflow_stage_1_and_2")
        self.stage3 = load("deepspeed.runtime.zenflow.engine_stage3") if missing_file_for(3, sources) is None else None

    def evaluate(self, case):
        result = {"outcome": "ok", "error": None, "config": None, "resolved": None, "engine": None,
                  "zenflow_enabled": False, "warnings": [], "selections": [], "selection_count": 0}
        self.logger.warnings = []
        stage = case.get("stage", 2)
        missing = missing_file_for(stage, self.sources)
        if missing is not None:
            result.update(outcome="unmodelled", error={"type": "MissingFile", "field": None,
                                                       "message": f"this revision has no {missing}"})
            return self.finish(result)
        try:
            zero = self.zero_config(stage=stage, offload_optimizer={"device": "cpu"},
                                    overlap_comm=case.get("overlap_comm"), zenflow=case["zenflow"])
        except Exception as e:  # upstream's own error, whatever its class
            result.update(outcome="config_error", error=error_of(e, self.validation_error))
            return self.finish(result)
        cfg = zero.zenflow
        if cfg is None:
            return self.finish(result)
        result["zenflow_enabled"] = True
        result["config"] = {name: getattr(cfg, name) for name in type(cfg).model_fields}
        engine = EngineStub(cfg, case.get("dataloader_len"))
        try:
            self.engine.configure_zenflow(engine)
            optimizer, select = self.build_optimizer(stage, cfg, zero.overlap_comm)
        except Exception as e:  # upstream's own error, whatever its class
            result.update(outcome="init_error", error=error_of(e, self.validation_error))
            return self.finish(result)
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
        for _ in range(case.get("micro_steps", 40)):
            optimizer.micro_step += 1
            if select(optimizer):
                selections.append(optimizer.micro_step)
        result["selections"] = selections
        result["selection_count"] = len(selections)
        return self.finish(result)

    def build_optimizer(self, stage, cfg, overlap_comm):
        if stage == 3:
            optimizer = types.SimpleNamespace(optimizer=types.SimpleNamespace(param_groups=[]))
            module = types.SimpleNamespace(parameters=lambda: [])
            self.stage3._initialize_zenflow_stage3_prologue(optimizer, module, cfg)
            self.stage3._initialize_zenflow_stage3_epilogue(optimizer, cfg, overlap_comm)
            return optimizer, self.stage3.is_zenflow_select_boundary
        cls = self.stage12.ZenFlowZeroOptimizer.create(zenflow_config=cfg)
        optimizer = cls(None, None, None, {}, zenflow_config=cfg, overlap_comm=overlap_comm)
        return optimizer, lambda opt: opt.is_zenflow_select_boundary()

    def finish(self, result):
        result["warnings"] = list(self.logger.warnings)
        return result


class EngineStub:
    """The DeepSpeedEngine attributes configure_zenflow reads and writes."""

    def __init__(self, cfg, dataloader_len):
        self._cfg = cfg
        self._config = types.SimpleNamespace(gradient_accumulation_steps=1)
        self.training_dataloader = None if dataloader_len is None else Sized(dataloader_len)

    def zenflow_config(self):
        return self._cfg


class Sized:

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


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
    parser.add_argument("--coverage", action="store_true", help="record the lines executed (zf_coverage.py)")
    args = parser.parse_args()
    if args.list_files:
        print("\n".join(REAL_MODULES.values()))
        return
    if args.deepspeed is None:
        parser.error("--deepspeed is required")
    stop_with_parent()
    if args.ready:
        # In zfcheck's pool, Ctrl-C at a terminal is zfcheck's to handle: it stops the runners itself.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sources = read_sources(args.deepspeed, args.rev)
    recorder = None
    if args.coverage:
        import zf_coverage
        recorder = zf_coverage.Recorder({REAL_MODULES[module]: text for module, text in sources.items()})
    upstream = Upstream(sources)
    if recorder is not None:
        recorder.loaded()
    if args.ready:
        print(json.dumps({"ready": True}), flush=True)
    for number, line in enumerate(sys.stdin, 1):
        if recorder is not None and line.strip() == zf_coverage.REQUEST:
            sys.stdout.write(json.dumps(recorder.answer()) + "\n")
            sys.stdout.flush()
            continue
        try:
            case = json.loads(line)
            if not isinstance(case, dict) or "zenflow" not in case:
                raise ValueError("not a case object with a zenflow key")
        except (ValueError, RecursionError) as e:
            result = {"outcome": "invalid_case", "error": {"type": "CaseError", "field": None,
                                                           "message": f"line {number}: {e}"}}
        else:
            result = upstream.evaluate(case)
            if "id" in case:
                result = {"id": case["id"], **result}
        result["profile"] = "upstream"
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
