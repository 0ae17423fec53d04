/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* timegm, as glibc's: TM's broken-down UTC time as seconds since the
   epoch, its fields normalized (a 32nd of January is the 1st of
   February), as mktime does for local time, with no time zone.  */

#include <time.h>

/* Days from 1970-01-01 to YEAR-MONTH-1 (MONTH 1 to 12) of the proleptic
   Gregorian calendar (Howard Hinnant's days_from_civil).  */
static long long
days_from_civil (long long year, int month)
{
  year -= month <= 2;
  long long era = (year >= 0 ? year : year - 399) / 400;
  long long year_of_era = year - era * 400;
  long long day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5;
  long long day_of_era = year_of_era * 365 + year_of_era / 4
			 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

time_t
timegm (struct tm *tm)
{
  long long month = tm->tm_mon, year = tm->tm_year + 1900LL + month / 12;
  time_t t;

  month %= 12;
  if (month < 0)
    month += 12, year--;
  t = ((days_from_civil (year, month + 1) + tm->tm_mday - 1) * 86400LL
       + tm->tm_hour * 3600LL + tm->tm_min * 60LL + tm->tm_sec);
  if (gmtime_r (&t, tm) == NULL)
    return (time_t) -1;
  return t;
}
