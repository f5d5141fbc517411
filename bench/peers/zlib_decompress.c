/* The peer of `taescope decompress` for a DCX DFLT file, as a plain zlib program would do the job:
 * read the file, inflate its payload with zlib into a fresh buffer, write it. Built by bench/run
 * (CMake target taescope_zlib_decompress_peer) and timed as a whole process against ours by the
 * benchmark "process" (bench/bench_process.cpp).
 *   taescope_zlib_decompress_peer FILE.dcx OUT */
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

static unsigned long be32(const unsigned char* p) {
    return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s FILE.dcx OUT\n", argv[0]);
        return 2;
    }
    FILE* in = fopen(argv[1], "rb");
    if (!in) return perror(argv[1]), 1;
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    unsigned char* file = malloc((size_t)size);
    if (!file || fread(file, 1, (size_t)size, in) != (size_t)size) return fprintf(stderr, "read failed\n"), 1;
    fclose(in);
    /* DCX: uncompressed size at 0x1C, compressed size at 0x20, data after the DCA block (0x44 + its size). */
    if (size < 0x4C) return fprintf(stderr, "not a DCX file\n"), 1;
    uLongf out_size = be32(file + 0x1C);
    unsigned long compressed = be32(file + 0x20), start = 0x44 + be32(file + 0x48);
    if (start + compressed > (unsigned long)size) return fprintf(stderr, "truncated DCX file\n"), 1;
    unsigned char* out = malloc(out_size ? out_size : 1);
    uLongf produced = out_size;
    if (!out || uncompress(out, &produced, file + start, compressed) != Z_OK || produced != out_size)
        return fprintf(stderr, "inflate failed\n"), 1;
    FILE* o = fopen(argv[2], "wb");
    if (!o || fwrite(out, 1, produced, o) != produced || fclose(o) != 0) return perror(argv[2]), 1;
    free(out);
    free(file);
    return 0;
}
