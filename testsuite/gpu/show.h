/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For the programs that print what each call returned, so that the
   differential tests compare them with a native build: SHOW (EXPR)
   prints EXPR's value, and errno's name when it is -1; SHOW_ERROR
   (EXPR) the name of the error number EXPR returns; HOLDS (COND)
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
    E (EBUSY) E (ESRCH)
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

/* Print WHAT and the error number ERROR by name, or 0.  */
static inline void
show_error (const char *what, int error)
{
  if (error == 0)
    printf ("%s = 0\n", what);
  else
    printf ("%s = %s\n", what, errno_name (error));
}

#define SHOW(expr) (errno = 0, show (#expr, (long long) (expr)))
/* For the calls that return an error number (pthread's).  */
#define SHOW_ERROR(expr) show_error (#expr, (expr))
#define HOLDS(cond) printf ("%s: %s\n", #cond, (cond) ? "yes" : "no")
