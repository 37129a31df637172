// How upstream's own top-k answers change from one revision to another (review, history): per kind of change
// the problems whose answers differ, each kind with its shortest problem and both sides' answers.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// The kinds, in the order reports list them. A problem counts once under each kind it shows:
//   selection     the columns a parameter selects (its selected set, a chunk's or a rank's indices);
//   geometry      the parameters answered, which are skipped, their chunks or ranks without the indices;
//   error         a parameter's error (type, message), a raising rank's message, which parameters no rank
//                 answered (the run stopped first);
//   rank outcome  a rank's end: ok, raised (its type and parameter) or blocked (collective, call, ranks
//                 waited on);
//   index dtype   an index tensor's dtype;
//   runner        one side's runner could not run the problem (its RunnerError or CaseError line), or
//                 both could not for different reasons.
inline constexpr std::array<std::string_view, 6> kTopkChangeKinds{"selection",    "geometry",    "error",
                                                                  "rank outcome", "index dtype", "runner"};

struct TopkChange {
  std::string kind;
  std::uint64_t problems = 0;
  std::string line;  // the shortest problem that shows it
  nlohmann::ordered_json base, head;
};

// A top-k invariant upstream's answers break at one revision only: "introduced" (head) or "fixed" (base).
struct TopkInvariantChange {
  std::string invariant;
  std::string status;
  std::uint64_t problems = 0;
  std::string line;  // the shortest problem that shows it
  nlohmann::ordered_json base, head;
};

// The top-k invariants each revision's answer to one problem breaks (kernels/check/upstream_answer.hpp).
struct TopkJudgement {
  std::vector<std::string> base, head;
};

struct TopkChanges {
  std::uint64_t problems = 0;     // problems compared
  std::uint64_t changed = 0;      // of them, those whose answers differ at all
  std::uint64_t judged = 0;       // of them, those both revisions answered, so the invariants judged
  std::vector<TopkChange> kinds;  // kTopkChangeKinds order; only the kinds some problem shows
  std::vector<TopkInvariantChange> invariants;  // introduced ones first, then fixed, each by name

  // One problem's line, the two revisions' answers to it (the runner's lines) and, where both could be
  // judged, the invariants each breaks.
  void add(const std::string& line, const nlohmann::ordered_json& base, const nlohmann::ordered_json& head,
           const std::optional<TopkJudgement>& judgement);

  // "23 of 515 problems answer differently (selection 17, error 6)".
  std::string changed_summary() const;
  // The invariants with `status`, in `invariants`' order.
  std::vector<const TopkInvariantChange*> with_status(std::string_view status) const;
};

// The kinds of change from `base` to `head` (answers to one problem), in kTopkChangeKinds order.
std::vector<std::string_view> topk_change_kinds(const nlohmann::ordered_json& base,
                                                const nlohmann::ordered_json& head);

}  // namespace zfcheck
