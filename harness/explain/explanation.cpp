// The sentences, timeline, pasteable block and JSON of `zfcheck explain`.
#include "harness/explain/explanation.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/warning_meaning.hpp"
#include "harness/explain/config_settings.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"
#include "reference/schedule.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

constexpr std::size_t kTimelineWidth = 80;
constexpr std::size_t kListedSteps = 12;

std::string json(const py::Value& v) { return py::to_json(v); }
std::string json(const py::Int& v) { return py::to_decimal(v); }
std::string json(const py::Number& v) { return py::number_text(v); }
std::string json(const StrOrInt& v) {
  return std::holds_alternative<py::Int>(v) ? py::to_decimal(std::get<py::Int>(v))
                                            : json(py::Value(std::get<py::Str>(v)));
}

// "you wrote X" or "the default X", for a ZenFlowConfig field.
std::string decided_by(const Case& c, std::string_view field, const std::string& value) {
  const py::Dict* block = zenflow_block(c).as<py::Dict>();
  bool written = block != nullptr && block->find(field) != nullptr;
  return std::string(field) + " " + value + (written ? " (set in your config)" : " (not set: the default)");
}

std::string steps_list(const std::vector<std::int64_t>& steps) {
  std::string out;
  for (std::size_t i = 0; i < steps.size() && i < kListedSteps; ++i)
    out += (i ? ", " : "") + std::to_string(steps[i]);
  if (steps.size() > kListedSteps) out += ", ...";
  return out;
}

