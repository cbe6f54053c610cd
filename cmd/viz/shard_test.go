package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// timings are the JSON fields two runs of one search may not share.
var timings = regexp.MustCompile(`"(seconds|nodesPerSecond|load_seconds|total_seconds|mean_seconds)":[-0-9.e+]+`)

func untimed(s string) string { return timings.ReplaceAllString(s, `"$1":0`) }

// compareShards runs viz compare once per shard of n, each its own
// invocation, and returns the files they wrote.
func compareShards(t *testing.T, n int, args ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := range n {
		a := append([]string{"compare"}, args...)
		status, out, errs := runViz(t, "", append(a, "--shard", fmt.Sprintf("%d/%d", i, n))...)
		if status != exitOK {
			t.Fatalf("shard %d/%d: status %d, stderr %q", i, n, status, errs)
		}
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

// TestShardsMergeToTheUnshardedRun: for N = 1, 3 and 7 (more shards than
// instances: some are empty), the merge of the shards, given in any
// order, is the unsharded JSON byte for byte but for the timings; each
// shard ran the instances at positions p with p mod N = I, no other.
func TestShardsMergeToTheUnshardedRun(t *testing.T) {
	sets := []struct {
		name  string
		args  []string
		first int // the number of the set's first instance
	}{
		{"8-puzzle file", []string{"--instances", "testdata/eight.txt", "--heuristic", "manhattan,misplaced", "--algo", "ida,astar", "--max-memory", "64MB"}, 1},
		{"korf100 range", []string{"--instances", "korf100:3-7", "--heuristic", "manhattan", "--max-nodes", "2000"}, 3},
	}
	for _, set := range sets {
		status, whole, errs := runViz(t, "", append([]string{"compare", "--json"}, set.args...)...)
		if status != exitOK {
			t.Fatalf("%s unsharded: status %d, %s", set.name, status, errs)
		}
		for _, n := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/N=%d", set.name, n), func(t *testing.T) {
				files := compareShards(t, n, set.args...)
				for i, f := range files {
					b, _ := os.ReadFile(f)
					var got compareOut
					if err := json.Unmarshal(b, &got); err != nil {
						t.Fatal(err)
					}
					for _, r := range got.Runs {
						if p := int(r["instance"].(float64)) - set.first; p%n != i {
							t.Errorf("shard %d/%d ran instance #%v, at position %d", i, n, r["instance"], p)
						}
					}
				}
				// Reversed: the merge orders the runs, not the arguments.
				var rev []string
				for i := len(files) - 1; i >= 0; i-- {
					rev = append(rev, files[i])
				}
				status, merged, errs := runViz(t, "", append([]string{"compare", "--merge", "--json"}, rev...)...)
				if status != exitOK {
					t.Fatalf("merge: status %d, stderr %q", status, errs)
				}
				if strings.Contains(merged, `"shard"`) {
					t.Errorf("the merge still says shard: %.200s", merged)
				}
				if untimed(merged) != untimed(whole) {
					t.Errorf("merge of %d shards:\n%s\nunsharded:\n%s", n, untimed(merged), untimed(whole))
				}
			})
		}
	}
}

// TestMergeWritesTheReport: the merge's --html and --csv are the ones an
// unsharded run writes, and its tables go to stdout.
func TestMergeWritesTheReport(t *testing.T) {
	args := []string{"--instances", "testdata/eight.txt", "--heuristic", "manhattan,misplaced"}
	files := compareShards(t, 2, args...)
	dir := t.TempDir()
	html, csvMerged, csvWhole := filepath.Join(dir, "r.html"), filepath.Join(dir, "m.csv"), filepath.Join(dir, "w.csv")
	status, out, errs := runViz(t, "", append([]string{"compare", "--merge", "--html", html, "--csv", csvMerged, "--chart-instance", "4"}, files...)...)
	if status != exitOK || !strings.Contains(out, "Summary per heuristic") {
		t.Fatalf("status %d, stdout %q, stderr %q", status, out, errs)
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<html") || !strings.Contains(string(b), "manhattan") {
		t.Errorf("report: %v, %.100s", err, b)
	}
	if status, _, errs := runViz(t, "", append([]string{"compare", "--csv", csvWhole}, args...)...); status != exitOK {
		t.Fatal(errs)
	}
	m, _ := os.ReadFile(csvMerged)
	w, _ := os.ReadFile(csvWhole)
	seconds := regexp.MustCompile(`,[-0-9.e+]+,[-0-9.e+]+,([0-9.]+)\n`) // seconds, load_seconds, ebf
	if a, b := seconds.ReplaceAllString(string(m), ",0,0,$1\n"), seconds.ReplaceAllString(string(w), ",0,0,$1\n"); a != b || len(a) < 100 {
		t.Errorf("merged CSV:\n%s\nunsharded:\n%s", a, b)
	}
}

