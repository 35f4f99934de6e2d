# Shared helpers for scripts/studies/*.sh (sourced by scripts/reproduce; $out, $bin, $size,
# $study, WORKLOADS, ALL_WORKLOADS, MISSING, FAILED, RUN_FAILED and TRACE are set there).
# runs.csv columns: workload,config,cycles,warp_instructions,thread_instructions,ipc,simd_efficiency
# A missing value (a run that failed) reads as "nan" everywhere and is left out of means.

# col WORKLOAD CONFIG FIELD -> the value from runs.csv (nan when the run is missing)
col() {
    awk -F, -v w="$1" -v c="$2" -v f="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
        $1 == w && $2 == c { v = $(idx[f]); found = 1; exit }
        END { print (found ? v : "nan") }' "$out/runs.csv"
}

# runjson WORKLOAD CONFIG -> the run's stats JSON path; false when the run failed
runjson() { local j=$out/runs/$1.$2.json; [ -f "$j" ] && echo "$j"; }

# stat WORKLOAD CONFIG JQ_PATH -> a statistic summed over the whole run (.stats is the sum over
# every launch of every trace), 0 when the key is absent, nan when the run failed
stat() {
    local j
    j=$(runjson "$1" "$2") || { echo nan; return; }
    jq -r "(.stats | $3) // 0" "$j"
}

# div A B -> A / B with 4 decimals (nan when either is nan or B is 0)
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "nan" || b == "nan" || b + 0 == 0) print "nan"; else printf "%.4f", a / b }'; }