std::string plural(std::size_t n, std::string_view word) {
  return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

std::string call_sentence(const Case& c) {
  if (!c.dataloader_len) return "deepspeed.initialize() is called without training_data= (no dataloader).";
  return "deepspeed.initialize() is called with training_data= whose len() is " +
         std::to_string(*c.dataloader_len) + (*c.dataloader_len == 0 ? " (an empty dataloader)." : ".");
}

struct Writer {
  TableFormat style;
  std::string out;

  void heading(std::string_view text) {
    out += style == TableFormat::markdown ? "\n### " : "\n";
    out += text;
    out += style == TableFormat::markdown ? "\n\n" : ":\n";
  }
  void line(std::string_view text) {
    out += style == TableFormat::markdown ? "- " : "  ";
    out += text;
    out += '\n';
  }
  void block(const std::vector<std::string>& lines) {
    if (style == TableFormat::markdown) out += "\n```\n";
    for (const auto& l : lines) out += (style == TableFormat::markdown ? "" : "    ") + l + '\n';
    if (style == TableFormat::markdown) out += "```\n";
  }
};

std::string verdict(const Case& c, const Result& r) {
  std::string where = r.error && r.error->field ? " on " + *r.error->field : "";
  switch (r.outcome) {
    case Outcome::config_error:
      return std::string(c.deepspeed_config ? "DeepSpeed rejects the config"
                                            : "DeepSpeed rejects the zenflow block") +
             " at config validation, before deepspeed.initialize() builds anything: " + r.error->type +
             where + ": " + r.error->message;
    case Outcome::init_error:
      return "The config validates, but deepspeed.initialize() raises " + r.error->type +
             " while it sets ZenFlow up: " + r.error->message;
    case Outcome::step_error:
      return "deepspeed.initialize() succeeds, but the first training step raises " + r.error->type + ": " +
             r.error->message;
    case Outcome::unmodelled:
      return "zfcheck does not model this config: " + r.error->message;
    case Outcome::invalid_case:
      return "The config does not make a usable case: " + r.error->message;
    case Outcome::ok:
      break;
  }
  if (!r.zenflow_enabled) {
    return zenflow_block(c).kind() == py::Kind::none
               ? "ZenFlow is off: zero_optimization.zenflow is absent or null."
               : "ZenFlow is off: DeepSpeed drops zero_optimization.zenflow " + json(zenflow_block(c)) + ".";
  }
  return "ZenFlow is on.";
}

// DeepSpeedConfig's batch assertions (_batch_assertion, _set_batch_related_parameters): an AssertionError
// on no field whose message speaks of the batch or the gradient accumulation.
bool batch_assertion(const Result& r) {
  if (!r.whole_config || r.outcome != Outcome::config_error || !r.error || r.error->field) return false;
  if (r.error->type != "AssertionError") return false;
  const std::string& m = r.error->message;
  return m.find("batch") != std::string::npos || m.find("Gradient accumulation") != std::string::npos;
}

// Where the epoch length came from, for an epoch strategy with a non-zero interval.
std::string epoch_length_source(const Case& c, const Resolved& resolved) {
  if (c.dataloader_len && resolved.steps_per_epoch && *resolved.steps_per_epoch == *c.dataloader_len) {
    return "len() of the training_data= dataloader";
  }
  return "zenflow.steps_per_epoch";
}

void resolution(Writer& w, const Case& c, const Result& r) {
  const ZenFlowConfig& cfg = *r.config;
  const Resolved& res = *r.resolved;
  w.heading("How the intervals resolve");
  std::string strategy = "Selection strategy \"" + std::string(res.select_strategy) + "\", decided by " +
                         decided_by(c, "select_strategy", json(py::Value(cfg.select_strategy)));
  if (cfg.select_strategy == "auto")
    strategy += "; \"auto\" means the epoch strategy, one epoch between selections";
  w.line(strategy + ".");
  std::string interval = res.select_interval == 0
                             ? std::string("The select interval resolves to 0")
                             : "Columns are selected every " + json(res.select_interval) + " micro-steps";
  if (res.select_strategy == "step") {
    interval += ", decided by " + decided_by(c, "select_interval", json(cfg.select_interval));
  } else if (res.select_interval != 0) {
    interval +=
        ": " +
        (cfg.select_strategy == "auto" ? std::string("one epoch") : json(cfg.select_interval) + " epoch(s)") +
        " of " + json(*res.steps_per_epoch) + " micro-steps, the epoch length taken from the " +
        epoch_length_source(c, res);
  } else {
    interval +=
        ", which means never again after the first selection: no epoch length reached the optimizer "
        "(no training_data= with a non-empty dataloader, and no steps_per_epoch it uses)";
  }
  if (res.select_strategy == "step" && res.select_interval == 0)
    interval += "; 0 means never again after the first selection";
  if (res.select_interval < 0) interval += "; a negative interval fires every |interval| micro-steps";
  w.line(interval + ".");
  if (res.auto_update) {
    w.line("Updates are decided at run time, decided by " +
           decided_by(c, "update_interval", json(cfg.update_interval)) +
           "; the engine's gradient_accumulation_steps becomes " + json(r.engine->update_interval) + ".");
  } else {
    w.line("The engine applies the accumulated updates every " + json(res.update_interval) +
           " micro-steps, decided by " + decided_by(c, "update_interval", json(cfg.update_interval)) + ".");
  }
  w.line("Warm-up: " + decided_by(c, "full_warm_up_rounds", json(res.full_warm_up_rounds)) + ".");
  if (r.engine->select_interval != res.select_interval || r.engine->update_interval != res.update_interval) {
    w.line("The engine (update boundaries) resolves select_interval " + json(r.engine->select_interval) +
           " and update_interval " + json(r.engine->update_interval) + ", the optimizer (selections) " +
           json(res.select_interval) + " and " + json(res.update_interval) + ".");
  }
}

// Why DeepSpeedConfig's batch values are not all ints: it checks none of their types.
std::string why_not_ints(const Case& c, const BatchSizes& b) {
  std::vector<std::string> reasons;
  const py::Number* values[] = {&b.train_batch_size, &b.train_micro_batch_size_per_gpu,
                                &b.gradient_accumulation_steps};
  const auto any = [&](auto is) { return std::any_of(std::begin(values), std::end(values), is); };
  if (any([](const py::Number* n) { return std::holds_alternative<bool>(*n); }))
    reasons.push_back("a bool given is kept as it is (Python computes with True as 1)");
  if (any([](const py::Number* n) { return std::holds_alternative<double>(*n); })) {
    const py::Dict* config = c.deepspeed_config ? c.deepspeed_config->as<py::Dict>() : nullptr;
    reasons.push_back(config != nullptr && config->find("sequence_parallel_size") != nullptr
                          ? "the world size divided by sequence_parallel_size is a float, and so is what "
                            "DeepSpeed derives with it"
                          : "a float given makes what DeepSpeed derives from it a float");
  }
  std::string out = "DeepSpeed checks none of their types: ";
  for (std::size_t i = 0; i < reasons.size(); ++i) out += (i ? "; " : "") + reasons[i];
  return out + ".";
}

// What DeepSpeedConfig and set-up make of the whole config: the batch, and the ZeRO settings ZenFlow reads.
void deepspeed_view(Writer& w, const Case& c, const Result& r) {
  const DeepSpeedView& d = *r.deepspeed;
  const BatchSizes& b = d.batch;
  w.heading("What DeepSpeed makes of it");
  const py::Int* train = py::int_of(b.train_batch_size);
  const py::Int* micro = py::int_of(b.train_micro_batch_size_per_gpu);
  const py::Int* accumulation = py::int_of(b.gradient_accumulation_steps);
  if (train == nullptr || micro == nullptr || accumulation == nullptr) {
    w.line("train_batch_size " + json(b.train_batch_size) + ", train_micro_batch_size_per_gpu " +
           json(b.train_micro_batch_size_per_gpu) + ", gradient_accumulation_steps " +
           json(b.gradient_accumulation_steps) + ": " + why_not_ints(c, b));
  } else {
    py::Int world(c.world_size);
    py::Int per_step = *micro * world;
    py::Int asked = per_step == 0 ? py::Int(0) : py::Int(*train / per_step);
    w.line("train_batch_size " + json(*train) + " = train_micro_batch_size_per_gpu " + json(*micro) +
           " x gradient_accumulation_steps " + json(asked) + " x world size " + json(world) + ".");
    if (*accumulation != asked) {
      py::Int effective = per_step * *accumulation;
      w.line("ZenFlow's set-up overwrites gradient_accumulation_steps " + json(asked) + " with " +
             json(*accumulation) +
             " (engine.configure_zenflow sets it to the update interval): the "
             "effective batch becomes train_micro_batch_size_per_gpu x " +
             json(*accumulation) + " x world size = " + json(effective) + " samples per optimizer step, not the " +
             json(*train) + " the config asks for" +
             (*accumulation == 0 ? ", and every gradient is divided by 0." : "."));
    }
  }
  w.line("ZeRO stage " + std::to_string(d.stage) + "; offload_optimizer " +
         (d.offload_optimizer ? "device \"" + *d.offload_optimizer + "\"" : std::string("absent")) +
         "; overlap_comm " + (d.overlap_comm ? "true" : "false") + ".");
  if (d.offload_optimizer == "nvme" && (d.stage == 1 || d.stage == 2)) {
    w.line(
        "ZeRO stages 1 and 2 treat any offload_optimizer device but \"none\" as CPU offload "
        "(stage_1_and_2.py has no NVMe path), so ZenFlow's cpu-offload check passes and the optimizer "
        "states live in CPU memory.");
  }
}

void schedule(Writer& w, const Case& c, const Result& r) {
  const Resolved& res = *r.resolved;
  w.heading("When columns are selected (first " + std::to_string(c.micro_steps) + " micro-steps)");
  if (r.selections.empty()) {
    w.line("Never: no micro-step in this range selects columns.");
  } else {
    std::string s = plural(r.selections.size(), "selection") + ", at micro-step" +
                    (r.selections.size() == 1 ? " " : "s ") + steps_list(r.selections) + ".";
    if (res.select_interval == 0) s += " Nothing is re-selected after that, for the rest of the run.";
    w.line(s);
  }
  w.block(timeline(r, c.micro_steps, kTimelineWidth));
}

void warnings(Writer& w, const Result& r) {
  w.heading("Warnings DeepSpeed logs");
  if (r.warnings.empty()) {
    bool silent = r.outcome == Outcome::ok && r.resolved && r.resolved->select_interval == 0;
    w.line(silent ? "None: the single selection happens silently." : "None.");
    return;
  }
  // Each copy that meets a condition logs it once (engine, then optimizer): one line per text, with its
  // count.
  for (std::size_t i = 0; i < r.warnings.size(); ++i) {
    if (std::find(r.warnings.begin(), r.warnings.begin() + static_cast<std::ptrdiff_t>(i), r.warnings[i]) !=
        r.warnings.begin() + static_cast<std::ptrdiff_t>(i)) {
      continue;
    }
    auto times = std::count(r.warnings.begin(), r.warnings.end(), r.warnings[i]);
    w.line(std::string(warning_words(r.warnings[i])) +
           (times > 1 ? " (logged " + std::to_string(times) +
                            " times: the engine's and the optimizer's set-up each log it)"
                      : ""));
  }
}

// One sentence on how this result breaks the invariant.
std::string broken_sentence(std::string_view name, const Result& r) {
  auto si = [&] { return json(r.resolved->select_interval); };
  if (name == "reselects-or-warns")
    return "Columns are selected once and never re-selected, and DeepSpeed does not say so.";
  if (name == "selects-at-least-once")
    return "No micro-step ever selects columns, so the optimizer works with columns never chosen.";
  if (name == "interval-not-negative")
    return "The select interval is " + si() + ": selections fire on a schedule nobody asked for.";
  if (name == "epoch-means-epochs")
    return "Under the epoch strategy the interval is " + si() + " micro-steps, not the epochs you asked for.";
  if (name == "engine-and-optimizer-agree")
    return "The engine and the optimizer resolve different intervals, so updates and selections follow two "
           "schedules.";
  if (name == "setup-never-raises")
    return "The config validates, yet deepspeed.initialize() raises: the refusal comes late and names no "
           "field.";
  if (name == "warnings-do-not-abort")
    return "A message describing a fallback is raised as an exception and aborts deepspeed.initialize().";
  if (name == "warm-up-not-negative")
    return "full_warm_up_rounds is " + json(r.resolved->full_warm_up_rounds) +
           ", a negative count of warm-up rounds.";
  if (name == "gradient-accumulation-positive") {
    return "The engine sets gradient_accumulation_steps to " + json(r.engine->update_interval) +
           " and divides every gradient by it" +
           (r.engine->update_interval == 0 ? ": inf/NaN gradients." : ".");
  }
  if (name == "gradient-accumulation-honoured") {
    return "Set-up changes gradient_accumulation_steps to " +
           json(r.deepspeed->batch.gradient_accumulation_steps) +
           " without a warning, so the effective batch is not the one the config asks for.";
  }
  const Invariant* inv = find_invariant(name);
  return inv ? "It breaks: " + std::string(inv->statement) + "." : std::string(name);
}

std::string names_list(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + std::string(names[i]);
  return out;
}

// "Fixes a, b"; where the original config failed, first that it now runs.
std::string repairs(const Fix& fix, const Result& original) {
  const std::string runs = "DeepSpeed then accepts the config, and set-up and the first steps succeed";
  if (fix.invariants.empty()) return runs;
  const std::string fixes = "fixes " + names_list(fix.invariants);
  return original.outcome == Outcome::ok ? "F" + fixes.substr(1) : runs + "; it " + fixes;
}

std::string fixed_summary(const Fix& fix) {
  const Result& r = fix.result;
  if (r.outcome != Outcome::ok || !r.resolved) return "then: " + std::string(outcome_name(r.outcome));
  return "then: select interval " + json(r.resolved->select_interval) + ", " +
         plural(r.selections.size(), "selection") + " in " + std::to_string(fix.c.micro_steps) +
         " micro-steps, " +
         (r.warnings.empty() ? std::string("no warning") : plural(r.warnings.size(), "warning"));
}

// "Set a.b: v" or "Set a.b: v and c: w".
std::string settings_written(const std::vector<Setting>& settings) {
  std::string out = "Set ";
  for (std::size_t i = 0; i < settings.size(); ++i) {
    std::string path;
    for (const auto& key : settings[i].path) path += (path.empty() ? "" : ".") + key;
    out += (i ? " and " : "") + path + ": " + json(settings[i].value);
  }
  return out;
}

// "train_batch_size: "auto" (without it, DeepSpeed accepts the config)."
std::string cause_sentence(const ErrorCause& cause) {
  return cause.path + ": " + json(cause.value) + " (without it, DeepSpeed " +
         (cause.accepted ? "accepts the config)." : "raises another error instead).");
}

// What a fix does, in one sentence without its end: the settings, the call or the block keys it changes.
std::string fix_headline(const Fix& fix) {
  if (fix.kind == FixKind::setting) return settings_written(fix.settings);
  if (fix.kind == FixKind::call) {
    std::string s =
        "Pass training_data= to deepspeed.initialize() with a non-empty dataloader (checked with len() " +
        std::to_string(*fix.c.dataloader_len);
    if (!fix.failed_lens.empty())
      s += "; the shorter ones tried, " + steps_list(fix.failed_lens) + ", do not fix it";
    return s + ")";
  }
  std::string keys;
  for (std::size_t i = 0; i < fix.changed_keys.size(); ++i) keys += (i ? ", " : "") + fix.changed_keys[i];
  std::string change =
      "change the zenflow block (" + plural(fix.changed_keys.size(), "key") + ": " + keys + ")";
  if (fix.settings.empty()) {
    change[0] = 'C';
    return change;
  }
  return settings_written(fix.settings) + ", then " + change;
}

void fixes(Writer& w, const Explanation& e) {
  w.heading("Smallest fixes (each checked by evaluating the fixed config)");
  if (e.fixes.empty()) {
    w.line("None found within " + std::to_string(FixCandidates{}.max_keys) + " changed zenflow keys.");
    return;
  }
  for (const Fix& fix : e.fixes) {
    if (fix.kind != FixKind::block) {
      w.line(fix_headline(fix) + ". " + repairs(fix, e.result) + "; " + fixed_summary(fix) + ".");
      continue;
    }
    w.line(fix_headline(fix) + ". " + repairs(fix, e.result) + "; " + fixed_summary(fix) + ". Paste:");
    std::string pasted = pasteable_block(zenflow_block(fix.c), "");
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < pasted.size();) {
      std::size_t end = pasted.find('\n', at);
      lines.push_back(pasted.substr(at, end - at));
      at = end == std::string::npos ? pasted.size() : end + 1;
    }
    w.block(lines);
  }
}

}  // namespace

