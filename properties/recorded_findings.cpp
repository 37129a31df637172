// Reading the findings files: the I/O edge of the finding checks.
#include "properties/recorded_findings.hpp"

#include "harness/case_io.hpp"
#include "reference/profile.hpp"
#include "reference/py_json.hpp"

#include <fstream>
#include <sstream>

namespace zfcheck::props {

namespace {

tl::expected<std::map<std::string, Case, std::less<>>, std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return tl::unexpected("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  auto doc = py::parse_json(text.str());
  if (!doc) return tl::unexpected(path + ": not JSON: " + doc.error().reason);
  const py::Dict* top = doc->as<py::Dict>();
  const py::Value* findings = top ? top->find("findings") : nullptr;
  if (findings == nullptr || findings->as<py::List>() == nullptr)
    return tl::unexpected(path + ": no findings list");
  std::map<std::string, Case, std::less<>> examples;
  for (const py::Value& f : *findings->as<py::List>()) {
    const py::Dict* d = f.as<py::Dict>();
    const py::Value* name = d ? d->find("invariant") : nullptr;
    const py::Value* example = d ? d->find("example") : nullptr;
    if (name == nullptr || name->as<py::Str>() == nullptr || example == nullptr) {
      return tl::unexpected(path + ": a finding without invariant or example: " + py::to_json(f));
    }
    auto c = case_from_value(*example);
    if (!c)
      return tl::unexpected(path + ": the example of " + name->as<py::Str>()->text + ": " + c.error().reason);
    examples.emplace(name->as<py::Str>()->text, std::move(*c));
  }
  return examples;
}

}  // namespace

tl::expected<RecordedFindings, std::string> RecordedFindings::read(const std::string& findings_dir) {
  RecordedFindings out;
  for (const Profile& p : builtin_profiles()) {
    auto examples = read_file(findings_dir + "/" + p.name + ".json");
    if (!examples) return tl::unexpected(examples.error());
    out.examples_.emplace(p.name, std::move(*examples));
  }
  return out;
}

const Case* RecordedFindings::example(std::string_view profile, std::string_view invariant) const {
  auto p = examples_.find(profile);
  if (p == examples_.end()) return nullptr;
  auto i = p->second.find(invariant);
  return i == p->second.end() ? nullptr : &i->second;
}

}  // namespace zfcheck::props
