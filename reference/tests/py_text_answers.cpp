// For py_text_against_python.py: per input line (a JSON string) the model's [s.upper(), s.lower(),
// repr(s), int(s), float(s), s % 8] as a JSON line: null where the model refuses one, "ValueError" where
// Python refuses the number, an int as its decimal text, a float as its repr, "ok" where s % 8 formats,
// else "<type>: <message>".
#include "reference/py_json.hpp"
#include "reference/py_percent_format.hpp"
#include "reference/py_repr.hpp"
#include "reference/py_text_number.hpp"
#include "reference/py_unicode.hpp"

#include <iostream>
#include <string>
#include <variant>

std::optional<std::string> percent(const zfcheck::py::Str& s) {
  auto result = zfcheck::py::format_one_int(s);
  if (std::holds_alternative<zfcheck::py::FormatNotModelled>(result)) return std::nullopt;
  if (std::holds_alternative<zfcheck::py::Formatted>(result)) return "ok";
  const zfcheck::Error& e = std::get<zfcheck::Error>(result);
  return e.type + ": " + e.message;
}

int main() {
  using namespace zfcheck::py;
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    auto value = parse_json(line);
    const Str* s = value ? value->as<Str>() : nullptr;
    if (s == nullptr) {
      std::cerr << "py_text_answers: not a JSON string: " << line << "\n";
      return 2;
    }
    out.clear();
    out += '[';
    const auto number = [](const auto& read, auto shown) -> std::optional<std::string> {
      if (std::holds_alternative<TextNotModelled>(read)) return std::nullopt;
      if (std::holds_alternative<TextRefused>(read)) return "ValueError";
      return shown(std::get<0>(read));
    };
    const auto answers = {upper(*s),
                          lower(*s),
                          repr(*value),
                          number(int_of_text(*s), [](const Int& i) { return to_decimal(i); }),
                          number(float_of_text(*s), [](double d) { return float_repr(d); }),
                          percent(*s)};
    for (const auto& answer : answers) {
      if (out.size() > 1) out += ", ";
      if (answer) {
        write_json_string(out, *answer);
      } else {
        out += "null";
      }
    }
    std::cout << out << "]\n";
  }
  return 0;
}
