// The steps of `zfcheck explain` in order: read, override, make the case, explain it per engine, the status.
#include "harness/explain/explain_request.hpp"

#include "harness/explain/fix_search.hpp"
#include "harness/io/named_input.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

constexpr int kStatusFinding = 1;  // DeepSpeed refuses the config, something fails, an invariant breaks

}  // namespace

tl::expected<ExplainReport, std::string> explain_request(const ExplainRequest& request) {
  ReadOptions options{request.reader, {}, request.call.world_size};
  for (const std::string& set : request.sets) {
    auto o = parse_override(set);
    if (!o) return tl::unexpected(o.error());
    options.overrides.push_back(std::move(*o));
  }
  auto input = read_input_text(request.config, kMaxConfigBytes);
  if (!input) return tl::unexpected(input.error());
  auto read = read_config(*input, options);
  if (!read) return tl::unexpected(read.error());
  ExplainReport report{input->name, std::move(*read), {}, {}, {}, 0};
  auto made =
      case_from_config(report.read.rejected ? py::Value(py::Dict{}) : report.read.config, request.call);
  if (!made) return tl::unexpected(input->name + ": " + made.error());
  report.c = std::move(*made);
  if (report.read.rejected) {
    report.status = kStatusFinding;
    return report;
  }
  report.notes = key_notes(report.read.config);
  if (std::any_of(report.notes.begin(), report.notes.end(),
                  [](const KeyNote& n) { return n.misplaced_zenflow; }))
    report.status = kStatusFinding;
  const FixCandidates candidates = realistic_fix_candidates();
  for (const Engine* engine : request.engines) {
    report.explanations.push_back(explain(report.c, *engine, candidates));
    report.status = std::max(report.status, explanation_status(report.explanations.back()));
  }
  return report;
}

}  // namespace zfcheck
