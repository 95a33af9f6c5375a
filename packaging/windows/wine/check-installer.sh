#!/usr/bin/env bash
# The Windows installer, used as a shop owner would, under Wine in a fresh prefix: installs it
# silently, checks the Start-menu entry and the Apps & features (uninstall) key, starts the
# installed paydesk until its window shows (once with the PC's OpenGL, once with only OpenGL 1.1),
# runs the command line through paydesk.com against the built-in simulator, installs again over a
# running paydesk (an update), and uninstalls, which keeps the books. Given the folder of a
# newer release's signed feed (packaging/release.sh), the installed paydesk also updates itself
# from it, served on loopback: a copy with its installer tampered with is refused and nothing is
# installed; the real one is found, installed silently, and paydesk opens again on the new
# version with the same books. (Both builds trust the throwaway key the feed was signed with.)
#
#   packaging/windows/wine/check-installer.sh target/packages/paydesk-<version>-setup.exe [FEED_DIR]
#
# Needs wine (64-bit), xvfb-run, xdotool, mingw-w64 (for the stand-in DLL below), and a Vulkan
# driver for the OpenGL 1.1 run (Mesa's lavapipe: mesa-vulkan-drivers). Fails on any step.
#
# Debian's Wine 8 has no bcryptprimitives.dll, whose ProcessPrng Rust's standard library calls
# when any program starts; a stand-in built from bcryptprimitives.c goes into the test prefix.
# It is a test aid for this Wine only: every Windows paydesk supports has the real DLL.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
setup=$(readlink -f "$1")
[ -f "$setup" ] || { echo "no installer at $1" >&2; exit 2; }
feed_dir=
if [ -n "${2:-}" ]; then
  feed_dir=$(readlink -f "$2")
  [ -f "$feed_dir/feed.json" ] || { echo "no feed.json in $2" >&2; exit 2; }
fi

if [ -z "${PAYDESK_WINE_INNER:-}" ]; then
  exec env PAYDESK_WINE_INNER=1 xvfb-run -a -s "-screen 0 1366x768x24" "$0" "$@"
fi

