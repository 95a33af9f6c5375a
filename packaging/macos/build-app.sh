#!/usr/bin/env bash
# Assembles paydesk.app on a Mac (it cannot be built on Linux: the Apple SDK and iconutil are
# macOS-only). Writes target/packages/paydesk.app and a zip of it.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
out=target/packages
app="$out/paydesk.app"

cargo build --release --locked
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
cp target/release/paydesk "$app/Contents/MacOS/paydesk"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist >"$app/Contents/Info.plist"

# The icon set from the PNGs the Linux packages ship.
iconset=$(mktemp -d)/paydesk.iconset
mkdir -p "$iconset"
for size in 16 32 128 256 512; do
  cp "assets/icons/hicolor/${size}x${size}/apps/co.paydesk.Paydesk.png" "$iconset/icon_${size}x${size}.png"
done
for size in 16 128 256; do
  double=$((size * 2))
  cp "assets/icons/hicolor/${double}x${double}/apps/co.paydesk.Paydesk.png" "$iconset/icon_${size}x${size}@2x.png"
done
cp "assets/icons/hicolor/64x64/apps/co.paydesk.Paydesk.png" "$iconset/icon_32x32@2x.png"
iconutil -c icns "$iconset" -o "$app/Contents/Resources/paydesk.icns"

(cd "$out" && ditto -c -k --keepParent paydesk.app "paydesk-${version}-macos.zip")
echo "built $app"
