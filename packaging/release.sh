#!/usr/bin/env bash
# Cuts a release that installed paydesks update themselves to: builds the installers
# (packaging/build.sh), signs each file and the feed with the maker's minisign key, and writes
# the folder to publish where the feed address points (by default
# https://paydesk.co/updates/stable/): the packages, feed.json and feed.json.minisig.
#
#   packaging/release.sh [--no-build] [--notes FILE] [--out DIR] [deb] [rpm] [appimage] [windows] [all]
#
# The secret key is read from PAYDESK_RELEASE_KEY_FILE (a minisign secret key file; minisign asks
# for its password) or PAYDESK_RELEASE_KEY (the file's text, as a CI secret holds it); never from
# the repository. Its public half must be packaging/release-key.pub, the key paydesk trusts.
# --notes FILE: what changed, as JSON {"es": "...", "en": "..."} (asked for when missing).
# --no-build: sign what target/packages already holds for this version (test releases only: a
# real release signs only what it built itself, never a build that may trust a test key).
#
# CI's installer check signs a throwaway key's feed for builds that trust it:
# PAYDESK_RELEASE_TEST=1 allows a key other than the release key and the test-update-key
# feature. A real release refuses both.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
build=1
notes_file=
out=
while [ "$#" -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --notes) notes_file=$2; shift ;;
    --out) out=$2; shift ;;
    deb | rpm | appimage | windows | all) packages+=("$1") ;;
    *) echo "unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ "${#packages[@]}" -eq 0 ] && packages=(all)
[[ " ${packages[*]} " == *" all "* ]] && packages=(deb rpm appimage windows)

version=${PAYDESK_BUILD_VERSION:-$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)}
out=${out:-target/release-feed/$version}
test_release=${PAYDESK_RELEASE_TEST:-}
# The key, and where it is, are this script's alone: nothing the build runs (a dependency's
# build script, a procedural macro) finds them in its environment.
release_key_text=${PAYDESK_RELEASE_KEY:-}
release_key_file=${PAYDESK_RELEASE_KEY_FILE:-}
unset PAYDESK_RELEASE_KEY PAYDESK_RELEASE_KEY_FILE

if [ -z "$test_release" ]; then
  if [[ "${PAYDESK_WINDOWS_FEATURES:-}" == *test-update-key* ]] || [ -n "${PAYDESK_UPDATE_TEST_KEY:-}" ]; then
    echo "a release never trusts a test key: unset PAYDESK_WINDOWS_FEATURES and PAYDESK_UPDATE_TEST_KEY" >&2
    exit 2
  fi
  # What target/packages holds may be CI's build, which trusts its throwaway key.
  if [ "$build" -eq 0 ]; then
    echo "a release signs only what it built itself: drop --no-build" >&2
    exit 2
  fi
fi
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$ ]]; then
  echo "the version '$version' is not one installed paydesks read (semver: 0.2.0)" >&2
  exit 2
fi

if ! command -v minisign >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing minisign"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends minisign >/dev/null
  else
    echo "please install minisign (Debian and Ubuntu: apt install minisign)" >&2
    exit 2
  fi
fi

# The secret key, in a file only this user reads while signing, removed on exit (and during
# the build).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 700 "$work"
write_key() {
  if [ -n "$release_key_text" ]; then
    (umask 077 && printf '%s\n' "$release_key_text" >"$key")
  fi
}
if [ -n "$release_key_file" ]; then
  key=$release_key_file
elif [ -n "$release_key_text" ]; then
  key="$work/release.key"
  write_key
else
  echo "no signing key: set PAYDESK_RELEASE_KEY_FILE (a minisign secret key file) or PAYDESK_RELEASE_KEY" >&2
  exit 2
fi
[ -f "$key" ] || { echo "no key file at $key" >&2; exit 2; }
if git ls-files --error-unmatch -- "$key" >/dev/null 2>&1; then
  echo "the signing key is in the repository: it must never be" >&2
  exit 2
