// Benchmark "process": `taescope decompress FILE -o OUT` of each DFLT corpus binder as a whole
// process (start-up, reading the file, inflating, writing, exit) against a plain zlib program
// doing the same job (bench/peers/zlib_decompress.c: read, inflate into a fresh buffer, write).
// The two processes alternate, so that a change in the machine's load falls on both; each row is
// the median of the repeats. Target: ours <= 0.85x the zlib program's time.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench.h"
#include "bench_paths.h"
#include "io/file_io.h"

extern char** environ;

namespace taescope::bench {
namespace {

// Wall time of one run of `argv` (stdout and stderr to /dev/null); negative if it failed.
double run_seconds(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    auto started = std::chrono::steady_clock::now();
    pid_t pid = 0;
    int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? seconds : -1;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void run_process(std::vector<Row>& rows) {
    const std::string dir = corpus_dir();
    const std::string ours_exe = TAESCOPE_CLI_PATH, zlib_exe = TAESCOPE_ZLIB_PEER_PATH;
    const std::filesystem::path out_dir = std::filesystem::temp_directory_path();
    const std::string ours_out = (out_dir / "taescope-bench-ours.bin").string();
    const std::string zlib_out = (out_dir / "taescope-bench-zlib.bin").string();
    const char* files[] = {"sekiro/c0000.anibnd.dcx",     "sekiro/c5070.anibnd.dcx",    "sekiro/c1130.anibnd.dcx",
                           "eldenring/c2100.anibnd.dcx",  "eldenring/c4310.anibnd.dcx", "eldenring/c5051.anibnd.dcx",
                           "ac6/c0100.anibnd.dcx", "ds3/c0000.anibnd.dcx"};
    for (const char* rel : files) {
        const std::string path = dir + "/" + rel;
        if (!std::filesystem::exists(path)) {
            std::fprintf(stderr, "process: %s not found (set TAESCOPE_CORPUS); skipped\n", rel);
            continue;
        }
        const std::vector<std::string> ours = {ours_exe, "decompress", path, "-o", ours_out};
        const std::vector<std::string> zlib = {zlib_exe, path, zlib_out};
        // One warm-up run of each (page cache, dynamic loader); their outputs must agree.
        if (run_seconds(ours) < 0 || run_seconds(zlib) < 0) {
            std::fprintf(stderr, "process: %s failed to decompress; skipped\n", rel);
            continue;
        }
        auto a = read_file(ours_out), b = read_file(zlib_out);
        if (!a.ok() || !b.ok() || *a != *b) {
            std::fprintf(stderr, "process: %s: taescope and zlib wrote different payloads; skipped\n", rel);
            continue;
        }
        const int repeats = 21;
        std::vector<double> t_ours, t_zlib;
        for (int i = 0; i < repeats; ++i) {
            // Alternate which runs first, so neither always follows the other.
            if (i % 2 == 0) {
                t_ours.push_back(run_seconds(ours));
                t_zlib.push_back(run_seconds(zlib));
            } else {
                t_zlib.push_back(run_seconds(zlib));
                t_ours.push_back(run_seconds(ours));
            }
        }
        Row row;
        row.benchmark = std::string("taescope decompress, whole process: ") + rel;
        row.metric = "ms";
        row.value = median(t_ours) * 1e3;
        row.peer = "plain zlib program (read, inflate into a fresh buffer, write), alternating";
        row.peer_value = median(t_zlib) * 1e3;
        const double ratio = row.value / row.peer_value;
        char note[160];
        std::snprintf(note, sizeof note, "%zu -> %zu bytes, median of %d each; %s (<= 0.85)",
                      size_t(std::filesystem::file_size(path)), b->size(), repeats,
                      ratio <= 0.85 ? "target met" : "target NOT met");
        row.note = note;
        row.section = "Whole process: taescope decompress against a plain zlib program (native)";
        rows.push_back(row);
    }
    std::error_code ignored;
    std::filesystem::remove(ours_out, ignored);
    std::filesystem::remove(zlib_out, ignored);
}

const BenchmarkRegistration registration({"process", run_process});

}  // namespace
}  // namespace taescope::bench