func TestShardValues(t *testing.T) {
	slurm := func(id, lo, hi, count, step string) map[string]string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_MIN": lo, "SLURM_ARRAY_TASK_MAX": hi,
			"SLURM_ARRAY_TASK_COUNT": count, "SLURM_ARRAY_TASK_STEP": step}
	}
	tests := []struct {
		name, value string
		env         map[string]string
		want        string // I/N, or a part of the error
	}{
		{"first of one", "0/1", nil, "0/1"},
		{"last of three", "2/3", nil, "2/3"},
		{"kubernetes", "auto/4", map[string]string{"JOB_COMPLETION_INDEX": "3"}, "3/4"},
		{"slurm from 1", "auto", slurm("5", "1", "8", "8", "1"), "4/8"},
		{"slurm from 0", "auto", slurm("0", "0", "7", "8", ""), "0/8"},
		{"slurm with a step", "auto", slurm("8", "0", "12", "4", "4"), "2/4"},
		{"slurm with N", "auto/8", slurm("8", "1", "8", "8", "1"), "7/8"},
		{"index is N", "3/3", nil, "the index I is from 0 to 2"},
		{"negative", "-1/3", nil, "from 0 to 2"},
		{"no shards", "0/0", nil, "N from 1"},
		{"no N", "2", nil, "want I/N"},
		{"words", "one/three", nil, "N from 1"},
		{"empty index", "/3", nil, "want I/N"},
		{"too many", "0/1000000", nil, "N from 1 to 100000"},
		{"no scheduler", "auto", nil, "neither JOB_COMPLETION_INDEX"},
		{"kubernetes without N", "auto", map[string]string{"JOB_COMPLETION_INDEX": "1"}, "give --shard auto/N"},
		{"kubernetes past N", "auto/2", map[string]string{"JOB_COMPLETION_INDEX": "2"}, "JOB_COMPLETION_INDEX=2, want 0 to 1"},
		{"kubernetes not a number", "auto/2", map[string]string{"JOB_COMPLETION_INDEX": "x"}, `JOB_COMPLETION_INDEX="x" is not a whole number`},
		{"both schedulers", "auto/2", map[string]string{"JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "1"}, "both"},
		{"slurm other N", "auto/4", slurm("1", "1", "8", "8", "1"), "has 8 tasks"},
		{"slurm no min", "auto", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"}, "SLURM_ARRAY_TASK_MIN is not set"},
		{"slurm list", "auto", slurm("4", "1", "9", "3", "1"), "write --array=A-B"},
		{"slurm off step", "auto", slurm("3", "0", "12", "4", "4"), "SLURM_ARRAY_TASK_ID=3 is none"},
		{"slurm zero count", "auto", slurm("0", "0", "0", "0", "1"), "want 1 or more"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := parseShard(english, tc.value, func(k string) string { return tc.env[k] })
			got := s.String()
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("--shard %s with %v: %q, want %q", tc.value, tc.env, got, tc.want)
			}
		})
	}
}

// TestShardFromTheEnvironment: --shard auto/N in a Kubernetes pod, and a
// bad value, through the command line.
func TestShardFromTheEnvironment(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	got := vizJSON[struct{ Shard shardJSON }](t, "", "compare", "--instances", "testdata/eight.txt", "--heuristic", "manhattan", "--shard", "auto/2")
	if got.Shard.Index != 1 || got.Shard.Count != 2 || got.Shard.Instances != 5 || fmt.Sprint(got.Shard.Jobs) != "[1 3]" {
		t.Errorf("shard %+v, want 1/2 of 5 instances, runs 1 and 3", got.Shard)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "")
	for _, args := range [][]string{{"--shard", "auto/2"}, {"--shard", "5/2"}, {"--shard", "0/2", "--html", "r.html"}, {"--shard", "0/2", "--csv", "-"}} {
		status, _, errs := runViz(t, "", append([]string{"compare", "--heuristic", "manhattan"}, args...)...)
		if status != exitUsage || !strings.Contains(errs, "--") {
			t.Errorf("%v: status %d, stderr %q; want 2 and a message", args, status, errs)
		}
	}
}

