// Reading the findings files: the I/O edge of the finding checks.
#include "harness/corpus/recorded_findings.hpp"

#include "harness/io/case_io.hpp"
#include "reference/profile.hpp"
#include "reference/py_json.hpp"

#include <fstream>
#include <sstream>

namespace zfcheck {

namespace {

using Findings = std::map<std::string, RecordedFindings::Recorded, std::less<>>;

// The recorded causes of one finding ("causes" is optional: files recorded before causes have none).
tl::expected<std::vector<RecordedCause>, std::string> parse_causes(const std::string& file,
                                                                   const py::Dict& finding) {
  std::vector<RecordedCause> out;
  const py::Value* causes = finding.find("causes");
  if (causes == nullptr) return out;
  if (causes->as<py::List>() == nullptr)
    return tl::unexpected(file + ": causes is not a list: " + py::to_json(*causes));
  for (const py::Value& c : *causes->as<py::List>()) {
    const py::Dict* d = c.as<py::Dict>();
    const py::Value* text = d ? d->find("cause") : nullptr;
    const py::Value* example = d ? d->find("example") : nullptr;
    if (text == nullptr || text->as<py::Str>() == nullptr || example == nullptr) {
      return tl::unexpected(file + ": a cause without text or example: " + py::to_json(c));
    }
    auto parsed = case_from_value(*example);
    if (!parsed)
      return tl::unexpected(file + ": the example of cause " + text->as<py::Str>()->text + ": " +
                            parsed.error().reason);
    out.push_back(RecordedCause{text->as<py::Str>()->text, std::move(*parsed)});
  }
  return out;
}

tl::expected<Findings, std::string> parse_file(std::string_view path, std::string_view text) {
  std::string file(path);
  auto doc = py::parse_json(text);
  if (!doc) return tl::unexpected(file + ": not JSON: " + doc.error().reason);
  const py::Dict* top = doc->as<py::Dict>();
  const py::Value* findings = top ? top->find("findings") : nullptr;
  if (findings == nullptr || findings->as<py::List>() == nullptr)
    return tl::unexpected(file + ": no findings list");
  Findings out;
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
    auto causes = parse_causes(file, *d);
    if (!causes) return tl::unexpected(causes.error());
    out.emplace(name->as<py::Str>()->text, RecordedFindings::Recorded{std::move(*c), std::move(*causes)});
  }
  return out;
}

}  // namespace

tl::expected<RecordedFindings, std::string> RecordedFindings::parse(std::span<const EmbeddedFile> files) {
  RecordedFindings out;
  for (const EmbeddedFile& file : files) {
    auto findings = parse_file(file.name, file.text);
    if (!findings) return tl::unexpected(findings.error());
    std::string_view profile = file.name.substr(file.name.rfind('/') + 1);
    profile.remove_suffix(std::string_view(".json").size());
    out.findings_.emplace(std::string(profile), std::move(*findings));
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
  if (auto p = findings_.find(profile); p != findings_.end()) {
    for (const auto& [name, recorded] : p->second) names.push_back(name);
  }
  return names;
}

const RecordedFindings::Recorded* RecordedFindings::find(std::string_view profile,
                                                         std::string_view invariant) const {
  auto p = findings_.find(profile);
  if (p == findings_.end()) return nullptr;
  auto i = p->second.find(invariant);
  return i == p->second.end() ? nullptr : &i->second;
}

const Case* RecordedFindings::example(std::string_view profile, std::string_view invariant) const {
  const Recorded* r = find(profile, invariant);
  return r ? &r->example : nullptr;
}

std::vector<RecordedCause> RecordedFindings::causes(std::string_view profile,
                                                    std::string_view invariant) const {
  const Recorded* r = find(profile, invariant);
  return r ? r->causes : std::vector<RecordedCause>{};
}

}  // namespace zfcheck