Explanation explain(const Case& c, const Engine& engine, const FixCandidates& candidates) {
  Explanation e{engine.name(), engine.summary(), c, evaluate_one(engine, c), {}, {}, {}};
  e.violations = violations(c, e.result);
  e.fixes = find_fixes(c, e.result, engine, candidates);
  e.cause = error_cause(c, e.result, engine);
  return e;
}

int explanation_status(const Explanation& e) {
  switch (e.result.outcome) {
    case Outcome::ok:
      return e.violations.empty() ? 0 : 1;
    case Outcome::unmodelled:
    case Outcome::invalid_case:
      return 2;
    default:
      return 1;
  }
}

namespace {

std::string header(std::string_view source, TableFormat style) {
  return (style == TableFormat::markdown ? "## " : "") + std::string("zfcheck explain ") +
         std::string(source) + "\n";
}

void read_lines(Writer& w, const ReadConfig& read) {
  w.heading("Read from the config");
  for (const auto& sentence : read.read) w.line(sentence);
}

}  // namespace

std::string render_reading(std::string_view source, const ReadConfig& read, const Case& c,
                           const std::vector<KeyNote>& notes, TableFormat style) {
  Writer w{style, header(source, style)};
  read_lines(w, read);
  for (const KeyNote& note : notes) w.line(note.sentence);
  w.line(
      "Judged: the batch sizes (elastic training's too), fp16/bf16, the optimizer, zero_optimization with "
      "its zenflow block, and the other features' blocks.");
  w.line("World size " + std::to_string(c.world_size) +
         (c.world_size == 1 ? " (--world-size N for more)." : "."));
  w.line(call_sentence(c) + (c.dataloader_len ? "" : " Use --dataloader-len N if you pass one."));
  return w.out;
}

