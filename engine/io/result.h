// Errors are values: every parser returns Result<T>, never throws across the wasm boundary.
// An Error says what went wrong, where (byte offset), and in which structure
// ("animation 3 (a000_003000), event 7"), with what was expected versus what was found.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace taescope {

struct Error {
    static constexpr uint64_t kNoOffset = ~uint64_t{0};

    std::string message;          // what is wrong, e.g. "expected magic 'TAE ', found 'BND4'"
    uint64_t offset = kNoOffset;  // byte offset in the buffer being parsed, if known
    std::string context;          // which structure, outermost first: "member 5 (a10.tae) > animation 2"

    // Adds an outer context level: "member 5" + existing "animation 2" -> "member 5 > animation 2".
    Error& within(const std::string& outer) {
        context = context.empty() ? outer : outer + " > " + context;
        return *this;
    }
    std::string to_string() const;
};

Error make_error(uint64_t offset, std::string message);

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : state_(std::move(value)) {}
    Result(Error error) : state_(std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    Error& error() & { return std::get<1>(state_); }
    const Error& error() const& { return std::get<1>(state_); }
    Error&& error() && { return std::get<1>(std::move(state_)); }

private:
    std::variant<T, Error> state_;
};

// Result for operations that produce nothing but may fail.
struct Ok {};
using Status = Result<Ok>;
inline Status ok_status() { return Ok{}; }

}  // namespace taescope

// Propagate an error from an expression returning Result<...>/Status.
#define TAESCOPE_TRY(expr)                                  \
    do {                                                    \
        auto&& taescope_try_result_ = (expr);               \
        if (!taescope_try_result_.ok())                     \
            return std::move(taescope_try_result_).error(); \
    } while (0)
