// The switch table of docs/zenflow.md against reference/profile: names, origins and each profile's column.
#include "docs/tests/markdown_table.hpp"
#include "reference/profile.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using Rows = std::vector<std::vector<std::string>>;

// One row per switch, in kSwitches order: name, meaning (not compared: the doc explains it in its own
// words), origin, then on/off under each built-in profile in builtin_profiles() order.
Rows switch_rows() {
  Rows rows;
  for (const zfcheck::SwitchInfo& sw : zfcheck::kSwitches) {
    std::vector<std::string> row{std::string(sw.name), "", std::string(sw.origin)};
    for (const zfcheck::Profile& p : zfcheck::builtin_profiles()) {
      row.push_back(p.switches.*(sw.member) ? "on" : "off");
    }
    rows.push_back(row);
  }
  return rows;
}

// Empty when the documented rows say what the code says (meanings aside); else each row to write.
std::string mismatch(Rows documented, const Rows& code) {
  for (auto& row : documented) {
    if (row.size() > 1) row[1] = "";
  }
  if (documented == code) return "";
  std::string text = "the switch table of docs/zenflow.md#profiles differs from reference/profile; write:\n";
  for (const auto& row : code) {
    text += "|";
    for (const std::string& cell : row) text += " " + (cell.empty() ? std::string("(meaning)") : cell) + " |";
    text += "\n";
  }
  return text;
}

TEST(ProfilesDoc, SwitchTableIsTheProfileTable) {
  EXPECT_EQ(mismatch(zfcheck::docs::code_rows(zfcheck::docs::read_doc("docs/zenflow.md"), "Profiles"),
                     switch_rows()),
            "");
}

TEST(ProfilesDoc, ComparisonSeesAFlippedSwitchAndAWrongOrigin) {
  Rows code = switch_rows();
  ASSERT_EQ(code.size(), zfcheck::kSwitches.size());
  EXPECT_EQ(mismatch(code, code), "");
  Rows flipped = code;
  flipped[0].back() = flipped[0].back() == "on" ? "off" : "on";
  EXPECT_NE(mismatch(flipped, code), "");
  Rows origin = code;
  origin[0][2] = "somewhere else";
  EXPECT_NE(mismatch(origin, code), "");
  EXPECT_NE(mismatch(Rows(code.begin() + 1, code.end()), code), "");
}

}  // namespace
