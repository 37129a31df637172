// The known name nearest a misspelt one, for "did you mean" messages (profiles, switches, subcommands,
// options).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// The name of `known` nearest `name` when it is near enough to be a slip of the keyboard: at most a third of
// the longer name's characters inserted, deleted, replaced or swapped with a neighbour (at least one), case
// aside; the first of equally near ones. None when no name is that near.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& known);

// "unknown <what> '<name>'; did you mean '<nearest>'? (known: a, b, c)", the suggestion only when one is
// near.
std::string unknown_name_message(std::string_view what, std::string_view name,
                                 const std::vector<std::string>& known);

}  // namespace zfcheck
