#include <algorithm>
#include <cstdio>
#include <cstring>

#include "command.h"

namespace taescope::cli {

static std::vector<Command>& registry() {
    static std::vector<Command> commands;
    return commands;
}

CommandRegistration::CommandRegistration(Command command) { registry().push_back(command); }

const std::vector<Command>& all_commands() {
    auto& c = registry();
    std::sort(c.begin(), c.end(), [](const Command& a, const Command& b) { return std::strcmp(a.name, b.name) < 0; });
    return c;
}

bool wants_help(const std::vector<std::string>& args) {
    return std::any_of(args.begin(), args.end(), [](const std::string& a) { return a == "-h" || a == "--help"; });
}

}  // namespace taescope::cli

static void print_overview() {
    std::printf("taescope: read, check and convert FromSoftware TAE animation-event files\n\n");
    std::printf("usage: taescope COMMAND [ARGS...]   (taescope COMMAND --help for details)\n\ncommands:\n");
    for (const auto& c : taescope::cli::all_commands()) std::printf("  %-12s %s\n", c.name, c.summary);
}

int main(int argc, char** argv) {
    if (argc < 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
        print_overview();
        return argc < 2 ? 2 : 0;
    }
    std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& c : taescope::cli::all_commands()) {
        if (std::strcmp(c.name, argv[1]) != 0) continue;
        if (taescope::cli::wants_help(args)) {
            std::printf("%s", c.usage);
            return 0;
        }
        return c.run(args);
    }
    std::fprintf(stderr, "taescope: unknown command '%s'\n\n", argv[1]);
    print_overview();
    return 2;
}
