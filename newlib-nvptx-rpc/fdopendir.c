/* fdopendir(3) for nvptx: a directory stream on FD, which it then owns.
   The host checks that FD is a directory on the first readdir.  */

#include <dirent.h>
#include <stdlib.h>

DIR *
fdopendir (int fd)
{
  DIR *dir = calloc (1, sizeof *dir);

  if (dir != NULL)
    dir->dd_fd = fd;
  return dir;
}
