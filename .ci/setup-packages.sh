#!/bin/sh
# Debian packages the test suite needs: shfmt is the non-Node formatter the format hook's tests run for real.
set -eu
apt-get install -y shfmt
