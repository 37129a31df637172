// `zfcheck explain`: what ZenFlow does with a user's config under an engine, in sentences, with verified
// fixes.
#pragma once

#include "harness/explain/deepspeed_config.hpp"
#include "harness/explain/fix_search.hpp"
#include "harness/io/text_table.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

struct Explanation {
  std::string engine;  // the engine's name
  std::string engine_summary;
  Case c;
  Result result;
  std::vector<std::string_view> violations;
  std::vector<Fix> fixes;
};

Explanation explain(const Case& c, const Engine& engine, const FixCandidates& candidates);

// What was read from the file (once, whatever the number of engines), then one section per engine.
std::string render_reading(std::string_view source, const ConfigCase& config, TableFormat style);
std::string render_explanation(const Explanation& e, TableFormat style);

// {"engine", "case", "result", "violations", "fixes": [{"invariants", "case", "result"}]}, one line.
std::string explanation_json(const Explanation& e);

// The zenflow block as a user pastes it into the config: `"zenflow": {` then one key per line.
std::string pasteable_block(const py::Value& zenflow, std::string_view indent);

// The selections (S) and, with a fixed update interval of at least 1, the update boundaries (U) over
// the first `micro_steps` micro-steps, one character per step, at most `width` steps drawn.
std::vector<std::string> timeline(const Result& r, std::int64_t micro_steps, std::size_t width);

}  // namespace zfcheck