std::string render_rejection(std::string_view source, const ReadConfig& read, TableFormat style,
                             const TerminalStyle& colour) {
  const std::string first = read.rejected->substr(0, read.rejected->find('\n'));
  const std::string refused = "DeepSpeed refuses the file while reading it, before anything else: " + first;
  Writer w{style, (style == TableFormat::markdown ? "- " : "") + std::string("Verdict: ") +
                      colour.paint(refused, Tone::bad) + "\n\n" + header(source, style)};
  read_lines(w, read);
  w.heading("Verdict");
  w.line(colour.paint(refused, Tone::bad));
  std::vector<std::string> excerpt;
  for (std::size_t at = first.size() + 1; at < read.rejected->size();) {
    std::size_t end = read.rejected->find('\n', at);
    excerpt.push_back(read.rejected->substr(at, end - at));
    at = end == std::string::npos ? read.rejected->size() : end + 1;
  }
  w.block(excerpt);
  return w.out;
}

std::string rejection_json(std::string_view rejected) {
  std::string out;
  py::ObjectWriter o(out);
  py::write_json_string(o.key("rejected"), rejected.substr(0, rejected.find('\n')));
  o.close();
  return out;
}

std::string render_summary(const Explanation& e, TableFormat style, const TerminalStyle& colour) {
  const std::string bullet = style == TableFormat::markdown ? "- " : "";
  const int status = explanation_status(e);
  std::string out = bullet + "Verdict (" + e.engine +
                    "): " + colour.paint(verdict(e.c, e.result), status == 0 ? Tone::good : Tone::bad) + "\n";
  if (e.cause) out += bullet + "Cause: " + cause_sentence(*e.cause) + "\n";
  if (!e.violations.empty()) out += bullet + "Breaks: " + names_list(e.violations) + ".\n";
  if (status != 1) return out;
  if (batch_assertion(e.result)) {
    return out + bullet +
           "First fix: give your run's batch sizes in the file or with --set KEY=N (train_batch_size = "
           "train_micro_batch_size_per_gpu x gradient_accumulation_steps x world size).\n";
  }
  if (e.fixes.empty()) {
    return out + bullet + "First fix: none found within " + std::to_string(FixCandidates{}.max_keys) +
           " changed zenflow keys.\n";
  }
  const Fix& first = e.fixes.front();
  return out + bullet + "First fix: " + fix_headline(first) +
         (first.kind == FixKind::block ? " (the block to paste is below).\n" : ".\n");
}

