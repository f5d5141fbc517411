// The `taescope` command line: each subcommand lives in its own file and registers itself
// with a static `CommandRegistration`, so adding a command never touches main.cpp.
#pragma once

#include <string>
#include <vector>

namespace taescope::cli {

struct Command {
    const char* name;
    const char* summary;                               // one line for `taescope --help`
    const char* usage;                                 // full text for `taescope NAME --help`
    int (*run)(const std::vector<std::string>& args);  // args after the command name; returns the exit code
};

struct CommandRegistration {
    explicit CommandRegistration(Command command);
};

const std::vector<Command>& all_commands();

// True when args contain -h or --help (then the caller prints usage and returns 0).
bool wants_help(const std::vector<std::string>& args);

}  // namespace taescope::cli
