// Seeds to and from their JSON files, with the format checked field by field on the way in.
#include "harness/corpus/reviewed_case.hpp"

#include "harness/io/case_io.hpp"
#include "reference/py_json.hpp"

namespace zfcheck {

namespace {

bool is_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  return true;
}

Shaped<ReviewedCaseSource> source_from_value(const py::Value& value) {
  auto shape = ObjectShape::of(value, "source", {"thread", "reporter", "date", "quote"});
  if (!shape) return tl::unexpected(shape.error());
  ReviewedCaseSource s;
  auto thread = shape->text("thread");
  if (!thread) return tl::unexpected(thread.error());
  s.thread = std::move(*thread);
  auto reporter = shape->text_or_null("reporter");
  if (!reporter) return tl::unexpected(reporter.error());
  s.reporter = std::move(*reporter);
  auto date = shape->text_or_null("date");
  if (!date) return tl::unexpected(date.error());
  if (*date && !is_date(**date))
    return tl::unexpected(ShapeError{"source.date", "must be YYYY-MM-DD or null"});
  s.date = std::move(*date);
  auto quote = shape->text("quote");
  if (!quote) return tl::unexpected(quote.error());
  s.quote = std::move(*quote);
  return s;
}

Shaped<std::vector<ProfileExpectation>> expectations_from_value(const py::Value& value) {
  const py::Dict* d = value.as<py::Dict>();
  if (d == nullptr || d->size() == 0)
    return tl::unexpected(ShapeError{"expect", "must be a JSON object with at least one profile"});
  std::vector<ProfileExpectation> out;
  for (const auto& [spec, expected] : d->entries()) {
    std::string path = field_path("expect", spec.text);
    auto profile = find_profile(spec.text);
    if (!profile) return tl::unexpected(ShapeError{path, profile.error()});
    auto e = expectation_from_value(expected, path);
    if (!e) return tl::unexpected(e.error());
    out.push_back({std::move(*profile), std::move(*e)});
  }
  return out;
}

py::Value source_to_value(const ReviewedCaseSource& s) {
  auto or_null = [](const std::optional<std::string>& v) {
    return v ? py::Value(*v) : py::Value(py::None{});
  };
  py::Dict d;
  d.set(py::Str{"thread"}, s.thread);
  d.set(py::Str{"reporter"}, or_null(s.reporter));
  d.set(py::Str{"date"}, or_null(s.date));
  d.set(py::Str{"quote"}, s.quote);
  return d;
}

// `"key": ` at the given indent, after the separator of the previous member.
std::string& member(std::string& out, bool& first, std::string_view indent, std::string_view key) {
  out += first ? "\n" : ",\n";
  first = false;
  out += indent;
  py::write_json_string(out, key);
  out += ": ";
  return out;
}

}  // namespace

Shaped<ReviewedCase> seed_from_value(const py::Value& value) {
  auto shape = ObjectShape::of(value, "", {"title", "source", "case", "expect"}, {"note"});
  if (!shape) return tl::unexpected(shape.error());
  ReviewedCase seed;
  auto title = shape->text("title");
  if (!title) return tl::unexpected(title.error());
  seed.title = std::move(*title);
  auto source = source_from_value(*shape->dict().find("source"));
  if (!source) return tl::unexpected(source.error());
  seed.source = std::move(*source);
  auto note = shape->text_or_null("note");
  if (!note) return tl::unexpected(note.error());
  seed.note = std::move(*note);
  auto c = case_from_value(*shape->dict().find("case"));
  if (!c) {
    const auto& field = c.error().field;
    return tl::unexpected(ShapeError{field ? field_path("case", *field) : "case", c.error().reason});
  }
  seed.c = std::move(*c);
  auto expect = expectations_from_value(*shape->dict().find("expect"));
  if (!expect) return tl::unexpected(expect.error());
  seed.expect = std::move(*expect);
  return seed;
}

ReviewedCase seed_with_expectations(std::string title, ReviewedCaseSource source, std::optional<std::string> note, Case c,
                            const std::vector<Profile>& profiles) {
  ReviewedCase seed{std::move(title), std::move(source), std::move(note), std::move(c), {}};
  for (const Profile& p : profiles) seed.expect.push_back({p, expectation_of(seed.c, evaluate(seed.c, p))});
  return seed;
}

std::string seed_to_json(const ReviewedCase& seed) {
  std::string out = "{";
  bool first = true;
  py::write_json_string(member(out, first, "  ", "title"), seed.title);
  member(out, first, "  ", "source") += '{';
  bool first_source = true;
  const py::Value source = source_to_value(seed.source);
  for (const auto& [key, value] : source.as<py::Dict>()->entries())
    py::write_json(member(out, first_source, "    ", key.text), value);
  out += "\n  }";
  if (seed.note) py::write_json_string(member(out, first, "  ", "note"), *seed.note);
  py::write_json(member(out, first, "  ", "case"), case_to_value(seed.c, true));
  member(out, first, "  ", "expect") += '{';
  bool first_profile = true;
  for (const ProfileExpectation& pe : seed.expect)
    py::write_json(member(out, first_profile, "    ", pe.profile.name), expectation_to_value(pe.expect));
  out += "\n  }\n}\n";
  return out;
}

}  // namespace zfcheck
