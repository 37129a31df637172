// The grid's blocks plus one block per field the model does not know, over the values derived from its
// schema.
#include "harness/upstream/field_sweep.hpp"

#include <algorithm>

namespace zfcheck {

FieldSweep sweep_new_fields(std::vector<GridBlock> blocks,
                            const std::vector<const UpstreamEngine*>& engines) {
  std::vector<SweptField> swept;
  for (const UpstreamEngine* engine : engines) {
    for (RevisionField& field : unknown_fields(engine->fields())) {
      auto same_name = [&](const SweptField& s) { return s.field.name == field.name; };
      if (std::any_of(swept.begin(), swept.end(), same_name)) continue;
      std::vector<py::Value> values = values_to_try(field);
      GridBlock block = field_block("new-field:" + field.name, field.name, values);
      swept.push_back({std::move(field), std::move(values), block.size()});
      blocks.push_back(std::move(block));
    }
  }
  return FieldSweep{std::move(swept), SweepGrid(std::move(blocks))};
}

}  // namespace zfcheck