# ratio_table NAME TITLE "label:num_config/den_config" ... : per workload, cycles(den)/cycles(num)
# i.e. the speedup of num over den, written as NAME.csv and NAME.md, with a geomean row
ratio_table() {
    local name=$1 title=$2; shift 2
    local hdr="workload" specs=("$@") s wl row pair num den
    for s in "${specs[@]}"; do hdr+=",${s%%:*}"; done
    echo "$hdr" > "$out/$name.csv"
    for wl in "${WORKLOADS[@]}"; do
        row=$wl
        for s in "${specs[@]}"; do
            pair=${s#*:}; num=${pair%/*}; den=${pair#*/}
            row+=",$(div "$(col "$wl" "$den" cycles)" "$(col "$wl" "$num" cycles)")"
        done
        echo "$row" >> "$out/$name.csv"
    done
    add_geomean "$out/$name.csv"
    csv_to_md "$out/$name.csv" "$title" > "$out/$name.md"
}

# add_geomean CSV: appends a geomean and an arithmetic-mean (amean) row over the numeric cells
# of each column (the seeds say "on average" without naming the mean)
add_geomean() {
    awk -F, 'NR == 1 { n = NF; next }
             { for (i = 2; i <= NF; i++) if ($i != "nan" && $i > 0) { s[i] += log($i); a[i] += $i; c[i]++ } }
             END { printf "geomean"; for (i = 2; i <= n; i++) { if (c[i]) printf ",%.4f", exp(s[i] / c[i]); else printf ",nan" } printf "\n";
                   printf "amean"; for (i = 2; i <= n; i++) { if (c[i]) printf ",%.4f", a[i] / c[i]; else printf ",nan" } printf "\n" }' \
        "$1" > "$1.means"
    cat "$1.means" >> "$1" && rm -f "$1.means"
}

# csv_to_md FILE TITLE -> a Markdown table
csv_to_md() {
    echo "### $2"
    echo
    awk -F, 'NR == 1 { printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n|";
                       for (i = 1; i <= NF; i++) printf "---|"; printf "\n"; next }
             { printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n" }' "$1"
    echo
}

# geomean_of FILE COLUMN_NAME -> the geomean row's value of that column (nan if none)
geomean_of() {
    awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
                       $1 == "geomean" && k { v = $k } END { print (v == "" ? "nan" : v) }' "$1"
}

# cell FILE ROW COLUMN_NAME -> one value of a CSV table (nan if none)
cell() {
    awk -F, -v r="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
                                 $1 == r && k { v = $k } END { print (v == "" ? "nan" : v) }' "$1"
}

# num VALUE -> VALUE as a JSON number, or null for nan/empty
num() { awk -v v="$1" 'BEGIN { if (v == "" || v == "nan" || v == "-nan") print "null"; else print v + 0 }'; }

# bar_plot CSV TITLE YLABEL [BASELINE] -> CSV with .svg next to it (clustered bars, one per
# column); BASELINE draws a horizontal reference line (e.g. 1 for speedups)
bar_plot() {
    local csv=$1 svg=${1%.csv}.svg ncol ref=""
    ncol=$(head -1 "$csv" | awk -F, '{ print NF }')
    [ -n "${4:-}" ] && ref=", $4 with lines lc rgb '#444444' dt 2 notitle"
    gnuplot > /dev/null 2> "$out/logs/gnuplot-$(basename "$svg" .svg).log" <<GP || echo "reproduce: gnuplot failed for $svg (see $out/logs)" >&2
set terminal svg size 960,440 dynamic font "sans,11"
set output "$svg.tmp"
set datafile separator ","
set datafile missing "nan"
set title "$(sed 's/"/\\"/g' <<< "$2")" noenhanced
set ylabel "$3"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key outside right top noenhanced
set xtics rotate by -35 left noenhanced
set bmargin 7
set grid ytics
set yrange [0:*]
plot for [i=2:$ncol] "$csv" using i:xtic(1) title columnhead(i)$ref
GP
    [ -f "$svg.tmp" ] && mv "$svg.tmp" "$svg"
}

# scatter_plot CSV TITLE XLABEL YLABEL -> scatter of column 2 (x) vs 3 (y) labelled by column 1,
# with the y = x diagonal
scatter_plot() {
    local csv=$1 svg=${1%.csv}.svg
    gnuplot > /dev/null 2> "$out/logs/gnuplot-$(basename "$svg" .svg).log" <<GP || echo "reproduce: gnuplot failed for $svg (see $out/logs)" >&2
set terminal svg size 640,520 dynamic font "sans,11"
set output "$svg.tmp"
set datafile separator ","
set datafile missing "nan"
set title "$(sed 's/"/\\"/g' <<< "$2")" noenhanced
set xlabel "$3"
set ylabel "$4"
set key off
set grid
set size ratio -1
stats "$csv" using 2:3 nooutput
lo = (STATS_min_x < STATS_min_y ? STATS_min_x : STATS_min_y) * 0.95
hi = (STATS_max_x > STATS_max_y ? STATS_max_x : STATS_max_y) * 1.05
set xrange [lo:hi]
set yrange [lo:hi]
plot "$csv" using 2:3 every ::1 with points pt 7 ps 1.2 lc rgb "#1f77b4", \
     "" using 2:3:1 every ::1 with labels offset 0.6,0.6 left font ",9" noenhanced, \
     x with lines dt 2 lc rgb "#888888"
GP
    [ -f "$svg.tmp" ] && mv "$svg.tmp" "$svg"
}

# active_hist WORKLOAD CONFIG -> the 33-entry histogram of issued warp-instructions by active
# threads, as a comma-separated list (empty when the run failed)
active_hist() {
    local j
    j=$(runjson "$1" "$2") || return 0
    jq -r '.stats.active_threads | map(tostring) | join(",")' "$j"
}

# estimated_hws WORKLOAD CONFIG -> seed 000 eq. 6.1 from the run's active-thread histogram:
# warp-instructions with 1-8, 9-16, 17-24 active threads could issue in 1, 2, 3 quarter-warps
# instead of 4 (speedups 4, 2, 4/3) once squeezed (seed 000 6.1); Amdahl over the fractions:
# 1 / (f25-32 + f1-8 / 4 + f9-16 / 2 + f17-24 * 3 / 4)
estimated_hws() {
    local j
    j=$(runjson "$1" "$2") || { echo nan; return; }
    jq -r '.stats.active_threads as $b | ($b | add) as $n |
           if $n == 0 then "nan" else
             ([$b[1:9], $b[9:17], $b[17:25], $b[25:33]] | map(add / $n)) as $f |
             1 / ($f[3] + $f[0] / 4 + $f[1] / 2 + $f[2] * 3 / 4) | . * 10000 | round / 10000
           end' "$j"
}

# correlation CSV XCOL YCOL -> Pearson correlation of two columns (numbered from 1), rows
# "geomean" and nan left out
correlation() {
    awk -F, -v a="$2" -v b="$3" 'NR > 1 && $1 != "geomean" && $a != "nan" && $b != "nan" {
            n++; x += $a; y += $b; xx += $a * $a; yy += $b * $b; xy += $a * $b }
        END { d = sqrt((n * xx - x * x) * (n * yy - y * y)); if (n > 2 && d > 0) printf "%.4f", (n * xy - x * y) / d; else print "nan" }' "$1"
}

