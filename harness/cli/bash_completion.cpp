// The command tree as bash associative arrays, and one function that walks the words typed through them.
#include "harness/cli/bash_completion.hpp"

#include "harness/cli/engine_choice.hpp"
#include "harness/io/shell_quote.hpp"
#include "reference/profile.hpp"

namespace zfcheck::cli {

namespace {

// The values an option takes, when they are few: its help's {a,b,c}, or the profiles.
std::string choices_of(const CLI::Option* opt) {
  std::string type = opt->get_type_name();
  if (type.starts_with(kProfileType) || type.starts_with(kEngineType)) {
    std::string out;
    for (const Profile& p : builtin_profiles()) out += (out.empty() ? "" : " ") + p.name;
    return out;
  }
  std::size_t open = type.find(":{");
  std::size_t close = type.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return "";
  std::string out = type.substr(open + 2, close - open - 2);
  for (char& ch : out) ch = ch == ',' ? ' ' : ch;
  return out;
}

// Walks the words typed through the tables: the command path, then what the word under the cursor can be.
constexpr std::string_view kCompletionFunction = R"(
_zfcheck() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev="" path=. word i skip=0
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # --option=value: bash splits at '=', so the option is the word before the '='.
  if [[ $cur == = ]]; then
    cur=""
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi
  # The command path: the words that name subcommands, skipping options and the values they take.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if ((skip)); then
      [[ $word == = ]] || skip=0
      continue
    fi
    if [[ $word == -* ]]; then
      [[ " ${_zfcheck_valued[$path]} " == *" $word "* ]] && skip=1
    elif [[ " ${_zfcheck_commands[$path]} " == *" $word "* ]]; then
      [[ $path == . ]] && path=$word || path="$path $word"
    fi
  done
  local key=$path
  [[ $key == . ]] && key=""
  if [[ $prev == -* && " ${_zfcheck_valued[$path]} " == *" $prev "* ]]; then
    if [[ -n ${_zfcheck_choices["$key $prev"]-} ]]; then
      mapfile -t COMPREPLY < <(compgen -W "${_zfcheck_choices["$key $prev"]}" -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
  elif [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_zfcheck_options[$path]}" -- "$cur")
  elif [[ -n ${_zfcheck_commands[$path]} ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_zfcheck_commands[$path]}" -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
}
complete -o filenames -F _zfcheck zfcheck
)";

struct Tables {
  std::string commands, options, valued, choices;
};

void add_command(const CLI::App* app, const std::string& path, Tables& t) {
  std::string subs, options, valued;
  for (const CLI::App* sub :
       app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
    subs += (subs.empty() ? "" : " ") + sub->get_name();
    add_command(sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), t);
  }
  for (const CLI::Option* opt :
       app->get_options([](const CLI::Option* o) { return o->nonpositional() && !o->get_group().empty(); })) {
    std::vector<std::string> names;
    for (const std::string& n : opt->get_lnames()) names.push_back("--" + n);
    for (const std::string& n : opt->get_snames()) names.push_back("-" + n);
    const bool takes_value = opt->get_type_size_max() > 0;
    const std::string choices = takes_value ? choices_of(opt) : "";
    for (const std::string& n : names) {
      options += (options.empty() ? "" : " ") + n;
      if (takes_value) valued += (valued.empty() ? "" : " ") + n;
      if (!choices.empty())
        t.choices += "  [" + shell_quote(path + " " + n) + "]=" + shell_quote(choices) + "\n";
    }
  }
  const std::string key = "  [" + shell_quote(path.empty() ? "." : path) + "]=";
  t.commands += key + shell_quote(subs) + "\n";
  t.options += key + shell_quote(options) + "\n";
  t.valued += key + shell_quote(valued) + "\n";
}

// A bash associative array of the command tree's entries.
std::string declared(std::string_view name, const std::string& entries) {
  return "declare -gA " + std::string(name) + "=(\n" + entries + ")\n";
}

}  // namespace

std::string bash_completion_script(const CLI::App& app) {
  Tables t;
  add_command(&app, "", t);
  return "# bash completion for zfcheck, written by `zfcheck completion bash`; do not edit.\n"
         "# Keys: the command path typed (\".\" for zfcheck itself); \"PATH OPTION\" for its choices.\n" +
         declared("_zfcheck_commands", t.commands) + declared("_zfcheck_options", t.options) +
         declared("_zfcheck_valued", t.valued) + declared("_zfcheck_choices", t.choices) +
         std::string(kCompletionFunction);
}

}  // namespace zfcheck::cli
