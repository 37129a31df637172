// The Python objects that json.loads produces, which is what upstream's config code receives.
#pragma once

#include "reference/py_int.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace zfcheck::py {

// A str. Python strings may hold lone surrogates (json.loads keeps "\ud800" as is); they are stored as
// WTF-8 and flagged, because pydantic cannot turn such a string into Rust text.
struct Str {
  std::string text;
  bool lone_surrogate = false;

  bool operator==(std::string_view other) const { return !lone_surrogate && text == other; }
  bool operator==(const Str&) const = default;
};

struct Value;
using List = std::vector<Value>;

// A dict in insertion order with unique keys, as json.loads builds it (a repeated key keeps its first
// position and takes its last value).
class Dict {
 public:
  using Entry = std::pair<Str, Value>;

  Dict() = default;
  Dict(const Dict& other);
  Dict(Dict&&) noexcept = default;
  Dict& operator=(const Dict& other);
  Dict& operator=(Dict&&) noexcept = default;

  void set(Str key, Value value);
  void reserve(std::size_t entries);
  const Value* find(std::string_view key) const;
  Value* find_mutable(std::string_view key);
  const std::vector<Entry>& entries() const { return entries_; }
  std::size_t size() const;
  bool operator==(const Dict& other) const;

 private:
  std::ptrdiff_t position(const Str& key) const;

  std::vector<Entry> entries_;
  // Built once a dict grows past a handful of keys, so that a hostile object with many keys stays linear.
  std::unique_ptr<std::unordered_map<std::string, std::size_t>> index_;
};

struct None {
  bool operator==(const None&) const = default;
};

enum class Kind { none, boolean, integer, floating, string, list, dict };

struct Value {
  std::variant<None, bool, Int, double, Str, List, Dict> data;

  Value() = default;
  Value(None) {}
  Value(bool b) : data(b) {}
  Value(Int i) : data(std::move(i)) {}
  Value(int i) : data(Int(i)) {}
  Value(long i) : data(Int(i)) {}
  Value(long long i) : data(Int(i)) {}
  Value(double d) : data(d) {}
  Value(Str s) : data(std::move(s)) {}
  Value(const char* s) : data(Str{s}) {}
  Value(std::string s) : data(Str{std::move(s)}) {}
  Value(List l) : data(std::move(l)) {}
  Value(Dict d) : data(std::move(d)) {}

  Kind kind() const { return static_cast<Kind>(data.index()); }
  template <class T>
  const T* as() const {
    return std::get_if<T>(&data);
  }
  template <class T>
  T* as() {
    return std::get_if<T>(&data);
  }

  // Python's `value == "auto"`.
  bool is_auto() const;
  // Python's bool(value).
  bool truthy() const;

  // Equality as the harness compares values; NaN is equal to NaN here so that results compare by content.
  bool operator==(const Value& other) const;
};

// Python type name, as pydantic and error messages use it.
std::string_view type_name(const Value& value);

}  // namespace zfcheck::py
