#!/usr/bin/env bash
# Configure gpsd on this workstation for the USB receiver used in the lab.
set -euo pipefail

DEVICE=${1:-/dev/ttyACM0}

echo "configuring gpsd for $DEVICE"
sudo tee /etc/default/gpsd >/dev/null <<EOF
START_DAEMON="true"
USBAUTO="true"
DEVICES="$DEVICE"
GPSD_OPTIONS="-n -b"
EOF

sudo install -m 0644 ops/gnss/99-ublox.rules /etc/udev/rules.d/99-ublox.rules
sudo udevadm control --reload-rules

mkdir -p "$HOME/.config/gpsd"
cp ops/gnss/cgps.conf "$HOME/.config/gpsd/"

echo "written /etc/default/gpsd and udev rule; restart gpsd to apply"
cat /etc/default/gpsd
