// FLVER2 reader: stub until the tables are read (see flver_reader.h).
#include "flver/flver_reader.h"

#include <cstring>

namespace taescope::flver {

bool is_flver(Bytes data) { return data.size() >= 6 && std::memcmp(data.data(), "FLVER\0", 6) == 0; }

Result<Model> read_flver(Bytes) { return make_error(0, "FLVER reader: not yet implemented"); }

}  // namespace taescope::flver
