/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* <sys/vfs.h>, glibc's other name for <sys/statfs.h>.  */

#include <sys/statfs.h>
