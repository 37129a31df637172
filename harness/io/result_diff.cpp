// Field-by-field differences of two records: whole values, objects key by key, list lengths.
#include "harness/io/result_diff.hpp"

namespace zfcheck {

namespace {

const py::Value kNull{py::None{}};

const py::Value& member(const py::Value& record, std::string_view key) {
  const py::Dict* d = record.as<py::Dict>();
  const py::Value* v = d ? d->find(key) : nullptr;
  return v ? *v : kNull;
}

void compare(std::string field, const py::Value& left, const py::Value& right,
             std::vector<FieldDifference>& out) {
  if (!(left == right)) out.push_back({std::move(field), left, right});
}

// Two objects key by key, so that one difference names one key.
void compare_each_key(std::string_view prefix, const py::Value& left, const py::Value& right,
                      std::vector<FieldDifference>& out) {
  const py::Dict* l = left.as<py::Dict>();
  const py::Dict* r = right.as<py::Dict>();
  if (l == nullptr || r == nullptr) {
    compare(std::string(prefix), left, right, out);
    return;
  }
  std::vector<std::string_view> keys;
  for (const auto& [key, value] : l->entries()) keys.push_back(key.text);
  for (const auto& [key, value] : r->entries()) {
    if (l->find(key.text) == nullptr) keys.push_back(key.text);
  }
  for (std::string_view key : keys) {
    compare(std::string(prefix) + "." + std::string(key), member(left, key), member(right, key), out);
  }
}

}  // namespace

std::vector<FieldDifference> field_differences(const py::Value& left, const py::Value& right,
                                               std::span<const SelectedField> fields) {
  std::vector<FieldDifference> out;
  for (const SelectedField& f : fields) {
    const py::Value& l = member(left, f.key);
    const py::Value& r = member(right, f.key);
    switch (f.view) {
      case FieldView::whole:
        compare(std::string(f.key), l, r, out);
        break;
      case FieldView::each_key:
        compare_each_key(f.key, l, r, out);
        break;
    }
  }
  return out;
}

}  // namespace zfcheck
