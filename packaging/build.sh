#!/usr/bin/env bash
# Builds paydesk's installers into target/packages/.
#
#   packaging/build.sh [deb] [rpm] [appimage] [windows] [all]     (no argument: all)
#
# Needs the Rust toolchain; installs the rest it needs (Debian packages when run as root,
# cargo-deb and cargo-generate-rpm with cargo). Windows needs the x86_64-pc-windows-gnu target,
# mingw-w64, nasm, makensis and wixl: where any is missing it says so and skips Windows, and the
# other packages are still built. macOS is assembled on a Mac (packaging/macos/build-app.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/packages
app_id=co.paydesk.Paydesk
# The installers ship the release build. CI sets PAYDESK_PACKAGE_PROFILE=dev to package the
# binary its tests already built (the packaging is what it checks, not the optimiser).
profile=${PAYDESK_PACKAGE_PROFILE:-release}
case "$profile" in
  dev) bin_dir=target/debug ;;
  *) bin_dir=target/$profile ;;
esac
# PAYDESK_BUILD_VERSION builds another version than Cargo.toml's (CI's second, newer Windows
# installer for the update check; paydesk reads it at compile time, so only paydesk rebuilds).
version=${PAYDESK_BUILD_VERSION:-$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)}
mkdir -p "$out"

wanted=("$@")
[ "${#wanted[@]}" -eq 0 ] && wanted=(all)
for name in "${wanted[@]}"; do
  case "$name" in
    all) wanted=(deb rpm appimage windows); break ;;
    deb | rpm | appimage | windows) ;;
    *) echo "unknown package '$name': use deb, rpm, appimage, windows or all" >&2; exit 2 ;;
  esac
done
wants() { [[ " ${wanted[*]} " == *" $1 "* ]]; }

# Debian packages this script needs, installed when it may (root on Debian/Ubuntu).
need_debian() {
  local missing=()
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair##*:}")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "please install: ${missing[*]}" >&2
    return 1
  fi
}

need_cargo_tool() {
  local command=$1 crate=$2
  cargo "$command" --version >/dev/null 2>&1 && return 0
  echo "== installing $crate"
  cargo install --locked --quiet "$crate"
}

# The Linux packages run on glibc 2.31 and later (Ubuntu 20.04, Debian 11, Mint 20): built with
# cargo-zigbuild, whose Zig links against that glibc's symbols whatever the build machine has.
# PAYDESK_GLIBC=native builds against this machine's glibc instead.
glibc=${PAYDESK_GLIBC:-2.31}
linux_target=
need_zigbuild() {
  cargo-zigbuild --version >/dev/null 2>&1 && return 0
  echo "== installing cargo-zigbuild and Zig (PyPI)"
  python3 -m pip install --quiet ziglang cargo-zigbuild >/dev/null 2>&1 || true
  # pyenv's Python puts new commands behind its shims only once they are rehashed.
  if command -v pyenv >/dev/null 2>&1; then pyenv rehash || true; fi
  cargo-zigbuild --version >/dev/null 2>&1
}

linux_build() {
  [ -n "${linux_built:-}" ] && return 0
  if [ "$glibc" != native ] && need_zigbuild; then
    echo "== cargo zigbuild --profile $profile (glibc $glibc)"
    cargo zigbuild --profile "$profile" --locked --target "x86_64-unknown-linux-gnu.$glibc" --bin paydesk
    linux_target=x86_64-unknown-linux-gnu
    bin_dir="target/$linux_target/${bin_dir#target/}"
  else
    [ "$glibc" = native ] || echo "== no cargo-zigbuild: the packages need this machine's glibc or newer"
    echo "== cargo build --profile $profile"
    cargo build --profile "$profile" --locked
  fi
  # The man page, from the command line's own definition.
  mkdir -p "$out/man"
  "$bin_dir/paydesk" manpage >"$out/man/paydesk.1"
  linux_built=1
}

build_deb() {
  need_debian dpkg-shlibdeps:dpkg-dev
  need_cargo_tool deb cargo-deb
  linux_build
  echo "== .deb"
  cargo deb --no-build --locked --profile "$profile" ${linux_target:+--target "$linux_target"} \
    --output "$out/paydesk_${version}_amd64.deb"
}

build_rpm() {
  need_cargo_tool generate-rpm cargo-generate-rpm
  linux_build
  echo "== .rpm"
  cargo generate-rpm --profile "$profile" ${linux_target:+--target "$linux_target"} \
    --output "$out/paydesk-${version}-1.x86_64.rpm"
}

