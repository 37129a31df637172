// The --grid-blocks option: part of the sweep grid, for a quicker walk (docs/cli.md).
#include "harness/cli/grid_choice.hpp"

namespace zfcheck::cli {

void add_grid_choice(CLI::App* cmd, GridChoice& choice) {
  cmd->add_option("--grid-blocks", choice.selectors,
                  "Walk only these grid blocks, or families of them (schedule, coercion, unknown-key, "
                  "precedence, non-object, whole-config, or one block such as whole-config:zero); "
                  "default: the whole grid")
      ->delimiter(',')
      ->type_name("BLOCK,...");
}

tl::expected<std::vector<GridBlock>, std::string> chosen_grid_blocks(const GridChoice& choice) {
  auto blocks = builtin_grid_blocks(choice.selectors);
  if (!blocks) return tl::unexpected("--grid-blocks: " + blocks.error());
  return blocks;
}

std::string grid_blocks_note(const GridChoice& choice) {
  if (choice.selectors.empty()) return "";
  std::string names;
  for (const std::string& s : choice.selectors) names += (names.empty() ? "" : ", ") + s;
  return " (grid blocks: " + names + ")";
}

}  // namespace zfcheck::cli
