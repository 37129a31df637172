// Reading a DeepSpeed config file with a size cap, and the zero_optimization keys ZenFlow depends on.
#include "harness/explain/deepspeed_config.hpp"

#include "reference/py_json.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace zfcheck {

namespace {

std::string too_large(std::uintmax_t bytes) {
  return "larger than " + std::to_string(kMaxConfigBytes) + " bytes (" + std::to_string(bytes) +
         "), too large for a DeepSpeed config; refused without reading it";
}

const py::Value* key(const py::Dict& dict, std::string_view name) { return dict.find(name); }

std::string shown(const py::Value& value) { return py::to_json(value); }

// The stage ZenFlow runs under, when the config gives 1, 2 or 3.
tl::expected<int, std::string> stage_of(const py::Dict& zero) {
  const py::Value* stage = key(zero, "stage");
  if (stage == nullptr) {
    return tl::unexpected(
        std::string("zero_optimization has no stage (ZeRO's default is 0, ZeRO off), and ZenFlow "
                    "runs only under ZeRO stage 1, 2 or 3"));
  }
  const py::Int* i = stage->as<py::Int>();
  if (i == nullptr || *i < 1 || *i > 3) {
    return tl::unexpected("zero_optimization.stage is " + shown(*stage) +
                          "; ZenFlow runs only under ZeRO stage 1, 2 or 3");
  }
  return static_cast<int>(*i);
}

std::string offload_sentence(const py::Dict& zero) {
  const py::Value* offload = key(zero, "offload_optimizer");
  const py::Dict* block = offload ? offload->as<py::Dict>() : nullptr;
  const py::Value* device = block ? key(*block, "device") : nullptr;
  if (device != nullptr && device->as<py::Str>() && device->as<py::Str>()->text == "cpu") {
    return "zero_optimization.offload_optimizer.device: \"cpu\".";
  }
  std::string what = offload == nullptr  ? "is absent"
                     : device == nullptr ? "names no device"
                                         : "has device " + shown(*device);
  return "zero_optimization.offload_optimizer " + what +
         ": ZenFlow is an extension of ZeRO-Offload, and this explanation assumes the optimizer offloaded to "
         "the CPU as in the ZenFlow tutorial.";
}

}  // namespace

tl::expected<py::Value, std::string> read_config_file(const std::string& path) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (ec) return tl::unexpected("cannot be read: " + ec.message());
  if (std::filesystem::is_directory(status))
    return tl::unexpected(std::string("is a directory, not a config file"));
  if (std::filesystem::is_regular_file(status)) {
    auto bytes = std::filesystem::file_size(path, ec);
    if (!ec && bytes > kMaxConfigBytes) return tl::unexpected(too_large(bytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return tl::unexpected("cannot be read: " + std::string(std::strerror(errno)));
  std::string text(kMaxConfigBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return tl::unexpected(std::string("cannot be read: a read error"));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxConfigBytes) return tl::unexpected(too_large(text.size()));
  auto value = py::parse_json(text);
  if (!value) {
    return tl::unexpected("not JSON: " + value.error().reason + " at byte " +
                          std::to_string(value.error().offset + 1));
  }
  return std::move(*value);
}

tl::expected<ConfigCase, std::string> case_from_config(const py::Value& config, const CallShape& call) {
  const py::Dict* top = config.as<py::Dict>();
  if (top == nullptr)
    return tl::unexpected("the config is " + std::string(py::type_name(config)) + ", not a JSON object");
  const py::Value* zero_value = key(*top, "zero_optimization");
  if (zero_value == nullptr) {
    return tl::unexpected(
        std::string("the config has no zero_optimization block, where ZenFlow is configured"));
  }
  const py::Dict* zero = zero_value->as<py::Dict>();
  if (zero == nullptr)
    return tl::unexpected("zero_optimization is " + shown(*zero_value) + ", not an object");
  ConfigCase out;
  out.c.dataloader_len = call.dataloader_len;
  out.c.micro_steps = call.micro_steps;
  const py::Value* zenflow = key(*zero, "zenflow");
  if (zenflow == nullptr || zenflow->kind() == py::Kind::none) {
    out.c.zenflow = py::None{};
    out.read.push_back(zenflow == nullptr ? "zero_optimization has no zenflow block."
                                          : "zero_optimization.zenflow is null.");
    return out;
  }
  out.c.zenflow = *zenflow;
  auto stage = stage_of(*zero);
  if (!stage) return tl::unexpected(stage.error());
  out.c.stage = *stage;
  out.read.push_back("zero_optimization.stage: " + std::to_string(*stage) + ".");
  out.read.push_back("zero_optimization.zenflow: " + shown(*zenflow) + ".");
  const py::Value* overlap = key(*zero, "overlap_comm");
  if (overlap != nullptr && overlap->kind() != py::Kind::none) {
    if (overlap->as<bool>() == nullptr) {
      return tl::unexpected("zero_optimization.overlap_comm is " + shown(*overlap) +
                            "; it must be true, false or null");
    }
    out.c.overlap_comm = *overlap->as<bool>();
    out.read.push_back("zero_optimization.overlap_comm: " + shown(*overlap) + ".");
  } else {
    out.read.push_back(std::string("zero_optimization.overlap_comm not set: ZeRO's default, ") +
                       (*stage == 3 ? "true at stage 3." : "false at stages 1 and 2."));
  }
  out.read.push_back(offload_sentence(*zero));
  return out;
}

}  // namespace zfcheck
