#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# real-programs-build.sh: build three widely used C programs from their
# Debian 12 release sources, natively and for the GPU, with the scripts
# of real work that real-programs-run.sh runs on both: zlib
# (minigzip, example), Lua 5.4 (the lua interpreter) and SQLite 3 (the
# sqlite3 shell).  Packs .gpu-pack/real-programs.tar.xz: bin/ (*.native,
# *.nvptx), work/ (inputs and scripts, one folder a program), VERSIONS
# (versions, checksums, compilers and flags) and BUILD-NOTES (each
# workaround, each function that did not link).
#
# Sources come with apt-get source through a private deb-src list (the
# network is needed once); the SQLite amalgamation is generated from the
# source tree with its own configure and make (needs tclsh).  Flags are
# each program's own build's, natively and for nvptx, plus -mmainkernel;
# the GPU-only changes are in BUILD-NOTES.  Work is under $REAL_WORK
# (default /tmp/real); what is built is kept, REBUILD=1 builds it again.
# $NVPTX_PREFIX: the toolchain (default /opt/nvptx-none-gcc12).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
W=${REAL_WORK:-/tmp/real}
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
PATH=$prefix/bin:$PATH
export PATH
ngcc="nice -n 10 $prefix/bin/nvptx-none-gcc"
hgcc="nice -n 10 gcc"
rebuild=${REBUILD:-0}
pack=$top/.gpu-pack/real-programs.tar.xz
src=$W/src
bld=$W/build
stage=$W/stage/real-programs
mkdir -p "$src" "$bld" "$top/.gpu-pack"

# need FILE: whether FILE must be made (absent, or REBUILD=1).
need ()
{
  [ "$rebuild" = 1 ] || [ ! -e "$1" ]
}

# Sources: Debian 12 (bookworm) source packages.
aptopts="-o Dir::Etc::sourcelist=$W/sources.list -o Dir::Etc::sourceparts=- -o Dir::State::Lists=$W/lists -o Debug::NoLocking=1"
if ! ls "$src"/zlib_*.dsc "$src"/lua5.4_*.dsc "$src"/sqlite3_*.dsc > /dev/null 2>&1; then
  echo "deb-src http://deb.debian.org/debian bookworm main" > "$W/sources.list"
  mkdir -p "$W/lists/partial"
  apt-get $aptopts update > "$W/apt-update.log" 2>&1
  (cd "$src" && for p in zlib lua5.4 sqlite3; do
     apt-get $aptopts source --download-only $p > /dev/null 2>&1
   done)
fi
zdsc=$(ls "$src"/zlib_*.dsc | tail -1)
ldsc=$(ls "$src"/lua5.4_*.dsc | tail -1)
sdsc=$(ls "$src"/sqlite3_*.dsc | tail -1)
zver=$(basename "$zdsc" .dsc | sed 's/^zlib_//')
lver=$(basename "$ldsc" .dsc | sed 's/^lua5.4_//')
sver=$(basename "$sdsc" .dsc | sed 's/^sqlite3_//')
zdir=$src/zlib-$(echo "$zver" | sed 's/-[^-]*$//')
sdir=$src/sqlite3-$(echo "$sver" | sed 's/-[^-]*$//')
# zlib and SQLite with Debian's patches applied (dpkg-source -x).
[ -d "$zdir" ] || (cd "$src" && dpkg-source -x "$zdsc" > "$W/dpkg-source.log" 2>&1)
[ -d "$sdir" ] || (cd "$src" && dpkg-source -x "$sdsc" >> "$W/dpkg-source.log" 2>&1)
# Lua: the upstream tarball with Debian's two CVE fixes (Debian's other
# patches turn the build into libtool and a multiarch luaconf.h).
lup=$(echo "$lver" | sed 's/-.*//')
ldir=$src/lua-$lup
if [ ! -d "$ldir" ]; then
  (cd "$src" && rm -rf lua5.4-deb && mkdir lua5.4-deb &&
   tar -C lua5.4-deb -xJf lua5.4_"$lver".debian.tar.xz &&
   tar -xzf lua5.4_"$lup".orig.tar.gz &&
   cd "$ldir" && for p in 0004-cve-2022-28805.patch 0005-cve-2022-33099.patch; do
     patch -s -p1 < "$src"/lua5.4-deb/debian/patches/$p
   done)
fi

