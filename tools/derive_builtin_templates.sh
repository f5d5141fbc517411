#!/bin/sh
# Regenerates engine/templates/builtin/*.txt from the community templates (the build embeds them).
#   tools/derive_builtin_templates.sh [TEMPLATES_DIR] [TAESCOPE_BINARY]
# TEMPLATES_DIR holds smithbox/ and dsanimstudio/ (default ../shared/templates). Smithbox is the
# primary source; DSAnimStudio adds the event types Smithbox does not define. Nightreign has no
# file of its own: its community templates are Elden Ring's byte for byte (Smithbox NR = ER,
# DSAnimStudio ERNR = ER), so it shares eldenring.txt (engine/templates/builtin_templates.cpp).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=${1:-$ROOT/../shared/templates}
TAESCOPE=${2:-$ROOT/build/taescope}
OUT=$ROOT/engine/templates/builtin
mkdir -p "$OUT"

SMITHBOX_LICENSE="MIT, Copyright (c) 2025 Vawser, Copyright (c) 2018 Katalash, Meowmaritus"
DSAS_LICENSE="MIT, Copyright (c) 2018-2022 Meowmaritus"

derive() { # FILE GAME TITLE SMITHBOX_NAME DSANIMSTUDIO_NAME
    file=$1 game=$2 title=$3 sb=$4 ds=$5
    if [ -n "$ds" ]; then
        "$TAESCOPE" templates convert "$T/smithbox/TAE.Template.$sb.xml" \
            --add-missing-from "$T/dsanimstudio/TAE.Template.$ds.xml" \
            --game "$game" --title "$title" \
            --source "Smithbox src/Smithbox.Data/Assets/TAE/TAE.Template.$sb.xml ($SMITHBOX_LICENSE)" \
            --source "DSAnimStudio Res/TAE.Template.$ds.xml for the types Smithbox lacks ($DSAS_LICENSE)" \
            -o "$OUT/$file"
    else
        "$TAESCOPE" templates convert "$T/smithbox/TAE.Template.$sb.xml" \
            --game "$game" --title "$title" \
            --source "Smithbox src/Smithbox.Data/Assets/TAE/TAE.Template.$sb.xml ($SMITHBOX_LICENSE)" \
            -o "$OUT/$file"
    fi
}

derive sekiro.txt     SDT "Sekiro: Shadows Die Twice"          SDT SDT
derive eldenring.txt  ER  "Elden Ring"                         ER  ER
derive ds3.txt        DS3 "Dark Souls III"                     DS3 DS3
derive ac6.txt        AC6 "Armored Core VI: Fires of Rubicon"  AC6 AC6
for shared in NR:ER ERNR:ER; do  # the games that share a file must still be byte-identical
    a=${shared%%:*} b=${shared#*:}
    for tool in smithbox dsanimstudio; do
        [ -f "$T/$tool/TAE.Template.$a.xml" ] || continue
        cmp -s "$T/$tool/TAE.Template.$a.xml" "$T/$tool/TAE.Template.$b.xml" ||
            { echo "$tool TAE.Template.$a.xml differs from $b: give it a file of its own" >&2; exit 1; }
    done
done
