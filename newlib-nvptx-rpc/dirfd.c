/* dirfd(3) for nvptx.  */

#include <dirent.h>

int
dirfd (DIR *dir)
{
  return dir->dd_fd;
}
