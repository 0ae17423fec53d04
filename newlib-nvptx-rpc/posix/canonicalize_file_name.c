/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* GNU's canonicalize_file_name: realpath into memory of its own.  */

#include <stdlib.h>

char *
canonicalize_file_name (const char *path)
{
  return realpath (path, NULL);
}
