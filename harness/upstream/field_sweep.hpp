// The sweep of the fields upstream's revisions have and the model does not know: the values tried on each
// (revision_fields.hpp), as blocks added after the built-in grid's.
#pragma once

#include "harness/checks/sweep_grid.hpp"
#include "harness/upstream/revision_fields.hpp"
#include "harness/upstream/upstream_engine.hpp"

#include <cstdint>
#include <vector>

namespace zfcheck {

struct SweptField {
  RevisionField field;
  std::vector<py::Value> values;  // values_to_try(field)
  std::uint64_t cases = 0;        // the cases of its block
};

struct FieldSweep {
  std::vector<SweptField>
      fields;      // each engine's unknown fields in its order, the first engine's first, once each
  SweepGrid grid;  // the blocks given, then a block "new-field:NAME" per field
};

// `blocks` (the built-in grid's, or some of them) and a block per unknown field. Throws EngineFailure when a
// revision's fields cannot be read (UpstreamEngine::fields).
FieldSweep sweep_new_fields(std::vector<GridBlock> blocks, const std::vector<const UpstreamEngine*>& engines);

}  // namespace zfcheck
