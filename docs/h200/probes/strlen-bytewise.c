/* A strlen that reads one byte at a time, so that compute-sanitizer does
   not stop at newlib's word-at-a-time reads past a short string's end.  */
#include <stddef.h>
size_t
strlen (const char *s)
{
  const char *p = s;
  while (*p)
    p++;
  return p - s;
}
