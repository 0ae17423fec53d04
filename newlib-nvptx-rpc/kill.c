/* kill(2) for nvptx, served by the host through nvptx-rpc.  The program
   is the launcher's process and may signal only itself.  */

#include <errno.h>
#include <signal.h>
#include "rpc.h"

static const struct
{
  int sig;
  int64_t wire;
} signals[] = {
  { SIGHUP, NVPTX_RPC_SIGHUP }, { SIGINT, NVPTX_RPC_SIGINT },
  { SIGQUIT, NVPTX_RPC_SIGQUIT }, { SIGILL, NVPTX_RPC_SIGILL },
  { SIGTRAP, NVPTX_RPC_SIGTRAP }, { SIGABRT, NVPTX_RPC_SIGABRT },
  { SIGFPE, NVPTX_RPC_SIGFPE }, { SIGKILL, NVPTX_RPC_SIGKILL },
  { SIGBUS, NVPTX_RPC_SIGBUS }, { SIGSEGV, NVPTX_RPC_SIGSEGV },
  { SIGPIPE, NVPTX_RPC_SIGPIPE }, { SIGALRM, NVPTX_RPC_SIGALRM },
  { SIGTERM, NVPTX_RPC_SIGTERM }, { SIGUSR1, NVPTX_RPC_SIGUSR1 },
  { SIGUSR2, NVPTX_RPC_SIGUSR2 },
};

int
kill (pid_t pid, int sig)
{
  int64_t wire = sig == 0 ? 0 : -1;

  for (size_t i = 0; i < sizeof signals / sizeof *signals; i++)
    if (signals[i].sig == sig)
      wire = signals[i].wire;
  if (!__nvptx_rpc_available () || wire < 0)
    {
      errno = __nvptx_rpc_available () ? EINVAL : ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_KILL, .arg = { pid, wire },
  };
  return __nvptx_rpc_call (&call);
}
