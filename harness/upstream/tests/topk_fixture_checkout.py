"""Writes a small checkout-shaped stand-in for DeepSpeed's top-k selection: the four files zf_topk_upstream.py reads.

The functions are zfcheck's own miniature of upstream's (same names, same attributes of the optimizer and the
parameters, the same collectives), enough to test the runner's mechanics without a DeepSpeed checkout. Unlike
upstream's stage-1/2 walk, the miniature counts 1-D parameters in the bucket (no shifted offsets) unless
`shifted`. `planted`
= (rank, parameter index) makes that rank raise RuntimeError("planted") inside the parameter loop, before the
collectives, at every stage; `omit` leaves files out (a revision older than them).
"""
import os
import textwrap

from fixture_checkout import FILES as CONFIG_FILES

PLANTED_CHECK = '''
    if (rank, param_id) == PLANTED:
        raise RuntimeError("planted")
'''

UTILS = '''
import torch


def align_dense_tensors(tensor_list, alignment):
    total = sum(t.numel() for t in tensor_list)
    padding = -total % alignment
    if padding == 0:
        return list(tensor_list)
    return list(tensor_list) + [torch.zeros(padding, dtype=tensor_list[0].dtype, device=tensor_list[0].device)]
'''

ZERO = '''
import torch
from deepspeed import comm as dist
from deepspeed.runtime.utils import align_dense_tensors


class DeepSpeedZeroOptimizer:

    def __init__(self):
        self.nccl_start_alignment_factor = 2

    def flatten_dense_tensors_aligned(self, tensor_list, alignment):
        return self.flatten(align_dense_tensors(tensor_list, alignment))

    def get_data_parallel_partitions(self, tensor, group_id):
        world = dist.get_world_size(group=self.real_dp_process_group[group_id])
        size = tensor.numel() // world
        return [tensor.narrow(0, r * size, size) for r in range(world)]

    def initialize_gradient_partition(self, i, param_group, partition_id):
        start = partition_id * self.partition_size[i]
        end = start + self.partition_size[i]
        first = 0
        for param in param_group:
            param_id = self.get_param_id(param)
            last = first + param.numel()
            if first < end and last > start:
                self.param_to_partition_ids[i].setdefault(param_id, []).append(partition_id)
                self.grad_start_offset[i][partition_id][param_id] = max(start - first, 0)
            first = last
'''

STAGE12 = '''
import torch
from deepspeed import comm as dist
from deepspeed.accelerator import get_accelerator

PLANTED = PLANTED_VALUE


class ZenFlowZeroOptimizer:

    def update_selected_channels(self, tensor, total_size, communication_data_type):
        rank = dist.get_rank(self.dp_process_group)
        self.index_buffer = torch.empty(total_size, dtype=torch.int32, device=get_accelerator().current_device_name())
        slices = []
        bucket_position = 0
        buffer_position = 0
        for i, index, param_id in self.ipg_buckets[communication_data_type].params:
            param = self.bit16_groups[i][index]
            if len(param.shape) == 1:
                bucket_position += param.numel()
                continue
            param.zf_slices = []
            owners = sorted((self.grad_start_offset[i][p][param_id], p) for p in self.param_to_partition_ids[i][param_id])
            for n, (offset, partition_id) in enumerate(owners):
                numel = (owners[n + 1][0] if n + 1 < len(owners) else param.numel()) - offset
                num_row = param.shape[0]
                start_column = -(-offset // num_row)
                end_column = (offset + numel) // num_row
                num_select = int(self.topk_ratio * (end_column - start_column))
                PLANTED_CHECK
                if partition_id == rank:
                    first = bucket_position + start_column * num_row - offset
                    columns = tensor.narrow(0, first, (end_column - start_column) * num_row).view(-1, num_row)
                    top = torch.topk(columns.abs().sum(dim=1), num_select)[1] + start_column
                    self.index_buffer.narrow(0, buffer_position, num_select).copy_(top)
                slices.append((partition_id, buffer_position, num_select))
                param.zf_slices.append((buffer_position, num_select))
                bucket_position += numel
                buffer_position += num_select
        for src, start, length in slices:
            dist.broadcast(self.index_buffer.narrow(0, start, length), src=src, group=self.dp_process_group)
        for i, index, param_id in self.ipg_buckets[communication_data_type].params:
            param = self.bit16_groups[i][index]
            if len(param.shape) == 2:
                param.partition_selected_indices = [
                    self.index_buffer.narrow(0, s, n).clone().sort()[0] for s, n in param.zf_slices
                ]
                param.selected_indices = torch.cat(param.partition_selected_indices)

    def average_tensor(self, tensor, communication_data_type):
        with get_accelerator().stream(get_accelerator().current_stream()):
            columns = 0
            for i, index, param_id in self.ipg_buckets[communication_data_type].params:
                param = self.bit16_groups[i][index]
                if len(param.shape) == 2:
                    columns += int(param.shape[1] * self.topk_ratio)
            if self.is_zenflow_select_boundary():
                self.update_selected_channels(tensor, columns, communication_data_type)
'''

