# Study: Jin 2012 (seed 000), hybrid warp size (HWS) and en-DWF on the GT200-like preset
# (Table 5.1: 28 SMs, warp 32, SIMD width 8, perfect memory). Benchmarks of Table 5.2.
# Figures: 1.1 (warp occupancy + control-flow share), 6.1 (squeeze gain), 6.2 (en-DWF gain),
# 6.3 (estimated, eq. 6.1, vs measured PDOM&HWS speedup), 6.4 (IPC), 6.5 (speedups).
# Plus DWF over PDOM (Fung et al. MICRO 2007 report +20.7%).
source scripts/studies/common.sh
TITLE="Jin 2012 (seed 000): hybrid warp size and en-DWF on gt200-jin"
WORKLOADS=(bfs blackscholes nn mum ray sto lps nqu aes lib)
PRESET=gt200-jin
P=$PRESET
CONFIGS=(
    "pdom|$P|pdom|"
    "pdom-hws|$P|pdom-hws|"
    "pdom-hws-nosq|$P|pdom-hws|hws.squeeze=false"
    "dwf|$P|dwf|"
    "dwf-hws|$P|dwf-hws|"
    "dwf-hws-nosq|$P|dwf-hws|hws.squeeze=false"
    "en-dwf|$P|en-dwf|"
    "en-dwf-hws|$P|en-dwf-hws|"
)
FIGURES=(fig1_1_occupancy fig6_1_squeeze fig6_2_endwf fig6_3_estimate fig6_4_ipc fig6_5_speedup)
declare -A COMPARE_NOTES=(
    [hws_mean_speedup]="PDOM&HWS over PDOM, geomean (Fig 6.5)"
    [en_dwf_hws_over_dwf]="en-DWF&HWS over DWF, geomean (Fig 6.5)"
    [en_dwf_over_dwf]="en-DWF over DWF, geomean (Fig 6.2)"
    [squeeze_gain_pdom]="PDOM&HWS with over without squeeze, minus 1 (Fig 6.1)"
    [squeeze_gain_dwf]="DWF&HWS with over without squeeze, minus 1 (Fig 6.1)"
    [estimate_correlation]="Pearson r, eq. 6.1 estimate vs measured PDOM&HWS speedup (Fig 6.3)"
    [dwf_over_pdom]="DWF over PDOM, geomean (Fung et al. MICRO 2007: +20.7%)"
)

