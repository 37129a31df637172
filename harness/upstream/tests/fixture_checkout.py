"""Writes a small checkout-shaped stand-in for DeepSpeed: the eight module files the runner loads.

The modules are zfcheck's own miniature of upstream's shape (same import lines, same names), enough
to test the runner's mechanics without a DeepSpeed checkout. `engine_scale` plants a defect in the
engine copy so that a test can check that conformance reports it; `die_on_len` makes the engine kill
its process on that dataloader length (a runner dying mid-stream), `hang_on_len` makes it never return; `positional` passes zenflow_config
to the ZeRO base optimizer positionally, as upstream did before #7634; `omit` leaves files out (a
revision older than them); further lines of code and fields make a revision that adds a warning, rewords
one, adds a field, or uses what the runner only stands in for.
"""
import os
import textwrap

CONFIG_UTILS = '''
import torch
from pydantic import BaseModel, ConfigDict
from deepspeed.utils import logger


class DeepSpeedConfigModel(BaseModel):
    def __init__(self, strict=False, **data):
        if not strict:
            data = {k: v for k, v in data.items() if (v != "auto" or k == "replace_method")}
        super().__init__(**data)

    model_config = ConfigDict(validate_default=True, validate_assignment=True, extra="forbid")
'''

ZENFLOW_CONFIG = '''
from typing import Literal, Optional, Union
from pydantic import Field, model_validator
from deepspeed.runtime.config_utils import DeepSpeedConfigModel


class ZenFlowConfig(DeepSpeedConfigModel):
    topk_ratio: float = Field(0.1, ge=0.0, le=1.0)
    select_strategy: str = "auto"
    select_interval: Union[str, int] = "auto"
    update_interval: Union[str, int] = "auto"
    overlap_step: bool = False
    offload: bool = False
    auto_ratio: float = Field(0.99, ge=0.0, le=1.0)
    full_warm_up_rounds: int = 0
    pt_reserved_cores_perc: float = Field(0.5, ge=0.0, le=1.0)
    steps_per_epoch: Optional[int] = Field(default=None, exclude=True)
    NEW_FIELDS

    @model_validator(mode="after")
    def validate_fields(self):
        if self.select_strategy not in ["auto", "step", "epoch"]:
            raise ValueError("bad select_strategy")
        return self
'''

ZERO_CONFIG = '''
from typing import Optional
from pydantic import model_validator
from deepspeed.runtime.config_utils import DeepSpeedConfigModel
from deepspeed.runtime.zenflow.zenflow_config import ZenFlowConfig
from .offload_config import DeepSpeedZeroOffloadOptimizerConfig


class DeepSpeedZeroConfig(DeepSpeedConfigModel):
    stage: int = 0
    offload_optimizer: Optional[DeepSpeedZeroOffloadOptimizerConfig] = None
    overlap_comm: Optional[bool] = None
    zenflow: Optional[ZenFlowConfig] = None

    @model_validator(mode="after")
    def overlap_comm_valid(self):
        if self.overlap_comm is None:
            self.overlap_comm = self.stage == 3
        return self
'''

OFFLOAD_CONFIG = '''
from deepspeed.runtime.config_utils import DeepSpeedConfigModel


class DeepSpeedZeroOffloadOptimizerConfig(DeepSpeedConfigModel):
    device: str = "none"
'''

LEAF_CONFIG = '''
from deepspeed.runtime.config_utils import DeepSpeedConfigModel


class DeepSpeedZeroLeafModuleConfig(DeepSpeedConfigModel):
    classes: list = []
'''

ENGINE = '''
from deepspeed import comm as dist
from deepspeed.utils.torch import required_torch_version


AUTO_WARNING = ("If use auto select strategy, select_interval will be set to 1 and select_strategy will be set to "
                "epoch, thus select_interval would be overwritten.")


def _resolve(owner, cfg):
    strategy = cfg.select_strategy
    if strategy == "auto":
        strategy = "epoch"
        if isinstance(cfg.select_interval, int):
            raise Warning(AUTO_WARNING)
        owner.select_interval = 1
    else:
        owner.select_interval = cfg.select_interval
    if isinstance(cfg.update_interval, str):
        owner.auto_update, owner.update_interval = True, 0
    else:
        owner.auto_update, owner.update_interval = False, int(cfg.update_interval)
    return strategy


def configure_zenflow(engine):
    cfg = engine.zenflow_config()
    ENGINE_CODE
    if engine.training_dataloader is not None and len(engine.training_dataloader) == DIE_ON_LEN:
        import os
        os._exit(9)
    while engine.training_dataloader is not None and len(engine.training_dataloader) == HANG_ON_LEN:
        import time
        time.sleep(1)
    if cfg is None:
        engine.zenflow = False
        return
    if not required_torch_version(min_version=2.1):
        raise ValueError("old torch")
    engine.zenflow = True
    if _resolve(engine, cfg) == "epoch":
        if engine.training_dataloader is not None:
            cfg.steps_per_epoch = len(engine.training_dataloader)
            engine.select_interval = engine.select_interval * (len(engine.training_dataloader) + ENGINE_SCALE)
        else:
            engine.select_interval = 0
    engine.full_warm_up_rounds = cfg.full_warm_up_rounds
'''