# zlib: its own configure, static; native CFLAGS as configure chooses
# them (-O3 -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN), GPU -O3 -mmainkernel
# (configure finds no off64_t and no visibility attribute there).  The
# GPU links take -lz, not zlib's "libz.a" operand: nvptx-none-ld copies
# an archive named as an operand whole, ar header and all, into the PTX.
zn=$bld/zlib-native zg=$bld/zlib-gpu
if need "$zn/minigzip" || need "$zn/example"; then
  rm -rf "$zn" && mkdir -p "$zn"
  (cd "$zn" && "$zdir"/configure --static > configure.log 2>&1 &&
   nice -n 10 make example minigzip > make.log 2>&1)
fi
if need "$zg/minigzip" || need "$zg/example"; then
  rm -rf "$zg" && mkdir -p "$zg"
  (cd "$zg" && CHOST=nvptx-none CC=nvptx-none-gcc AR=nvptx-none-ar \
     RANLIB=nvptx-none-ranlib CFLAGS="-O3 -mmainkernel" \
     "$zdir"/configure --static > configure.log 2>&1 &&
   nice -n 10 make example minigzip TEST_LDFLAGS="-L. -lz" > make.log 2>&1)
fi

# Lua: src/*.c but luac.c, as "make posix" (-DLUA_USE_POSIX) with
# upstream's -O2; nvptx has no computed goto, so -DLUA_USE_JUMPTABLE=0.
lb=$bld/lua
lflags="-std=gnu99 -O2 -Wall -Wextra -DLUA_COMPAT_5_3 -DLUA_USE_POSIX"
lgpu="-DLUA_USE_JUMPTABLE=0 -mmainkernel"
mkdir -p "$lb"
lsrc=$(ls "$ldir"/src/*.c | grep -v '/luac\.c$')
need "$lb/lua.native" &&
  $hgcc $lflags $lsrc -o "$lb/lua.native" -lm > "$lb/native.log" 2>&1
need "$lb/lua.nvptx" &&
  $ngcc $lflags $lgpu $lsrc -o "$lb/lua.nvptx" -lm > "$lb/gpu.log" 2>&1

# SQLite: the amalgamation (sqlite3.c, shell.c) from the source tree;
# Debian's CFLAGS but -DSQLITE_THREADSAFE=0 and no extension loading
# (no dlopen) in both builds.
sa=$bld/sqlite-amal sb=$bld/sqlite
if need "$sa/sqlite3.c" || need "$sa/shell.c"; then
  rm -rf "$sa" && mkdir -p "$sa"
  (cd "$sa" && "$sdir"/configure > configure.log 2>&1 &&
   nice -n 10 make sqlite3.c shell.c > make.log 2>&1)
fi
sflags="-O2 -fno-strict-aliasing -DSQLITE_SECURE_DELETE
 -DSQLITE_ENABLE_COLUMN_METADATA -DSQLITE_ENABLE_FTS3
 -DSQLITE_ENABLE_FTS3_PARENTHESIS -DSQLITE_ENABLE_RTREE=1 -DSQLITE_SOUNDEX=1
 -DSQLITE_OMIT_LOOKASIDE=1 -DSQLITE_ENABLE_DBSTAT_VTAB
 -DSQLITE_ALLOW_ROWID_IN_VIEW -DSQLITE_ENABLE_UPDATE_DELETE_LIMIT=1
 -DSQLITE_ENABLE_JSON1 -DSQLITE_LIKE_DOESNT_MATCH_BLOBS -DSQLITE_THREADSAFE=0
 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_ENABLE_FTS3_TOKENIZER=1
 -DSQLITE_USE_URI=1 -DSQLITE_MAX_SCHEMA_RETRY=25 -DSQLITE_ENABLE_STMTVTAB
 -DSQLITE_MAX_VARIABLE_NUMBER=250000"
mkdir -p "$sb"
need "$sb/sqlite3.native" &&
  $hgcc $sflags -I"$sa" "$sa/sqlite3.c" "$sa/shell.c" -o "$sb/sqlite3.native" -lm > "$sb/native.log" 2>&1
need "$sb/sqlite3.nvptx" &&
  $ngcc $sflags -mmainkernel -I"$sa" "$sa/sqlite3.c" "$sa/shell.c" \
    -o "$sb/sqlite3.nvptx" -lm > "$sb/gpu.log" 2>&1

# The stage: binaries, inputs, scripts.
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/work/zlib" "$stage/work/lua" "$stage/work/sqlite"
cp "$zn/minigzip" "$stage/bin/minigzip.native"
cp "$zn/example" "$stage/bin/example.native"
cp "$zg/minigzip" "$stage/bin/minigzip.nvptx"
cp "$zg/example" "$stage/bin/example.nvptx"
cp "$lb/lua.native" "$lb/lua.nvptx" "$sb/sqlite3.native" "$sb/sqlite3.nvptx" "$stage/bin/"

# zlib's inputs: the GPL text, 1 MiB of generated text and 256 KiB of
# a binary (the start of sqlite3.native).
if [ -r /usr/share/common-licenses/GPL-3 ]; then
  cp /usr/share/common-licenses/GPL-3 "$stage/work/zlib/GPL-3"
else
  cp "$top/COPYING" "$stage/work/zlib/GPL-3"
fi
awk 'BEGIN {
  split("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu", w, " ")
  s = 12345
  for (i = 0; i < 42000; i++) {
    s = (s * 69069 + 1) % 4294967296
    printf "%08d %s %s %d\n", i, w[1 + s % 12], w[1 + int(s / 4096) % 12], s % 100000
  }
}' | head -c 1048576 > "$stage/work/zlib/gen1m"
head -c 262144 "$sb/sqlite3.native" > "$stage/work/zlib/binary.bin"
cp "$stage/work/zlib/GPL-3" "$stage/work/lua/GPL-3"

# The scripts of real work (real-programs-run.sh runs each, the same for
# both builds; no Lua script raises an error, as a longjmp ends an nvptx
# program, but for coroutines.lua, whose yields are longjmps).
cat > "$stage/work/lua/strings.lua" << '@@END@@'
-- String operations: patterns, gsub, format of integers, pack, utf8.
local s = "The quick brown fox jumps over the lazy dog"
print(#s, s:upper(), s:lower())
print(s:reverse(), s:sub(5, 9), s:sub(-3), s:rep(2, "|"))
print(s:find("fox"), s:find("o", 20), s:find("%s(%a+)%s", 10))
for w in s:gmatch("%a+") do io.write(w:len(), ",") end
print()
print((s:gsub("o", "0")), (s:gsub("(%w+)", "<%1>", 3)))
print(string.gsub("hello world", "(%w+) (%w+)", "%2 %1"))
print(string.gsub("abc=123, xyz=789", "(%w+)=(%w+)", function (k, v) return v .. "=" .. k end))
local t = {}
for k, v in string.gmatch("a=1, b=2, c=3, dd=44", "(%w+)=(%w+)") do t[#t + 1] = k .. ":" .. v end
print(table.concat(t, ";"))
print(string.format("[%5d] [%-5d] [%05d] [%x] [%X] [%o] [%c%c%c]", 42, 42, 42, 255, 48879, 8, 76, 117, 97))
print(string.format("[%10s] [%-10s] [%.3s] [%q]", "right", "left", "truncate", "a \"quoted\"\n\0string"))
print(string.format("%q", 2^63), string.format("%q", math.mininteger), string.format("%d", math.maxinteger))
print(string.byte("ABCDEF", 1, -1))
print(string.char(72, 101, 108, 108, 111))
print(("%d items"):format(7), tostring(12345678901234), tostring(-0))
local packed = string.pack("<i4 >i8 z s1 d", 100000, -2, "zero", "len", 0.5)
print(#packed, string.unpack("<i4 >i8 z s1 d", packed))
print(utf8.char(72, 228, 8364, 128512), utf8.len("häll€"), #utf8.char(128512))
for p, c in utf8.codes("aé€") do io.write(p, "=", c, " ") end
print()
print(("x"):rep(10):len(), ("ab"):rep(3, ", "))
local words = {}
for i = 1, 200 do words[i] = string.format("w%03d", (i * 37) % 200) end
print(table.concat(words, " ", 1, 20))
local big = table.concat(words)
print(#big, big:find("w199"), select(2, big:gsub("w1", "")))
print(string.format("%s|%s|%s", nil, true, 12), tostring(nil), tostring(false))
print(("CSV,line,with,,empty"):gsub(",", ";"))
print(("  trim me  "):match("^%s*(.-)%s*$") .. "|")
print(string.rep("=", 40))
@@END@@
cat > "$stage/work/lua/tables.lua" << '@@END@@'
-- Tables, sorting, closures, metatables, integer and bitwise arithmetic,
-- a seeded random sequence and a small workload.
local t = {}
for i = 1, 1000 do t[i] = (i * 7919) % 1009 end
table.sort(t)
print(t[1], t[500], t[1000], #t)
table.sort(t, function (a, b) return a > b end)
print(t[1], t[2], t[1000])
local recs = {}
for i = 1, 300 do recs[i] = {name = string.format("n%03d", (i * 13) % 300), score = (i * 31) % 97, id = i} end
table.sort(recs, function (a, b) if a.score ~= b.score then return a.score > b.score end return a.name < b.name end)
for i = 1, 5 do io.write(recs[i].name, ":", recs[i].score, ":", recs[i].id, " ") end
print()
table.insert(t, 1, -1); table.insert(t, 99999); print(table.remove(t), table.remove(t, 1), #t)
print(table.unpack({1, 2, 3, nil, 5}, 1, 5))
print(select("#", table.unpack({1, 2, 3}, 1, 6)), table.move({1, 2, 3}, 1, 3, 2)[3])
local function counter(step)
  local n = 0
  return function () n = n + step; return n end
end
local c1, c2 = counter(1), counter(10)
print(c1(), c1(), c2(), c1(), c2())
local fib = setmetatable({}, {__index = function (self, n)
  local v = n < 2 and n or self[n - 1] + self[n - 2]; rawset(self, n, v); return v end})
print(fib[10], fib[50], fib[90])
local V = {}
V.__index = V
V.__add = function (a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, V) end
V.__tostring = function (v) return "(" .. v.x .. "," .. v.y .. ")" end
V.__eq = function (a, b) return a.x == b.x and a.y == b.y end
V.__lt = function (a, b) return a.x < b.x end
V.__len = function () return 2 end
V.__call = function (v, k) return v.x * k end
local a, b = setmetatable({x = 1, y = 2}, V), setmetatable({x = 3, y = 4}, V)
print(tostring(a + b), a == b, a < b, #a, a(5))
print(7 // 2, -7 // 2, 7 % -3, -7 % 3, 7 / 2, 2^10, 1 << 62, 0xff ~ 0x0f, ~0, 5 & 3, 5 | 3, -1 >> 60)
print(math.maxinteger + 1 == math.mininteger, math.type(1), math.type(1.0), math.type("1"))
print(math.tointeger(3.0), math.tointeger(3.5), 10 // 0.0, -10 % math.huge, 3 | 0)
print(math.floor(-3.5), math.ceil(-3.5), math.abs(math.mininteger), math.fmod(-7, 3), math.ult(1, -1))
print(string.format("%d %d", math.max(3, 9, -1), math.min(3, 9, -1)))
math.randomseed(42)
local r = {}
for i = 1, 10 do r[i] = math.random(1, 1000) end
print(table.concat(r, " "))
print(math.random(0) ~= nil, math.random() < 1)
local function sieve(n)
  local is, count = {}, 0
  for i = 2, n do is[i] = true end
  for i = 2, n do
    if is[i] then count = count + 1; for j = i * i, n, i do is[j] = nil end end
  end
  return count
end
print("primes below 20000:", sieve(20000))
local sum = 0
for i = 1, 200000 do sum = sum + (i % 7) * (i % 11) end
print("sum:", sum)
local set = {}
for i = 1, 500 do set["k" .. (i % 123)] = (set["k" .. (i % 123)] or 0) + i end
local keys = {}
for k in pairs(set) do keys[#keys + 1] = k end
table.sort(keys)
print(#keys, keys[1], set[keys[1]], keys[#keys], set[keys[#keys]])
local function va(...) local n = select("#", ...); return n, ... end
print(va(1, nil, 3, nil))
print(next({}), type(next), rawlen({1, 2}), rawequal(a, a))
local s = 0
for i = 10, 1, -3 do s = s * 10 + i end
print(s)
goto skip
print("not reached")
::skip::
print("done")
@@END@@
cat > "$stage/work/lua/floats.lua" << '@@END@@'
-- Floating point: tostring (%.14g), string.format of floats, tonumber,
-- the math library (libm), infinities and NaNs.
print(1/3, 2/3, 0.1 + 0.2, 1e15, 1e16, 123456789012345.0, 2^53, 2^63, -0.0)
print(3.14159265358979, 100.0, 1e100, 1e-300, 5e-324, 1.7976931348623157e308)
print(string.format("%.3f %.0f %10.4f %-10.2f| %+.2e %E %g %g %g", math.pi, 2.5, -1/7, 1/3, 12345.678, 0.000123, 1e20, 1e-5, 123456789.0))
print(string.format("%.17g %.17g %.17g %.20f", 0.1, 1/3, 2/3, 0.1))
print(string.format("%5.1f|%-8.3f|%08.2f|%.10g", 9.96, -0.0005, 3.14159, 1/7))
print(string.format("%a %a %a", 1.0, 0.5, -3.75))
print(tonumber("0x1p4"), tonumber("  12.5e2  "), tonumber("1e500"), tonumber(".5"), tonumber("5."), tonumber("0x.8"))
print(tonumber("10", 2), tonumber("ff", 16), tonumber("zz", 36), tonumber("nope"), tonumber("8", 8))
print(math.sqrt(2), math.sin(1), math.cos(1), math.tan(1))
print(math.exp(1), math.log(10), math.log(8, 2), math.log(1000, 10), math.log(2, 3))
print(math.asin(0.5), math.acos(0.5), math.atan(1, 2), math.atan(-1))
print(math.floor(2.5), math.ceil(2.5), math.fmod(7.5, 2), math.modf(3.75), math.modf(-3.75))
print(string.format("%.15g %.15g %.15g", math.sin(100), math.exp(-20), math.log(1e-10)))
print(math.huge, -math.huge, math.huge // 1, 2^1024)
local nan = 0/0
print(nan ~= nan, string.format("%.1f", 1e300 * 1e10), math.huge > math.maxinteger)
print(string.format("%.3f", 2^63), math.tointeger(2^53), 2^53 + 1.0, (2^53 + 1) | 0)
print(8 // 3.0, 8 % 3.5, -8 % 3.5, 2^-1074, 1e308 * 10)
local acc = 0.0
for i = 1, 100000 do acc = acc + 1 / (i * i) end
print(string.format("%.15f", acc), acc)
local x = 1.0
for i = 1, 50 do x = x * 1.1 end
print(x, string.format("%.6e", x))
print(7.0 == 7, 1e2, 1E2 // 1, 255 // 1.0, 3 * 1.5, 10 / 4)
print(string.format("%g|%g|%g|%g", 100000, 1000000, 1e-4, 0.0001234567))
print(tostring(1e14), tostring(1e15), tostring(123.456), tostring(-1.5e-7))
@@END@@
cat > "$stage/work/lua/io.lua" << '@@END@@'
-- Files: io.open/write/read in every mode, lines, seek, append,
-- os.rename/os.remove, stdin and stderr, os.time/os.date at fixed times,
-- and the exit status.
local f = assert(io.open("data.txt", "w"))
for i = 1, 500 do f:write(string.format("%d %s %.2f\n", i, ("x"):rep(i % 17), i / 8)) end
f:write("12 34.5 0x10 -7\n", "last line without newline")
print("close:", f:close())
f = assert(io.open("data.txt", "r"))
print(f:read("l"), f:read("n"), f:read("l"))
print(f:seek("cur"), f:seek("end"), f:seek("set", 100), f:read(10))
local n = 0
for line in f:lines() do n = n + 1 end
print("lines after 100:", n)
f:close()
local count, bytes = 0, 0
for line in io.lines("data.txt") do count = count + 1; bytes = bytes + #line end
print("io.lines:", count, bytes)
f = io.open("data.txt", "rb")
local all = f:read("a")
print(#all, all:sub(-25), f:read("a") == "", f:read("l"))
f:close()
f = io.open("data.txt")
f:seek("set", #all - 42)
print(f:read("n", "n", "n", "n"))
f:close()
f = io.open("nums.txt", "w")
f:write("3.25 -17 1e3 0x1F  42\n")
f:close()
f = io.open("nums.txt")
print(f:read("n", "n", "n", "n", "n", "n"))
f:close()
f = io.open("log.txt", "a"); f:write("first\n"); f:close()
f = io.open("log.txt", "a+"); f:write("second\n"); f:seek("set"); print(f:read("a")); f:close()
f = io.open("rw.bin", "w+b")
f:write(string.pack("<i4i4i4", 1, 2, 3))
f:seek("set", 4); f:write(string.pack("<i4", 99)); f:seek("set")
print(string.unpack("<i4i4i4", f:read(12)))
print(f:setvbuf("full", 1024), f:flush())
f:close()
print(os.rename("log.txt", "log2.txt"), io.open("log.txt") == nil, os.remove("nums.txt"))
print(io.type(f), io.type(io.stdout), io.type(42))
local o = io.output()
io.output("out.txt"); io.write("via io.output\n", 1, " ", 2.5, "\n"); io.close(); io.output(o)
print(io.open("out.txt"):read("a"))
io.stderr:write("to stderr: ", 42, "\n")
local inp = io.read("l")
local num = io.read("n")
local rest = io.read("a")
print("stdin:", inp, num, #rest, (rest:gsub("%s+", " ")))
print(os.date("!%Y-%m-%d %H:%M:%S %j %a %b %A %B %p", 1700000000))
print(os.date("!%c|%x|%X|%y|%U|%w", 86400 * 365))
local d = os.date("!*t", 1234567890)
print(d.year, d.month, d.day, d.hour, d.min, d.sec, d.wday, d.yday, d.isdst)
local t1 = os.time({year = 2024, month = 2, day = 29, hour = 12, min = 30, sec = 15})
print(os.date("%Y-%m-%d %H:%M:%S", t1))
local t2 = os.time({year = 2023, month = 14, day = 35, hour = 0})
print(os.date("%Y-%m-%d", t2), os.difftime(t1, t2), math.type(t1))
print(type(os.time()), type(os.clock()), os.getenv("NO_SUCH_VARIABLE_HERE"))
io.stdout:write("exit with 3\n")
os.exit(3)
@@END@@
cat > "$stage/work/lua/wordfreq.lua" << '@@END@@'
-- Real work on a file: word frequencies of the GPL, a sorted report
-- written to a file, and a checksum of it.
local counts, total, lines = {}, 0, 0
for line in io.lines("GPL-3") do
  lines = lines + 1
  for w in line:lower():gmatch("%a+") do counts[w] = (counts[w] or 0) + 1; total = total + 1 end
end
local words = {}
for w, n in pairs(counts) do words[#words + 1] = {w = w, n = n} end
table.sort(words, function (a, b) if a.n ~= b.n then return a.n > b.n end return a.w < b.w end)
print(lines, total, #words)
local out = assert(io.open("report.txt", "w"))
for i, e in ipairs(words) do out:write(string.format("%5d %-20s %6.3f%%\n", e.n, e.w, 100 * e.n / total)) end
out:close()
for i = 1, 15 do io.write(words[i].w, "=", words[i].n, " ") end
print()
local h = 0
for c in io.open("report.txt", "rb"):read("a"):gmatch(".") do h = (h * 31 + c:byte()) % 4294967296 end
print(string.format("report checksum %08x", h))
local longest = ""
for _, e in ipairs(words) do if #e.w > #longest then longest = e.w end end
print("longest:", longest, #longest)
@@END@@
cat > "$stage/work/lua/coroutines.lua" << '@@END@@'
-- Coroutines: a yield is a longjmp in Lua 5.4 (lua_yieldk throws
-- LUA_YIELD), so on nvptx this ends the run with status 134.
print("before coroutines")
local co = coroutine.wrap(function () return 1 end)
print("no yield:", co())
local gen = coroutine.wrap(function () for i = 1, 3 do coroutine.yield(i) end end)
print("yielded:", gen(), gen(), gen())
local function producer()
  return coroutine.create(function ()
    for _, w in ipairs({"alpha", "beta", "gamma"}) do coroutine.yield(w) end
    return "end"
  end)
end
local p = producer()
while true do
  local ok, v = coroutine.resume(p)
  io.write(tostring(ok), ":", tostring(v), " ")
  if coroutine.status(p) == "dead" then break end
end
print()
print(coroutine.isyieldable(), select(2, coroutine.running()))
@@END@@
printf 'first line of stdin\n 12345 \nrest of\nthe input\n' > "$stage/work/lua/stdin.txt"
cat > "$stage/work/sqlite/create.sql" << '@@END@@'
-- Build a database file: tables, indexes, thousands of rows in one
-- transaction, then queries over it.
.headers on
.mode list
PRAGMA page_size = 4096;
PRAGMA journal_mode;
CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, since TEXT);
CREATE TABLE item (id INTEGER PRIMARY KEY, label TEXT UNIQUE, price REAL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customer(id),
  item INTEGER REFERENCES item(id), qty INTEGER, day TEXT, note TEXT);
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
INSERT INTO customer SELECT i, printf('Customer %04d', i),
  CASE i % 5 WHEN 0 THEN 'Berlin' WHEN 1 THEN 'Lyon' WHEN 2 THEN 'Porto' WHEN 3 THEN 'Graz' ELSE 'Oslo' END,
  date('2020-01-01', '+' || (i * 3) || ' days') FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120)
INSERT INTO item SELECT i, 'item-' || hex(i * 2654435761 % 65536), round((i * 37 % 1000) / 7.0, 2) FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
INSERT INTO orders SELECT i, 1 + (i * 7919) % 400, 1 + (i * 104729) % 120, 1 + i % 9,
  date('2023-01-01', '+' || (i % 365) || ' days'), substr('lorem ipsum dolor sit amet consectetur', 1 + i % 20, 10 + i % 13) FROM n;
INSERT INTO orders (customer, item, qty, day, note) VALUES (1, 1, 1, '2024-02-29', 'it''s quoted'), (2, 2, 2, '2024-03-01', NULL);
COMMIT;
CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX orders_day ON orders(day);
SELECT count(*), sum(qty), min(day), max(day) FROM orders;
SELECT city, count(*) AS n, min(since), max(since) FROM customer GROUP BY city ORDER BY n DESC, city;
SELECT c.city, printf('%.2f', sum(o.qty * i.price)) AS revenue, count(DISTINCT o.customer) AS buyers
  FROM orders o JOIN customer c ON c.id = o.customer JOIN item i ON i.id = o.item
  GROUP BY c.city ORDER BY revenue DESC;
SELECT strftime('%Y-%m', day) AS month, count(*), total(qty), avg(qty) FROM orders GROUP BY month ORDER BY month LIMIT 5;
SELECT i.label, printf('%8.3f|%-6d|%x|%e', i.price, i.id, i.id * 1000, i.price) FROM item i ORDER BY i.price DESC, i.id LIMIT 8;
SELECT name, (SELECT count(*) FROM orders WHERE customer = customer.id) AS n FROM customer ORDER BY n DESC, name LIMIT 5;
SELECT c.name FROM customer c LEFT JOIN orders o ON o.customer = c.id WHERE o.id IS NULL ORDER BY c.id LIMIT 5;
.mode column
SELECT id, name, city, since FROM customer WHERE id IN (1, 99, 400) ORDER BY id;
.mode list
PRAGMA integrity_check;
@@END@@
cat > "$stage/work/sqlite/reopen.sql" << '@@END@@'
-- Reopen the database file built by create.sql: update, delete, window
-- functions, JSON, FTS3, R*Tree, a dump to a file and its reload.
.headers off
SELECT count(*) FROM orders;
BEGIN;
UPDATE item SET price = price * 1.1 WHERE id % 3 = 0;
DELETE FROM orders WHERE qty = 9;
COMMIT;
SELECT count(*), printf('%.4f', sum(price)) FROM orders, item WHERE item.id = orders.item;
SELECT customer, qty, sum(qty) OVER (PARTITION BY customer ORDER BY id) FROM orders WHERE customer < 3 ORDER BY customer, id;
SELECT rank() OVER (ORDER BY total DESC), customer, total FROM (SELECT customer, sum(qty) AS total FROM orders GROUP BY customer) ORDER BY 1, 2 LIMIT 6;
SELECT json_object('id', id, 'name', name, 'tags', json_array(city, since)) FROM customer WHERE id <= 3;
SELECT json_extract('{"a":[1,2,{"b":3.5}]}', '$.a[2].b'), json_array_length('[1,2,3]');
CREATE VIRTUAL TABLE doc USING fts3(body);
INSERT INTO doc SELECT note FROM orders WHERE note IS NOT NULL LIMIT 300;
SELECT count(*) FROM doc WHERE doc MATCH 'ipsum';
CREATE VIRTUAL TABLE box USING rtree(id, x0, x1, y0, y1);
INSERT INTO box SELECT id, id % 50, id % 50 + 5, id % 30, id % 30 + 3 FROM item;
SELECT id FROM box WHERE x0 <= 10 AND x1 >= 10 AND y0 <= 5 AND y1 >= 5 ORDER BY id;
SELECT 1e308 * 10, -0.0, 1.0 / 3, 2.5 + 2, round(2.675, 2), 9223372036854775807 + 1, cast('12abc' AS INTEGER);
SELECT upper('abc'), length('héllo'), hex('héllo'), quote(x'00ff'), soundex('Robert'), instr('hello', 'll');
SELECT date('2024-02-29', '+1 year'), datetime(1700000000, 'unixepoch'), julianday('2000-01-01'), strftime('%s', '2038-01-19 03:14:08');
.output dump.sql
.dump orders customer item
.output stdout
.open copy.db
.read dump.sql
SELECT count(*), sum(qty) FROM orders;
PRAGMA integrity_check;
.open test.db
SELECT count(*), sum(qty) FROM orders;
VACUUM;
PRAGMA integrity_check;
@@END@@
cat > "$stage/work/sqlite/wal.sql" << '@@END@@'
-- Write-ahead logging (the wal-index is a MAP_SHARED mapping of
-- wal.db-shm), then a checkpoint back to a rollback journal.
PRAGMA journal_mode = WAL;
CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO kv SELECT i, printf('value %d', i * i) FROM n;
UPDATE kv SET v = v || '!' WHERE k % 10 = 0;
SELECT count(*), max(k), sum(length(v)) FROM kv;
PRAGMA wal_checkpoint(TRUNCATE);
PRAGMA journal_mode = DELETE;
SELECT count(*) FROM kv WHERE v LIKE '%!';
PRAGMA integrity_check;
@@END@@
cat > "$stage/work/sqlite/stdin.sql" << '@@END@@'
-- Read from stdin by the shell (no terminal: no prompts), an in-memory
-- database, .dump of it to stdout.
CREATE TABLE t (a INTEGER, b TEXT, c REAL, d BLOB);
INSERT INTO t VALUES (1, 'one', 1.5, x'0102'), (2, 'two', -2.25, NULL), (3, 'tab	and ''quote''', 1e-10, zeroblob(3));
SELECT * FROM t ORDER BY a DESC;
.mode csv
SELECT * FROM t;
.mode json
SELECT a, b, c FROM t;
.mode line
SELECT sum(a) AS s, group_concat(b, '+') AS g FROM t;
.dump
@@END@@

# VERSIONS and BUILD-NOTES.
{
  echo "built $(date -u +%Y-%m-%dT%H:%MZ) on $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "zlib $zver (Debian source package zlib, Debian patches applied)"
  echo "lua5.4 $lver (upstream lua-$lup with Debian's 0004-cve-2022-28805 and 0005-cve-2022-33099)"
  echo "sqlite3 $sver (Debian source package sqlite3, patches applied; amalgamation $(sed -n 's/^#define SQLITE_VERSION *"\(.*\)"/\1/p' "$sa/sqlite3.c"))"
  (cd "$src" && sha256sum ./*.orig*.tar.* ./*.debian.tar.*)
  echo "native compiler: $(gcc --version | head -1)"
  echo "GPU compiler: $($prefix/bin/nvptx-none-gcc --version | head -1) ($prefix)"
  echo "zlib native CFLAGS: $(sed -n 's/^CFLAGS=//p' "$zn/Makefile")"
  echo "zlib GPU CFLAGS: $(sed -n 's/^CFLAGS=//p' "$zg/Makefile")"
  echo "lua native: $lflags"
  echo "lua GPU: $lflags $lgpu"
  echo "sqlite3 both: $(echo $sflags)"
  echo "sqlite3 GPU: + -mmainkernel"
} > "$stage/VERSIONS"
cat > "$stage/BUILD-NOTES" << 'EOF'
GPU-only workarounds (nvptx-none, newlib):
- zlib: configure for CHOST=nvptx-none finds no off64_t (no
  _LARGEFILE64_SOURCE) and no visibility attribute (no HAVE_HIDDEN).
  example and minigzip are linked with TEST_LDFLAGS="-L. -lz" instead
  of zlib's "-L. libz.a": nvptx-none-ld (nvptx-tools 1.0) takes an
  archive named as an operand as one PTX file and copies it whole,
  "!<arch>" header and all, into the program, which ptxas (and the
  JIT) then refuse ("Missing .version directive").
- lua: -DLUA_USE_JUMPTABLE=0: lvm.c's computed gotos fail to compile
  ("sorry, unimplemented: indirect jumps are not available on this
  target"); the switch-based interpreter loop is used instead.
Both builds: SQLITE_THREADSAFE=0 and SQLITE_OMIT_LOAD_EXTENSION (no
threads, no dlopen) instead of Debian's =1 and ENABLE_LOAD_EXTENSION;
Lua as "make posix" (no dlopen, no readline).
Everything else linked, among it popen (ENOSYS on the GPU), mkstemp,
fcntl locks, mmap (SQLite's WAL index), localtime_r/gmtime_r, signal.
Expected to differ on the GPU:
- lua-coroutines: coroutine.yield is a longjmp (lua_yieldk throws
  LUA_YIELD), which ends an nvptx program with status 134.
- sqlite-reopen, sqlite-dump, sqlite-stdin: long double is 64-bit on
  nvptx (80-bit on x86-64), and SQLite 3.40 converts REALs to and from
  text in LONGDOUBLE_TYPE: the 20-digit forms of .dump and JSON differ
  (1.0e-10 for 1.0000000000000000364e-10) and 19 of item's 120 prices
  do not survive .dump and .read bit for bit, so copy.db differs too.
  A native build with -DLONGDOUBLE_TYPE=double shows the same.
EOF
cp "$zn/configure.log" "$stage/zlib-native-configure.log"
cp "$zg/configure.log" "$stage/zlib-gpu-configure.log"
cp "$lb/gpu.log" "$stage/lua-gpu-warnings.log"
cp "$sb/gpu.log" "$stage/sqlite3-gpu-warnings.log"

tar -C "$(dirname "$stage")" -cJf "$pack.tmp" real-programs
mv "$pack.tmp" "$pack"
echo "$pack: $(wc -c < "$pack") bytes"
cat "$stage/VERSIONS"