# The AppImage's runtime is the type-2 runtime the `appimage` crate ships on crates.io: fetched
# by cargo from the registry, like any crate, so nothing is downloaded from elsewhere.
appimage_runtime() {
  local fetch=target/appimage-runtime
  mkdir -p "$fetch/src"
  cat >"$fetch/Cargo.toml" <<'TOML'
[package]
name = "appimage-runtime-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
appimage = "=0.4.0"

[workspace]
TOML
  echo 'fn main() {}' >"$fetch/src/main.rs"
  cargo metadata --quiet --format-version 1 --manifest-path "$fetch/Cargo.toml" |
    sed -n 's/.*"manifest_path":"\([^"]*appimage-0\.4\.0\/Cargo\.toml\)".*/\1/p' |
    head -n1 | sed 's/Cargo\.toml$/assets\/runtime-x86_64/'
}

build_appimage() {
  need_debian mksquashfs:squashfs-tools
  linux_build
  echo "== AppImage"
  local appdir=target/appimage/AppDir
  rm -rf "$appdir"
  mkdir -p "$appdir/usr/bin" "$appdir/usr/share/applications" "$appdir/usr/share/metainfo"
  install -m 755 "$bin_dir/paydesk" "$appdir/usr/bin/paydesk"
  strip "$appdir/usr/bin/paydesk"
  install -m 644 "packaging/linux/$app_id.desktop" "$appdir/usr/share/applications/"
  install -m 644 "packaging/linux/$app_id.metainfo.xml" "$appdir/usr/share/metainfo/$app_id.appdata.xml"
  mkdir -p "$appdir/usr/share/icons"
  cp -r assets/icons/hicolor "$appdir/usr/share/icons/"
  install -m 644 "packaging/linux/$app_id.desktop" "$appdir/$app_id.desktop"
  install -m 644 "assets/icons/hicolor/256x256/apps/$app_id.png" "$appdir/$app_id.png"
  cp "$appdir/$app_id.png" "$appdir/.DirIcon"
  # A script, not a symlink: with a symlink the window's class would be "AppRun".
  cat >"$appdir/AppRun" <<'SH'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
exec "$here/usr/bin/paydesk" "$@"
SH
  chmod 755 "$appdir/AppRun"
  local runtime
  runtime=$(appimage_runtime)
  [ -f "$runtime" ] || { echo "the AppImage runtime was not found" >&2; return 1; }
  local image="$out/paydesk-${version}-x86_64.AppImage"
  rm -f target/appimage/payload.squashfs
  mksquashfs "$appdir" target/appimage/payload.squashfs -root-owned -noappend -comp gzip -quiet
  cat "$runtime" target/appimage/payload.squashfs >"$image"
  chmod 755 "$image"
}

build_windows() {
  local target=x86_64-pc-windows-gnu missing=()
  rustup target list --installed 2>/dev/null | grep -qx "$target" ||
    rustup target add "$target" >/dev/null 2>&1 || missing+=("the $target Rust target")
  command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || missing+=("mingw-w64")
  command -v nasm >/dev/null 2>&1 || missing+=("nasm")
  command -v makensis >/dev/null 2>&1 || missing+=("makensis (nsis)")
  command -v wixl >/dev/null 2>&1 || missing+=("wixl")
  if [ "${#missing[@]}" -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    need_debian x86_64-w64-mingw32-gcc:mingw-w64 nasm:nasm makensis:nsis wixl:wixl || true
    missing=()
    rustup target list --installed 2>/dev/null | grep -qx "$target" || missing+=("the $target Rust target")
    for tool in x86_64-w64-mingw32-gcc nasm makensis wixl; do
      command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
  fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "== Windows skipped: missing ${missing[*]}"
    return 0
  fi
  # CI sets PAYDESK_WINDOWS_PROFILE=ci-package: unoptimised, but the windowed program a shop gets.
  local windows_profile=${PAYDESK_WINDOWS_PROFILE:-release}
  # PAYDESK_WINDOWS_FEATURES: CI adds test-update-key (the build trusts CI's throwaway update key).
  local features=${PAYDESK_WINDOWS_FEATURES:-}
  echo "== Windows (cross-built with $target, profile $windows_profile${features:+, features $features})"
  cargo build --profile "$windows_profile" --locked --target "$target" --bins ${features:+--features "$features"}
  local built="target/$target/$windows_profile"
  local staging=target/windows
  rm -rf "$staging"
  mkdir -p "$staging"
  cp "$built/paydesk.exe" "$staging/paydesk.exe"
  # The console companion a prompt runs for `paydesk` (src/bin/paydesk-console.rs).
  cp "$built/paydesk-console.exe" "$staging/paydesk.com"
  cp README.md "$staging/README.md"
  makensis -V2 -DVERSION="$version" -DSTAGING="$PWD/$staging" \
    -DOUTFILE="$PWD/$out/paydesk-${version}-setup.exe" packaging/windows/paydesk.nsi
  # wixl reads sources relative to the .wxs file and refuses absolute paths.
  wixl --arch x64 -D Version="$version" -D Staging="../../$staging" \
    -o "$out/paydesk-${version}-x64.msi" packaging/windows/paydesk.wxs
}

wants deb && build_deb
wants rpm && build_rpm
wants appimage && build_appimage
wants windows && build_windows
echo "== done:"
ls -l "$out" | sed -n '2,$p'
