// Reading the findings files: the I/O edge of the finding checks.
#include "harness/checks/recorded_findings.hpp"

#include "harness/io/case_io.hpp"
#include "reference/profile.hpp"
#include "reference/py_json.hpp"

#include <fstream>
#include <sstream>

namespace zfcheck {

namespace {

tl::expected<std::map<std::string, Case, std::less<>>, std::string> parse_file(std::string_view path,
                                                                                std::string_view text) {
  std::string file(path);
  auto doc = py::parse_json(text);
  if (!doc) return tl::unexpected(file + ": not JSON: " + doc.error().reason);
  const py::Dict* top = doc->as<py::Dict>();
  const py::Value* findings = top ? top->find("findings") : nullptr;
  if (findings == nullptr || findings->as<py::List>() == nullptr)
    return tl::unexpected(file + ": no findings list");
  std::map<std::string, Case, std::less<>> examples;
  for (const py::Value& f : *findings->as<py::List>()) {
    const py::Dict* d = f.as<py::Dict>();
    const py::Value* name = d ? d->find("invariant") : nullptr;
    const py::Value* example = d ? d->find("example") : nullptr;
    if (name == nullptr || name->as<py::Str>() == nullptr || example == nullptr) {
      return tl::unexpected(file + ": a finding without invariant or example: " + py::to_json(f));
    }
    auto c = case_from_value(*example);
    if (!c)
      return tl::unexpected(file + ": the example of " + name->as<py::Str>()->text + ": " + c.error().reason);
    examples.emplace(name->as<py::Str>()->text, std::move(*c));
  }
  return examples;
}

}  // namespace

tl::expected<RecordedFindings, std::string> RecordedFindings::parse(std::span<const EmbeddedFile> files) {
  RecordedFindings out;
  for (const EmbeddedFile& file : files) {
    auto examples = parse_file(file.name, file.text);
    if (!examples) return tl::unexpected(examples.error());
    std::string_view profile = file.name.substr(file.name.rfind('/') + 1);
    profile.remove_suffix(std::string_view(".json").size());
    out.examples_.emplace(std::string(profile), std::move(*examples));
  }
  return out;
}

tl::expected<RecordedFindings, std::string> RecordedFindings::read(const std::string& findings_dir) {
  std::vector<std::string> names, texts;
  for (const Profile& p : builtin_profiles()) {
    names.push_back(findings_dir + "/" + p.name + ".json");
    std::ifstream in(names.back(), std::ios::binary);
    if (!in) return tl::unexpected("cannot read " + names.back());
    std::stringstream text;
    text << in.rdbuf();
    texts.push_back(text.str());
  }
  std::vector<EmbeddedFile> files;
  for (std::size_t i = 0; i < names.size(); ++i) files.push_back({names[i], texts[i]});
  return parse(files);
}

const tl::expected<RecordedFindings, std::string>& RecordedFindings::builtin() {
  static const tl::expected<RecordedFindings, std::string> findings = parse(recorded_findings_files());
  return findings;
}

std::vector<std::string> RecordedFindings::invariants(std::string_view profile) const {
  std::vector<std::string> names;
  if (auto p = examples_.find(profile); p != examples_.end()) {
    for (const auto& [name, example] : p->second) names.push_back(name);
  }
  return names;
}

const Case* RecordedFindings::example(std::string_view profile, std::string_view invariant) const {
  auto p = examples_.find(profile);
  if (p == examples_.end()) return nullptr;
  auto i = p->second.find(invariant);
  return i == p->second.end() ? nullptr : &i->second;
}

}  // namespace zfcheck
