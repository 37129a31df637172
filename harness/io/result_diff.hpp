// The one comparison of two results: field-by-field differences of two eval-format records, over a
// selection of fields that each caller states as data.
#pragma once

#include "reference/py_value.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// How one field of the records is compared.
enum class FieldView {
  whole,     // the value as it is; the difference is named by the key
  each_key,  // two objects key by key ("config.select_interval"); anything else as a whole
};

struct SelectedField {
  std::string_view key;
  FieldView view = FieldView::whole;
};

// One field on which the two records differ, with both values (a missing key reads as null).
struct FieldDifference {
  std::string field;
  py::Value left;
  py::Value right;
};

// The differences of `left` and `right` on `fields`, in the selection's order (each_key: left's keys in
// its order, then right's extra keys); empty when they agree there.
std::vector<FieldDifference> field_differences(const py::Value& left, const py::Value& right,
                                               std::span<const SelectedField> fields);

// Every key of an eval-format result but its id and profile, each as a whole: what "the same result"
// means when one case is evaluated twice.
inline constexpr SelectedField kResultFields[] = {
    {"outcome"},   {"error"},           {"config"},   {"resolved"},   {"engine"},
    {"deepspeed"}, {"zenflow_enabled"}, {"warnings"}, {"selections"}, {"selection_count"},
};

}  // namespace zfcheck
