/* opendir(3) for nvptx: the directory opened by the host through
   nvptx-rpc; readdir.c fetches its entries.  */

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

DIR *
opendir (const char *path)
{
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir;

  if (fd < 0)
    return NULL;
  if ((dir = fdopendir (fd)) == NULL)
    close (fd);
  return dir;
}
