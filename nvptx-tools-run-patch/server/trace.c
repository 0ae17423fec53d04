/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's --trace: a line for each served call, after
   the fact, strace-style.  */

#define _GNU_SOURCE
#include <string.h>

#include "server-internal.h"

/* Each request's name and trace format (nvptx-rpc.h).  */
static const struct
{
  const char *name;
  const char *trace;
} opcodes[NVPTX_RPC_OPCODE_END] = {
#define OP(op, name, trace) [NVPTX_RPC_##op] = { #name, trace },
  NVPTX_RPC_OPCODES (OP)
#undef OP
};

static const char *const whences[] = { "SEEK_SET", "SEEK_CUR", "SEEK_END" };

/* Print S (LENGTH bytes) as a C string, at most 32 bytes of it.  */
static void
trace_string (FILE *f, const char *s, size_t length)
{
  size_t shown = length < 32 ? length : 32;

  fputc ('"', f);
  for (size_t i = 0; i < shown; i++)
    {
      unsigned char ch = s[i];
      if (ch == '\n')
	fputs ("\\n", f);
      else if (ch == '"' || ch == '\\')
	fprintf (f, "\\%c", ch);
      else if (ch < ' ' || ch > '~')
	fprintf (f, "\\%o", ch);
      else
	fputc (ch, f);
    }
  fputs (shown < length ? "\"..." : "\"", f);
}

static void
trace_oflags (FILE *f, uint64_t flags)
{
  static const char *const modes[] = { "O_RDONLY", "O_WRONLY", "O_RDWR",
				       "O_ACCMODE" };

  fputs (modes[flags & NVPTX_RPC_O_ACCMODE], f);
  for (size_t i = 0;
       i < sizeof server_oflag_table / sizeof *server_oflag_table; i++)
    if (flags & server_oflag_table[i].wire)
      fprintf (f, "|%s", server_oflag_table[i].name);
}

/* LOCK's arg1: its command, the lock's type and its whence.  */
static void
trace_lock (FILE *f, uint64_t packed)
{
  static const char *const commands[] = { "?", "F_GETLK", "F_SETLK",
					  "F_SETLKW" };
  static const char *const types[] = { "F_RDLCK", "F_WRLCK", "F_UNLCK" };
  unsigned command = NVPTX_RPC_LOCK_COMMAND (packed);
  unsigned type = NVPTX_RPC_LOCK_TYPE (packed);
  unsigned whence = NVPTX_RPC_LOCK_WHENCE (packed);

  fprintf (f, "%s, {%s, %s}", command < 4 ? commands[command] : "?",
	   type < 3 ? types[type] : "?", whence < 3 ? whences[whence] : "?");
}

/* FLOCK's operation.  */
static void
trace_flock (FILE *f, uint64_t operation)
{
  static const char *const names[] = { "LOCK_SH", "LOCK_EX", "LOCK_NB",
					"LOCK_UN" };
  const char *separator = "";

  for (int bit = 0; bit < 4; bit++)
    if (operation & 1u << bit)
      {
	fprintf (f, "%s%s", separator, names[bit]);
	separator = "|";
      }
  if (operation & ~0xfull || !operation)
    fprintf (f, "%s%#llx", separator,
	     (unsigned long long) (operation & ~0xfull));
}

/* Print one argument of Q, as ITEM of its trace format says.  */
static void
trace_item (const struct call *c, char item, int64_t arg)
{
  static const char *const commands[] = { "F_DUPFD", "F_GETFD", "F_SETFD",
					  "F_GETFL", "F_SETFL" };
  const struct rpc_server *s = c->server;
  FILE *f = s->trace;

  switch (item)
    {
    case 's':
      for (size_t pos = 0; pos < s->args_length;)
	{
	  size_t n = strnlen (s->args + pos, s->args_length - pos);
	  fputs (pos ? ", " : "", f);
	  trace_string (f, s->args + pos, n);
	  pos += n + 1;
	}
      break;
    case 'd': fprintf (f, "%lld", (long long) arg); break;
    case 'o': fprintf (f, "%#llo", (unsigned long long) arg); break;
    case 'f': trace_oflags (f, arg); break;
    case 'w':
    case 'c':
      {
	const char *const *names = item == 'w' ? whences : commands;
	size_t count = item == 'w' ? 3 : 5;
	fputs (arg >= 0 && (uint64_t) arg < count ? names[arg] : "?", f);
      }
      break;
    case 'r':
    case 'b':
      if (c->req->flags & NVPTX_RPC_DIRECT)
	/* The bytes are in the program's memory, not in the window.  */
	fprintf (f, "%#llx (direct)", (unsigned long long) c->req->arg[2]);
      else if (item == 'b')
	trace_string (f, (const char *) c->window, c->req->length);
      else if (c->rep->result >= 0)
	trace_string (f, (const char *) c->window, c->rep->length);
      else
	fputs ("...", f);
      break;
    case 'n':
      fprintf (f, "%lld", c->req->flags & NVPTX_RPC_DIRECT
			  ? (long long) c->req->arg[1]
			  : (long long) c->req->length);
      break;
    case 'p':
      trace_string (f, s->args, strnlen (s->args, s->args_length));
      break;
    case 'D':
      fprintf (f, "%lld", (long long) c->req->arg[3]);
      break;
    case 'k':
      trace_lock (f, arg);
      break;
    case 'l':
      trace_flock (f, arg);
      break;
    }
}

/* One line per served call, after the fact, strace-style.  */
void
server_trace_call (const struct call *c)
{
  const struct nvptx_rpc_request *q = c->req;
  FILE *f = c->server->trace;
  bool known = q->opcode < NVPTX_RPC_OPCODE_END && opcodes[q->opcode].name;
  const char *trace = known ? opcodes[q->opcode].trace : "";
  int arg = 0;

  /* A piece of an argument or reply block is part of a call, unless it
     failed.  */
  if ((q->flags & (NVPTX_RPC_MORE_ARGS | NVPTX_RPC_REPLY_PIECE))
      && c->rep->result != -1)
    return;
  fprintf (f, "[gpu] %s(", known ? opcodes[q->opcode].name : "unknown");
  for (const char *item = trace; *item; item++)
    {
      fputs (item == trace ? "" : ", ", f);
      trace_item (c, *item, arg < 4 ? q->arg[arg] : 0);
      arg += strchr ("dofwckl", *item) != NULL;
    }
  if (c->rep->result == -1 && c->rep->error == NVPTX_RPC_ERRNO_NONE)
    /* pathconf's limit without a value.  */
    fputs (") = -1 (no limit)\n", f);
  else if (c->rep->result == -1)
    {
      size_t e = server_wire_errno_index (c->rep->error);
      fprintf (f, ") = -1 %s (%s)\n", server_errno_table[e].name,
	       c->rep->error == NVPTX_RPC_EPROTO ? "Malformed request"
	       : strerror (server_errno_table[e].host));
    }
  else
    fprintf (f, ") = %lld\n", (long long) c->rep->result);
}
