/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* "plugin-driver PLUGIN PROGRAM", for gomp-plugins-check.sh: loads
   PLUGIN, a real libgomp nvptx plugin, and calls it as libgomp does to
   open device 0, load one image and unload it, and close the device,
   against the stand-in driver.  The image is the one fake-gomp-plugin.c
   links: an object with a kernel, PROGRAM's line (a GPU program built
   for the host, prog.so) and a library object.  Between load and unload
   it says whether PROGRAM's __nvptx_rpc_link has a mailbox, which only
   nvptx-rpc's server gives it.  Each step's result goes to stdout.

   The image descriptor is mkoffload's (GCC's nvptx_tdata_t; GCC 14's
   ind_fn_num is not read at this version number), and load_image's
   extra arguments, GCC 13's and 14's, are null, as libgomp passes them
   for an image without reverse offload.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "nvptx-rpc.h"

struct targ_ptx_obj
{
  const char *code;
  size_t size;
};

struct targ_fn_launch
{
  const char *fn;
  unsigned short dim[3];
};

struct nvptx_tdata
{
  const struct targ_ptx_obj *ptx_objs;
  unsigned ptx_num;
  const char *const *var_names;
  unsigned var_num;
  const struct targ_fn_launch *fn_descs;
  unsigned fn_num;
  unsigned ind_fn_num;
};

struct addr_pair
{
  uintptr_t start, end;
};

/* GOMP_VERSION_PACK (2, GOMP_VERSION_NVIDIA_PTX): GCC 12's, which GCC
   14's plugin takes too.  */
#define VERSION ((2u << 16) | 1)

static void *
need (void *plugin, const char *name)
{
  void *p = dlsym (plugin, name);

  if (p == NULL)
    {
      fprintf (stderr, "plugin-driver: %s\n", dlerror ());
      _exit (2);
    }
  return p;
}

int
main (int argc, char **argv)
{
  void *plugin, *program;
  char line[4096];
  const char *kernel = "fake-libcuda object kernel\n"
		       ".visible .entry main$_omp_fn$0 ()\n";
  const char *library = "fake-libcuda object library\n"
			".visible .func puts ()\n";
  struct targ_fn_launch fns[] = { { "__main", { 0, 0, 0 } } };
  struct addr_pair *table;
  struct nvptx_rpc_link *link;

  if (argc != 3)
    {
      fprintf (stderr, "usage: plugin-driver PLUGIN PROGRAM\n");
      return 2;
    }
  if ((plugin = dlopen (argv[1], RTLD_NOW)) == NULL)
    {
      fprintf (stderr, "plugin-driver: %s\n", dlerror ());
      return 2;
    }
  snprintf (line, sizeof line, "fake-libcuda program %s\n", argv[2]);
  struct targ_ptx_obj objects[] = {
    { kernel, strlen (kernel) + 1 },
    { line, strlen (line) + 1 },
    { library, strlen (library) + 1 },
  };
  struct nvptx_tdata image = { objects, 3, NULL, 0, fns, 1, 0 };

  int (*get_num_devices) (unsigned)
    = need (plugin, "GOMP_OFFLOAD_get_num_devices");
  bool (*init_device) (int) = need (plugin, "GOMP_OFFLOAD_init_device");
  int (*load_image) (int, unsigned, const void *, struct addr_pair **,
		     uint64_t **, uint64_t *)
    = need (plugin, "GOMP_OFFLOAD_load_image");
  bool (*unload_image) (int, unsigned, const void *)
    = need (plugin, "GOMP_OFFLOAD_unload_image");
  bool (*fini_device) (int) = need (plugin, "GOMP_OFFLOAD_fini_device");

  printf ("devices: %d\n", get_num_devices (0));
  printf ("init_device: %d\n", init_device (0));
  printf ("load_image: %d\n", load_image (0, VERSION, &image, &table, NULL,
					  NULL));
  /* The module is PROGRAM, which the stand-in driver has loaded.  */
  program = dlopen (argv[2], RTLD_NOW | RTLD_NOLOAD);
  link = program ? dlsym (program, NVPTX_RPC_LINK_SYMBOL) : NULL;
  printf ("mailbox: %s\n", link && link->mailbox ? "yes" : "no");
  if (program)
    dlclose (program);
  printf ("unload_image: %d\n", unload_image (0, VERSION, &image));
  printf ("fini_device: %d\n", fini_device (0));
  return 0;
}