std::string render_explanation(const Explanation& e, TableFormat style, const TerminalStyle& colour) {
  Writer w{style, {}};
  w.out += style == TableFormat::markdown ? "\n## Under " : "\nUnder ";
  w.out += e.engine + " (" + e.engine_summary + ")\n";
  w.heading("Verdict");
  w.line(colour.paint(verdict(e.c, e.result), explanation_status(e) == 0 ? Tone::good : Tone::bad));
  if (e.cause) w.line("The error comes from " + cause_sentence(*e.cause));
  if (batch_assertion(e.result)) {
    w.line(
        "DeepSpeedConfig checks the batch sizes before ZenFlow is set up: train_batch_size = "
        "train_micro_batch_size_per_gpu x gradient_accumulation_steps x world size (" +
        std::to_string(e.c.world_size) +
        " here; --world-size N). Give your run's values in the file or with --set KEY=N.");
  }
  if (e.result.deepspeed) deepspeed_view(w, e.c, e.result);
  if (e.result.outcome == Outcome::ok && e.result.zenflow_enabled) {
    resolution(w, e.c, e.result);
    schedule(w, e.c, e.result);
  }
  if ((e.result.outcome == Outcome::ok && e.result.zenflow_enabled) ||
      e.result.outcome == Outcome::init_error) {
    warnings(w, e.result);
  }
  w.heading("Invariants broken");
  if (e.violations.empty()) w.line("None.");
  for (std::string_view name : e.violations)
    w.line(std::string(name) + ": " + broken_sentence(name, e.result));
  if (!e.violations.empty() || !e.fixes.empty()) fixes(w, e);
  return w.out;
}

