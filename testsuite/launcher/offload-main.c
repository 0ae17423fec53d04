/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The host part of the gomp hook tests' program (gomp-hook-check.sh):
   "offload-main PLUGIN PROGRAM [ARG]..." loads PLUGIN, the stand-in for
   libgomp's nvptx plugin (fake-gomp-plugin.c), as libgomp does, runs
   PROGRAM's kernel through it, and exits with the kernel's result.  */

#include <dlfcn.h>
#include <stdio.h>

int
main (int argc, char **argv)
{
  void *plugin;
  int (*run) (const char *, int, char **);

  if (argc < 3)
    {
      fprintf (stderr, "usage: offload-main PLUGIN PROGRAM [ARG]...\n");
      return 2;
    }
  if ((plugin = dlopen (argv[1], RTLD_NOW)) == NULL
      || (run = (int (*) (const char *, int, char **))
		dlsym (plugin, "fake_gomp_run")) == NULL)
    {
      fprintf (stderr, "offload-main: %s\n", dlerror ());
      return 2;
    }
  /* The kernel's argv: the program's name, then ARG...  */
  return run (argv[2], argc - 2, argv + 2);
}
