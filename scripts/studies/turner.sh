# Study: Turner 2012 (seed 003), replay and hazards on the Fermi-like preset with the full
# memory hierarchy (memstage.model=hierarchy: L1/L2 caches, MSHRs, interconnect, DRAM; the
# MSHR, COMQ and RSV hazards exist only there). Benchmarks of Table 4.1 that we have.
# Figures: 5.1 (replay vs stalling), 6.1/6.2 (hazard and issue breakdowns for 32/64/128 L1
# MSHRs), 7.2/7.3 (operand collectors, over gen8 stalling), 7.4 (two schedulers over one),
# 7.8/7.13 (hazard prediction with and without replay), 3.4 (predicted maximum speedup, 3.5).
source scripts/studies/common.sh
TITLE="Turner 2012 (seed 003): replay and hazards on fermi-turner"
WORKLOADS=(aes backprop bfs blackscholes cfd cp fwt hotspot kmeans lib lps lud matmul mergesort mum nw nnc nn ray srad simscore streamcluster sto transpose wp)
# --quick runs the tiny inputs: with the full memory hierarchy the small inputs take up to
# ~90 s per replay (cfd) and this study has 22 configurations per workload.
QUICK_SIZE=tiny
# cfd at the seeds' size (97,032 elements) runs 100 iterations of 7 launches, 547 M
# warp-instructions: about an hour per configuration here. Its geometry, and so its branches
# and addresses, are the same every iteration, so the study replays the first 5 iterations
# (launch sampling, docs/TIMING.md); on the small input the first 2 of 10 iterations give
# replay over stalling 1.0752 against 1.0800 for all 10 (docs/EXPERIMENTS.md).
WL_SETS_SIZED[default:cfd]="sim.launches=0-34"
# streamcluster at the default size (65,536 points of 256 dimensions) runs pgain once per
# candidate centre, 32 launches of the same code over the same points; a replay of all of
# them takes 20-60 minutes here. The study replays the first 4 (on the small input the
# first 3 of 24 give replay over stalling 0.967 against 0.956 for all; docs/EXPERIMENTS.md
# compares the sample with full runs at the default size).
WL_SETS_SIZED[default:streamcluster]="sim.launches=0-3"
PRESET=fermi-turner
P=$PRESET
M=memstage.model=hierarchy
S="$M hazard.mode=stall"
R="$M hazard.mode=replay"
CONFIGS=(
    "stall|$P|pdom|$S"
    "replay|$P|pdom|$R"
    "stall-mshr64|$P|pdom|$S l1d.mshrs=64"
    "stall-mshr128|$P|pdom|$S l1d.mshrs=128"
    "replay-mshr64|$P|pdom|$R l1d.mshrs=64"
    "replay-mshr128|$P|pdom|$R l1d.mshrs=128"
    "stall-gen4|$P|pdom|$S collector.slots=4"
    "stall-gen16|$P|pdom|$S collector.slots=16"
    "stall-sep2|$P|pdom|$S collector.model=separated collector.slots_per_unit=2"
    "stall-sep4|$P|pdom|$S collector.model=separated collector.slots_per_unit=4"
    "replay-gen4|$P|pdom|$R collector.slots=4"
    "replay-gen16|$P|pdom|$R collector.slots=16"
    "replay-sep2|$P|pdom|$R collector.model=separated collector.slots_per_unit=2"
    "replay-sep4|$P|pdom|$R collector.model=separated collector.slots_per_unit=4"
    "stall-1sched|$P|pdom|$S sched.count=1"
    "replay-1sched|$P|pdom|$R sched.count=1"
    "replay-naive-sat|$P|pdom|$R hazard.tracker=naive hazard.predictor=saturating"
    "replay-credit-sat|$P|pdom|$R hazard.tracker=credit hazard.predictor=saturating"
    "replay-credit-oracle|$P|pdom|$R hazard.tracker=credit hazard.predictor=oracle"
    "stall-naive-sat|$P|pdom|$S hazard.tracker=naive hazard.predictor=saturating"
    "stall-credit-sat|$P|pdom|$S hazard.tracker=credit hazard.predictor=saturating"
    "stall-credit-oracle|$P|pdom|$S hazard.tracker=credit hazard.predictor=oracle"
)
FIGURES=(fig5_1_replay fig3_4_predicted fig6_1_hazards fig6_2_issue fig7_2_collector_stall fig7_3_collector_replay
         fig7_4_schedulers fig7_8_prediction_replay fig7_13_prediction_stall)