fi
# The key's public half is the one paydesk trusts (or, for CI's check, the one its build does).
minisign -R -s "$key" -p "$work/signing.pub" >/dev/null
signing_pub=$(tail -n1 "$work/signing.pub")
if [ -n "$test_release" ]; then
  trusted=${PAYDESK_UPDATE_TEST_KEY:-}
else
  trusted=$(tail -n1 packaging/release-key.pub)
fi
if [ "$signing_pub" != "$trusted" ]; then
  echo "this key ($signing_pub) is not the one paydesk trusts ($trusted): installed paydesks would refuse the release" >&2
  exit 2
fi

if [ -z "$notes_file" ]; then
  notes_file="$work/notes.json"
  read -r -p "Qué cambió (español): " notes_es
  read -r -p "What changed (English): " notes_en
  python3 -c 'import json,sys; json.dump({"es": sys.argv[1], "en": sys.argv[2]}, open(sys.argv[3], "w"), ensure_ascii=False)' \
    "$notes_es" "$notes_en" "$notes_file"
fi

if [ "$build" -eq 1 ]; then
  [ -n "$release_key_text" ] && rm -f "$key"
  packaging/build.sh "${packages[@]}"
  write_key
fi

# Each platform's file, by the name the feed gives it.
declare -A files=()
for package in "${packages[@]}"; do
  case "$package" in
    deb) files[linux-x86_64-deb]="target/packages/paydesk_${version}_amd64.deb" ;;
    rpm) files[linux-x86_64-rpm]="target/packages/paydesk-${version}-1.x86_64.rpm" ;;
    appimage) files[linux-x86_64-appimage]="target/packages/paydesk-${version}-x86_64.AppImage" ;;
    windows) files[windows-x86_64]="target/packages/paydesk-${version}-setup.exe" ;;
  esac
done

mkdir -p "$out"
entries="$work/entries.tsv"
: >"$entries"
for platform in "${!files[@]}"; do
  file=${files[$platform]}
  [ -f "$file" ] || { echo "no $file: build it first (or drop --no-build)" >&2; exit 2; }
  name=$(basename "$file")
  cp "$file" "$out/$name"
  minisign -S -s "$key" -m "$out/$name" -x "$out/$name.minisig" -t "paydesk $version $name" >/dev/null
  printf '%s\t%s\t%s\t%s\t%s\n' "$platform" "$name" "$(stat -c %s "$out/$name")" \
    "$(sha256sum "$out/$name" | cut -d' ' -f1)" "$out/$name.minisig" >>"$entries"
done

# The feed: `published` is now, and only moves forward (installed paydesks refuse an older
# feed than the last they saw).
python3 - "$version" "$notes_file" "$entries" "$out/feed.json" <<'PY'
import datetime, json, sys
version, notes_file, entries, feed_path = sys.argv[1:5]
notes = json.load(open(notes_file, encoding="utf-8"))
# The caps installed paydesks hold a feed to (src/update/feed.rs): a feed over them is refused
# by every till, and updating would stop everywhere without anyone being told.
for language in ("es", "en"):
    text = notes.get(language)
    if not isinstance(text, str) or not text.strip() or len(text) > 4000:
        sys.exit(f"the notes' '{language}' must be a text of 1 to 4000 characters")
files = {}
for line in open(entries, encoding="utf-8"):
    platform, name, size, sha256, signature = line.rstrip("\n").split("\t")
    files[platform] = {
        "name": name,
        "url": name,
        "size": int(size),
        "sha256": sha256,
        "signature": open(signature, encoding="utf-8").read(),
    }
feed = {
    "format": 1,
    "product": "paydesk",
    "version": version,
    "published": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "notes": {"es": notes["es"], "en": notes["en"]},
    "files": files,
}
with open(feed_path, "w", encoding="utf-8") as out:
    json.dump(feed, out, ensure_ascii=False, indent=1)
PY
minisign -S -s "$key" -m "$out/feed.json" -x "$out/feed.json.minisig" -t "paydesk $version feed" >/dev/null
minisign -V -P "$signing_pub" -m "$out/feed.json" >/dev/null
echo "== release $version in $out (publish the whole folder where the feed address points):"
ls -l "$out" | sed -n '2,$p'
