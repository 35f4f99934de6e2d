#!/bin/sh
# ptx_mem_trace.sh PROGRAM SIMT_TRACE: traces the inline-PTX memory test and checks that each
# executed ld/st/red/atom asm statement is in the trace as the access a C++ one would be: class
# load/store/atomic, the statement's state space (generic without one), its size (type x
# vector), and an address in that space's window; fences are membar instructions.
set -e
prog=$1 trace=$2
name=$(basename "$prog")
SIMT_QUIET=1 SIMT_TRACE="$name.check.trace" "$prog" >/dev/null
"$trace" verify "$name.check.trace" >/dev/null
"$trace" dump --thread 0 "$name.check.trace" >"$name.check.dump"
awk '
/ asm (sideeffect )?"(ld|st|red|atom)\./ {
    t = $0
    sub(/.* asm (sideeffect )?"/, "", t)
    sub(/ .*/, "", t)
    n = split(t, q, ".")
    cls = q[1] == "ld" ? "load" : q[1] == "st" ? "store" : "atomic"
    sp = "generic"
    vec = 1
    for (i = 2; i <= n; i++) {
        if (q[i] == "global") sp = "global"
        if (q[i] ~ /^shared/) sp = "shared"
        if (q[i] == "local") sp = "local"
        if (q[i] == "const") sp = "const"
        if (q[i] == "v2") vec = 2
        if (q[i] == "v4") vec = 4
    }
    bits = q[n]
    gsub(/[a-z]/, "", bits)
    size = bits / 8 * vec
    # the address window: global 0x2000_0000_0000.., shared 0x100_0000_0000, local 0x200_..,
    # const 0x300_..
    a = $10
    win = length(a) == 14 && substr(a, 3, 1) == "2" ? "global" : \
          length(a) == 13 && substr(a, 3, 1) == "1" ? "shared" : \
          length(a) == 13 && substr(a, 3, 1) == "2" ? "local" : \
          length(a) == 13 && substr(a, 3, 1) == "3" ? "const" : "?"
    if ($8 != cls || $9 != sp || $11 != "size" || $12 != size ||
        (sp != "generic" && win != sp) || win == "?") {
        printf "ptx_mem_trace: %s %s %s size %s, want %s %s size %s: %s\n", $8, $9, a, $12, cls, sp, size, t
        bad++
    }
    seen[cls " " sp]++
    next
}
/ asm sideeffect "(fence|membar)\./ {
    if ($8 != "membar") { print "ptx_mem_trace: fence as " $8; bad++ }
    seen["membar"]++
}
END {
    split("load global,store global,atomic global,load shared,store shared,atomic shared,load local,store local,load const,load generic,store generic,atomic generic,membar", want, ",")
    for (k in want)
        if (!seen[want[k]]) { print "ptx_mem_trace: no " want[k] " access in the trace"; bad++ }
    n = 0
    for (k in seen) n += seen[k]
    printf "ptx_mem_trace: %d asm accesses of thread 0 checked\n", n
    exit bad ? 1 : 0
}' "$name.check.dump"
