// Python object semantics the model needs: dict insertion order, truthiness, comparison with "auto".
#include "reference/py_value.hpp"

#include <cmath>
#include <utility>

namespace zfcheck::py {

namespace {

constexpr std::size_t kIndexFrom = 16;

// Index key: the text, and a marker byte that keeps a string with lone surrogates apart from plain text.
std::string index_key(const Str& key) { return key.text + (key.lone_surrogate ? '\1' : '\0'); }

}  // namespace

Dict::Dict(const Dict& other) : entries_(other.entries_) {}

std::size_t Dict::size() const { return entries_.size(); }

void Dict::reserve(std::size_t entries) { entries_.reserve(entries); }

Dict& Dict::operator=(const Dict& other) {
  if (this != &other) {
    entries_ = other.entries_;
    index_.reset();
  }
  return *this;
}

std::ptrdiff_t Dict::position(const Str& key) const {
  if (index_) {
    auto it = index_->find(index_key(key));
    return it == index_->end() ? -1 : static_cast<std::ptrdiff_t>(it->second);
  }
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].first == key) return static_cast<std::ptrdiff_t>(i);
  }
  return -1;
}

void Dict::set(Str key, Value value) {
  if (std::ptrdiff_t at = position(key); at >= 0) {
    entries_[static_cast<std::size_t>(at)].second = std::move(value);
    return;
  }
  if (index_) index_->emplace(index_key(key), entries_.size());
  entries_.emplace_back(std::move(key), std::move(value));
  if (!index_ && entries_.size() > kIndexFrom) {
    index_ = std::make_unique<std::unordered_map<std::string, std::size_t>>();
    for (std::size_t i = 0; i < entries_.size(); ++i) index_->emplace(index_key(entries_[i].first), i);
  }
}

const Value* Dict::find(std::string_view key) const {
  if (index_) {
    std::ptrdiff_t at = position(Str{std::string(key)});
    return at < 0 ? nullptr : &entries_[static_cast<std::size_t>(at)].second;
  }
  // The common small dict: compare in place rather than build a Str for the key.
  for (const auto& entry : entries_) {
    if (!entry.first.lone_surrogate && entry.first.text == key) return &entry.second;
  }
  return nullptr;
}

Value* Dict::find_mutable(std::string_view key) { return const_cast<Value*>(std::as_const(*this).find(key)); }

bool Dict::operator==(const Dict& other) const { return entries_ == other.entries_; }

bool Value::is_auto() const {
  const Str* s = as<Str>();
  return s != nullptr && *s == "auto";
}

bool Value::truthy() const {
  switch (kind()) {
    case Kind::none:
      return false;
    case Kind::boolean:
      return *as<bool>();
    case Kind::integer:
      return *as<Int>() != 0;
    case Kind::floating:
      return *as<double>() != 0.0;  // NaN is truthy, as in Python
    case Kind::string:
      return !as<Str>()->text.empty();
    case Kind::list:
      return !as<List>()->empty();
    case Kind::dict:
      return as<Dict>()->size() != 0;
  }
  return false;
}

bool Value::operator==(const Value& other) const {
  if (kind() != other.kind()) return false;
  if (const double* d = as<double>()) {
    const double o = *other.as<double>();
    return (std::isnan(*d) && std::isnan(o)) || (*d == o && std::signbit(*d) == std::signbit(o));
  }
  return data == other.data;
}

std::string_view type_name(const Value& value) {
  switch (value.kind()) {
    case Kind::none:
      return "NoneType";
    case Kind::boolean:
      return "bool";
    case Kind::integer:
      return "int";
    case Kind::floating:
      return "float";
    case Kind::string:
      return "str";
    case Kind::list:
      return "list";
    case Kind::dict:
      return "dict";
  }
  return "object";
}

}  // namespace zfcheck::py
