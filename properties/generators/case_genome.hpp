// The genome of a generated case: its slot layout, the weighted mixes it is drawn from, and its decoding.
#pragma once

#include "properties/generators/choice_genome.hpp"
#include "reference/evaluate.hpp"

#include <cstddef>

namespace zfcheck::gen {

// A block genome: slot 0 the shape (0: an object, k: non_object_blocks()[k-1]), then one slot per
// config field in declaration order (0: absent, k: field_pool(field)[k-1]), then one per extra key
// (0: absent, k: its values[k-1]). A case genome is a block genome followed by the context slots:
// dataloader_len, stage, micro_steps (k: the pool's entry k), then the whole-config slots
// (case_genome.cpp: all 0 for a zenflow-block case).
inline constexpr std::size_t kShapeSlot = 0;
inline constexpr std::size_t kFirstFieldSlot = 1;

// Realistic, scenario (PR thread, tutorial, test_zf.py), boundary, hostile, non-object and schedule
// corner mixes.
const std::vector<Mix>& block_mixes();
// The same mixes with the context and whole-config slots appended (the schedule corners with their own
// context), each once as zenflow-block cases and once, at a fifth of that weight, as whole configs.
const std::vector<Mix>& case_mixes();
// The context slots alone.
const std::vector<Mix>& context_mixes();

// The block and the case a genome stands for.
py::Value decode_block(const Genome& genome);
Case decode_case(const Genome& genome);
Case decode_context(const Genome& genome);

}  // namespace zfcheck::gen
