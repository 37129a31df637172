// `zfcheck explain`: what ZenFlow does with a user's config under an engine, in sentences, with verified
// fixes.
#pragma once

#include "harness/explain/config_keys.hpp"
#include "harness/explain/deepspeed_config.hpp"
#include "harness/explain/error_cause.hpp"
#include "harness/explain/fix_search.hpp"
#include "harness/io/terminal_style.hpp"
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
  std::optional<ErrorCause> cause;  // the setting behind an error DeepSpeedConfig raises naming no field
};

Explanation explain(const Case& c, const Engine& engine, const FixCandidates& candidates);

// 0 when DeepSpeed accepts the config, set-up and the first steps succeed and no invariant breaks; 1 when
// DeepSpeed refuses it, something fails or an invariant breaks; 2 when zfcheck cannot judge it.
int explanation_status(const Explanation& e);

// What was read from the file (once, whatever the number of engines), then one section per engine; the
// verdict in colour when `colour` says so.
std::string render_reading(std::string_view source, const ReadConfig& read, const Case& c,
                           const std::vector<KeyNote>& notes, TableFormat style);
std::string render_explanation(const Explanation& e, TableFormat style, const TerminalStyle& colour);
// What comes first, before the reading: the verdict under the engine, the setting behind an error that names
// no field, the invariants broken and the first fix (or that none was found), at most four lines.
std::string render_summary(const Explanation& e, TableFormat style, const TerminalStyle& colour);

// A file DeepSpeed refuses while reading it (ReadConfig::rejected), after what was read.
std::string render_rejection(std::string_view source, const ReadConfig& read, TableFormat style,
                             const TerminalStyle& colour);
// {"rejected": "<the exception and where>"}, one line.
std::string rejection_json(std::string_view rejected);

// {"engine", "case", "result", "violations", "fixes": [{"invariants", "case", "result"}]}, one line.
std::string explanation_json(const Explanation& e);

// The zenflow block as a user pastes it into the config: `"zenflow": {` then one key per line.
std::string pasteable_block(const py::Value& zenflow, std::string_view indent);

// The selections (S) and, with a fixed update interval of at least 1, the update boundaries (U) over
// the first `micro_steps` micro-steps, one character per step, at most `width` steps drawn.
std::vector<std::string> timeline(const Result& r, std::int64_t micro_steps, std::size_t width);

}  // namespace zfcheck
