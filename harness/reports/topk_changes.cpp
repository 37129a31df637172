// Each kind of change read off two answer lines of zf_topk_upstream.py (docs/topk-format.md, upstream's run).
#include "harness/reports/topk_changes.hpp"

#include "kernels/check/topk_io.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

using ojson = nlohmann::ordered_json;

// A rank's end without the words of a raise: {"ok": true}, {"raised": {"type", "param"}}, {"blocked": ...}.
ojson rank_end(const ojson& rank) {
  ojson out = rank;
  if (out.contains("raised") && out["raised"].is_object()) out["raised"].erase("message");
  return out;
}

ojson raise_messages(const ojson& line) {
  ojson out = ojson::array();
  for (const ojson& rank : json_array_at(line, "outcome"))
    out.push_back(rank.contains("raised") ? rank["raised"].value("message", ojson()) : ojson());
  return out;
}

bool answered(const ojson& param) { return !param.contains("error") && !param.value("unanswered", false); }

// Whether the part of a parameter's answer that `part` reads differs, over the parameters both sides
// answered (an error or an unanswered parameter is the error kind's).
bool answers_differ(const ojson& base, const ojson& head, ojson (*part)(const ojson&)) {
  const ojson& a = json_array_at(base, "params");
  const ojson& b = json_array_at(head, "params");
  for (std::size_t p = 0; p < a.size() && p < b.size(); ++p) {
    if (answered(a[p]) && answered(b[p]) && part(a[p]) != part(b[p])) return true;
  }
  return false;
}

ojson error_part(const ojson& param) {
  return ojson{{"error", param.value("error", ojson())}, {"unanswered", param.value("unanswered", false)}};
}

ojson geometry_part(const ojson& param) {
  ojson out{{"skipped", param.value("skipped", false)}};
  for (const char* key : {"chunks", "ranks"}) {
    ojson parts = ojson::array();
    for (ojson p : json_array_at(param, key)) {
      for (const char* detail : {"indices", "local_indices", "dtype"}) p.erase(detail);
      parts.push_back(std::move(p));
    }
    out[key] = std::move(parts);
  }
  return out;
}

ojson selection_part(const ojson& param) {
  ojson out{{"selected", param.value("selected", ojson())}};
  for (const char* key : {"chunks", "ranks"}) {
    ojson indices = ojson::array();
    for (const ojson& p : json_array_at(param, key))
      indices.push_back(p.contains("indices") ? p["indices"] : p.value("local_indices", ojson()));
    out[key] = std::move(indices);
  }
  return out;
}

ojson dtype_part(const ojson& param) {
  ojson out = ojson::array({param.value("dtype", ojson())});
  for (const ojson& rank : json_array_at(param, "ranks")) out.push_back(rank.value("dtype", ojson()));
  return out;
}

}  // namespace

std::vector<std::string_view> topk_change_kinds(const ojson& base, const ojson& head) {
  std::vector<std::string_view> kinds;
  if (base.contains("error") || head.contains("error")) {
    if (base.value("error", ojson()) != head.value("error", ojson())) kinds.push_back("runner");
    return kinds;
  }
  auto differs = [&](ojson (*part)(const ojson&)) { return answers_differ(base, head, part); };
  auto errors = [](const ojson& line) {
    ojson out = ojson::array();
    for (const ojson& param : json_array_at(line, "params")) out.push_back(error_part(param));
    return out;
  };
  ojson base_ends = ojson::array(), head_ends = ojson::array();
  for (const ojson& rank : json_array_at(base, "outcome")) base_ends.push_back(rank_end(rank));
  for (const ojson& rank : json_array_at(head, "outcome")) head_ends.push_back(rank_end(rank));
  if (differs(selection_part)) kinds.push_back("selection");
  if (differs(geometry_part) || json_array_at(base, "params").size() != json_array_at(head, "params").size())
    kinds.push_back("geometry");
  if (errors(base) != errors(head) || raise_messages(base) != raise_messages(head)) kinds.push_back("error");
  if (base_ends != head_ends) kinds.push_back("rank outcome");
  if (differs(dtype_part)) kinds.push_back("index dtype");
  return kinds;
}

namespace {

// Counts one problem in the entry of `list` that `same` picks, or in `fresh`, placed before the first entry
// `later` picks; the entry keeps its shortest problem and the answers to it.
template <class Change, class Same, class Later>
void count_problem(std::vector<Change>& list, Same same, Later later, Change fresh, const std::string& line,
                   const ojson& base, const ojson& head) {
  auto it = std::find_if(list.begin(), list.end(), same);
  if (it == list.end()) it = list.insert(std::find_if(list.begin(), list.end(), later), std::move(fresh));
  if (it->problems++ > 0 && line.size() >= it->line.size()) return;
  it->line = line;
  it->base = base;
  it->head = head;
}

bool lacks(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) == names.end();
}

std::ptrdiff_t kind_rank(std::string_view kind) {
  return std::find(kTopkChangeKinds.begin(), kTopkChangeKinds.end(), kind) - kTopkChangeKinds.begin();
}

}  // namespace

std::string TopkChanges::changed_summary() const {
  std::string listed;
  for (const TopkChange& c : kinds)
    listed += (listed.empty() ? "" : ", ") + c.kind + " " + std::to_string(c.problems);
  return std::to_string(changed) + " of " + std::to_string(problems) + " problems answer differently" +
         (listed.empty() ? "" : " (" + listed + ")");
}

std::vector<const TopkInvariantChange*> TopkChanges::with_status(std::string_view status) const {
  std::vector<const TopkInvariantChange*> out;
  for (const TopkInvariantChange& c : invariants)
    if (c.status == status) out.push_back(&c);
  return out;
}

void TopkChanges::add(const std::string& line, const ojson& base, const ojson& head,
                      const std::optional<TopkJudgement>& judgement) {
  ++problems;
  auto count_invariant = [&](const std::string& name, const std::string& status) {
    auto order = [](const std::string& s, const std::string& n) { return std::pair(s != "introduced", n); };
    count_problem(
        invariants, [&](const TopkInvariantChange& c) { return c.invariant == name && c.status == status; },
        [&](const TopkInvariantChange& c) { return order(c.status, c.invariant) > order(status, name); },
        TopkInvariantChange{name, status, 0, {}, {}, {}}, line, base, head);
  };
  if (judgement) {
    ++judged;
    for (const std::string& name : judgement->head)
      if (lacks(judgement->base, name)) count_invariant(name, "introduced");
    for (const std::string& name : judgement->base)
      if (lacks(judgement->head, name)) count_invariant(name, "fixed");
  }
  std::vector<std::string_view> seen = topk_change_kinds(base, head);
  if (seen.empty()) return;
  ++changed;
  for (std::string_view kind : seen) {
    count_problem(
        kinds, [&](const TopkChange& c) { return c.kind == kind; },
        [&](const TopkChange& c) { return kind_rank(c.kind) > kind_rank(kind); },
        TopkChange{std::string(kind), 0, {}, {}, {}}, line, base, head);
  }
}

}  // namespace zfcheck
