/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For the programs that print what each call returned, so that the
   differential tests compare them with a native build: SHOW (EXPR)
   prints EXPR's value, and errno's name when it is -1; HOLDS (COND)
   prints whether COND holds, without its values.  */
#include <errno.h>
#include <stdio.h>

static inline const char *
errno_name (int e)
{
  static const struct { int value; const char *name; } names[] = {
#define E(name) { name, #name },
    E (EPERM) E (ENOENT) E (EBADF) E (EACCES) E (EEXIST) E (ENOTDIR)
    E (EISDIR) E (EINVAL) E (EMFILE) E (ERANGE) E (ENOTEMPTY) E (ENOSYS)
    E (ENAMETOOLONG) E (ELOOP) E (ESPIPE) E (EFAULT) E (EOPNOTSUPP)
    E (ENOTTY) E (ENXIO) E (EIO) E (EAGAIN) E (EDEADLK) E (ENOLCK)
#undef E
  };

  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].value == e)
      return names[i].name;
  return "another errno";
}

/* Print WHAT and RESULT, and errno's name when RESULT is -1.  */
static inline void
show (const char *what, long long result)
{
  if (result == -1)
    printf ("%s = -1 %s\n", what, errno_name (errno));
  else
    printf ("%s = %lld\n", what, result);
}

#define SHOW(expr) (errno = 0, show (#expr, (long long) (expr)))
#define HOLDS(cond) printf ("%s: %s\n", #cond, (cond) ? "yes" : "no")