declare -A COMPARE_NOTES=(
    [replay_over_stall]="replay over stalling, geomean (Fig 5.1; published: gains on memory-intensive workloads)"
    [replay_lud]="replay over stalling on LUD (published: a loss)"
    [replay_mergesort]="replay over stalling on merge sort (published: a loss)"
    [prediction_over_replay_max]="best hazard prediction (any tracker/predictor) over replay, best workload (Fig 7.8: up to +3.3%)"
    [prediction_over_stall_max]="best hazard prediction with replay over stalling, best workload (abstract: up to +13.3%)"
)

# predicted_max WORKLOAD -> seed 003 3.5 from the stalling run: the cycles the operand
# collector was blocked by a stalled memory stage could at best have been filled by the
# program's ALU work: new = old - min(blocked, alu_time); speedup = old / new (the thesis
# prints new/old - 1, evidently meaning old/new - 1). blocked = collector.mem_blocked (SM-
# cycles in which an issue found no collector slot while an LD/ST unit held a stalled
# instruction: "the number of cycles the operand collector was blocked due to stalling") per
# SM; alu_time = ALU busy cycles / ALU units per SM.
predicted_max() {
    local j
    j=$(runjson "$1" stall) || { echo nan; return; }
    jq -r '(.config.gpu.nsms // 1) as $n | .totals.cycles as $c |
           ((.stats.collector.mem_blocked // 0) / $n) as $blocked |
           ((.stats.units.alu.busy // 0) / ((.config.units.alu // 1) * $n)) as $alu |
           ([$blocked, $alu] | min) as $save |
           if $c - $save <= 0 then "nan" else $c / ($c - $save) | . * 10000 | round / 10000 end' "$j"
}

# breakdown WORKLOAD CONFIG -> hazard cycles (ldst.hazards: SM-cycles in which a push met each
# hazard; memstage.hazards, pushes, where the former is absent) and scheduler-cycle classes of
# the run, normalised to the stalling/32-MSHR run (hazards: per SM-cycle; classes: per
# scheduler-cycle)
breakdown() {
    local j b
    j=$(runjson "$1" "$2") || { echo "nan,nan,nan,nan,nan,nan,nan,nan,nan,nan"; return; }
    b=$(runjson "$1" stall) || { echo "nan,nan,nan,nan,nan,nan,nan,nan,nan,nan"; return; }
    jq -r --slurpfile base "$b" '
        ($base[0] | .totals.cycles * (.config.gpu.nsms // 1)) as $smc |
        ($base[0].stats.sched | [.idle, .raw, .stall, .issue1, .issue2] | map(. // 0) | add) as $sc |
        .stats as $s |
        (($s.ldst.hazards // $s.memstage.hazards) as $h | [$h | .div, .bank, .mshr, .comq, .rsv] | map((. // 0) / $smc)) +
        ([$s.sched | .idle, .raw, .stall, .issue1, .issue2] | map((. // 0) / (if $sc > 0 then $sc else 1 end)))
        | map(. * 10000 | round / 10000 | tostring) | join(",")' "$j"
}

report() {
    local wl c f
    ratio_table fig5_1_replay "Fig 5.1: replay over stalling (32 MSHRs)" "replay:replay/stall"
    ratio_table fig7_2_collector_stall "Fig 7.2: operand collectors with stalling (speedup over gen8 stalling)" \
        "gen4:stall-gen4/stall" "gen16:stall-gen16/stall" "sep2:stall-sep2/stall" "sep4:stall-sep4/stall"
    ratio_table fig7_3_collector_replay "Fig 7.3: operand collectors with replay (speedup over gen8 stalling)" \
        "gen4:replay-gen4/stall" "gen8:replay/stall" "gen16:replay-gen16/stall" "sep2:replay-sep2/stall" "sep4:replay-sep4/stall"
    ratio_table fig7_4_schedulers "Fig 7.4: two schedulers over one" \
        "stalling:stall/stall-1sched" "replay:replay/replay-1sched"
    ratio_table fig7_8_prediction_replay "Fig 7.8: replay and hazard prediction with replay (speedup over stalling)" \
        "replay:replay/stall" "naive+sat:replay-naive-sat/stall" "credit+sat:replay-credit-sat/stall" "credit+oracle:replay-credit-oracle/stall"
    ratio_table fig7_8_prediction_over_replay "Hazard prediction with replay, speedup over replay alone" \
        "naive+sat:replay-naive-sat/replay" "credit+sat:replay-credit-sat/replay" "credit+oracle:replay-credit-oracle/replay"
    ratio_table fig7_13_prediction_stall "Fig 7.13: hazard prediction without replay (speedup over stalling)" \
        "naive+sat:stall-naive-sat/stall" "credit+sat:stall-credit-sat/stall" "credit+oracle:stall-credit-oracle/stall"
    for f in fig5_1_replay fig7_2_collector_stall fig7_3_collector_replay fig7_4_schedulers fig7_8_prediction_replay fig7_13_prediction_stall; do
        bar_plot "$out/$f.csv" "$(head -1 "$out/$f.md" | sed 's/^### //')" "speedup" 1
    done

    # Fig 6.1 / 6.2: one row per (workload, bar): Baseline (stalling) 32 MSHRs, Replay 32/64/128.
    echo "workload,div,bank,mshr,comq,rsv" > "$out/fig6_1_hazards.csv"
    echo "workload,idle,raw,stall,issue1,issue2" > "$out/fig6_2_issue.csv"
    for wl in "${WORKLOADS[@]}"; do
        for c in stall replay replay-mshr64 replay-mshr128; do
            local v label
            v=$(breakdown "$wl" "$c")
            case $c in stall) label="$wl base32" ;; replay) label="$wl rep32" ;; *) label="$wl rep${c#replay-mshr}" ;; esac
            echo "$label,$(cut -d, -f1-5 <<< "$v")" >> "$out/fig6_1_hazards.csv"
            echo "$label,$(cut -d, -f6-10 <<< "$v")" >> "$out/fig6_2_issue.csv"
        done
    done
    csv_to_md "$out/fig6_1_hazards.csv" "Fig 6.1: memory-stage hazards per SM-cycle by type (bars: stalling 32 MSHRs, replay 32/64/128 MSHRs; normalised to the stalling run's cycles)" > "$out/fig6_1_hazards.md"
    csv_to_md "$out/fig6_2_issue.csv" "Fig 6.2: scheduler-cycle classes (same bars, normalised to the stalling run's scheduler-cycles; lower total = faster)" > "$out/fig6_2_issue.md"
    stacked_plot "$out/fig6_1_hazards.csv" "Fig 6.1: hazards by type (normalised to stalling, 32 MSHRs)" "hazards / SM-cycle"
    stacked_plot "$out/fig6_2_issue.csv" "Fig 6.2: issue-cycle classes (normalised to stalling, 32 MSHRs)" "fraction of baseline"

    # Fig 3.4 (and 7.7): predicted maximum speedup vs measured replay speedup.
    echo "workload,predicted_max_speedup,replay_speedup" > "$out/fig3_4_predicted.csv"
    for wl in "${WORKLOADS[@]}"; do
        echo "$wl,$(predicted_max "$wl"),$(cell "$out/fig5_1_replay.csv" "$wl" replay)" >> "$out/fig3_4_predicted.csv"
    done
    csv_to_md "$out/fig3_4_predicted.csv" "Fig 3.4 / 7.7: predicted maximum speedup (3.5) vs measured replay speedup" > "$out/fig3_4_predicted.md"
    scatter_plot "$out/fig3_4_predicted.csv" "Fig 7.7: replay speedup vs predicted maximum speedup" "predicted maximum speedup" "replay speedup"

    local pr=$out/fig7_8_prediction_over_replay.csv ps=$out/fig7_8_prediction_replay.csv
    local best_r best_s
    best_r=$(awk -F, 'NR > 1 && $1 != "geomean" && $1 != "amean" { for (i = 2; i <= NF; i++) if ($i != "nan" && (m == "" || $i > m)) { m = $i; w = $1 } } END { print (m == "" ? "nan" : m) }' "$pr")
    best_s=$(awk -F, 'NR > 1 && $1 != "geomean" && $1 != "amean" { for (i = 3; i <= NF; i++) if ($i != "nan" && (m == "" || $i > m)) m = $i } END { print (m == "" ? "nan" : m) }' "$ps")
    jq -n --argjson rep "$(num "$(geomean_of "$out/fig5_1_replay.csv" replay)")" \
          --argjson lud "$(num "$(cell "$out/fig5_1_replay.csv" lud replay)")" \
          --argjson ms "$(num "$(cell "$out/fig5_1_replay.csv" mergesort replay)")" \
          --argjson pr "$(num "$best_r")" --argjson ps "$(num "$best_s")" \
          --argjson cs "$(num "$(geomean_of "$pr" "credit+sat")")" \
          --argjson corr "$(num "$(correlation "$out/fig3_4_predicted.csv" 2 3)")" \
          '{replay_over_stall: $rep, replay_lud: $lud, replay_mergesort: $ms,
            prediction_over_replay_max: $pr, prediction_over_stall_max: $ps,
            prediction_credit_sat_over_replay_geomean: $cs,
            predicted_max_vs_replay_correlation: $corr,
            published: {replay_over_stall: "gains on memory-intensive workloads", replay_lud: "< 1 (a loss)",
                        replay_mergesort: "< 1 (a loss)", prediction_over_replay_max: 1.033,
                        prediction_over_stall_max: 1.133},
            published_source: "seed 003 (Turner 2012) abstract, chapters 5 and 7"}' > "$out/summary.json"
}

# stacked_plot CSV TITLE YLABEL -> rows as stacked bars
stacked_plot() {
    local csv=$1 svg=${1%.csv}.svg ncol n
    ncol=$(head -1 "$csv" | awk -F, '{ print NF }')
    n=$(($(wc -l < "$csv") - 1))
    gnuplot > /dev/null 2> "$out/logs/gnuplot-$(basename "$svg" .svg).log" <<GP || echo "reproduce: gnuplot failed for $svg (see $out/logs)" >&2
set terminal svg size $((300 + n * 14)),460 dynamic font "sans,10"
set output "$svg.tmp"
set datafile separator ","
set datafile missing "nan"
set title "$2" noenhanced
set ylabel "$3"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set key outside right top noenhanced
set xtics rotate by -60 left font ",8" noenhanced
set bmargin 8
set grid ytics
set yrange [0:*]
plot for [i=2:$ncol] "$csv" using i:xtic(1) title columnhead(i)
GP
    [ -f "$svg.tmp" ] && mv "$svg.tmp" "$svg"
}

doc_section() {
    doc_header
    tables fig5_1_replay fig3_4_predicted fig7_8_prediction_replay fig7_8_prediction_over_replay \
        fig7_13_prediction_stall fig7_4_schedulers fig7_2_collector_stall fig7_3_collector_replay
}
