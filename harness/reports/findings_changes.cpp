// Comparing recorded findings with swept ones, finding by finding, in words a reviewer can act on.
#include "harness/reports/findings_changes.hpp"

#include "harness/io/case_io.hpp"
#include "reference/py_json.hpp"

#include <map>

namespace zfcheck {

namespace {

const py::Str* string_at(const py::Dict& d, std::string_view key) {
  const py::Value* v = d.find(key);
  return v ? v->as<py::Str>() : nullptr;
}

// The keys of a finding or cause whose values differ, each as "key recorded <json>, swept <json>";
// "causes" is left to cause_differences.
std::string changed_keys(const py::Value& recorded, const py::Value& swept) {
  std::string out;
  const py::Dict& now = *swept.as<py::Dict>();
  const py::Dict* before = recorded.as<py::Dict>();
  for (const auto& [key, value] : now.entries()) {
    const py::Value* old = before->find(key.text);
    if (key.text == "causes" || (old != nullptr && *old == value)) continue;
    out += "\n    " + key.text + " recorded " + (old ? py::to_json(*old) : std::string("nothing")) +
           "\n    " + std::string(key.text.size(), ' ') + " swept    " + py::to_json(value);
  }
  return out;
}

// The recorded causes of a finding by their text; a finding recorded without causes has none.
std::map<std::string, const py::Value*> recorded_causes(const py::Value& finding) {
  std::map<std::string, const py::Value*> out;
  const py::Value* causes = finding.as<py::Dict>()->find("causes");
  const py::List* list = causes ? causes->as<py::List>() : nullptr;
  if (list == nullptr) return out;
  for (const py::Value& c : *list) {
    const py::Dict* d = c.as<py::Dict>();
    const py::Str* text = d ? string_at(*d, "cause") : nullptr;
    out[text ? text->text : py::to_json(c)] = &c;
  }
  return out;
}

// A cause of the finding that appeared, vanished or whose count, example or result changed.
void cause_differences(std::vector<std::string>& out, const py::Value& recorded, const Finding& swept) {
  auto by_cause = recorded_causes(recorded);
  for (const CauseGroup& g : swept.causes) {
    py::Value now = cause_to_value(g);
    auto it = by_cause.find(g.cause);
    if (it == by_cause.end()) {
      out.push_back("new cause of " + swept.invariant + ": " + g.cause + " (" + std::to_string(g.count) +
                    " cases; simplest " + case_line(g.example) + ")");
      continue;
    }
    if (!(*it->second == now)) {
      out.push_back("changed cause of " + swept.invariant + ": " + g.cause + changed_keys(*it->second, now));
    }
    by_cause.erase(it);
  }
  for (const auto& [cause, c] : by_cause) {
    out.push_back("vanished cause of " + swept.invariant + ": " + cause + " (recorded " + py::to_json(*c) +
                  ")");
  }
}

// "<key>: recorded <json>, swept <count> (<why>)" unless the document records `count` under `key`.
void count_difference(std::vector<std::string>& out, const py::Dict& doc, std::string_view key,
                      std::uint64_t count, std::string_view why) {
  const py::Value* recorded = doc.find(key);
  if (recorded != nullptr && *recorded == py::Value(py::Int(count))) return;
  out.push_back(std::string(key) + ": recorded " + (recorded ? py::to_json(*recorded) : std::string("none")) +
                ", swept " + std::to_string(count) + " (" + std::string(why) + ")");
}

// The recorded findings of `list` (none when null) by invariant name; one without a name is reported as
// "a recorded <kind> has no invariant name".
std::map<std::string, const py::Value*> by_invariant(std::vector<std::string>& out, const py::List* list,
                                                     std::string_view kind) {
  std::map<std::string, const py::Value*> by_name;
  if (list == nullptr) return by_name;
  for (const py::Value& f : *list) {
    const py::Dict* d = f.as<py::Dict>();
    const py::Str* name = d ? string_at(*d, "invariant") : nullptr;
    if (name == nullptr) {
      out.push_back("a recorded " + std::string(kind) + " has no invariant name: " + py::to_json(f));
      continue;
    }
    by_name[name->text] = &f;
  }
  return by_name;
}

// The top-k findings of `swept` against the document's "topk_problems" and "topk_findings" (none
// recorded: none); nothing when the sweep had no top-k rules to sweep.
void topk_differences(std::vector<std::string>& out, const py::Dict& doc, const SweepReport& swept) {
  if (!swept.topk) return;
  count_difference(out, doc, "topk_problems", swept.topk->problems, "the top-k grid changed");
  const py::Value* recorded = doc.find("topk_findings");
  auto by_name = by_invariant(out, recorded ? recorded->as<py::List>() : nullptr, "top-k finding");
  for (const TopkFinding& f : swept.topk->findings) {
    py::Value now = py::parse_json(topk_finding_json(f, swept.profile).dump()).value();
    auto it = by_name.find(f.invariant);
    if (it == by_name.end()) {
      out.push_back("new top-k finding " + f.invariant + ": " + py::to_json(now));
      continue;
    }
    if (std::string changed = changed_keys(*it->second, now); !changed.empty())
      out.push_back("changed top-k finding " + f.invariant + ":" + changed);
    by_name.erase(it);
  }
  for (const auto& [name, f] : by_name)
    out.push_back("vanished top-k finding " + name + ": " + py::to_json(*f));
}

}  // namespace

std::vector<std::string> findings_differences(const py::Value& recorded, const SweepReport& swept) {
  const py::Dict* doc = recorded.as<py::Dict>();
  const py::Value* findings = doc ? doc->find("findings") : nullptr;
  if (findings == nullptr || findings->as<py::List>() == nullptr || string_at(*doc, "profile") == nullptr) {
    return {"the recorded file is not a sweep report ({\"profile\", \"cases\", \"findings\": [...]})"};
  }
  std::vector<std::string> out;
  if (!(*string_at(*doc, "profile") == swept.profile)) {
    out.push_back("profile: recorded " + string_at(*doc, "profile")->text + ", swept " + swept.profile);
  }
  count_difference(out, *doc, "cases", swept.cases, "the grid changed");
  auto by_name = by_invariant(out, findings->as<py::List>(), "finding");
  for (const Finding& f : swept.findings) {
    py::Value now = finding_to_value(f);
    auto it = by_name.find(f.invariant);
    if (it == by_name.end()) {
      out.push_back("new finding " + f.invariant + ": " + py::to_json(now));
      continue;
    }
    if (std::string changed = changed_keys(*it->second, now); !changed.empty())
      out.push_back("changed finding " + f.invariant + ":" + changed);
    cause_differences(out, *it->second, f);
    by_name.erase(it);
  }
  for (const auto& [name, f] : by_name) out.push_back("vanished finding " + name + ": " + py::to_json(*f));
  topk_differences(out, *doc, swept);
  return out;
}

}  // namespace zfcheck
