/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-rpc server: serves a GPU program's requests on the host.

   Everything in the mailbox is written by a program we do not trust to be
   well-formed, so each request is copied out once, checked, and answered
   with an error reply when it is malformed: no request can make the server
   read or write outside the mailbox, or use a descriptor number the
   program did not get from it.  Every path the program names goes through
   one resolver (server_resolve, paths.c), which refuses the launcher's own
   memory and descriptors through /proc, and, once confined
   (rpc_server_confine), anything outside the sandbox directory; every
   call that changes the file behind a descriptor asks one check
   (server_fd_change_refused), which keeps the same rules;
   docs/security.md has the model.

   This part is the request loop: a request taken from the mailbox,
   checked as a whole and dispatched to its handler, its argument block
   assembled and its reply block sent a window at a time, and the replies
   and argument decoding every handler uses.  server-internal.h lists the
   other parts.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server-internal.h"

/* errno values, host <-> protocol, with the names the trace prints.  */
const struct server_name server_errno_table[] = {
#define E(name) { name, NVPTX_RPC_##name, #name },
  NVPTX_RPC_ERRNOS (E)
#undef E
};

/* open flags, host <-> protocol (the access mode is handled apart).  */
const struct server_name server_oflag_table[] = {
#define F(name) { name, NVPTX_RPC_##name, #name },
  NVPTX_RPC_OFLAGS (F)
#undef F
};

static uint32_t
errno_to_wire (int host)
{
  for (size_t i = 0;
       i < sizeof server_errno_table / sizeof *server_errno_table; i++)
    if (server_errno_table[i].host == host)
      return server_errno_table[i].wire;
  return NVPTX_RPC_EIO;
}

/* The server_errno_table entry for WIRE; EIO's when there is none.  */
size_t
server_wire_errno_index (uint32_t wire)
{
  size_t eio = 0;

  for (size_t i = 0;
       i < sizeof server_errno_table / sizeof *server_errno_table; i++)
    if (server_errno_table[i].wire == wire)
      return i;
    else if (server_errno_table[i].wire == NVPTX_RPC_EIO)
      eio = i;
  return eio;
}

/* Set the reply to the POSIX result RESULT; -1 takes the host errno.  */
void
server_reply (struct call *c, int64_t result)
{
  c->rep->result = result;
  if (result == -1)
    {
      c->rep->error = errno_to_wire (errno);
      c->rep->flags |= NVPTX_RPC_DONE;
    }
}

void
server_reply_error (struct call *c, uint32_t wire_errno)
{
  c->rep->result = -1;
  c->rep->error = wire_errno;
  c->rep->flags |= NVPTX_RPC_DONE;
}

/* Reply with RESULT (-1 takes the host errno) and the reply block DATA,
   LENGTH bytes, which goes back a window at a time.  */
void
server_reply_data (struct call *c, int64_t result, const void *data,
		   size_t length)
{
  struct rpc_server *s = c->server;

  if (result == -1)
    {
      server_reply (c, -1);
      return;
    }
  if (length > s->reply_capacity)
    {
      unsigned char *block = realloc (s->reply_block, length);
      if (block == NULL)
	{
	  server_reply_error (c, NVPTX_RPC_ENOMEM);
	  return;
	}
      s->reply_block = block;
      s->reply_capacity = length;
    }
  if (length > 0)
    memcpy (s->reply_block, data, length);
  s->reply_length = length;
  server_reply (c, result);
}

/* Split the argument block into COUNT NUL-terminated strings.  Replies
   with an error and returns false when the block is too long or is not
   exactly COUNT strings.  */
bool
server_take_strings (struct call *c, const char **out, int count)
{
  struct rpc_server *s = c->server;
  size_t pos = 0;

  if (s->args_overflow)
    {
      server_reply_error (c, NVPTX_RPC_ENAMETOOLONG);
      return false;
    }
  for (int i = 0; i < count; i++)
    {
      const char *nul = memchr (s->args + pos, '\0', s->args_length - pos);
      if (nul == NULL)
	{
	  server_reply_error (c, NVPTX_RPC_EPROTO);
	  return false;
	}
      out[i] = s->args + pos;
      pos = nul - s->args + 1;
    }
  if (pos != s->args_length)
    {
      server_reply_error (c, NVPTX_RPC_EPROTO);
      return false;
    }
  return true;
}

