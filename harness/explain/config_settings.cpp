// The zenflow block and settings of a case's config, read and rewritten.
#include "harness/explain/config_settings.hpp"

#include "harness/explain/config_overrides.hpp"

namespace zfcheck {

namespace {

const std::vector<std::string> kZenflowPath{"zero_optimization", "zenflow"};

}  // namespace

const py::Value* setting_value(const Case& c, const std::vector<std::string>& path) {
  if (!c.deepspeed_config) return nullptr;
  const py::Value* here = &*c.deepspeed_config;
  for (const std::string& key : path) {
    const py::Dict* dict = here->as<py::Dict>();
    here = dict ? dict->find(key) : nullptr;
    if (here == nullptr) return nullptr;
  }
  return here;
}

const py::Value& zenflow_block(const Case& c) {
  static const py::Value none{py::None{}};
  if (!c.deepspeed_config) return c.zenflow;
  const py::Value* block = setting_value(c, kZenflowPath);
  return block ? *block : none;
}

Case with_zenflow_block(const Case& c, std::optional<py::Value> block) {
  Case out = c;
  if (!c.deepspeed_config) {
    out.zenflow = block ? std::move(*block) : py::Value(py::None{});
    return out;
  }
  py::Dict* top = out.deepspeed_config->as<py::Dict>();
  py::Value* zero = top ? top->find_mutable("zero_optimization") : nullptr;
  py::Dict* zero_dict = zero ? zero->as<py::Dict>() : nullptr;
  if (zero_dict == nullptr) return out;
  if (block) {
    if (py::Value* current = zero_dict->find_mutable("zenflow"))
      *current = std::move(*block);
    else
      zero_dict->set(py::Str{"zenflow"}, std::move(*block));
    return out;
  }
  py::Dict without;
  for (const auto& [k, v] : zero_dict->entries()) {
    if (!(k == "zenflow")) without.set(k, v);
  }
  *zero = std::move(without);
  return out;
}

const std::vector<Setting>& fix_settings() {
  static const std::vector<Setting> settings{
      {{"zero_optimization", "overlap_comm"}, py::Value(true)},
      {{"zero_optimization", "offload_optimizer", "device"}, py::Value("cpu")},
      {{"zero_optimization", "stage"}, py::Value(2)},
      {{"gradient_allreduce_op"}, py::Value("mean")},
  };
  return settings;
}

std::optional<Case> with_setting(const Case& c, const Setting& s) {
  if (!c.deepspeed_config) return std::nullopt;
  Case out = c;
  if (!apply_override(*out.deepspeed_config, Override{s.path, s.value})) return std::nullopt;
  return out;
}

}  // namespace zfcheck
