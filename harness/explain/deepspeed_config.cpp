// Reading a DeepSpeed config as DeepSpeed or the Hugging Face Trainer does, and the case it makes.
#include "harness/explain/deepspeed_config.hpp"

#include "harness/explain/hjson_reader.hpp"
#include "harness/explain/trainer_auto.hpp"
#include "harness/io/json_error_text.hpp"
#include "reference/py_json.hpp"
#include "reference/utf8.hpp"

namespace zfcheck {

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
        "DeepSpeed sees the dict. The Trainer (through Accelerate) calls deepspeed.initialize() without "
        "training_data=, so ZenFlow gets no dataloader: leave --dataloader-len out for a Trainer run.");
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

tl::expected<Case, std::string> case_from_config(const py::Value& config, const CallShape& call) {
  if (config.as<py::Dict>() == nullptr) {
    return tl::unexpected("the config is " + std::string(py::type_name(config)) + ", not an object");
  }
  Case c;
  c.deepspeed_config = config;
  c.world_size = call.world_size;
  c.dataloader_len = call.dataloader_len;
  c.micro_steps = call.micro_steps;
  return c;
}

}  // namespace zfcheck
