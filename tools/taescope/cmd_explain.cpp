// `taescope explain TYPE [--game CODE] [FILE]`: what is known of an event type, field by field,
// each statement with its confidence and source (engine/templates/knowledge.h); with FILE, the
// stored-value evidence for the words the sources read differently and the values each field
// takes, counted from that file. The facts come from engine/reference (the page shows the same).
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli_output.h"
#include "command.h"
#include "reference/event_reference.h"
#include "reference/type_value_statistics.h"
#include "templates/builtin_templates.h"
#include "templates/document_game.h"
#include "templates/knowledge.h"
#include "templates/knowledge_evidence.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope explain TYPE [--game SDT|ER|NR|DS3|AC6] [FILE]\n"
    "\n"
    "Prints what is known of event type TYPE: the statements of the format notes about the type\n"
    "and each of its fields, each with its confidence (Proven, Observed, Sourced (tool), Inferred,\n"
    "Unknown) and source, the alternative readings side by side, the template's fields the\n"
    "notes say nothing more about (Sourced from the template's origin, usually Smithbox), what\n"
    "the simulator does with the type and where the other games' built-in templates differ.\n"
    "The page's Reference panel (F2; link: taescope link --ref GAME/TYPE) shows the same facts.\n"
    "  --game CODE   the game (default: detected from FILE, else both Sekiro and Elden Ring)\n"
    "  FILE          a .tae, .anibnd or .dcx: counts the events of TYPE in it and, for every word\n"
    "                two sources read differently (float or integer), how its stored values read,\n"
    "                and the values each template field takes there (distinct values, counts)\n"
    "exit status: 0 printed, 1 FILE could not be read, 2 usage error\n";

void print_statement(std::string& out, const KnowledgeStatement& s, const char* indent) {
    out += indent;
    out += s.label() + ": " + s.text;
    if (s.reads) out += " [reads the word as " + std::string(word_reading_name(*s.reads)) + "]";
    out += "\n";
    for (const KnowledgeValue& v : s.values)
        out += std::string(indent) + "    " + std::to_string(v.value) + " = " + v.meaning + "\n";
}

std::string field_line(const ReferenceField& f) {
    std::string out = "@" + std::to_string(f.field.offset) + " " + f.type_text;
    if (!f.field.name.empty()) out += " \"" + f.field.name + "\"";
    if (!f.asserted_text.empty()) out += " assert=" + f.asserted_text;
    if (!f.default_text.empty()) out += " default=" + f.default_text;
    return out;
}

// "1 x812, 0 x40 (unnamed), ..." for the commonest values of one field.
std::string values_line(const ReferenceField& f, const FieldValueStatistics& s) {
    std::string out;
    for (size_t i = 0; i < s.values.size() && i < 8; ++i) {
        std::string name = f.value_name(s.values[i].raw);
        out += (i ? ", " : "") + f.value_text(s.values[i].raw) + (name.empty() ? "" : " " + name) + " x" +
               thousands(s.values[i].count);
    }
    if (s.distinct > 8) out += ", ... (" + thousands(s.distinct) + " distinct)";
    return out;
}

