#!/bin/sh
# Debian packages the test suite needs: shfmt is the non-Node formatter the format hook's tests run for real;
# the key tools make the private keys redact-secrets' tests read (test/support/keys.ts).
set -eu
apt-get install -y shfmt
apt-get install -y --no-install-recommends openssh-client openssl gnupg putty-tools age wireguard-tools git
# Shells the polyglot entry starts run in (test/install/polyglot-start.process.test.ts); dash and bash are in the base system.
apt-get install -y --no-install-recommends zsh mksh yash busybox
