// DeepSpeed's elastic training as DeepSpeedConfig.__init__ runs it: elasticity_enabled, then
// compute_elastic_config's choice of batch values written over the config's.
#include "reference/elasticity.hpp"

#include "reference/zero_config.hpp"

namespace zfcheck {

tl::expected<std::optional<py::Dict>, Error> elastic_config(const py::Dict& config,
                                                            const py::Number& world_size,
                                                            std::vector<std::string>& warnings) {
  (void)world_size;
  (void)warnings;
  const py::Value* block = config.find("elasticity");
  if (block == nullptr) return std::nullopt;
  const py::Dict* dict = block->as<py::Dict>();
  if (dict == nullptr) {
    return tl::unexpected(raised(
        "AttributeError", "'" + std::string(py::type_name(*block)) + "' object has no attribute 'get'"));
  }
  const py::Value* enabled = dict->find("enabled");
  if (enabled == nullptr || !enabled->truthy()) return std::nullopt;
  return tl::unexpected(unmodelled("elasticity.enabled true (elastic training) is not modelled"));
}

}  // namespace zfcheck