# json_array VALUES... -> a JSON array of strings
json_array() { if [ $# -eq 0 ]; then echo "[]"; else printf '%s\n' "$@" | jq -R . | jq -cs .; fi; }

# add_run_info SUMMARY: records what ran (size, workloads, missing ones, failed runs)
add_run_info() {
    local f=$1
    jq --argjson wl "$(json_array "${WORKLOADS[@]}")" \
       --argjson all "$(json_array "${ALL_WORKLOADS[@]}")" \
       --argjson miss "$(json_array "${MISSING[@]}")" \
       --argjson fail "$(json_array "${FAILED[@]}")" \
       --argjson rf "$(json_array "${RUN_FAILED[@]}")" \
       --argjson given "$(json_array "${GIVEN[@]}")" --arg tdir "${traces:-}" \
       --argjson cfg "$(json_array "${CONFIGS[@]}")" \
       --arg size "$size" --arg study "$study" \
       '{study: $study, size: $size} + . +
        {workloads: $wl, workloads_requested: $all, workloads_not_built: $miss,
         workloads_trace_failed: $fail, runs_failed: $rf, configurations: $cfg}
        + (if ($given | length) > 0 then {traces_given: {dir: $tdir, workloads: $given}} else {} end)' \
       "$f" > "$f.tmp" && mv "$f.tmp" "$f"
}

# compare_table -> Markdown: ours vs published for every key of summary.json's "published"
# that has a number of ours under the same name; COMPARE_NOTES (assoc. array key -> text)
# adds the definition of each figure
compare_table() {
    echo "| figure | ours ($size inputs) | published | meaning |"
    echo "|---|---|---|---|"
    local k
    for k in $(jq -r '.published | keys_unsorted[]' "$out/summary.json"); do
        jq -r --arg k "$k" --arg note "${COMPARE_NOTES[$k]:-}" \
            'def f: if type == "number" then (. * 10000 | round / 10000 | tostring) elif . == null then "n/a" else tostring end;
             "| `\($k)` | \(.[$k] | f) | \(.published[$k] | f) | \($note) |"' "$out/summary.json"
    done
}

# html_page -> index.html: the comparison, every SVG and every table of $out (offline)
html_page() {
    local f t
    {
        echo "<!doctype html><html><head><meta charset=utf-8><title>$TITLE</title>"
        echo "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:2px 8px;text-align:right}th{background:#eee}td:first-child{text-align:left}img{max-width:100%}code{background:#f4f4f4}</style></head><body>"
        echo "<h1>$TITLE</h1>"
        echo "<p>Generated by <code>$(cmd_str)</code> (inputs: <b>$size</b>). Workloads: ${WORKLOADS[*]}.</p>"
        [ ${#MISSING[@]} -gt 0 ] && echo "<p><b>Not built (left out):</b> ${MISSING[*]}</p>"
        [ ${#FAILED[@]} -gt 0 ] && echo "<p><b>Tracing failed (left out):</b> ${FAILED[*]}</p>"
        [ ${#GIVEN[@]} -gt 0 ] && echo "<p>Traces given with --traces (not traced by this run): ${GIVEN[*]}</p>"
        [ ${#RUN_FAILED[@]} -gt 0 ] && echo "<p><b>Replays that failed (nan in the tables):</b> ${RUN_FAILED[*]}</p>"
        for t in "${!WL_SETS[@]}"; do echo "<p>Per-workload override for $t: <code>${WL_SETS[$t]}</code></p>"; done | sort
        echo "<h2>Ours vs published</h2>"
        compare_table | md_table_to_html
        for t in "${FIGURES[@]}"; do
            echo "<h2>$(head -1 "$out/$t.md" | sed 's/^### //')</h2>"
            [ -f "$out/$t.svg" ] && echo "<img src=\"$t.svg\" alt=\"$t\">"
            echo "<p><a href=\"$t.csv\">$t.csv</a></p>"
            csv_to_html "$out/$t.csv"
        done
        echo "<h2>summary.json</h2><pre>$(sed 's/&/\&amp;/g; s/</\&lt;/g' "$out/summary.json")</pre>"
        echo "</body></html>"
    } > "$out/index.html.tmp"
    mv "$out/index.html.tmp" "$out/index.html"
}

csv_to_html() {
    echo "<table>"
    awk -F, '{ printf "<tr>"; for (i = 1; i <= NF; i++) printf (NR == 1 ? "<th>%s</th>" : "<td>%s</td>"), $i; print "</tr>" }' "$1"
    echo "</table>"
}

md_table_to_html() {
    echo "<table>"
    awk -F'|' 'NR == 2 { next } { printf "<tr>"; for (i = 2; i < NF; i++) { v = $i; gsub(/^ +| +$/, "", v); gsub(/`/, "", v); printf (NR == 1 ? "<th>%s</th>" : "<td>%s</td>"), v } print "</tr>" }'
    echo "</table>"
}

# update_docs STUDY TEXT: replaces docs/EXPERIMENTS.md's block between
# <!-- BEGIN STUDY SIZE --> and <!-- END STUDY SIZE --> (appended at the end when absent)
update_docs() {
    local doc=docs/EXPERIMENTS.md tag="$1 $size${SUBSET:-}" body
    body=$(mktemp)
    printf '%s\n' "$2" > "$body"
    [ -f "$doc" ] || printf '# Experiments\n' > "$doc"
    if grep -q "^<!-- BEGIN $tag -->$" "$doc"; then
        awk -v tag="$tag" -v body="$body" '
            $0 == "<!-- BEGIN " tag " -->" { print; while ((getline l < body) > 0) print l; skip = 1; next }
            $0 == "<!-- END " tag " -->" { skip = 0 }
            !skip { print }' "$doc" > "$doc.tmp"
    else
        { cat "$doc"; echo; echo "<!-- BEGIN $tag -->"; cat "$body"; echo "<!-- END $tag -->"; } > "$doc.tmp"
    fi
    mv "$doc.tmp" "$doc"
    rm -f "$body"
    echo "reproduce: rewrote the '$tag' section of $doc"
}

# tables NAME... -> the Markdown of each table NAME.md whose CSV holds at least one number
# (a subset run with --configs leaves whole figures empty)
tables() {
    local t
    for t in "$@"; do
        awk -F, 'NR > 1 { for (i = 2; i <= NF; i++) if ($i != "nan" && $i != "") f = 1 } END { exit !f }' "$out/$t.csv" &&
            cat "$out/$t.md"
    done
    return 0
}

# cmd_str -> the reproduce command line that made these results (without --out / --no-build)
cmd_str() {
    local c="scripts/reproduce $study"
    [ "${quick:-0}" = 1 ] && c+=" --quick"
    [ -n "${size_opt:-}" ] && c+=" --size $size_opt"
    [ -n "${only:-}" ] && c+=" --only $only"
    [ -n "${only_cfg:-}" ] && c+=" --configs $only_cfg"
    [ -n "${traces:-}" ] && c+=" --traces DIR"
    echo "$c"
}

# doc_header -> the first lines of a study's generated section
doc_header() {
    echo "Generated by \`$(cmd_str)\` with \`--size $size\` inputs"
    echo "on the \`$PRESET\` preset; workloads: ${WORKLOADS[*]}."
    [ ${#MISSING[@]} -gt 0 ] && echo "Not built when this ran (left out): ${MISSING[*]}."
    [ ${#FAILED[@]} -gt 0 ] && echo "Tracing failed (left out): ${FAILED[*]}."
    [ ${#GIVEN[@]} -gt 0 ] && echo "Traces given with \`--traces\` (not traced by this run): ${GIVEN[*]}."
    [ ${#RUN_FAILED[@]} -gt 0 ] && echo "Replays that failed (left out of the means): ${RUN_FAILED[*]}."
    local wl
    for wl in "${!WL_SETS[@]}"; do echo "Per-workload override for $wl: \`${WL_SETS[$wl]}\`."; done | sort
    echo
    compare_table
    echo
}