/* File mode bits from the protocol value WIRE, as Linux takes a mode:
   the permission bits (07777), the others ignored, so that a mode as
   stat gave it, file type and all, sets the permissions.  Or false with
   an error reply: EINVAL for a value mode_t does not hold, EPERM for the
   set-user-ID and set-group-ID bits, which would let a file the GPU
   program wrote run with the launcher user's identity (or a group's)
   for anyone who runs it.  The sticky bit is the program's to set.  */
bool
server_take_mode (struct call *c, int64_t wire, mode_t *mode)
{
  if (wire < 0 || wire > (int64_t) UINT32_MAX)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  if (wire & (S_ISUID | S_ISGID))
    {
      server_reply_error (c, NVPTX_RPC_EPERM);
      return false;
    }
  *mode = wire & NVPTX_RPC_S_IPERM;
  return true;
}

/* Open flags from protocol values, or -1 when WIRE has a bit that is not
   one; the access mode is the caller's.  */
int
server_oflags_from_wire (uint64_t wire)
{
  int flags = 0;

  for (size_t i = 0;
       i < sizeof server_oflag_table / sizeof *server_oflag_table; i++)
    if (wire & server_oflag_table[i].wire)
      {
	flags |= server_oflag_table[i].host;
	wire &= ~(uint64_t) server_oflag_table[i].wire;
      }
  return wire == 0 ? flags : -1;
}

uint32_t
server_oflags_to_wire (int flags)
{
  uint32_t wire = 0;

  for (size_t i = 0;
       i < sizeof server_oflag_table / sizeof *server_oflag_table; i++)
    if ((flags & server_oflag_table[i].host) == server_oflag_table[i].host)
      wire |= server_oflag_table[i].wire;
  return wire;
}

void
serve_nop (struct call *c)
{
  server_reply (c, 0);
}

typedef void (*handler) (struct call *);

static const handler handlers[NVPTX_RPC_OPCODE_END] = {
#define OP(op, name, trace) [NVPTX_RPC_##op] = serve_##name,
  NVPTX_RPC_OPCODES (OP)
#undef OP
};

/* Put the piece of the kept reply block from OFFSET in the window, as
   much as the window area holds (never less than NVPTX_RPC_REPLY_MAX).  */
static void
put_reply_piece (struct call *c, size_t offset)
{
  struct rpc_server *s = c->server;
  size_t room = s->window_size > NVPTX_RPC_REPLY_MAX ? s->window_size
		: NVPTX_RPC_REPLY_MAX;
  size_t n = s->reply_length - offset < room ? s->reply_length - offset
	     : room;

  memcpy (c->window, s->reply_block + offset, n);
  c->rep->length = n;
  c->rep->total = s->reply_length;
}