std::string explanation_json(const Explanation& e) {
  std::string out;
  py::ObjectWriter o(out);
  py::write_json_string(o.key("engine"), e.engine);
  py::write_json(o.key("case"), case_to_value(e.c, true));
  write_result(o.key("result"), e.result);
  std::string& names = o.key("violations");
  names += '[';
  for (std::size_t i = 0; i < e.violations.size(); ++i) {
    if (i) names += ',';
    py::write_json_string(names, e.violations[i]);
  }
  names += ']';
  std::string& list = o.key("fixes");
  list += '[';
  for (std::size_t i = 0; i < e.fixes.size(); ++i) {
    if (i) list += ',';
    py::ObjectWriter f(list);
    std::string& fixed = f.key("invariants");
    fixed += '[';
    for (std::size_t j = 0; j < e.fixes[i].invariants.size(); ++j) {
      if (j) fixed += ',';
      py::write_json_string(fixed, e.fixes[i].invariants[j]);
    }
    fixed += ']';
    py::write_json(f.key("case"), case_to_value(e.fixes[i].c, true));
    write_result(f.key("result"), e.fixes[i].result);
    f.close();
  }
  list += ']';
  o.close();
  return out;
}

std::string pasteable_block(const py::Value& zenflow, std::string_view indent) {
  const py::Dict* block = zenflow.as<py::Dict>();
  std::string out = std::string(indent) + "\"zenflow\": ";
  if (block == nullptr || block->size() == 0) return out + json(zenflow);
  out += "{\n";
  for (std::size_t i = 0; i < block->entries().size(); ++i) {
    const auto& [key, value] = block->entries()[i];
    out += std::string(indent) + "  " + json(py::Value(key)) + ": " + json(value) +
           (i + 1 < block->entries().size() ? ",\n" : "\n");
  }
  return out + std::string(indent) + "}";
}

