// For the CLI suites: run the built `taescope` as a user runs it and capture what it prints, and
// read a text file whole. Only in the native build of the suite (TAESCOPE_CLI_PATH names the CLI).
#pragma once
#ifdef TAESCOPE_CLI_PATH

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace taescope::test {

struct CliRun {
    int status = -1;  // the exit status (-1: did not exit normally)
    std::string out;  // standard output (standard error is left to the terminal)
};

// Runs `taescope ARGS` in `dir` (a shell command line: ARGS may redirect).
inline CliRun taescope_cli(const std::string& args, const std::string& dir = ".") {
    std::string command = "cd '" + dir + "' && '" TAESCOPE_CLI_PATH "' " + args;
    CliRun r;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
    int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace taescope::test

#endif  // TAESCOPE_CLI_PATH
