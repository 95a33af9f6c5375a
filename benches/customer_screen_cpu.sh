#!/usr/bin/env bash
# What paydesk costs in CPU while a customer screen waits for the payment, in a real window
# drawn in software (LIBGL_ALWAYS_SOFTWARE=1, as many shop PCs draw): the release build under an
# X server of its own (Xvfb), in a home of its own on the built-in simulator, driven from outside
# as a cashier would (xdotool: an amount, Enter creates the link, Enter shows it to the customer).
# The process's CPU (utime + stime from /proc/PID/stat, every thread) is sampled while the till is
# idle, while the link is on the till, and while the customer screen waits; the X server's own
# share is printed beside it. Then the screen is photographed.
#
#   benches/customer_screen_cpu.sh [--no-build] [--binary PATH] [--seconds N] [--out DIR] [screen|display|both]
#
#   screen   one monitor (1366x768): the full-window customer screen (src/ui/customer.rs)
#   display  two monitors (1920x1080, and 1366x768 beside it, made with xrandr --setmonitor):
#            the customer display's own window on the second one (src/ui/display/)
#
# Needs: Xvfb, xrandr (x11-xserver-utils), xdotool, import (imagemagick), sqlite3.
# A figure is only printed, never checked: it depends on the machine.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
build=1
binary=${CARGO_TARGET_DIR:-$root/target}/release/paydesk
seconds=20
short=10
out=${TMPDIR:-/tmp}
modes=(screen display)

while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --binary) binary=$2; build=0; shift ;;
    --seconds) seconds=$2; shift ;;
    --out) out=$2; shift ;;
    screen | display) modes=("$1") ;;
    both) modes=(screen display) ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

for tool in Xvfb xrandr xdotool import sqlite3; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "$tool is missing (apt: xvfb x11-xserver-utils xdotool imagemagick sqlite3)" >&2
    exit 1
  }
done
if [ "$build" = 1 ]; then
  cargo build --release --bin paydesk
fi
[ -x "$binary" ] || { echo "no paydesk at $binary" >&2; exit 1; }
mkdir -p "$out"

hz=$(getconf CLK_TCK)
server_pid=
app_pid=
home=

finish() {
  # Asked to end first: an X server killed outright leaves its lock file behind.
  for pid in $app_pid $server_pid; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in $app_pid $server_pid; do
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  done
  app_pid=
  server_pid=
  [ -n "$home" ] && rm -rf "$home"
  home=
}
trap finish EXIT

# Waits up to $1 seconds for the command after it to succeed.
wait_until() {
  local seconds=$1
  shift
  local deadline=$(($(date +%s) + seconds))
  until "$@"; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# Percent of one core each of paydesk and the X server used over $1 seconds.
sample() {
  local app0 server0 start app1 server1 end
  app0=$(ticks "$app_pid")
  server0=$(ticks "$server_pid")
  start=$(date +%s.%N)
  sleep "$1"
  app1=$(ticks "$app_pid")
  server1=$(ticks "$server_pid")
  end=$(date +%s.%N)
  awk -v a="$((app1 - app0))" -v s="$((server1 - server0))" -v hz="$hz" -v t0="$start" -v t1="$end" \
    'BEGIN { t = t1 - t0; printf "paydesk %5.1f %% of a core, X server %5.1f %%", 100 * a / hz / t, 100 * s / hz / t }'
}

sales() { sqlite3 -readonly "$home/data/ledger.sqlite3" "SELECT count(*) FROM collections" 2>/dev/null || echo 0; }
has_sale() { [ "$(sales)" -gt 0 ]; }
logged() { grep -q "$1" "$home/paydesk.log"; }
window_named() { xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n1; }
has_window() { [ -n "$(window_named "$1")" ]; }

keys() {
  xdotool windowfocus "$cashier" 2>/dev/null || true
  local key
  for key in "$@"; do
    case "$key" in
      type:*) xdotool type --delay 40 "${key#type:}" ;;
      *) xdotool key "$key" ;;
    esac
  done
}

free_display() {
  local n
  for n in $(seq 91 140); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then
      echo ":$n"
      return
    fi
  done
  echo "no free X display number" >&2
  exit 1
}

run_mode() {
  local mode=$1 width=1366 height=768
  # Two monitors as tests/display_two_monitors.rs makes them: the cashier's (1920x1080) holds the
  # till's window, the customer's (1366x768) beside it gets the display.
  [ "$mode" = display ] && width=$((1920 + 1366)) height=1080
  home=$(mktemp -d)
  export DISPLAY
  DISPLAY=$(free_display)
  # -noreset: the monitors xrandr declares stay when it disconnects.
  Xvfb "$DISPLAY" -noreset -nolisten tcp -screen 0 "${width}x${height}x24" >/dev/null 2>&1 &
  server_pid=$!
  wait_until 20 xrandr --listmonitors >/dev/null 2>&1 || { echo "Xvfb did not start" >&2; exit 1; }
  if [ "$mode" = display ]; then
    xrandr --setmonitor CAJA 1920/300x1080/200+0+0 screen >/dev/null
    xrandr --setmonitor CLIENTE 1366/300x768/200+1920+0 none >/dev/null
  fi
  mkdir -p "$home/config"
  printf 'version = 1\n\n[updates]\nlook = false\n\n[profiles.simulator]\nenvironment = "simulator"\nwebhook_listen = "127.0.0.1:0"\n' \
    >"$home/config/paydesk.toml"
  env -u WAYLAND_DISPLAY HOME="$home" PAYDESK_CONFIG_DIR="$home/config" PAYDESK_DATA_DIR="$home/data" \
    PAYDESK_EXPORTS_DIR="$home/exports" PAYDESK_NO_KEYRING=1 PAYDESK_LANG=es \
    PAYDESK_LOG=paydesk=info XDG_CACHE_HOME="$home/cache" LIBGL_ALWAYS_SOFTWARE=1 \
    "$binary" >"$home/paydesk.log" 2>&1 &
  app_pid=$!
  wait_until 120 has_window '^paydesk$' || { cat "$home/paydesk.log"; exit 1; }
  cashier=$(window_named '^paydesk$')
  # The first start fits the window to the screen and connects: let it settle.
  sleep 5
  echo "$mode: till idle:                $(sample "$short")"

  # The amount takes the keyboard once connected; typed again until the sale is in the books.
  local tries=0
  until has_sale; do
    tries=$((tries + 1))
    [ "$tries" -le 20 ] || { echo "no sale was created" >&2; cat "$home/paydesk.log"; exit 1; }
    keys ctrl+a BackSpace type:35000 Return
    wait_until 5 has_sale || true
  done
  sleep 2
  echo "$mode: link on the till:        $(sample "$short")"

  keys Return
  if [ "$mode" = display ]; then
    wait_until 30 has_window 'Pantalla del cliente' || { echo "no customer display" >&2; exit 1; }
  else
    wait_until 30 logged 'on the customer screen' || { echo "no customer screen" >&2; exit 1; }
  fi
  sleep 2
  echo "$mode: customer screen waiting: $(sample "$seconds")"
  import -window root "$out/customer_screen_cpu-$mode.png"
  echo "$mode: the screen as it was:    $out/customer_screen_cpu-$mode.png"
  finish
}

"$binary" --version 2>/dev/null | head -n1 || true
for mode in "${modes[@]}"; do
  run_mode "$mode"
done
