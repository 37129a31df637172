// Tables of text cells, rendered as aligned plain text or as a GitHub markdown table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

enum class TableFormat { text, markdown };

// "text" or "markdown".
std::optional<TableFormat> parse_table_format(std::string_view name);

// Every row has as many cells as there are headers. Text: columns padded to their widest cell, two
// spaces apart, a dashed rule under the headers. Markdown: a pipe table with '|' in cells escaped.
std::string render_table(const std::vector<std::string>& headers,
                         const std::vector<std::vector<std::string>>& rows, TableFormat format);

}  // namespace zfcheck
