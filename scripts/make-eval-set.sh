#!/usr/bin/env bash
# make-eval-set.sh: makes the photo-like evaluation set (scripts/make-eval-set.py)
# and, with --run, scores the element on it with textmirror-eval.
#
# Usage:
#   scripts/make-eval-set.sh [generator options]        # -> out/eval-set/ (64 pictures + gt)
#   scripts/make-eval-set.sh --run [generator options] [-- textmirror-eval options]
#
# Generator options (see scripts/make-eval-set.py --help): --out DIR, --count N, --seed S,
# --gt-level line|word.
#
# The generator needs Pillow and numpy. A python3 that has both is used as it is; otherwise they
# are installed with pip into a private virtual environment under
# ${TEXTMIRROR_CACHE_DIR:-${XDG_CACHE_HOME:-~/.cache}/textmirror}/eval-venv, never into the
# system interpreter. Backgrounds and fonts come from Debian packages, installed when missing:
# lomiri-wallpapers-16.04 and mate-backgrounds (photographs), fonts-dejavu-core,
# fonts-liberation, fonts-freefont-ttf, fonts-urw-base35.
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_root="$(dirname "$script_dir")"
python="${PYTHON:-python3}"
cache_dir="${TEXTMIRROR_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/textmirror}"
venv="$cache_dir/eval-venv"

say() { printf 'make-eval-set: %s\n' "$*" >&2; }
die() { printf 'make-eval-set: error: %s\n' "$*" >&2; exit 1; }

run=0
generator_args=()
eval_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --run) run=1; shift ;;
        --) shift; eval_args=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) generator_args+=("$1"); shift ;;
    esac
done

command -v "$python" >/dev/null || die "$python not found; set PYTHON to a Python 3 interpreter"
has_modules() { "$1" -c 'import PIL, numpy' 2>/dev/null; }
if has_modules "$python"; then
    gen_python="$python"
elif [ -x "$venv/bin/python" ] && has_modules "$venv/bin/python"; then
    gen_python="$venv/bin/python"
else
    say "installing Pillow and numpy into $venv"
    "$python" -m venv "$venv" >/dev/null || die "could not create a virtual environment at $venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'pillow>=9,<13' 'numpy>=1.23,<3' \
        || die "could not install Pillow and numpy with pip"
    gen_python="$venv/bin/python"
fi

# Photographs and fonts: only this script needs them, so they are installed here, not by
# scripts/install-deps.sh (CI does not run the evaluation).
eval_packages=(lomiri-wallpapers-16.04 mate-backgrounds fonts-dejavu-core fonts-liberation
               fonts-freefont-ttf fonts-urw-base35)
missing=()
for p in "${eval_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        || die "could not install ${missing[*]}"
fi

cd "$source_root"
"$gen_python" "$script_dir/make-eval-set.py" "${generator_args[@]}"

if [ "$run" -eq 1 ]; then
    out="out/eval-set"
    for ((i = 0; i < ${#generator_args[@]}; i++)); do
        [ "${generator_args[$i]}" = "--out" ] && out="${generator_args[$((i + 1))]}"
    done
    swift run -c release textmirror-eval "$out" "${eval_args[@]}"
fi
