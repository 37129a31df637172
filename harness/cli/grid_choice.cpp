// The --grid-blocks option: part of the sweep grid, for a quicker walk (docs/cli.md).
#include "harness/cli/grid_choice.hpp"

namespace zfcheck::cli {

void add_grid_choice(CLI::App* cmd, GridChoice& choice) {
  cmd->add_option("--grid-blocks", choice.selectors,
                  "Walk only these grid blocks, or families of them (schedule, coercion, unknown-key, "
                  "precedence, non-object, whole-config, or one block such as whole-config:zero); "
                  "default: the whole grid")
      ->delimiter(',')
      ->type_name("BLOCK,...")
      ->check([](const std::string& selector) {  // a usage error at parse time, as for any other option
        auto blocks = builtin_grid_blocks({selector});
        return blocks ? std::string() : blocks.error();
      });
}

std::vector<GridBlock> chosen_grid_blocks(const GridChoice& choice) {
  return builtin_grid_blocks(choice.selectors).value();  // each selector was checked when parsed
}

std::string grid_blocks_note(const GridChoice& choice) {
  if (choice.selectors.empty()) return "";
  std::string names;
  for (const std::string& s : choice.selectors) names += (names.empty() ? "" : ", ") + s;
  return " (grid blocks: " + names + ")";
}

}  // namespace zfcheck::cli
