# Rename the function vfprintf, definition and calls, everywhere in a
# linked nvptx program: nothing else in the PTX changes.
# Usage: python3 rename-vfprintf.py IN.nvptx OUT.nvptx NEW-NAME
# (2026-12-02-2149-vfprintf-rename.txt: NEW-NAME vfprintX;
# -2150-vfprintf-names.txt: the names in the n-NAME.nvptx file names.)
import re
import sys

ptx = open(sys.argv[1], 'rb').read()
assert not re.search(rb'\b' + sys.argv[3].encode() + rb'\b', ptx)
open(sys.argv[2], 'wb').write(re.sub(rb'\bvfprintf\b', sys.argv[3].encode(),
                                     ptx))
