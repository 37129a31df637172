// Opening and reading inputs named on the command line ("-" is standard input), with one set of errors.
#include "harness/io/named_input.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace zfcheck {

namespace {

// Opens a file for reading; the reason it cannot be, naming it.
tl::expected<std::unique_ptr<std::ifstream>, std::string> open_file(const std::string& path) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) return tl::unexpected(path + ": no such file");
  if (std::filesystem::is_directory(status)) return tl::unexpected(path + ": is a directory, not a file");
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) return tl::unexpected(path + ": cannot be read: " + std::strerror(errno));
  return file;
}

std::string too_large(const std::string& name, std::size_t limit, std::uintmax_t bytes) {
  return name + ": larger than " + size_text(limit) + " (" + std::to_string(bytes) + " bytes)";
}

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "standard input" : path; }

std::string size_text(std::size_t bytes) {
  if (bytes % (std::size_t{1} << 20) == 0 && bytes > 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes % (std::size_t{1} << 10) == 0 && bytes > 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

InputFile::InputFile(const std::string& path) : name_(input_name(path)) {
  if (path == "-") {
    stream_ = &std::cin;
    return;
  }
  auto file = open_file(path);
  if (!file) {
    error_ = file.error();
    return;
  }
  owned_ = std::move(*file);
  stream_ = owned_.get();
}

tl::expected<InputText, std::string> read_input_text(const std::string& path, std::size_t max_bytes) {
  InputText out{input_name(path), {}};
  std::unique_ptr<std::ifstream> file;
  if (path != "-") {
    auto opened = open_file(path);
    if (!opened) return tl::unexpected(opened.error());
    file = std::move(*opened);
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) {
      auto bytes = std::filesystem::file_size(path, ec);
      if (!ec && bytes > max_bytes) return tl::unexpected(too_large(out.name, max_bytes, bytes));
    }
  }
  std::istream& in = file ? *file : std::cin;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    out.text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (out.text.size() > max_bytes)
      return tl::unexpected(out.name + ": larger than " + size_text(max_bytes));
  }
  if (in.bad()) return tl::unexpected(out.name + ": a read error");
  return out;
}

}  // namespace zfcheck
