#!/usr/bin/env python3
"""Upstream's per-chunk top-k path in torch, timed on the kernels' own work layout, side by side.

For every chunk of the layout (zenflow_stage_1_and_2.update_selected_channels): narrow, view, abs, sum,
torch.topk, shift to absolute columns, copy into the index buffer. Also torch's scoring of the 1 GiB
bf16 bucket (view(-1, 4096).abs().sum(dim=1)) and the ranking alone (torch.topk of every chunk's
precomputed sums, shifted and copied as above). Reads the kernels' figures (zfcheck_gpu_bench's JSON) and
prints one JSON object with both and the ratios against the targets.
"""
import argparse
import json
import sys


def time_ms(torch, fn, reps):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / reps


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layout", required=True, help="layout JSON written by zfcheck_gpu_bench --layout")
    parser.add_argument("--kernels", required=True, help="zfcheck_gpu_bench's output JSON")
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    try:
        import torch
    except ImportError as error:
        print(f"torch_baseline: torch is not installed ({error}): no side-by-side figures", file=sys.stderr)
        return 3
    if not torch.cuda.is_available():
        print("torch_baseline: torch sees no CUDA device", file=sys.stderr)
        return 3
    with open(args.layout) as f:
        layout = json.load(f)
    with open(args.kernels) as f:
        ours = json.loads(f.read().strip().splitlines()[-1])

    dtype = getattr(torch, layout["dtype"])
    generator = torch.Generator(device="cuda").manual_seed(0)
    bucket = (torch.randn(layout["bucket_size"], device="cuda", generator=generator) * 1e-3).to(dtype)
    chunks = layout["chunks"]
    index_buffer = torch.empty(sum(c["k"] for c in chunks), dtype=torch.int32, device="cuda")

    def upstream_selection():
        position = 0
        for c in chunks:
            columns, rows, k = c["columns"], c["rows"], c["k"]
            sums = bucket.narrow(0, c["begin"], columns * rows).view(columns, rows).abs().sum(dim=1)
            _, top = torch.topk(sums, k)
            top += 1  # upstream adds the chunk's start_column: the same work whatever the value
            index_buffer.narrow(0, position, k).copy_(top)
            position += k

    sums = [bucket.narrow(0, c["begin"], c["columns"] * c["rows"]).view(c["columns"], c["rows"]).abs().sum(dim=1)
            for c in chunks]

    def upstream_ranking():
        position = 0
        for c, chunk_sums in zip(chunks, sums):
            _, top = torch.topk(chunk_sums, c["k"])
            top += 1
            index_buffer.narrow(0, position, c["k"]).copy_(top)
            position += c["k"]

    torch_select_us = time_ms(torch, upstream_selection, args.reps) * 1000.0
    torch_topk_us = time_ms(torch, upstream_ranking, args.reps) * 1000.0
    del sums
    del bucket
    big = (torch.randn(32 * 4096 * 4096, device="cuda", generator=generator) * 1e-3).to(torch.bfloat16)
    torch_scores_ms = time_ms(torch, lambda: big.view(-1, 4096).abs().sum(dim=1), args.reps)

    result = {
        "torch": torch.__version__,
        "torch_select_7b_layer_8ranks_bf16_us": torch_select_us,
        "kernels_select_7b_layer_8ranks_bf16_us": ours["select_7b_layer_8ranks_bf16_us"],
        "speedup_select": torch_select_us / ours["select_7b_layer_8ranks_bf16_us"],
        "torch_topk_7b_layer_8ranks_bf16_us": torch_topk_us,
        "kernels_topk_7b_layer_8ranks_bf16_us": ours["topk_7b_layer_8ranks_bf16_us"],
        "speedup_topk": torch_topk_us / ours["topk_7b_layer_8ranks_bf16_us"],
        "torch_scores_1gib_bf16_tbps": big.numel() * 2 / (torch_scores_ms * 1e-3) / 1e12,
        "kernels_scores_1gib_bf16_tbps": ours["scores_1gib_bf16_tbps"],
    }
    result["ratio_scores_bandwidth"] = result["kernels_scores_1gib_bf16_tbps"] / result["torch_scores_1gib_bf16_tbps"]
    result["target_scores_3_5_tbps"] = "met" if result["kernels_scores_1gib_bf16_tbps"] >= 3.5 else "missed"
    result["target_speedup_5x"] = "met" if result["speedup_select"] >= 5.0 else "missed"
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