// editShard rewrites a shard's JSON file.
func editShard(t *testing.T, path string, edit func(m map[string]any)) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, _ = json.Marshal(m)
	out := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMergeRefuses(t *testing.T) {
	base := []string{"--instances", "testdata/eight.txt", "--heuristic", "manhattan"}
	three := compareShards(t, 3, base...)
	other := func(args ...string) string { return compareShards(t, 3, args...)[1] }
	dir := t.TempDir()
	// One file name, two contents: a machine that had another file.
	same := filepath.Join(dir, "set.txt")
	os.WriteFile(same, []byte("1 2 3, 4 0 6, 7 5 8\n7 2 4, 5 0 6, 8 3 1\n"), 0o644)
	sameA := compareShards(t, 2, "--instances", same, "--heuristic", "manhattan")
	os.WriteFile(same, []byte("1 2 3, 4 0 6, 7 5 8\n2 3 4, 1 5 0, 7 6 8\n"), 0o644)
	sameB := compareShards(t, 2, "--instances", same, "--heuristic", "manhattan")
	// One script name, two contents.
	star := filepath.Join(dir, "h.star")
	src, err := os.ReadFile("../../examples/heuristics/manhattan.star")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(star, src, 0o644)
	scriptA := compareShards(t, 2, "--instances", same, "--heuristic", star)
	os.WriteFile(star, append(src, "\n# changed\n"...), 0o644)
	scriptB := compareShards(t, 2, "--instances", same, "--heuristic", star)
	plain := filepath.Join(dir, "plain.json")
	_, out, _ := runViz(t, "", append([]string{"compare", "--json"}, base...)...)
	os.WriteFile(plain, []byte(out), 0o644)
	notJSON := filepath.Join(dir, "bad.json")
	os.WriteFile(notJSON, []byte(`{"runs": [`), 0o644)
	shard := func(m map[string]any) map[string]any { return m["shard"].(map[string]any) }

	tests := []struct {
		name  string
		files []string
		flags []string
		want  string
	}{
		{"heuristics", []string{three[0], other("--instances", "testdata/eight.txt", "--heuristic", "manhattan,misplaced"), three[2]}, nil, `heuristics "manhattan" against "manhattan,misplaced"`},
		{"algorithms", []string{three[0], other(append(base, "--algo", "astar", "--max-memory", "64MB")...), three[2]}, nil, "algorithms"},
		{"set", []string{three[0], other("--instances", "depths:2:4-6:2", "--heuristic", "manhattan"), three[2]}, nil, `instances "testdata/eight.txt" against "depths:2:4-6:2"`},
		{"set of one name", []string{sameA[0], sameB[1]}, nil, "instance set (its states)"},
		{"script of one name", []string{scriptA[0], scriptB[1]}, nil, "script " + star},
		{"limits", []string{three[0], other(append(base, "--max-nodes", "100000")...), three[2]}, nil, `--max-nodes "0" against "100000"`},
		{"timeout", []string{three[0], other(append(base, "--timeout", "1m")...), three[2]}, nil, "--timeout"},
		{"order", []string{three[0], other(append(base, "--order", "ULRD")...), three[2]}, nil, `--order "" against "ulrd"`},
		{"version", []string{three[0], editShard(t, three[1], func(m map[string]any) { shard(m)["run"].(map[string]any)["version"] = "0.0.9" }), three[2]}, nil, `version "0.1`},
		{"missing", []string{three[0], three[2]}, nil, "shard 1/3 is missing"},
		{"two missing", []string{three[1]}, nil, "shards 0/3, 2/3 are missing"},
		{"doubled", []string{three[0], three[1], three[2], three[1]}, nil, "shard 1/3 is given twice"},
		{"other N", []string{three[0], three[1], compareShards(t, 4, base...)[2]}, nil, "shard 0/3 and"},
		{"interrupted", []string{three[0], three[1], editShard(t, three[2], func(m map[string]any) { m["interrupted"] = true })}, nil, "shard 2/3 was interrupted"},
		{"cut short", []string{three[0], editShard(t, three[1], func(m map[string]any) { m["runs"] = m["runs"].([]any)[:1] }), three[2]}, nil, "cut short"},
		{"another's runs", []string{three[0], editShard(t, three[1], func(m map[string]any) { shard(m)["jobs"] = []int{0, 1} }), three[2]}, nil, "not shard 1/3's"},
		{"no shards", []string{editShard(t, three[0], func(m map[string]any) { shard(m)["count"] = 0 })}, nil, "shard 0/0 is none of"},
		{"a huge set", []string{editShard(t, three[0], func(m map[string]any) { shard(m)["instances"] = 1e15 })}, nil, "sets hold 0 to 100000"},
		{"no instances", []string{editShard(t, three[0], func(m map[string]any) { shard(m)["instances"] = 0; shard(m)["count"] = 1 })}, nil, "want 0"},
		{"not a shard", []string{plain}, nil, "without --shard"},
		{"not JSON", []string{notJSON}, nil, "bad.json: not the JSON"},
		{"no file", []string{filepath.Join(dir, "none.json")}, nil, "no such file"},
		{"no files", nil, nil, "--merge wants the JSON files"},
		{"search flags", three, []string{"--heuristic", "misplaced", "--workers", "2"}, "--heuristic, --workers: --merge takes"},
		{"chart instance", three, []string{"--html", filepath.Join(dir, "r.html"), "--chart-instance", "9"}, "--chart-instance 9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"compare", "--merge"}, tc.flags...), tc.files...)
			status, out, errs := runViz(t, "", args...)
			if status != exitUsage || !strings.Contains(errs, tc.want) || out != "" {
				t.Errorf("status %d, stdout %.80q, stderr %q; want 2 and %q", status, out, errs, tc.want)
			}
		})
	}
}
