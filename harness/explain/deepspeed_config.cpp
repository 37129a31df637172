// Reading a DeepSpeed config as DeepSpeed or the Hugging Face Trainer does, and the case it makes.
#include "harness/explain/deepspeed_config.hpp"

#include "harness/explain/hjson_reader.hpp"
#include "harness/explain/trainer_auto.hpp"
#include "harness/io/json_error_text.hpp"
#include "reference/py_json.hpp"
#include "reference/utf8.hpp"

namespace zfcheck {

namespace {

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

tl::expected<ReadConfig, std::string> read_config(const InputText& input, const ReadOptions& options) {
  std::size_t bad = utf8::first_invalid(input.text);
  if (bad != std::string::npos) {
    return tl::unexpected(input.name + ": " + line_and_column(input.text, bad) +
                          ": not UTF-8 text (Python's open() cannot decode it)");
  }
  ReadConfig out;
  if (options.reader == ConfigReader::hf) {
    auto parsed = py::parse_json(input.text);
    if (!parsed) return tl::unexpected(json_error_message(input.name, input.text, parsed.error()));
    out.config = std::move(*parsed);
    out.read.push_back(
        "Read as the Hugging Face Trainer reads it: JSON (json.load), \"auto\" values filled before "
        "DeepSpeed sees the dict.");
  } else {
    std::string text = universal_newlines(input.text);
    auto parsed = parse_hjson(text);
    if (!parsed && parsed.error().kind == HjsonError::Kind::syntax) {
      std::string excerpt = caret_excerpt(text, parsed.error().where.offset);
      excerpt.pop_back();
      return tl::unexpected(input.name + ": " + line_and_column(text, parsed.error().where.offset) +
                            ": not hjson (deepspeed.initialize() reads the file with hjson): " +
                            parsed.error().where.reason + "\n" + excerpt);
    }
    out.read.push_back("Read as deepspeed.initialize(config=PATH) reads it: hjson, a repeated key refused.");
    if (!parsed) {
      out.rejected = parsed.error().where.reason + " (" + line_and_column(text, parsed.error().where.offset) +
                     ")\n" + caret_excerpt(text, parsed.error().where.offset, "");
      return out;
    }
    out.config = std::move(*parsed);
  }
  for (const Override& o : options.overrides) {
    auto applied = apply_override(out.config, o);
    if (!applied) return tl::unexpected(applied.error());
    out.read.push_back(path_text(o.path) + ": " + py::to_json(o.value) + ", given by --set.");
  }
  auto autos = options.reader == ConfigReader::hf ? fill_trainer_auto(out.config, options.world_size)
                                                  : direct_auto_sentences(out.config);
  out.read.insert(out.read.end(), autos.begin(), autos.end());
  return out;
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