STAGE12 = '''
from deepspeed.runtime.zero.stage_1_and_2 import DeepSpeedZeroOptimizer
from deepspeed.ops.adam import ZenFlowSelectiveAdamW
from deepspeed.utils import logger


class ZenFlowZeroOptimizer(DeepSpeedZeroOptimizer):

    def __init__(self, init_optimizer, param_names, timers, optimizer_params, ZENFLOW_PARAMETER=None, **kwargs):
        if POSITIONAL:
            super().__init__(init_optimizer, param_names, timers, optimizer_params, ZENFLOW_PARAMETER)
        else:
            super().__init__(init_optimizer, param_names, timers, optimizer_params, zenflow_config=ZENFLOW_PARAMETER,
                             **kwargs)
        cfg = ZENFLOW_PARAMETER
        self.micro_step = -1
        self.full_warm_up_rounds = cfg.full_warm_up_rounds
        if cfg.offload:
            assert kwargs.get("overlap_comm", False), "offload selective optimizer should be used with overlap_comm"
        self._configure_zenflow(cfg)
        self.selective_optimizer = ZenFlowSelectiveAdamW(self.bit16_groups)

    @classmethod
    def create(cls, zenflow_config):
        return cls

    def _configure_zenflow(self, cfg):
        if not self.cpu_offload:
            raise ValueError("needs cpu offload")
        self.select_strategy = cfg.select_strategy if cfg.select_strategy != "auto" else "epoch"
        self.select_interval = 1 if cfg.select_strategy == "auto" else int(cfg.select_interval)
        self.auto_update = isinstance(cfg.update_interval, str)
        self.update_interval = 0 if self.auto_update else int(cfg.update_interval)
        if self.select_strategy == "epoch":
            if cfg.steps_per_epoch is not None:
                self.select_interval = self.select_interval * cfg.steps_per_epoch
            else:
                self.select_interval = 0
        OPTIMIZER_CODE

    def is_zenflow_select_boundary(self):
        return self.zenflow and (self.micro_step - self.full_warm_up_rounds) >= 0 and (
            (self.micro_step - self.full_warm_up_rounds) == 0 or
            (self.select_interval != 0 and self.micro_step % self.select_interval == 0))
'''

STAGE3 = '''
from deepspeed.runtime.zero.partition_parameters import *
from typing import List
from deepspeed.runtime.zenflow.zenflow_stage_1_and_2 import ZenFlowZeroOptimizer


def _initialize_zenflow_stage3_prologue(optimizer_z3, module, zenflow_config=None):
    optimizer_z3.zenflow = zenflow_config is not None


def _initialize_zenflow_stage3_epilogue(optimizer_z3, zenflow_config=None, overlap_comm=False):
    optimizer_z3.micro_step = -1
    optimizer_z3.full_warm_up_rounds = zenflow_config.full_warm_up_rounds
    optimizer_z3.cpu_offload = True
    ZenFlowZeroOptimizer._configure_zenflow(optimizer_z3, zenflow_config)


def partition_grads(optimizer_z3, params_to_release: List[Parameter], grad_partitions: List[Tensor]) -> None:
    pass


def is_zenflow_select_boundary(optimizer_z3):
    return ZenFlowZeroOptimizer.is_zenflow_select_boundary(optimizer_z3)
'''

FILES = {
    "deepspeed/runtime/config_utils.py": CONFIG_UTILS,
    "deepspeed/runtime/zenflow/zenflow_config.py": ZENFLOW_CONFIG,
    "deepspeed/runtime/zero/config.py": ZERO_CONFIG,
    "deepspeed/runtime/zero/offload_config.py": OFFLOAD_CONFIG,
    "deepspeed/runtime/zero/leaf_module_config.py": LEAF_CONFIG,
    "deepspeed/runtime/zenflow/engine.py": ENGINE,
    "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py": STAGE12,
    "deepspeed/runtime/zenflow/engine_stage3.py": STAGE3,
}


def write_checkout(root, engine_scale=0, die_on_len=-1, hang_on_len=-1, positional=False, omit=(), new_fields=(),
                   engine_code=(), optimizer_code=(), zenflow_parameter="zenflow_config"):
    """Writes the stand-in modules under `root`; `engine_scale` is added to the dataloader length.
    `new_fields` are lines added to ZenFlowConfig, `engine_code` lines run first in configure_zenflow (with
    cfg), `optimizer_code` lines run last in the optimizer's _configure_zenflow (with self and cfg);
    `zenflow_parameter` names the optimizer's zenflow_config parameter."""
    for path, text in FILES.items():
        if path in omit:
            continue
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        text = textwrap.dedent(text).replace("ENGINE_SCALE", str(engine_scale)).replace("DIE_ON_LEN", str(die_on_len))
        text = text.replace("HANG_ON_LEN", str(hang_on_len)).replace("ZENFLOW_PARAMETER", zenflow_parameter)
        text = text.replace("NEW_FIELDS", "\n    ".join(new_fields)).replace("ENGINE_CODE", "\n    ".join(engine_code))
        text = text.replace("OPTIMIZER_CODE", "\n        ".join(optimizer_code))
        with open(full, "w", encoding="utf-8") as f:
            f.write(text.replace("POSITIONAL", str(positional)).lstrip())
