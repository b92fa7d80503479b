#!/usr/bin/env bash
# Fails when an #include points up the layers (DESIGN.md): core (plain C++, no Qt) ← engine, widgets ← app.
# engine and widgets are siblings: neither includes the other. engine/plait-probe is the probe binary, on core only.
set -euo pipefail
cd "$(dirname "$0")/.."
headers_of() { git ls-files "$@" | grep '\.h$' | xargs -r -n1 basename | sort -u; }
declare -A layer_headers=(
    [core]="$(headers_of 'core/*.h')"
    [engine]="$(headers_of 'engine/*.h' ':!engine/plait-probe/*')"
    [widgets]="$(headers_of 'widgets/*.h')"
    [app]="$(headers_of 'app/*.h')"
    [probe]="$(headers_of 'engine/plait-probe/*.h')"
)
# layer → the layers above it (or beside it) that it must not include
declare -A forbidden=(
    [core]="engine widgets app probe"
    [engine]="widgets app"
    [widgets]="engine app probe"
    [probe]="engine widgets app"
)
declare -A files=(
    [core]="$(git ls-files 'core/*.cpp' 'core/*.h')"
    [engine]="$(git ls-files 'engine/*.cpp' 'engine/*.h' ':!engine/plait-probe/*')"
    [widgets]="$(git ls-files 'widgets/*.cpp' 'widgets/*.h')"
    [probe]="$(git ls-files 'engine/plait-probe/*.cpp' 'engine/plait-probe/*.h' 'engine/plait-probe/*.cu')"
)
failed=0
for layer in core engine widgets probe; do
    for file in ${files[$layer]}; do
        while IFS= read -r included; do
            [[ -z "$included" ]] && continue
            if [[ "$layer" == core && "$included" == Q* ]]; then
                echo "layers: $file includes <$included>: core is plain C++, without Qt"
                failed=1
            fi
            # A name the layer itself (or core, below all) has is its own, whatever a layer above also calls a file.
            if grep -qxF "$included" <<<"${layer_headers[$layer]}" || grep -qxF "$included" <<<"${layer_headers[core]}"; then
                continue
            fi
            for above in ${forbidden[$layer]}; do
                if grep -qxF "$included" <<<"${layer_headers[$above]}"; then
                    echo "layers: $file ($layer) includes \"$included\" from $above, a layer above or beside it"
                    failed=1
                fi
            done
        done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^>"]+)[>"].*/\1/p' "$file" | xargs -r -n1 basename)
    done
done

# Inside core, one folder per layer (core/CMakeLists.txt): a folder includes its own headers and those of the folders
# it is built on, never one above it.
declare -A below=(
    [base]=""
    [trace]="base"
    [model]="base"
    [launch]="model base"
    [topology]="model base"
    [cost]="model base"
    [pipeline]="model trace base"
    [evaluate]="cost pipeline trace model base"
    [explore]="evaluate measure cost pipeline trace model base"
    [measure]="cost pipeline trace model base"
)
declare -A folder_of=()
for folder in "${!below[@]}"; do
    for h in $(headers_of "core/$folder/*.h"); do folder_of[$h]=$folder; done
done
core_files=0
for folder in "${!below[@]}"; do
    for file in $(git ls-files "core/$folder/*.cpp" "core/$folder/*.h"); do
        core_files=$((core_files + 1))
        while IFS= read -r included; do
            to=${folder_of[$included]:-}
            [[ -z "$to" || "$to" == "$folder" ]] && continue
            if ! grep -qw "$to" <<<"${below[$folder]}"; then
                echo "layers: $file (core/$folder) includes \"$included\" from core/$to, a folder above or beside it"
                failed=1
            fi
        done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1/p' "$file" | xargs -r -n1 basename)
    done
done
# Every core source sits in one of those folders.
if stray=$(git ls-files 'core/*.cpp' 'core/*.h' | grep -vE "^core/($(IFS='|'; echo "${!below[*]}"))/"); then
    echo "layers: not in a core folder: $stray"
    failed=1
fi
[[ $failed == 0 ]] || exit 1
echo "layers: $(for l in core engine widgets probe; do echo ${files[$l]}; done | wc -w) files include only downwards;" \
    "core's $core_files in ${#below[@]} folders, each only on those below it"
