// The --grid-blocks option of the commands that walk the sweep grid: the whole grid, or the blocks named.
#pragma once

#include "harness/checks/sweep_grid.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace zfcheck::cli {

struct GridChoice {
  std::vector<std::string> selectors;  // block names or families; empty: every block
};

// Adds --grid-blocks; a selector that names no block is refused when the command line is parsed.
void add_grid_choice(CLI::App* cmd, GridChoice& choice);

// The chosen blocks, in the grid's order.
std::vector<GridBlock> chosen_grid_blocks(const GridChoice& choice);

// "" for the whole grid, else " (grid blocks: SELECTORS)": what a report's case count says it covers.
std::string grid_blocks_note(const GridChoice& choice);

}  // namespace zfcheck::cli
