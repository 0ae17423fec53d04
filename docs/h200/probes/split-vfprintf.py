# Move newlib's vfprintf out of the PTX module it shares with _vfprintf_r
# into a module of its own (the launcher links NUL-separated modules), to
# test whether the JIT's optimization across one module causes the
# vfprintf wrapper's fault.  Result: it does not
# (docs/h200/2026-12-02-2146-vfprintf-split.txt).
# Usage: python3 split-vfprintf.py IN.nvptx OUT.nvptx
import sys

chunks = open(sys.argv[1], 'rb').read().split(b'\0')
idx = next(i for i, c in enumerate(chunks)
           if b'// BEGIN GLOBAL FUNCTION DEF: vfprintf\n' in c)
c = chunks[idx].decode()
i = c.index('// BEGIN GLOBAL FUNCTION DEF: vfprintf\n')
j = c.find('// BEGIN', i + 10)
j = len(c) if j < 0 else j
decl = ('// BEGIN GLOBAL FUNCTION DECL: vfprintf\n.visible .func '
        '(.param .u32 %value_out) vfprintf (.param .u64 %in_ar0, '
        '.param .u64 %in_ar1, .param .u64 %in_ar2);\n')
chunks[idx] = (c[:i] + c[j:]).replace(decl, '').encode()
chunks.insert(idx + 1, ('''.version 6.0
.target sm_30
.address_size 64
.extern .func (.param .u32 %value_out) _vfprintf_r (.param .u64 %in_ar0, .param .u64 %in_ar1, .param .u64 %in_ar2, .param .u64 %in_ar3);
.extern .global .align 8 .u64 _impure_ptr[1];
''' + c[i:j]).encode())
open(sys.argv[2], 'wb').write(b'\0'.join(chunks))
