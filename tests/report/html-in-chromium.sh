#!/bin/bash
# The HTML report as a browser shows it (issue 37): `plait report` writes example b's report in English and in
# Chinese, and headless Chromium (Debian's package) draws each of its sections alone, one screenshot each, into
# OUTDIR (kept for looking at). Fails when Chromium cannot parse a section out of the page, when a section draws
# blank, or when the page does not name its language.
#   html-in-chromium.sh BUILD_DIR EXAMPLES_DIR [OUTDIR]
set -euo pipefail
build=$1 examples=$2 out=${3:-$(mktemp -d)}
mkdir -p "$out"
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "chromium is not installed (packaging/setup-debian.sh installs it)"; exit 1; }
shoot() { # URL PNG
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$out/profile" --virtual-time-budget=5000 --window-size=1500,1100 --screenshot="$2" "$1" \
        >/dev/null 2>&1
}
status=0
for lang in en zh_CN; do
    html="$out/report-$lang.html"
    QT_QPA_PLATFORM=offscreen "$build/bin/plait" report "$examples/b-four-nodes-tp4-pp2-dp2.plait.json" \
        --lang "$lang" --out "$html" 2>/dev/null
    want=${lang%%_*}
    grep -q "<html lang=\"$want" "$html" || { echo "$lang: the page does not say it is in $want"; status=1; }
    dom=$(timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$out/profile" \
        --virtual-time-budget=5000 --dump-dom "file://$html" 2>/dev/null)
    for id in $(grep -o 'section id="[^"]*"' "$html" | cut -d'"' -f2); do
        grep -q "id=\"$id\"" <<<"$dom" || { echo "$lang: Chromium found no section $id"; status=1; continue; }
        # The section alone on the page: the others hidden by one rule in the head.
        alone="$out/$lang-$id.html"
        sed "s|</head>|<style>section:not(#$id){display:none}</style></head>|" "$html" >"$alone"
        png="$out/$lang-$id.png"
        shoot "file://$alone" "$png"
        spread=$(convert "$png" -colorspace Gray -format '%[fx:standard_deviation]' info: 2>/dev/null || echo 0)
        if awk -v s="$spread" 'BEGIN { exit !(s < 0.02) }'; then
            echo "$lang: section $id draws blank ($png)"
            status=1
        else
            echo "$lang: $id drawn ($png)"
        fi
    done
done
exit $status
