// The coverage answer's JSON shape, read and written, and the union of two answers.
#include "harness/upstream/executed_lines.hpp"

#include "harness/upstream/upstream_source.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace zfcheck {

void ExecutedLines::merge(const ExecutedLines& other) {
  if (tool.empty())
    tool = other.tool;
  else if (!other.tool.empty() && tool.find(other.tool) == std::string::npos)
    tool += " and " + other.tool;
  for (const auto& [file, lines] : other.executable) executable[file].insert(lines.begin(), lines.end());
  for (const auto& [file, lines] : other.executed) executed[file].insert(lines.begin(), lines.end());
}

std::string ExecutedLines::to_json() const {
  nlohmann::json files = nlohmann::json::object();
  for (const auto& [file, lines] : executable) {
    auto ran = executed.find(file);
    files[file] = {{"executable", lines},
                   {"executed", ran == executed.end() ? std::set<int>{} : ran->second}};
  }
  return nlohmann::json{{"coverage", {{"tool", tool}, {"files", files}}}}.dump();
}

tl::expected<ExecutedLines, std::string> ExecutedLines::from_json(std::string_view line) {
  try {
    nlohmann::json answer = nlohmann::json::parse(line);
    const nlohmann::json& coverage = answer.at("coverage");
    ExecutedLines out;
    out.tool = coverage.at("tool").get<std::string>();
    for (const auto& [file, lines] : coverage.at("files").items()) {
      out.executable[file] = lines.at("executable").get<std::set<int>>();
      out.executed[file] = lines.at("executed").get<std::set<int>>();
    }
    return out;
  } catch (const nlohmann::json::exception& e) {
    return tl::unexpected("not the runner's coverage answer (" + std::string(e.what()) +
                          "): " + std::string(line.substr(0, 300)));
  }
}

const std::string& coverage_request_line() {
  static const std::string line = [] {
    for (const EmbeddedFile& file : upstream_runner_files()) {
      if (file.name != "zf_coverage.py") continue;
      constexpr std::string_view kDefinition = "\nREQUEST = '";
      std::string_view text = file.text;
      std::size_t at = text.find(kDefinition);
      if (at == std::string_view::npos) break;
      at += kDefinition.size();
      return std::string(text.substr(at, text.find('\'', at) - at));
    }
    throw std::logic_error("zf_coverage.py, as built in, defines no REQUEST = '...' line");
  }();
  return line;
}

}  // namespace zfcheck
