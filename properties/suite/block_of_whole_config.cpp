// Taking a whole config's zenflow block out: as a block case in the ZeRO context DeepSpeed read, or away.
#include "properties/suite/block_of_whole_config.hpp"

namespace zfcheck::props {

Case block_of_whole_config(const Case& whole, const std::optional<DeepSpeedView>& context) {
  Case block;
  block.dataloader_len = whole.dataloader_len;
  block.micro_steps = whole.micro_steps;
  if (context) {
    block.stage = context->stage;
    block.overlap_comm = context->overlap_comm;
  }
  const py::Dict* config = whole.deepspeed_config ? whole.deepspeed_config->as<py::Dict>() : nullptr;
  const py::Value* zero = config ? config->find("zero_optimization") : nullptr;
  const py::Dict* section = zero ? zero->as<py::Dict>() : nullptr;
  if (const py::Value* zenflow = section ? section->find("zenflow") : nullptr) block.zenflow = *zenflow;
  return block;
}

Case without_zenflow_block(const Case& whole) {
  Case out = whole;
  py::Dict* config = out.deepspeed_config ? out.deepspeed_config->as<py::Dict>() : nullptr;
  py::Value* zero = config ? config->find_mutable("zero_optimization") : nullptr;
  const py::Dict* section = zero ? zero->as<py::Dict>() : nullptr;
  if (section == nullptr || section->find("zenflow") == nullptr) return out;
  py::Dict kept;
  for (const auto& [key, value] : section->entries()) {
    if (!(key == "zenflow")) kept.set(key, value);
  }
  *zero = py::Value(std::move(kept));
  return out;
}

}  // namespace zfcheck::props
