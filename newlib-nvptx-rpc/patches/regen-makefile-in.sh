#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: LicenseRef-Newlib-nvptx
# Regenerate newlib/Makefile.in in a newlib 4.x source tree (the current
# folder, or NEWLIB_SRC) after mkseries.sh's series is applied: the
# series changes Makefile.inc files, from which it is generated, and
# master's snapshot has none.  As newlib's README-maintainer-mode says,
# with autoconf 2.69 (newlib's config/override.m4 refuses any other) and
# automake 1.15.1.  Debian 12 has autoconf 2.69 (autoconf2.69) but no
# automake 1.15, nor has Debian 11; its automake 1.16.5 it is (Debian 13's
# 1.17 too), with two differences from 1.15.1 made good here, in this
# tree only:
#  - 1.16 shortens the names of objects built with per-target flags
#    (libc_a-foo.o becomes a-foo.o), and newlib's Makefile.am names
#    libm's objects that libc.a takes (MATHOBJS_IN_LIBC): libc_a and
#    libm_a's _SHORTNAME keep 1.15's names;
#  - 1.16's dependency tracking needs its own macros in configure, so
#    aclocal.m4 and configure are regenerated too, from newlib's sources.
# None of it goes into the series, which changes Makefile.inc files:
# newlib's maintainers regenerate Makefile.in from them with 1.15.1.
#
# Usage: regen-makefile-in.sh [NEWLIB_SRC]
set -eu
cd "${1:-.}/newlib"
printf '%s\n' 'libc_a_SHORTNAME = libc_a' 'libm_a_SHORTNAME = libm_a' \
  >> Makefile.am
AUTOCONF=autoconf2.69 AUTOM4TE=autom4te2.69 aclocal -I . -I .. -I ../config
autoconf2.69
AUTOCONF=autoconf2.69 AUTOM4TE=autom4te2.69 automake
