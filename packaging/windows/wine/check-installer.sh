#!/usr/bin/env bash
# The Windows installer, used as a shop owner would, under Wine in a fresh prefix: installs it
# silently, checks the Start-menu entry and the Apps & features (uninstall) key, starts the
# installed paydesk until its window shows (once with the PC's OpenGL, once with only OpenGL 1.1),
# runs the command line through paydesk.com against the built-in simulator, installs again over a
# running paydesk (an update), and uninstalls, which keeps the books.
#
#   packaging/windows/wine/check-installer.sh target/packages/paydesk-<version>-setup.exe
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

if [ -z "${PAYDESK_WINE_INNER:-}" ]; then
  exec env PAYDESK_WINE_INNER=1 xvfb-run -a -s "-screen 0 1366x768x24" "$0" "$@"
fi

work=$(mktemp -d)
export WINEPREFIX="$work/prefix" WINEDEBUG=-all
# No Mono or Gecko download prompts: paydesk needs neither.
export WINEDLLOVERRIDES="mscoree,mshtml="
cleanup() {
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