work=$(mktemp -d)
export WINEPREFIX="$work/prefix" WINEDEBUG=-all
# No Mono or Gecko download prompts: paydesk needs neither.
export WINEDLLOVERRIDES="mscoree,mshtml="
feed_server=
cleanup() {
  [ -n "$feed_server" ] && kill "$feed_server" 2>/dev/null
  wineserver -k 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { echo "-- $*"; }
fail() {
  echo "FAILED: $*" >&2
  [ -f "$work/app.log" ] && tail -n 20 "$work/app.log" >&2
  exit 1
}

step "a fresh prefix"
wineboot --init >/dev/null 2>&1
wineserver -w
x86_64-w64-mingw32-gcc -O2 -shared -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  "$here/bcryptprimitives.c" "$here/bcryptprimitives.def" -ladvapi32

user=$(wine cmd /c 'echo %USERNAME%' 2>/dev/null | tr -d '\r')
home="$WINEPREFIX/drive_c/users/$user"
install_dir="$home/AppData/Local/Programs/paydesk"
win_dir='C:\users\'"$user"'\AppData\Local\Programs\paydesk'
books="$home/AppData/Roaming/co.paydesk.Paydesk"
uninstall_key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\paydesk'

step "silent install (/S)"
wine "$setup" /S
[ -f "$install_dir/paydesk.exe" ] || fail "paydesk.exe is not in $install_dir"
[ -f "$install_dir/paydesk.com" ] || fail "the console companion paydesk.com is not installed"
[ -f "$home/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/paydesk.lnk" ] ||
  fail "no Start-menu entry"
wine reg query "$uninstall_key" /v DisplayName 2>/dev/null | grep -q paydesk ||
  fail "no Apps & features entry ($uninstall_key)"
wine reg query "$uninstall_key" /v UninstallString 2>/dev/null | grep -q 'uninstall.exe' ||
  fail "the Apps & features entry has no uninstaller"

# Starts the installed paydesk.exe with extra environment ($@) and waits for a window whose
# title matches $title; leaves it running.
start_until_window() {
  local title=$1
  shift
  env "$@" wine "$win_dir\\paydesk.exe" --lang es >"$work/app.log" 2>&1 &
  for _ in $(seq 1 120); do
    if xdotool search --name "$title" >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.5
  done
  fail "no window \"$title\" within 60 s"
}

step "the installed paydesk opens its window"
start_until_window '^paydesk$' PAYDESK_LOG=info
step "an update while paydesk is open closes it first"
wine "$setup" /S
xdotool search --name '^paydesk$' >/dev/null 2>&1 && fail "paydesk is still open after the update"
[ -f "$install_dir/paydesk.exe" ] || fail "the update left no paydesk.exe"
wineserver -w

step "only OpenGL 1.1 (a PC without its graphics driver): still a window"
start_until_window '^paydesk$' MESA_GL_VERSION_OVERRIDE=1.1 PAYDESK_LOG=info
# glow's own window shows for a moment before OpenGL 1.1 fails it: the window that counts is the
# one still there after the failure.
for _ in $(seq 1 60); do
  grep -q "could not open the window" "$work/app.log" && break
  sleep 0.5
done
grep -q "could not open the window" "$work/app.log" ||
  fail "OpenGL 1.1 did not make glow fail: this run did not test the fallback"
sleep 3
xdotool search --name '^paydesk$' >/dev/null 2>&1 || fail "no window after glow failed"
wineserver -k
wineserver -w

step "no renderer at all: a message box that says so"
start_until_window '^paydesk no pudo abrir su ventana$' MESA_GL_VERSION_OVERRIDE=1.1 WGPU_BACKEND=gl
wineserver -k
wineserver -w

step "the command line through paydesk.com, against the built-in simulator"
cd "$work"
wine "$win_dir\\paydesk.com" --json link --amount 8500 --reference1 WINE1 >"$work/link.json" ||
  fail "paydesk link exited $?"
reference=$(sed -n 's/.*"reference": *"\([^"]*\)".*/\1/p' "$work/link.json" | tr -d '\r')
[ -n "$reference" ] || fail "paydesk link printed no reference: $(cat "$work/link.json")"
wine "$win_dir\\paydesk.com" --json status "$reference" >"$work/status.json" ||
  fail "paydesk status exited $?"
grep -q '"status"' "$work/status.json" || fail "paydesk status printed no state"
set +e
wine "$win_dir\\paydesk.com" --lang es link --amount abc --reference1 X >/dev/null 2>"$work/bad.txt"
code=$?
set -e
[ "$code" -eq 2 ] || fail "bad input gave exit $code through paydesk.com, not 2"
grep -q "valor" "$work/bad.txt" || fail "the Spanish message does not name the field: $(cat "$work/bad.txt")"
[ -f "$books/data/ledger.sqlite3" ] || fail "the books are not under the app id ($books)"

if [ -n "$feed_dir" ]; then
  update_start=$(date +%s)
  paydesk_version() { wine "$win_dir\\paydesk.com" --version 2>/dev/null | tr -d '\r' | awk '{print $2}'; }
  old_version=$(paydesk_version)
  new_version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$feed_dir/feed.json")
  [ "$old_version" != "$new_version" ] || fail "the feed offers the version installed ($old_version)"
  # The release as published, and a copy whose installer was changed after signing.
  feeds="$work/feeds"
  mkdir -p "$feeds"
  cp -r "$feed_dir" "$feeds/good"
  cp -r "$feed_dir" "$feeds/tampered"
  python3 - "$feeds/tampered" <<'PY'
import glob, sys
path = glob.glob(sys.argv[1] + "/*-setup.exe")[0]
data = bytearray(open(path, "rb").read())
data[len(data) // 2] ^= 0x01
open(path, "wb").write(bytes(data))
PY
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$feeds" >"$work/feed.log" 2>&1 &
  feed_server=$!
  for _ in $(seq 1 50); do
    python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' \
      "http://127.0.0.1:$port/good/feed.json" 2>/dev/null && break
    sleep 0.2
  done

  # `update install` from FEED must exit 1 with CODE in its JSON; what it printed goes to OUT.
  install_refused() {
    local feed=$1 out=$2 code=$3 exit_code
    set +e
    wine "$win_dir\\paydesk.com" --json update install --feed "http://127.0.0.1:$port/$feed/feed.json" \
      >"$out" 2>&1
    exit_code=$?
    set -e
    [ "$exit_code" -eq 1 ] || fail "update install ($feed) gave exit $exit_code, not 1: $(cat "$out")"
    grep -q "\"$code\"" "$out" || fail "update install ($feed) not refused with $code: $(cat "$out")"
  }

  step "an update whose installer was tampered with is refused; nothing is installed"
  install_refused tampered "$work/tampered.json" update.wrong_hash
  wineserver -w
  [ "$(paydesk_version)" = "$old_version" ] || fail "a tampered update changed the installed version"

  step "the installed paydesk ($old_version) finds $new_version in a local feed"
  wine "$win_dir\\paydesk.com" --json update check --feed "http://127.0.0.1:$port/good/feed.json" \
    >"$work/check.json" || fail "update check exited $?: $(cat "$work/check.json")"
  grep -q '"newer": true' "$work/check.json" || fail "no newer version found: $(cat "$work/check.json")"

  step "with a paydesk window open, update install refuses (its setup would close it mid-sale)"
  start_until_window '^paydesk$' PAYDESK_LOG=info
  install_refused good "$work/open.json" update.window_open
  xdotool search --name '^paydesk$' >/dev/null 2>&1 || fail "the open paydesk was closed"
  wineserver -k
  wineserver -w

  step "installs it silently and opens again on $new_version with the same books"
  wine "$win_dir\\paydesk.com" --json update install --feed "http://127.0.0.1:$port/good/feed.json" \
    >"$work/install.json" || fail "update install exited $?: $(cat "$work/install.json")"
  grep -q '"installer-started"' "$work/install.json" || fail "no installer started: $(cat "$work/install.json")"
  # The installer waits for the paydesk that started it to end, installs, and opens paydesk.
  shown=
  for _ in $(seq 1 180); do
    shown=$(wine reg query "$uninstall_key" /v DisplayVersion 2>/dev/null | tr -d '\r' |
      awk '/DisplayVersion/ {print $3}')
    if [ "$shown" = "$new_version" ] && xdotool search --name '^paydesk$' >/dev/null 2>&1; then
      break
    fi
    sleep 0.5
  done
  [ "$shown" = "$new_version" ] || fail "Apps & features says $shown, not $new_version"
  xdotool search --name '^paydesk$' >/dev/null 2>&1 || fail "paydesk did not open again after the update"
  wineserver -k
  wineserver -w
  [ "$(paydesk_version)" = "$new_version" ] || fail "the installed paydesk is $(paydesk_version), not $new_version"
  wine "$win_dir\\paydesk.com" --json status "$reference" >"$work/status-after.json" ||
    fail "after the update, paydesk status $reference exited $?"
  grep -q '"status"' "$work/status-after.json" || fail "after the update the books lost $reference"
  [ -f "$books/data/ledger.sqlite3" ] || fail "the update moved the books"
  kill "$feed_server" 2>/dev/null || true
  feed_server=
  echo "-- the update from $old_version to $new_version took $(( $(date +%s) - update_start )) s"
fi

step "silent uninstall (/S) keeps the books"
wine "$install_dir/uninstall.exe" /S
# The uninstaller runs from a copy of itself; wait for it to finish.
for _ in $(seq 1 60); do
  [ -f "$install_dir/paydesk.exe" ] || break
  sleep 0.5
done
wineserver -w
[ ! -f "$install_dir/paydesk.exe" ] || fail "paydesk.exe is still installed"
[ ! -f "$home/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/paydesk.lnk" ] ||
  fail "the Start-menu entry stayed"
if wine reg query "$uninstall_key" >/dev/null 2>&1; then fail "the Apps & features entry stayed"; fi
[ -f "$books/data/ledger.sqlite3" ] || fail "the uninstaller did not keep the books"
echo "-- the Windows installer works under Wine"