STAGE3 = '''
import math
import torch
from deepspeed import comm as dist

PLANTED = PLANTED_VALUE


def update_selected_channels(optimizer_z3, params_to_update, grad_partitions):
    rank = dist.get_rank(optimizer_z3.dp_process_group)
    world = dist.get_world_size(optimizer_z3.dp_process_group)
    for param, grad_partition in zip(params_to_update, grad_partitions):
        param_id = param.ds_id
        num_column, num_row = param.ds_shape if len(param.ds_shape) != 1 else (param.ds_shape[0], 1)
        if num_row == 1 or param.partition_numel() * rank >= param.ds_numel:
            continue
        start = param.partition_numel() * rank
        end = min(start + param.partition_numel(), param.ds_numel)
        first, last = math.ceil(start / num_row), end // num_row
        num_select = int(optimizer_z3.topk_ratio * (last - first))
        PLANTED_CHECK
        param.complete_column_offset = first * num_row - start
        columns = grad_partition.narrow(0, param.complete_column_offset, (last - first) * num_row).view(-1, num_row)
        top = torch.topk(columns.abs().sum(dim=1), num_select)[1]
        param.selected_indices = top if num_select else torch.tensor([])
    counts = [torch.zeros(1) for _ in range(world)]
    dist.all_gather(counts, torch.ones(1), group=optimizer_z3.dp_process_group)
'''

FILES = {
    "deepspeed/runtime/utils.py": UTILS,
    "deepspeed/runtime/zero/stage_1_and_2.py": ZERO,
    "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py": STAGE12,
    "deepspeed/runtime/zenflow/engine_stage3.py": STAGE3,
}


def planted_code(text, planted):
    """The file with its planted raise (or none) in place."""
    indent = next(line for line in text.splitlines() if "PLANTED_CHECK" in line).split("PLANTED_CHECK")[0]
    check = textwrap.indent(textwrap.dedent(PLANTED_CHECK).strip("\n"), indent)
    text = text.replace(indent + "PLANTED_CHECK", check)
    return text.replace("PLANTED_VALUE", repr(tuple(planted)) if planted else "None")


COUNTS_1D = "                bucket_position += param.numel()\n"


def write_topk_checkout(root, planted=None, omit=(), shifted=False):
    """Writes the miniature under `root` (a directory that may hold an earlier one); `shifted`: without the
    line that counts a 1-D parameter's elements (COUNTS_1D), so the weights after one are read from shifted
    offsets, as upstream reads them."""
    for path, text in FILES.items():
        full = os.path.join(root, path)
        if path in omit:
            if os.path.exists(full):
                os.remove(full)
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if "PLANTED_CHECK" in text:
            text = planted_code(text, planted)
        if shifted:
            text = text.replace(COUNTS_1D, "")
        with open(full, "w", encoding="utf-8") as f:
            f.write(text.lstrip("\n"))


AVERAGE_TENSOR = "\n    def average_tensor("
# What reading the environment in stage 3's selection looks like: a dependency no selection key sees.
READS_ENVIRONMENT = ("    param_id = param.ds_id\n", "    param_id = param.ds_id\n        import os\n"
                     "        if os.environ.get('ZF_FIXTURE_TOPK'):\n            raise ValueError('scaled')\n")


# A method no problem runs, put above the selection's functions where they are `moved`.
UNRUN_METHOD = "\n    def zf_moved_below(self):\n        return 'no problem runs this'\n"


def move(text):
    """The stage-1/2 file with a method no problem runs, then average_tensor, above update_selected_channels:
    the same functions, at other lines."""
    start = text.index(AVERAGE_TENSOR)
    method = text[start:].rstrip("\n") + "\n"
    rest = text[:start].rstrip("\n") + "\n"
    anchor = rest.index("\n    def update_selected_channels(")
    return rest[:anchor] + UNRUN_METHOD + method + rest[anchor:]


def add_topk_miniature(root, shifted=False, moved=False, reads_environment=False):
    """Adds the miniature to a checkout that holds fixture_checkout's config stand-ins (written again before
    each call), one history with both runners: a file both have gets the miniature's functions appended (its imports left out and its
    class renamed, so the config runner loads the file as before; the top-k runner compiles functions by
    name and gives them their names itself), a file only the miniature has is written whole. `moved`: with
    a method no problem runs and average_tensor above update_selected_channels (move()); `reads_environment`:
    stage 3's selection raises where ZF_FIXTURE_TOPK is set (READS_ENVIRONMENT)."""
    for path, text in FILES.items():
        full = os.path.join(root, path)
        text = planted_code(text, None) if "PLANTED_CHECK" in text else text
        if shifted:
            text = text.replace(COUNTS_1D, "")
        if moved and AVERAGE_TENSOR in text:
            text = move(text)
        if reads_environment:
            text = text.replace(*READS_ENVIRONMENT)
        if path in CONFIG_FILES:
            kept = [line for line in text.splitlines() if not line.startswith(("import ", "from "))]
            text = "\n".join(kept).replace("class ZenFlowZeroOptimizer:", "class TopkMiniature:")
            with open(full, "a", encoding="utf-8") as f:
                f.write("\n" + text.strip("\n") + "\n")
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text.lstrip("\n"))
