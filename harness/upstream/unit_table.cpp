// The --units-table line read with nlohmann::json; a trace's records ("M file fingerprint", "U file unit
// fingerprint lines") checked one by one against it.
#include "harness/upstream/unit_table.hpp"

#include "harness/io/whole_number.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace zfcheck {

const char* const kTraceTool = "zfcheck's statement marks";

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

tl::expected<UnitTable, std::string> UnitTable::from_json(std::string_view line) {
  try {
    nlohmann::json answer = nlohmann::json::parse(line);
    UnitTable table;
    for (const auto& [file, fingerprint] : answer.at("modules").items())
      table.modules_[file] = fingerprint.get<std::string>();
    for (const auto& [path, entry] : answer.at("files").items()) {
      File& file = table.files_[path];
      for (const nlohmann::json& unit : entry.at("units"))
        file.units[unit.at(0).get<std::string>()] =
            Unit{unit.at(1).get<int>(), unit.at(2).get<std::string>()};
      file.executable = entry.at("executable").get<std::set<int>>();
      file.at_load = entry.at("at_load").get<std::set<int>>();
    }
    return table;
  } catch (const nlohmann::json::exception& e) {
    return tl::unexpected("not the runner's table of units (" + std::string(e.what()) +
                          "): " + std::string(line.substr(0, 300)));
  }
}

TraceAtRevision UnitTable::read(std::string_view trace) const {
  TraceAtRevision out;
  auto stale = [](Staleness why) { return TraceAtRevision{why, {}, {}}; };
  if (trace.empty()) return out;  // a line the runner refused before running anything of upstream's
  for (std::string_view record : split(trace, ';')) {
    std::vector<std::string_view> fields = split(record, ' ');
    if (fields.size() == 3 && fields[0] == "M") {
      auto module = modules_.find(fields[1]);
      if (module == modules_.end() || module->second != fields[2]) return stale(Staleness::module_level);
      out.reached.emplace_back(fields[1]);
      continue;
    }
    if (fields.size() != 5 || fields[0] != "U") return stale(Staleness::module_level);
    auto file = files_.find(fields[1]);
    if (file == files_.end()) return stale(Staleness::module_level);
    auto unit = file->second.units.find(fields[2]);
    if (unit == file->second.units.end() || unit->second.fingerprint != fields[3])
      return stale(Staleness::changed_lines);
    std::vector<int>& ran = out.ran[file->first];
    for (std::string_view offset : split(fields[4], ',')) {
      int line = 0;
      if (!parse_whole_number(offset, line)) return stale(Staleness::module_level);
      ran.push_back(unit->second.def_line + line);
    }
  }
  return out;
}

ExecutedLines UnitTable::code_lines() const {
  ExecutedLines out;
  for (const auto& [file, units] : files_) out.executable[file] = units.executable;
  return out;
}

void UnitTable::add_loading_lines(const std::string& file, ExecutedLines& out) const {
  auto it = files_.find(file);
  if (it == files_.end()) return;  // a data file (version.txt), or one the revision lacks
  out.executable[file].insert(it->second.executable.begin(), it->second.executable.end());
  out.executed[file].insert(it->second.at_load.begin(), it->second.at_load.end());
}

}  // namespace zfcheck
