/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The account files' functions and mntent: entries written with
   putpwent, putgrent, putspent and addmntent, read back with fgetpwent,
   fgetspent, sgetspent and getmntent, hand-written tables with comments,
   blanks and escapes, the errors for fields that would break a line;
   getspnam and lckpwdf on the host's files (found, or EACCES, as the
   run's user may).  Run natively and on the GPU, the output, status
   and files left behind must be identical (gpu.exp; differential.sh in
   CI).  */

#define _GNU_SOURCE
#include <grp.h>
#include <mntent.h>
#include <pwd.h>
#include <shadow.h>
#include <stdio.h>
#include <string.h>

#include "show.h"

/* Print FILE's lines.  */
static void
cat (const char *file)
{
  char line[256];
  FILE *f = fopen (file, "r");

  while (f != NULL && fgets (line, sizeof line, f) != NULL)
    printf ("| %s", line);
  if (f != NULL)
    fclose (f);
}

int
main (void)
{
  struct passwd pw = { .pw_name = "alice", .pw_passwd = "x", .pw_uid = 1001,
		       .pw_gid = 100, .pw_gecos = "Alice: A\nB",
		       .pw_dir = "/home/alice", .pw_shell = "/bin/sh" };
  struct passwd nis = { .pw_name = "+bob", .pw_passwd = "",
			.pw_gecos = "", .pw_dir = "", .pw_shell = "" };
  struct passwd bad = pw, *read_pw;
  char *members[] = { "alice", "bob", NULL }, *bad_members[] = { "a,b", NULL };
  struct group gr = { .gr_name = "staff", .gr_passwd = "x", .gr_gid = 50,
		      .gr_mem = members };
  struct group bad_gr = gr;
  struct spwd sp = { .sp_namp = "alice", .sp_pwdp = "$6$salt$hash",
		     .sp_lstchg = 19000, .sp_min = -1, .sp_max = 99999,
		     .sp_warn = 7, .sp_inact = -1, .sp_expire = -1,
		     .sp_flag = ~0ul }, *read_sp;
  struct mntent me = { .mnt_fsname = "/dev/sda1", .mnt_dir = "/mnt/a b",
		       .mnt_type = "ext4", .mnt_opts = "rw,noatime,uid=5",
		       .mnt_freq = 0, .mnt_passno = 2 }, *m;
  FILE *f;
  int locked;

  puts ("-- passwd");
  f = fopen ("passwd", "w");
  SHOW (putpwent (&pw, f));
  SHOW (putpwent (&nis, f));
  bad.pw_dir = "/home/a:b";
  SHOW (putpwent (&bad, f));
  fputs ("# a comment\n\nbroken:line\ncarol:x:1002:100::/home/carol:/bin/bash\n",
	 f);
  SHOW (fclose (f));
  cat ("passwd");
  f = fopen ("passwd", "r");
  while ((read_pw = fgetpwent (f)) != NULL)
    printf ("%s %s %u %u [%s] %s %s\n", read_pw->pw_name, read_pw->pw_passwd,
	    (unsigned) read_pw->pw_uid, (unsigned) read_pw->pw_gid,
	    read_pw->pw_gecos, read_pw->pw_dir, read_pw->pw_shell);
  fclose (f);

  puts ("-- group");
  f = fopen ("group", "w");
  SHOW (putgrent (&gr, f));
  bad_gr.gr_mem = bad_members;
  SHOW (putgrent (&bad_gr, f));
  gr.gr_mem = NULL;
  SHOW (putgrent (&gr, f));
  SHOW (fclose (f));
  cat ("group");

  puts ("-- shadow");
  f = fopen ("shadow", "w");
  SHOW (putspent (&sp, f));
  sp.sp_namp = "bob";
  sp.sp_min = 0;
  sp.sp_flag = 0;
  SHOW (putspent (&sp, f));
  sp.sp_pwdp = "a:b";
  SHOW (putspent (&sp, f));
  SHOW (fclose (f));
  cat ("shadow");
  f = fopen ("shadow", "r");
  while ((read_sp = fgetspent (f)) != NULL)
    printf ("%s %s %ld %ld %ld %ld %ld %ld %lu\n", read_sp->sp_namp,
	    read_sp->sp_pwdp, read_sp->sp_lstchg, read_sp->sp_min,
	    read_sp->sp_max, read_sp->sp_warn, read_sp->sp_inact,
	    read_sp->sp_expire, read_sp->sp_flag);
  fclose (f);
  read_sp = sgetspent ("carol:!:19500:0:90:14:30:20000:\n");
  HOLDS (read_sp != NULL);
  if (read_sp != NULL)
    printf ("%s %s %ld %ld %ld %ld %ld %ld %lu\n", read_sp->sp_namp,
	    read_sp->sp_pwdp, read_sp->sp_lstchg, read_sp->sp_min,
	    read_sp->sp_max, read_sp->sp_warn, read_sp->sp_inact,
	    read_sp->sp_expire, read_sp->sp_flag);
  HOLDS (sgetspent ("too:few:fields") == NULL);
  errno = 0;
  read_sp = getspnam ("root");
  printf ("getspnam (root): %s\n",
	  read_sp != NULL ? "found" : errno_name (errno));
  locked = lckpwdf ();
  printf ("lckpwdf: %s\n", locked == 0 ? "locked" : errno_name (errno));
  SHOW (ulckpwdf ());

  puts ("-- mntent");
  f = setmntent ("fstab", "w+");
  SHOW (addmntent (f, &me));
  SHOW (endmntent (f));
  f = fopen ("fstab", "a");
  fputs ("# comment\n  \t\n\t/dev/sdb1\t/srv\\040x\txfs\tdefaults,ro  1\n"
	 "proc /proc proc\n", f);
  fclose (f);
  cat ("fstab");
  f = setmntent ("fstab", "r");
  while ((m = getmntent (f)) != NULL)
    printf ("[%s] [%s] [%s] [%s] %d %d; rw %s, ro %s, uid %s\n",
	    m->mnt_fsname, m->mnt_dir, m->mnt_type, m->mnt_opts, m->mnt_freq,
	    m->mnt_passno, hasmntopt (m, "rw") ? hasmntopt (m, "rw") : "-",
	    hasmntopt (m, "ro") ? hasmntopt (m, "ro") : "-",
	    hasmntopt (m, "uid") ? hasmntopt (m, "uid") : "-");
  SHOW (endmntent (f));
  return 0;
}