report() {
    local wl h cf e m
    # Fig 1.1: share of issued warp-instructions by active threads (PDOM), and the share of
    # control-flow instructions (branches, calls, returns) in the thread-instructions.
    echo "workload,1-8,9-16,17-24,25-32,control_flow" > "$out/fig1_1_occupancy.csv"
    for wl in "${WORKLOADS[@]}"; do
        h=$(active_hist "$wl" pdom)
        cf=$("$bin/simt-trace" info --json "${TRACE[$wl]}" |
             jq -r '.mix as $m | (($m.branch // 0) + ($m.call // 0) + ($m.ret // 0)) / .thread_instructions | . * 10000 | round / 10000')
        if [ -z "$h" ]; then echo "$wl,nan,nan,nan,nan,$cf"; continue; fi
        awk -F, -v w="$wl" -v cf="$cf" '{ for (i = 1; i <= 33; i++) { n += $i; if (i >= 2 && i <= 9) a += $i; else if (i <= 17 && i > 9) b += $i; else if (i <= 25 && i > 17) c += $i; else if (i > 25) d += $i }
             if (n == 0) n = 1; printf "%s,%.4f,%.4f,%.4f,%.4f,%s\n", w, a / n, b / n, c / n, d / n, cf }' <<< "$h"
    done >> "$out/fig1_1_occupancy.csv"
    csv_to_md "$out/fig1_1_occupancy.csv" "Fig 1.1: warp occupancy under PDOM (share of warp-instructions by active threads) and control-flow share" > "$out/fig1_1_occupancy.md"
    bar_plot "$out/fig1_1_occupancy.csv" "Fig 1.1: warp occupancy (PDOM) and control-flow share" "fraction"

    ratio_table fig6_1_squeeze "Fig 6.1: gain of the squeeze algorithm (speedup with over without squeeze)" \
        "PDOM&HWS:pdom-hws/pdom-hws-nosq" "DWF&HWS:dwf-hws/dwf-hws-nosq"
    ratio_table fig6_2_endwf "Fig 6.2: en-DWF over DWF" "en-DWF:en-dwf/dwf"
    ratio_table fig6_5_speedup "Fig 6.5: speedups (PDOM&HWS over PDOM, en-DWF&HWS over DWF, ...)" \
        "PDOM&HWS/PDOM:pdom-hws/pdom" "DWF/PDOM:dwf/pdom" "en-DWF&HWS/DWF:en-dwf-hws/dwf" "en-DWF&HWS/PDOM:en-dwf-hws/pdom"
    bar_plot "$out/fig6_1_squeeze.csv" "Fig 6.1: squeeze gain" "speedup" 1
    bar_plot "$out/fig6_2_endwf.csv" "Fig 6.2: en-DWF over DWF" "speedup" 1
    bar_plot "$out/fig6_5_speedup.csv" "Fig 6.5: speedups" "speedup" 1

    echo "workload,PDOM,PDOM&HWS,DWF,en-DWF&HWS" > "$out/fig6_4_ipc.csv"
    for wl in "${WORKLOADS[@]}"; do
        echo "$wl,$(col "$wl" pdom ipc),$(col "$wl" pdom-hws ipc),$(col "$wl" dwf ipc),$(col "$wl" en-dwf-hws ipc)"
    done | awk -F, -v OFS=, '{ for (i = 2; i <= NF; i++) if ($i != "nan") $i = sprintf("%.4f", $i); print }' >> "$out/fig6_4_ipc.csv"
    csv_to_md "$out/fig6_4_ipc.csv" "Fig 6.4: IPC (warp-instructions per cycle, whole GPU)" > "$out/fig6_4_ipc.md"
    bar_plot "$out/fig6_4_ipc.csv" "Fig 6.4: IPC" "warp-instructions / cycle"

    echo "workload,estimated,measured" > "$out/fig6_3_estimate.csv"
    for wl in "${WORKLOADS[@]}"; do
        e=$(estimated_hws "$wl" pdom)
        m=$(cell "$out/fig6_5_speedup.csv" "$wl" "PDOM&HWS/PDOM")
        echo "$wl,$e,$m" >> "$out/fig6_3_estimate.csv"
    done
    corr=$(correlation "$out/fig6_3_estimate.csv" 2 3)
    csv_to_md "$out/fig6_3_estimate.csv" "Fig 6.3: estimated (eq. 6.1) vs measured PDOM&HWS speedup over PDOM; correlation $corr" > "$out/fig6_3_estimate.md"
    scatter_plot "$out/fig6_3_estimate.csv" "Fig 6.3: estimated vs measured PDOM&HWS speedup (r = $corr)" "estimated (eq. 6.1)" "measured"

    local s5=$out/fig6_5_speedup.csv s1=$out/fig6_1_squeeze.csv
    jq -n --argjson hws "$(num "$(geomean_of "$s5" "PDOM&HWS/PDOM")")" \
          --argjson ehd "$(num "$(geomean_of "$s5" "en-DWF&HWS/DWF")")" \
          --argjson ed "$(num "$(geomean_of "$out/fig6_2_endwf.csv" "en-DWF")")" \
          --argjson sqp "$(num "$(geomean_of "$s1" "PDOM&HWS")")" \
          --argjson sqd "$(num "$(geomean_of "$s1" "DWF&HWS")")" \
          --argjson dwf "$(num "$(geomean_of "$s5" "DWF/PDOM")")" \
          --argjson hwsa "$(num "$(cell "$s5" amean "PDOM&HWS/PDOM")")" \
          --argjson ehda "$(num "$(cell "$s5" amean "en-DWF&HWS/DWF")")" \
          --argjson corr "$(num "$corr")" \
          'def m1: if . == null then null else . - 1 | . * 10000 | round / 10000 end;
           {hws_mean_speedup: $hws, en_dwf_hws_over_dwf: $ehd, en_dwf_over_dwf: $ed,
            squeeze_gain_pdom: ($sqp | m1), squeeze_gain_dwf: ($sqd | m1),
            estimate_correlation: $corr, dwf_over_pdom: $dwf,
            hws_mean_speedup_amean: $hwsa, en_dwf_hws_over_dwf_amean: $ehda,
            mean: "geomean over the workloads (the _amean keys: arithmetic mean)",
            published: {hws_mean_speedup: 1.20, en_dwf_hws_over_dwf: 1.27, en_dwf_over_dwf: 1.088,
                        squeeze_gain_pdom: 0.006, squeeze_gain_dwf: 0.022,
                        estimate_correlation: 0.85, dwf_over_pdom: 1.207},
            published_source: "seed 000 (Jin 2012) chapter 6; dwf_over_pdom: Fung et al., MICRO 2007"}' > "$out/summary.json"
}

doc_section() {
    doc_header
    tables fig6_5_speedup fig6_1_squeeze fig6_2_endwf fig6_3_estimate fig1_1_occupancy
}