/* A piece of the last call's reply block, from offset arg0.  */
static void
serve_reply_piece (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t offset = c->req->arg[0];

  if (c->req->opcode != s->reply_opcode || offset < 0
      || (uint64_t) offset > s->reply_length)
    {
      server_reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  put_reply_piece (c, offset);
  c->rep->result = s->reply_result;
}

/* Whether REQ's flags are a combination the protocol has: none,
   MORE_ARGS or REPLY_PIECE; or DIRECT alone, on a transfer with
   nothing in the window, when this server copies by DMA.  */
static bool
flags_valid (const struct rpc_server *s, const struct nvptx_rpc_request *q)
{
  switch (q->flags)
    {
    case 0:
    case NVPTX_RPC_MORE_ARGS:
    case NVPTX_RPC_REPLY_PIECE:
      return true;
    case NVPTX_RPC_DIRECT:
      return s->device != NULL && q->length == 0
	     && (q->opcode == NVPTX_RPC_READ || q->opcode == NVPTX_RPC_WRITE
		 || q->opcode == NVPTX_RPC_PREAD
		 || q->opcode == NVPTX_RPC_PWRITE);
    default:
      return false;
    }
}

/* Check REQ as a whole and dispatch it.  */
static void
serve (struct call *c)
{
  struct rpc_server *s = c->server;
  const struct nvptx_rpc_request *q = c->req;
  handler h = q->opcode < NVPTX_RPC_OPCODE_END ? handlers[q->opcode] : NULL;

  if (q->version != NVPTX_RPC_VERSION || q->length > s->window_size)
    server_reply_error (c, NVPTX_RPC_EPROTO);
  else if (h == NULL)
    server_reply_error (c, NVPTX_RPC_ENOSYS);
  else if (!flags_valid (s, q))
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else if ((s->args_length > 0 || s->args_overflow)
	   && q->opcode != s->args_opcode)
    /* Pieces of one call, then a piece of another.  */
    server_reply_error (c, NVPTX_RPC_EPROTO);
  else if (q->flags & NVPTX_RPC_REPLY_PIECE)
    serve_reply_piece (c);
  else if (q->opcode != NVPTX_RPC_WRITE && q->opcode != NVPTX_RPC_PWRITE)
    {
      /* Every other request's window is a piece of its argument block.  */
      s->args_opcode = q->opcode;
      if (q->length > sizeof s->args - s->args_length)
	s->args_overflow = true;
      else
	{
	  memcpy (s->args + s->args_length, c->window, q->length);
	  s->args_length += q->length;
	}
      if (!(q->flags & NVPTX_RPC_MORE_ARGS))
	h (c);
    }
  else if (q->flags & NVPTX_RPC_MORE_ARGS)
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else
    h (c);
}

/* After a call that made a reply block: its first piece goes in the
   window with the reply, the rest on NVPTX_RPC_REPLY_PIECE requests.  */
static void
send_reply_block (struct call *c)
{
  struct rpc_server *s = c->server;

  put_reply_piece (c, 0);
  s->reply_opcode = c->req->opcode;
  s->reply_result = c->rep->result;
}

bool
rpc_server_poll (struct rpc_server *s)
{
  struct nvptx_rpc_mailbox *mb = s->mailbox;
  uint32_t seq = __atomic_load_n (&mb->request_seq, __ATOMIC_ACQUIRE);

  if (seq == s->served_seq)
    return false;

  /* Copy the request out once: a client that scribbles over the slot
     while we work cannot change what we check and what we do.  */
  struct nvptx_rpc_request req = mb->request;
  struct nvptx_rpc_reply rep = { 0 };
  struct call c = { s, &req, &rep, mb->window };

  bool piece = req.flags & NVPTX_RPC_REPLY_PIECE;
  if (!piece)
    {
      /* A new call: the last one's reply block is gone.  */
      s->reply_length = 0;
      s->reply_opcode = 0;
    }
  serve (&c);
  if (!piece && s->reply_length > 0)
    send_reply_block (&c);
  if (s->trace)
    server_trace_call (&c);
  if (!(req.flags & NVPTX_RPC_MORE_ARGS) || rep.result == -1)
    {
      s->args_length = 0;
      s->args_overflow = false;
    }

  /* Every field before seq, which the GPU may load with them at once.  */
  mb->reply.error = rep.error;
  mb->reply.result = rep.result;
  mb->reply.flags = rep.flags;
  mb->reply.length = rep.length;
  mb->reply.total = rep.total;
  s->served_seq = seq;
  __atomic_store_n (&mb->reply.seq, seq, __ATOMIC_RELEASE);
  return true;
}

struct rpc_server *
rpc_server_new (struct nvptx_rpc_mailbox *mailbox, uint32_t window_size,
		FILE *trace, const struct rpc_device_copy *device)
{
  struct rpc_server *s = calloc (1, sizeof *s);
  struct stat st;

  if (s == NULL)
    return NULL;
  s->mailbox = mailbox;
  s->window_size = window_size;
  s->trace = trace;
  s->device = device;
  for (int fd = 0; fd < GUEST_FDS; fd++)
    s->fds[fd].host_fd = -1;
  for (int fd = 0; fd <= STDERR_FILENO; fd++)
    if (fstat (fd, &st) == 0)
      {
	s->fds[fd].host_fd = fd;
	s->fds[fd].regular = S_ISREG (st.st_mode);
	s->fds[fd].outside = true;
      }

  memset (mailbox, 0, NVPTX_RPC_MAILBOX_SIZE (window_size));
  mailbox->magic = NVPTX_RPC_MAGIC;
  mailbox->version = NVPTX_RPC_VERSION;
  mailbox->window_size = window_size;
  mailbox->features = device ? NVPTX_RPC_FEATURE_DIRECT : 0;
  return s;
}

void
rpc_server_free (struct rpc_server *s)
{
  if (s == NULL)
    return;
  for (int fd = 0; fd < GUEST_FDS; fd++)
    if (s->fds[fd].host_fd >= 0)
      server_release_guest_fd (&s->fds[fd]);
  server_release_confinement (s);
  free (s->reply_block);
  free (s->env_block);
  free (s);
}

void
rpc_server_set_wait_hook (struct rpc_server *s,
			  void (*while_waiting) (void *context),
			  void *context)
{
  s->while_waiting = while_waiting;
  s->waiting_context = context;
}
