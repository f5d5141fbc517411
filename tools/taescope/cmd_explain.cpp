// `taescope explain TYPE [--game CODE] [FILE]`: what is known of an event type, field by field,
// each statement with its confidence and source (engine/templates/knowledge.h); with FILE, the
// stored-value evidence for the words the sources read differently, counted from that file.
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli_output.h"
#include "command.h"
#include "templates/builtin_templates.h"
#include "templates/document_game.h"
#include "templates/knowledge.h"
#include "templates/knowledge_evidence.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope explain TYPE [--game SDT|ER|NR|DS3] [FILE]\n"
    "\n"
    "Prints what is known of event type TYPE: the statements of the format notes about the type\n"
    "and each of its fields, each with its confidence (Proven, Observed, Sourced (tool), Inferred,\n"
    "Unknown) and source, the alternative readings side by side, and the template's fields the\n"
    "notes say nothing more about (Sourced from the template's origin, usually Smithbox).\n"
    "  --game CODE   the game (default: detected from FILE, else both Sekiro and Elden Ring)\n"
    "  FILE          a .tae, .anibnd or .dcx: counts the events of TYPE in it and, for every word\n"
    "                two sources read differently (float or integer), how its stored values read\n"
    "exit status: 0 printed, 1 FILE could not be read, 2 usage error\n";

void print_statement(std::string& out, const KnowledgeStatement& s, const char* indent) {
    out += indent;
    out += s.label() + ": " + s.text;
    if (s.reads) out += " [reads the word as " + std::string(word_reading_name(*s.reads)) + "]";
    out += "\n";
    for (const KnowledgeValue& v : s.values) out += std::string(indent) + "    " + std::to_string(v.value) + " = " + v.meaning + "\n";
}

std::string field_line(const TemplateField& f) {
    std::string t(field_type_name(f.type));
    if (f.type == FieldType::Bytes) t += "[" + std::to_string(f.size) + "]";
    std::string out = "@" + std::to_string(f.offset) + " " + t;
    if (!f.name.empty()) out += " \"" + f.name + "\"";
    if (f.asserted) out += " assert=" + std::to_string(*f.asserted);
    return out;
}

void explain_one_game(std::string& out, int32_t type, const std::string& game, const Document* doc, const std::string& file) {
    out += "Event " + std::to_string(type) + " in " + std::string(game_title(game)) + " (" + game + ")\n";
    const GameTemplates* templates = builtin_templates(game);
    const EventTypeTemplate* tmpl = templates ? templates->find(uint32_t(type)) : nullptr;
    if (tmpl)
        out += "  template: \"" + tmpl->name + "\" (" + (tmpl->origin.empty() ? "Smithbox" : tmpl->origin) + "), " +
               std::to_string(tmpl->size()) + " bytes, " + std::to_string(tmpl->fields.size()) + " fields\n";
    else
        out += "  template: none for this game\n";
    if (doc) {
        StoredWordCounts c = count_stored_words(*doc, type, 0);
        out += "  in " + file + ": " + thousands(c.events) + " events of this type\n";
    }

    if (const KnowledgeEntry* e = knowledge_for_type(game, type)) {
        out += "  the type" + (e->name.empty() ? std::string() : " (" + e->name + ")") + ":\n";
        for (const KnowledgeStatement& s : e->statements) print_statement(out, s, "    ");
    }

    // Rows by offset: the notes' field entries, and the template fields none of them covers.
    struct Row {
        uint32_t offset;
        const KnowledgeEntry* entry;     // or
        const TemplateField* field;
    };
    std::vector<Row> rows;
    std::vector<const KnowledgeEntry*> entries = knowledge_fields(game, type);
    for (const KnowledgeEntry* e : entries) rows.push_back({e->byte_offset, e, nullptr});
    if (tmpl) {
        for (const TemplateField& f : tmpl->fields) {
            bool covered = std::any_of(entries.begin(), entries.end(), [&](const KnowledgeEntry* e) {
                return f.offset < e->byte_offset + e->byte_size && e->byte_offset < f.offset + f.size;
            });
            if (!covered) rows.push_back({f.offset, nullptr, &f});
        }
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.offset < b.offset; });
    if (!rows.empty()) out += "  fields:\n";
    for (const Row& r : rows) {
        if (r.field) {
            KnowledgeEntry d = template_field_knowledge(game, *tmpl, *r.field);
            out += "    " + field_line(*r.field) + "\n";
            print_statement(out, d.statements.front(), "      ");
            continue;
        }
        const KnowledgeEntry& e = *r.entry;
        out += "    bytes " + std::to_string(e.byte_offset) + ".." + std::to_string(e.byte_offset + e.byte_size - 1) + " \"" + e.name + "\"";
        out += " [" + std::string(confidence_name(e.confidence())) + "]\n";
        if (tmpl) {
            for (const TemplateField& f : tmpl->fields)
                if (f.offset < e.byte_offset + e.byte_size && e.byte_offset < f.offset + f.size && e.byte_size <= 16)
                    out += "      template: " + field_line(f) + "\n";
        }
        for (const KnowledgeStatement& s : e.statements) print_statement(out, s, "      ");
        if (e.stored_reading)
            out += "      the notes: the stored values decide " + std::string(word_reading_name(*e.stored_reading)) + "\n";
        if (doc && e.counted_word_offset) {
            StoredWordCounts c = count_stored_words(*doc, type, *e.counted_word_offset);
            out += "      stored in " + file + ": " + c.summary() + "\n";
            if (e.stored_reading && c.decides() != WordReading::Undecided && *e.stored_reading != WordReading::Undecided) {
                bool agrees = c.decides() == *e.stored_reading;
                out += std::string("      this file ") + (agrees ? "agrees with" : "DISAGREES with") + " the notes\n";
            }
        }
    }
    std::vector<const KnowledgeEntry*> every = knowledge_for_every_event(game);
    if (!every.empty()) {
        out += "  every event:\n";
        for (const KnowledgeEntry* e : every) {
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
    if (!game.empty() && game != "SDT" && game != "ER" && game != "NR" && game != "DS3") {
        std::fprintf(stderr, "taescope explain: --game must be SDT, ER, NR or DS3, not '%s'\n", game.c_str());
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
    std::vector<std::string> games = game.empty() ? std::vector<std::string>{"SDT", "ER"} : std::vector<std::string>{game};
    std::string out;
    for (size_t i = 0; i < games.size(); ++i) {
        if (i) out += "\n";
        explain_one_game(out, int32_t(type), games[i], doc ? &*doc : nullptr, file);
    }
    print_text(out);
    return 0;
}

const CommandRegistration registration({"explain", "what is known of an event type, with confidence and source", kUsage, run});

}  // namespace
}  // namespace taescope::cli
