// The --selection-key line read with nlohmann::json; lines moved between a file's numbers and its functions'.
#include "harness/upstream/selection_key.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace zfcheck {

tl::expected<SelectionKey, std::string> SelectionKey::from_json(std::string_view line) {
  try {
    const nlohmann::json answer = nlohmann::json::parse(line);
    SelectionKey out;
    out.key_ = answer.at("key").get<std::string>();
    for (const nlohmann::json& f : answer.at("functions")) {
      Function function{f.at(0).get<std::string>(), f.at(1).get<std::string>(), f.at(2).get<int>(),
                        f.at(3).get<int>(), f.at(4).get<int>()};
      if (!(function.first <= function.def && function.def <= function.last))
        return tl::unexpected("the selection key's function " + function.relative_name() +
                              " has its lines out of order: " + f.dump());
      out.functions_.push_back(std::move(function));
    }
    return out;
  } catch (const nlohmann::json::exception& e) {
    return tl::unexpected("not the top-k runner's selection key (" + std::string(e.what()) +
                          "): " + std::string(line.substr(0, 300)));
  }
}

tl::expected<ExecutedLines, std::string> SelectionKey::relative(const ExecutedLines& lines) const {
  ExecutedLines out;
  out.tool = lines.tool;
  auto to_functions = [&](const std::map<std::string, std::set<int>>& from,
                          std::map<std::string, std::set<int>>& to) -> std::string {
    for (const auto& [file, numbers] : from) {
      for (int n : numbers) {
        auto in = std::find_if(functions_.begin(), functions_.end(), [&](const Function& f) {
          return f.file == file && f.first <= n && n <= f.last;
        });
        if (in == functions_.end())
          return "line " + std::to_string(n) + " of " + file +
                 " is in none of the functions the top-k runner runs";
        to[in->relative_name()].insert(n - in->def);
      }
    }
    return "";
  };
  for (auto [from, to] :
       {std::pair{&lines.executable, &out.executable}, std::pair{&lines.executed, &out.executed}}) {
    if (std::string error = to_functions(*from, *to); !error.empty()) return tl::unexpected(error);
  }
  return out;
}

ExecutedLines SelectionKey::placed(const ExecutedLines& relative) const {
  ExecutedLines out;
  out.tool = relative.tool;
  for (auto [from, to] :
       {std::pair{&relative.executable, &out.executable}, std::pair{&relative.executed, &out.executed}}) {
    for (const Function& f : functions_) {
      auto numbers = from->find(f.relative_name());
      if (numbers == from->end()) continue;
      for (int n : numbers->second) (*to)[f.file].insert(n + f.def);
    }
  }
  return out;
}

}  // namespace zfcheck