std::vector<std::string> timeline(const Result& r, std::int64_t micro_steps, std::size_t width) {
  std::size_t shown =
      static_cast<std::size_t>(std::min<std::int64_t>(micro_steps, static_cast<std::int64_t>(width)));
  std::string ruler(shown, ' ');
  for (std::size_t m = 0; m < shown; m += 10) {
    std::string label = std::to_string(m);
    if (m + label.size() <= shown) ruler.replace(m, label.size(), label);
  }
  std::string select(shown, '.');
  for (std::int64_t m : r.selections) {
    if (static_cast<std::size_t>(m) < shown) select[static_cast<std::size_t>(m)] = 'S';
  }
  ruler.erase(ruler.find_last_not_of(' ') + 1);
  std::vector<std::string> rows{"micro-step " + ruler, "select     " + select};
  if (r.engine && !r.engine->auto_update && r.engine->update_interval >= 1 && r.resolved) {
    std::string update(shown, '.');
    for (std::int64_t m :
         update_boundaries(r.engine->select_interval, r.engine->update_interval,
                           r.resolved->full_warm_up_rounds, static_cast<std::int64_t>(shown))) {
      update[static_cast<std::size_t>(m)] = 'U';
    }
    rows.push_back("update     " + update);
  }
  if (static_cast<std::size_t>(micro_steps) > shown) {
    rows.push_back("(the first " + std::to_string(shown) + " of " + std::to_string(micro_steps) +
                   " micro-steps)");
  }
  return rows;
}

}  // namespace zfcheck
