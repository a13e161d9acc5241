#!/usr/bin/env bash
# The translation catalogues, with pybabel from .venv:
#   bash scripts/catalog.sh extract   source strings -> tracker/translations/messages.pot, and
#                                     every language's messages.po updated from it
#   bash scripts/catalog.sh compile   messages.po -> messages.mo (scripts/setup.sh runs this)
#   bash scripts/catalog.sh add LANG  a new language's catalogue, e.g. `add ceb`
# messages.pot is made again by each extract and kept out of git. An extract keeps each
# catalogue's POT-Creation-Date as it was, so that one with no new strings changes nothing
# (no merge conflicts in the header). The languages are the catalogues present: a third one
# needs no code (docs/development.md, "A third language").
set -euo pipefail
cd "$(dirname "$0")/.."
dir=tracker/translations
pot=$dir/messages.pot
extract() {
    .venv/bin/pybabel -q extract -F babel.cfg -k N_ -k Later -k _l -k lazy_gettext -k lazy_ngettext:1,2 -k _counted:2,3 -k pgettext_marked:1c,2 \
        --sort-output --no-location --omit-header -o "$pot" .
}
case ${1:-} in
    extract)
        extract
        for po in "$dir"/*/LC_MESSAGES/messages.po; do
            [ -e "$po" ] || continue
            lang=$(basename "$(dirname "$(dirname "$po")")")
            created=$(grep -m 1 '^"POT-Creation-Date: ' "$po" || true)
            .venv/bin/pybabel -q update -i "$pot" -d "$dir" -l "$lang" --no-fuzzy-matching \
                --ignore-obsolete
            if [ -n "$created" ]; then
                created=${created//\\/\\\\}  # sed's replacement: \n stays \n
                sed -i "s|^\"POT-Creation-Date: .*|$created|" "$po"
            fi
        done ;;
    compile)
        .venv/bin/pybabel -q compile -d "$dir" ;;
    add)
        extract
        .venv/bin/pybabel -q init -i "$pot" -d "$dir" -l "${2:?usage: catalog.sh add LANG}" ;;
    *) echo "usage: bash scripts/catalog.sh extract|compile|add LANG" >&2; exit 2 ;;
esac
