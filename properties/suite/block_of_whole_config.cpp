// Taking a whole config's zenflow block out, with the ZeRO context DeepSpeed read.
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

}  // namespace zfcheck::props
