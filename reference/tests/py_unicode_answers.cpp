// For py_unicode_against_python.py: per input line (a JSON string) the model's [s.upper(), s.lower(),
// repr(s)] as a JSON line, null where the model refuses one.
#include "reference/py_json.hpp"
#include "reference/py_repr.hpp"
#include "reference/py_unicode.hpp"

#include <iostream>
#include <string>

int main() {
  using namespace zfcheck::py;
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    auto value = parse_json(line);
    const Str* s = value ? value->as<Str>() : nullptr;
    if (s == nullptr) {
      std::cerr << "py_unicode_answers: not a JSON string: " << line << "\n";
      return 2;
    }
    out.clear();
    out += '[';
    const auto answers = {upper(*s), lower(*s), repr(*value)};
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
