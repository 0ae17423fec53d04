/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* gettext and its family without message catalogs, as glibc's where no
   translation is found: each message is its own translation, and
   ngettext picks the singular for 1, else the plural.  textdomain and
   bindtextdomain keep and return what they are given.  */

#include <errno.h>
#include <libintl.h>
#include <stdlib.h>
#include <string.h>

char *
dcngettext (const char *domain, const char *singular, const char *plural,
	    unsigned long int n, int category)
{
  (void) domain, (void) category;
  return (char *) (n == 1 ? singular : plural);
}

char *
dngettext (const char *domain, const char *singular, const char *plural,
	   unsigned long int n)
{
  return dcngettext (domain, singular, plural, n, 0);
}

char *
ngettext (const char *singular, const char *plural, unsigned long int n)
{
  return dcngettext (NULL, singular, plural, n, 0);
}

char *
dcgettext (const char *domain, const char *message, int category)
{
  (void) domain, (void) category;
  return (char *) message;
}

char *
dgettext (const char *domain, const char *message)
{
  return dcgettext (domain, message, 0);
}

char *
gettext (const char *message)
{
  return dcgettext (NULL, message, 0);
}

/* The current domain: "messages" until textdomain names another; "" sets
   it back.  */
char *
textdomain (const char *domain)
{
  static char *current;
  char *copy;

  if (domain != NULL)
    {
      if ((copy = strdup (*domain ? domain : "messages")) == NULL)
	return NULL;
      free (current);
      current = copy;
    }
  return current ? current : (char *) "messages";
}

/* Where a domain's catalogs would be: DIRECTORY, or glibc's default
   when asked.  */
char *
bindtextdomain (const char *domain, const char *directory)
{
  if (domain == NULL || *domain == '\0')
    {
      errno = EINVAL;
      return NULL;
    }
  return (char *) (directory ? directory : "/usr/share/locale");
}

char *
bind_textdomain_codeset (const char *domain, const char *codeset)
{
  if (domain == NULL || *domain == '\0')
    {
      errno = EINVAL;
      return NULL;
    }
  return (char *) codeset;
}
