// Edit distance with adjacent swaps (optimal string alignment) over lower-cased names.
#include "reference/nearest_name.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

char lower(char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; }

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // d[i][j]: the distance of a[0, i) and b[0, j); three rows suffice for the swap.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

}  // namespace

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& known) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& candidate : known) {
    std::size_t distance = edit_distance(name, candidate);
    std::size_t allowed = std::max<std::size_t>(1, std::max(name.size(), candidate.size()) / 3);
    if (distance <= allowed && (!best || distance < best_distance)) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

std::string unknown_name_message(std::string_view what, std::string_view name,
                                 const std::vector<std::string>& known) {
  std::string out = "unknown " + std::string(what) + " '" + std::string(name) + "'";
  if (auto near = nearest_name(name, known)) out += "; did you mean '" + *near + "'?";
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return out + " (known: " + list + ")";
}

}  // namespace zfcheck
