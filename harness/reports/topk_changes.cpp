// Each kind of change read off two answer lines of zf_topk_upstream.py (docs/topk-format.md, upstream's run).
#include "harness/reports/topk_changes.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

using ojson = nlohmann::ordered_json;

const ojson& array_at(const ojson& line, const char* key) {
  static const ojson empty = ojson::array();
  auto it = line.find(key);
  return it != line.end() && it->is_array() ? *it : empty;
}

// A rank's end without the words of a raise: {"ok": true}, {"raised": {"type", "param"}}, {"blocked": ...}.
ojson rank_end(const ojson& rank) {
  ojson out = rank;
  if (out.contains("raised") && out["raised"].is_object()) out["raised"].erase("message");
  return out;
}

ojson raise_messages(const ojson& line) {
  ojson out = ojson::array();
  for (const ojson& rank : array_at(line, "outcome"))
    out.push_back(rank.contains("raised") ? rank["raised"].value("message", ojson()) : ojson());
  return out;
}

bool answered(const ojson& param) { return !param.contains("error") && !param.value("unanswered", false); }

// Whether the part of a parameter's answer that `part` reads differs, over the parameters both sides
// answered (an error or an unanswered parameter is the error kind's).
bool answers_differ(const ojson& base, const ojson& head, ojson (*part)(const ojson&)) {
  const ojson& a = array_at(base, "params");
  const ojson& b = array_at(head, "params");
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
    for (ojson p : array_at(param, key)) {
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
    for (const ojson& p : array_at(param, key))
      indices.push_back(p.contains("indices") ? p["indices"] : p.value("local_indices", ojson()));
    out[key] = std::move(indices);
  }
  return out;
}

ojson dtype_part(const ojson& param) {
  ojson out = ojson::array({param.value("dtype", ojson())});
  for (const ojson& rank : array_at(param, "ranks")) out.push_back(rank.value("dtype", ojson()));
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
    for (const ojson& param : array_at(line, "params")) out.push_back(error_part(param));
    return out;
  };
  ojson base_ends = ojson::array(), head_ends = ojson::array();
  for (const ojson& rank : array_at(base, "outcome")) base_ends.push_back(rank_end(rank));
  for (const ojson& rank : array_at(head, "outcome")) head_ends.push_back(rank_end(rank));
  if (differs(selection_part)) kinds.push_back("selection");
  if (differs(geometry_part) || array_at(base, "params").size() != array_at(head, "params").size())
    kinds.push_back("geometry");
  if (errors(base) != errors(head) || raise_messages(base) != raise_messages(head)) kinds.push_back("error");
  if (base_ends != head_ends) kinds.push_back("rank outcome");
  if (differs(dtype_part)) kinds.push_back("index dtype");
  return kinds;
}

void TopkChanges::add(const std::string& line, const ojson& base, const ojson& head) {
  ++problems;
  std::vector<std::string_view> seen = topk_change_kinds(base, head);
  if (seen.empty()) return;
  ++changed;
  for (std::string_view kind : seen) {
    auto it = std::find_if(kinds.begin(), kinds.end(), [&](const TopkChange& c) { return c.kind == kind; });
    if (it == kinds.end()) {
      auto rank = [](std::string_view k) {
        return std::find(kTopkChangeKinds.begin(), kTopkChangeKinds.end(), k) - kTopkChangeKinds.begin();
      };
      it = std::find_if(kinds.begin(), kinds.end(),
                        [&](const TopkChange& c) { return rank(c.kind) > rank(kind); });
      it = kinds.insert(it, TopkChange{std::string(kind), 0, line, base, head});
    }
    if (it->problems++ > 0 && line.size() < it->line.size())
      *it = TopkChange{it->kind, it->problems, line, base, head};
  }
}

}  // namespace zfcheck
