/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* setuid, seteuid, setreuid, setresuid and the gid forms: a GPU
   program runs as its launcher, whose ids it cannot change: setting an
   id to what it is already (or, for the re and res forms, -1:
   unchanged) succeeds, anything else is EPERM.  The saved ids are
   taken to be the effective ones, as in a launcher that is not
   set-user-ID.  */

#include <errno.h>
#include <unistd.h>

static int
refuse (void)
{
  errno = EPERM;
  return -1;
}

int
setuid (uid_t uid)
{
  return uid == getuid () && uid == geteuid () ? 0 : refuse ();
}

int
seteuid (uid_t uid)
{
  return uid == geteuid () ? 0 : refuse ();
}

int
setreuid (uid_t ruid, uid_t euid)
{
  return (ruid == (uid_t) -1 || ruid == getuid ())
	 && (euid == (uid_t) -1 || euid == geteuid ()) ? 0 : refuse ();
}

int
setgid (gid_t gid)
{
  return gid == getgid () && gid == getegid () ? 0 : refuse ();
}

int
setegid (gid_t gid)
{
  return gid == getegid () ? 0 : refuse ();
}

int
setregid (gid_t rgid, gid_t egid)
{
  return (rgid == (gid_t) -1 || rgid == getgid ())
	 && (egid == (gid_t) -1 || egid == getegid ()) ? 0 : refuse ();
}

int
setresuid (uid_t ruid, uid_t euid, uid_t suid)
{
  return (ruid == (uid_t) -1 || ruid == getuid ())
	 && (euid == (uid_t) -1 || euid == geteuid ())
	 && (suid == (uid_t) -1 || suid == geteuid ()) ? 0 : refuse ();
}

int
setresgid (gid_t rgid, gid_t egid, gid_t sgid)
{
  return (rgid == (gid_t) -1 || rgid == getgid ())
	 && (egid == (gid_t) -1 || egid == getegid ())
	 && (sgid == (gid_t) -1 || sgid == getegid ()) ? 0 : refuse ();
}
