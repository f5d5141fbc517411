#!/usr/bin/env bash
# make_seeds.sh TARGET DIR — fill DIR with a seed corpus for libFuzzer target TARGET, made at
# test time from the real corpus (small files only) so that no game file enters the repository.
# Without the corpus the fuzzer starts from nothing and still runs.
set -uo pipefail
target="$1"; out="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
corpus="${TAESCOPE_CORPUS:-$root/../shared/corpus}"
mkdir -p "$out"
copy() { [ -f "$corpus/$1" ] && cp "$corpus/$1" "$out/$(echo "$1" | tr '/' '_')"; }
case "$target" in
  fuzz_kraken)
    # The fuzz target reads its own framing (see the target); raw KRAK payloads still make useful seeds.
    for f in sekiro/c1451.krak.anibnd.dcx eldenring/c1000.krak.anibnd.dcx eldenring/c3061.krak.anibnd.dcx; do
      [ -f "$corpus/$f" ] && tail -c +77 "$corpus/$f" > "$out/$(basename "$f").payload"
    done ;;
  fuzz_tae)
    copy eldenring/c0000-a512.tae; copy eldenring/c0000-a600.tae ;;
  fuzz_container)
    copy sekiro/c1451.krak.anibnd.dcx; copy eldenring/c1000.krak.anibnd.dcx; copy eldenring/c3061.krak.anibnd.dcx
    copy eldenring/c2100.anibnd.dcx ;;
  fuzz_havok)
    # Framed as the target reads it: byte 0 = 0, u32 LE compendium length, compendium, member.
    # Members come from the real binders through our own unpacker (build/native/taescope).
    cli="$root/build/native/taescope"; tmp=$(mktemp -d)
    if [ -x "$cli" ] && [ -f "$corpus/sekiro/c5070.anibnd.dcx" ]; then
      "$cli" unpack "$corpus/sekiro/c5070.anibnd.dcx" -o "$tmp/c5070" >/dev/null 2>&1
      comp=$(find "$tmp/c5070" -iname '*.compendium' | head -1)
      # Mode 2 reads members with this compendium ($TAESCOPE_FUZZ_COMPENDIUM, set by ./test).
      [ -n "$comp" ] && cp "$comp" "$out/../fuzz_havok.compendium"
      for member in $(find "$tmp/c5070" -iname 'skeleton.hkx'; find "$tmp/c5070" -iname 'a*.hkx' | sort | head -4); do
        [ -n "$comp" ] && node -e '
          const fs = require("fs"); const [c, m, o] = process.argv.slice(1);
          const comp = fs.readFileSync(c), mem = fs.readFileSync(m), head = Buffer.alloc(5);
          head.writeUInt32LE(comp.length, 1); fs.writeFileSync(o + ".framed", Buffer.concat([head, comp, mem]));
          fs.writeFileSync(o + ".member", Buffer.concat([Buffer.from([2]), mem]));
        ' "$comp" "$member" "$out/$(basename "$member")"
      done
    fi
    rm -rf "$tmp" ;;
  fuzz_flver)
    # Edit lists (see the target): mode 1 edits a FLVER made by the target itself, mode 2 the
    # corpus model it reads at start-up; no game bytes are copied here.
    printf '\x01\x00\x00\x00' > "$out/small-unchanged"; printf '\x01\x00\x00\x00\x50\x00\x05' > "$out/small-edit"
    printf '\x02\x00\x00\x00' > "$out/real-unchanged"; printf '\x02\x00\x00\x00\x00\x01\x00\x00\x07' > "$out/real-edit" ;;
  fuzz_params|fuzz_regulation)
    # PARAM members of the corpus regulation unpacked by our own CLI (build/native/taescope): the
    # smallest few, as mode 0 of fuzz_params and framed as a binder list (mode 2) for
    # fuzz_regulation; paramdef XML of ../shared/paramdefs as mode 1 of fuzz_params.
    cli="$root/build/native/taescope"; tmp=$(mktemp -d)
    if [ -x "$cli" ] && [ -f "$corpus/eldenring/regulation-1.12.decrypted.bin" ]; then
      "$cli" unpack "$corpus/eldenring/regulation-1.12.decrypted.bin" -o "$tmp/reg" >/dev/null 2>&1
      small=$(find "$tmp/reg" -name '*.param' -size -3k | sort | head -6)
      for p in $small; do
        [ "$target" = fuzz_params ] && { printf '\x00'; cat "$p"; } > "$out/$(basename "$p")"
      done
      [ "$target" = fuzz_regulation ] && [ -n "$small" ] && node -e '
        const fs = require("fs"); const [out, ...files] = process.argv.slice(1);
        const parts = [Buffer.from([2])];
        for (const f of files) {
          const name = Buffer.from(require("path").basename(f)), data = fs.readFileSync(f), len = Buffer.alloc(4);
          len.writeUInt32LE(data.length); parts.push(Buffer.from([name.length]), name, len, data);
        }
        fs.writeFileSync(out, Buffer.concat(parts));
      ' "$out/small-params.list" $small
    fi
    rm -rf "$tmp"
    if [ "$target" = fuzz_params ]; then
      for f in "$root"/../shared/paramdefs/ER/defs/BehaviorParam.xml; do
        [ -f "$f" ] && node -e '
          const fs = require("fs"); const [xml, out] = process.argv.slice(1);
          const x = fs.readFileSync(xml), head = Buffer.from([1, x.length & 255, x.length >> 8]);
          fs.writeFileSync(out, Buffer.concat([head, x, Buffer.alloc(32, 0x5A)]));
        ' "$f" "$out/behavior-paramdef"
      done
    fi ;;
  fuzz_template_xml|fuzz_xml)
    for f in "$root"/../shared/templates/*/TAE.Template.SDT.xml; do [ -f "$f" ] && head -c 6000 "$f" > "$out/$(basename "$(dirname "$f")").xml"; done ;;
esac
exit 0