// The facts of engine/reference/event_reference.h, as text: the page's Reference panel draws the same.
void explain_one_game(std::string& out, const ReferenceIndex& index, int32_t type, const std::string& game,
                      const Document* doc, const std::string& file) {
    const ReferenceType r = describe_reference_type(index, game, uint32_t(type));
    out += "Event " + std::to_string(type) + " in " + r.title + " (" + game + ")\n";
    if (r.defined)
        out += "  template: \"" + r.name + "\" (" + r.origin + "), " + std::to_string(r.size) + " bytes, " +
               std::to_string(r.fields.size()) + " fields\n";
    else
        out += "  template: none for this game\n";
    std::optional<TypeValueStatistics> stats;
    if (doc) {
        const GameTemplates* templates = builtin_templates(game);
        const EventTypeTemplate* templ = templates ? templates->find(uint32_t(type)) : nullptr;
        if (templ) {
            TypeValueCounter counter(*templ);
            for (const DocumentTae& t : doc->taes)
                if (t.tae) counter.add(*t.tae);
            stats = counter.finish();
            out += "  in " + file + ": " + thousands(stats->events) + " events of this type in " +
                   thousands(stats->animations) + " animations\n";
        } else {
            StoredWordCounts c = count_stored_words(*doc, type, 0);
            out += "  in " + file + ": " + thousands(c.events) + " events of this type\n";
        }
    }
    if (r.type_from_notes) {
        const KnowledgeEntry& e = r.type_knowledge;
        out += "  the type" + (e.name.empty() ? std::string() : " (" + e.name + ")") + ":\n";
        for (const KnowledgeStatement& s : e.statements) print_statement(out, s, "    ");
    }

    // Rows by offset: the notes' field entries, and the template fields none of them covers.
    struct Row {
        uint32_t offset;
        const KnowledgeEntry* entry;  // or
        const ReferenceField* field;
    };
    std::vector<Row> rows;
    for (const KnowledgeEntry* e : r.note_fields) rows.push_back({e->byte_offset, e, nullptr});
    for (const ReferenceField& f : r.fields)
        if (!f.from_notes) rows.push_back({f.field.offset, nullptr, &f});
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.offset < b.offset; });
    if (!rows.empty()) out += "  fields:\n";
    for (const Row& row : rows) {
        if (row.field) {
            out += "    " + field_line(*row.field) + "\n";
            print_statement(out, row.field->knowledge.statements.front(), "      ");
            continue;
        }
        const KnowledgeEntry& e = *row.entry;
        out += "    bytes " + std::to_string(e.byte_offset) + ".." + std::to_string(e.byte_offset + e.byte_size - 1) +
               " \"" + e.name + "\"";
        out += " [" + std::string(confidence_name(e.confidence())) + "]\n";
        for (const ReferenceField& f : r.fields)
            if (f.field.offset < e.byte_offset + e.byte_size && e.byte_offset < f.field.offset + f.field.size &&
                e.byte_size <= 16)
                out += "      template: " + field_line(f) + "\n";
        for (const KnowledgeStatement& s : e.statements) print_statement(out, s, "      ");
        if (e.stored_reading)
            out +=
                "      the notes: the stored values decide " + std::string(word_reading_name(*e.stored_reading)) + "\n";
        if (doc && e.counted_word_offset) {
            StoredWordCounts c = count_stored_words(*doc, type, *e.counted_word_offset);
            out += "      stored in " + file + ": " + c.summary() + "\n";
            if (e.stored_reading && c.decides() != WordReading::Undecided &&
                *e.stored_reading != WordReading::Undecided) {
                bool agrees = c.decides() == *e.stored_reading;
                out += std::string("      this file ") + (agrees ? "agrees with" : "DISAGREES with") + " the notes\n";
            }
        }
    }
    if (stats && stats->events) {
        out += "  values in " + file + " (most frequent first):\n";
        for (size_t i = 0; i < r.fields.size() && i < stats->fields.size(); ++i) {
            const FieldValueStatistics& s = stats->fields[i];
            if (s.values.empty()) continue;
            out += "    " + field_line(r.fields[i]) + ": " + values_line(r.fields[i], s) + "\n";
        }
    }
    out += "  simulator:\n";
    for (const std::string& line : r.simulation) out += "    " + line + "\n";
    if (!r.differences.empty() || !r.games_without.empty()) {
        out += "  other games' built-in templates:\n";
        for (const ReferenceDifference& d : r.differences) out += "    " + d.game + ": " + d.text + "\n";
        if (!r.games_without.empty()) {
            out += "    without a template for it:";
            for (const std::string& g : r.games_without) out += " " + g;
            out += "\n";
        }
    }
    if (!r.every_event.empty()) {
        out += "  every event:\n";
        for (const KnowledgeEntry* e : r.every_event) {
            out += "    " + e->name + ":\n";
            for (const KnowledgeStatement& s : e->statements) print_statement(out, s, "      ");
        }
    }
}

int run(const std::vector<std::string>& args) {
    if (wants_help(args)) {
        std::printf("%s", kUsage);
        return 0;
    }
    auto parsed = parse_args(args, {{}, {"--game"}}, "explain", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.empty() || parsed->positional.size() > 2) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    const std::string& type_text = parsed->positional[0];
    char* end = nullptr;
    long type = std::strtol(type_text.c_str(), &end, 10);
    if (type_text.empty() || *end != '\0' || type < INT32_MIN || type > INT32_MAX) {
        std::fprintf(stderr, "taescope explain: TYPE must be an event type number, not '%s'\n", type_text.c_str());
        return 2;
    }
    std::string game = parsed->value("--game");
    if (!game.empty() && game != "SDT" && game != "ER" && game != "NR" && game != "DS3" && game != "AC6") {
        std::fprintf(stderr, "taescope explain: --game must be SDT, ER, NR, DS3 or AC6, not '%s'\n", game.c_str());
        return 2;
    }
    std::optional<Document> doc;
    std::string file;
    if (parsed->positional.size() == 2) {
        file = parsed->positional[1];
        doc = open_document_file(file, "explain");
        if (!doc) return 1;
        if (game.empty()) {
            GameGuess guess = detect_document_game(*doc);
            game = guess.game;
        }
    }
    std::vector<std::string> games =
        game.empty() ? std::vector<std::string>{"SDT", "ER"} : std::vector<std::string>{game};
    std::string out;
    const ReferenceIndex index(builtin_reference_sources());
    for (size_t i = 0; i < games.size(); ++i) {
        if (i) out += "\n";
        explain_one_game(out, index, int32_t(type), games[i], doc ? &*doc : nullptr, file);
    }
    print_text(out);
    return 0;
}

const CommandRegistration registration({"explain", "what is known of an event type, with confidence and source", kUsage,
                                        run});

}  // namespace
}  // namespace taescope::cli
