# Sourced by the workload test scripts: trace_tiny BIN_DIR WORKLOAD WORKDIR traces the workload
# at --size tiny into WORKDIR/WORKLOAD.trace (sets $trace), failing the test with the
# program's output if it fails.
trace_tiny() {
    local bin=$1 wl=$2 work=$3
    mkdir -p "$work"
    trace=$work/$wl.trace
    SIMT_TRACE=$trace "$bin/$wl" --size tiny > "$work/$wl.out" 2>&1 ||
        { cat "$work/$wl.out"; echo "FAIL: $wl --size tiny"; exit 1; }
}
