# Study: dynamic micro-kernels (seed 004 chapter 6; Steffen & Zambreno report 1.4x on ray
# tracing): spawning diverged threads into new warps vs PDOM, on the ray tracer and the other
# divergent workloads, with the per-SM look-up table's decisions (6.2.1, 6.2.2). GT200-like
# preset with perfect memory, as for Jin's study, so that only control flow differs.
source scripts/studies/common.sh
TITLE="Dynamic micro-kernels (seed 004 ch. 6) vs PDOM on gt200-jin"
WORKLOADS=(ray bfs nqu mum nn lps micro_loop_trip micro_early_exit micro_nested_if)
PRESET=gt200-jin
P=$PRESET
CONFIGS=(
    "pdom|$P|pdom|"
    "ukernel|$P|ukernel|"
    "ukernel-spawn|$P|ukernel|ukernel.decide=spawn"
    "ukernel-nodelay|$P|ukernel|ukernel.delay=false"
    "dwf|$P|dwf|"
)
FIGURES=(speedup simd lut_decisions)
declare -A COMPARE_NOTES=(
    [ray_speedup_over_pdom]="micro-kernels (LUT performance model) over PDOM on the ray tracer"
    [ray_spawn_speedup_over_pdom]="micro-kernels spawning at every divergent branch over PDOM on the ray tracer"
    [mean_speedup_over_pdom]="micro-kernels (LUT model) over PDOM, geomean over the workloads"
)

report() {
    local wl c row
    ratio_table speedup "Micro-kernels: speedup over PDOM" \
        "ukernel (LUT model):ukernel/pdom" "always spawn:ukernel-spawn/pdom" "no delay:ukernel-nodelay/pdom" "DWF:dwf/pdom"
    bar_plot "$out/speedup.csv" "Micro-kernel speedup over PDOM" "speedup" 1

    echo "workload,PDOM,ukernel (LUT model),always spawn,no delay,DWF" > "$out/simd.csv"
    for wl in "${WORKLOADS[@]}"; do
        row=$wl
        for c in pdom ukernel ukernel-spawn ukernel-nodelay dwf; do row+=",$(awk -v e="$(col "$wl" "$c" simd_efficiency)" 'BEGIN { if (e == "nan") print e; else printf "%.4f", e }')"; done
        echo "$row" >> "$out/simd.csv"
    done
    csv_to_md "$out/simd.csv" "SIMD efficiency (active threads / 32 per issued warp-instruction)" > "$out/simd.md"
    bar_plot "$out/simd.csv" "SIMD efficiency" "fraction"

    # The policy's own counters (LUT decisions, spawns, ...), one column per counter.
    local keys
    keys=$(for wl in "${WORKLOADS[@]}"; do
               if j=$(runjson "$wl" ukernel); then jq -r '.stats.policy.ukernel // {} | paths(numbers) | join(".")' "$j"; fi
           done | sort -u | tr '\n' ' ')
    echo "workload$(for k in $keys; do printf ',%s' "$k"; done)" > "$out/lut_decisions.csv"
    for wl in "${WORKLOADS[@]}"; do
        row=$wl
        j=$(runjson "$wl" ukernel) || j=""
        for k in $keys; do
            if [ -n "$j" ]; then row+=",$(jq -r --arg k "$k" '.stats.policy.ukernel // {} | getpath($k | split(".")) // 0' "$j")"; else row+=",nan"; fi
        done
        echo "$row" >> "$out/lut_decisions.csv"
    done
    csv_to_md "$out/lut_decisions.csv" "Look-up table decisions and spawns (ukernel, LUT model)" > "$out/lut_decisions.md"

    jq -n --argjson ray "$(num "$(cell "$out/speedup.csv" ray "ukernel (LUT model)")")" \
          --argjson rays "$(num "$(cell "$out/speedup.csv" ray "always spawn")")" \
          --argjson gm "$(num "$(geomean_of "$out/speedup.csv" "ukernel (LUT model)")")" \
          '{ray_speedup_over_pdom: $ray, ray_spawn_speedup_over_pdom: $rays, mean_speedup_over_pdom: $gm,
            published: {ray_speedup_over_pdom: 1.4},
            published_source: "Steffen & Zambreno (micro-kernels on ray tracing), via the issue; seed 004 chapter 6 gives the mechanism"}' > "$out/summary.json"
}

doc_section() {
    doc_header
    tables speedup simd lut_decisions
}
