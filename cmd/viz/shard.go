package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"idaviz/engine"
	"idaviz/lang"
	"idaviz/report"
)

// A comparison split over machines: shard I of N (0-based, as Kubernetes
// numbers an Indexed Job's pods) runs the instances at 0-based positions
// p of the whole set with p mod N = I. Interleaving, rather than cutting
// the set in N runs of neighbours, spreads a set sorted by difficulty
// evenly; every machine computes the same slicing from the same set.

// shard is one slice of a comparison's instances.
type shard struct {
	index, count int
}

func (s shard) String() string { return fmt.Sprintf("%d/%d", s.index, s.count) }

// has reports whether the instance at position p of the set is the shard's.
func (s shard) has(p int) bool { return p%s.count == s.index }

// maxShards bounds N so that a typo cannot ask for a billion empty shards.
const maxShards = 100000

// parseShard reads --shard: I/N, auto/N or auto. auto reads the index
// (and the count, when the scheduler says it) from the environment.
func parseShard(p *lang.Printer, v string, getenv func(string) string) (shard, error) {
	flag := lang.Args{"Shard": v}
	first, second, slash := strings.Cut(v, "/")
	n := 0
	if slash {
		var err error
		if n, err = strconv.Atoi(second); err != nil || n < 1 || n > maxShards {
			return shard{}, errors.New(p.T("cli.shard.count", flag, lang.Args{"Most": maxShards}))
		}
	}
	if first == "auto" {
		return shardFromEnv(p, v, n, getenv)
	}
	i, err := strconv.Atoi(first)
	if !slash || err != nil {
		return shard{}, errors.New(p.T("cli.shard.form", flag))
	}
	if i < 0 || i >= n {
		return shard{}, errors.New(p.T("cli.shard.index", flag, lang.Args{"Last": n - 1}))
	}
	return shard{i, n}, nil
}

// shardFromEnv reads a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (the
// Job's completions are not in the pod's environment: N comes from
// auto/N), or a Slurm array's task, whose ids may start at 0 or 1 or
// anywhere, with a step: its index is (id - min) / step.
func shardFromEnv(p *lang.Printer, v string, n int, getenv func(string) string) (shard, error) {
	flag := lang.Args{"Shard": v}
	k8s, slurm := getenv("JOB_COMPLETION_INDEX"), getenv("SLURM_ARRAY_TASK_ID")
	envInt := func(name string) (int, error) {
		s := getenv(name)
		if s == "" {
			return 0, errors.New(p.T("cli.shard.unset", flag, lang.Args{"Name": name}))
		}
		x, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || x < 0 {
			return 0, errors.New(p.T("cli.shard.notint", flag, lang.Args{"Name": name, "Value": strconv.Quote(s)}))
		}
		return x, nil
	}
	switch {
	case k8s != "" && slurm != "":
		return shard{}, errors.New(p.T("cli.shard.both", flag))
	case k8s != "":
		i, err := envInt("JOB_COMPLETION_INDEX")
		if err != nil {
			return shard{}, err
		}
		if n == 0 {
			return shard{}, errors.New(p.T("cli.shard.k8sn"))
		}
		if i >= n {
			return shard{}, errors.New(p.T("cli.shard.k8sindex", flag, lang.Args{"Index": i, "Last": n - 1}))
		}
		return shard{i, n}, nil
	case slurm != "":
		id, err := envInt("SLURM_ARRAY_TASK_ID")
		if err != nil {
			return shard{}, err
		}
		lo, err := envInt("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return shard{}, err
		}
		count, err := envInt("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return shard{}, err
		}
		step := 1
		if getenv("SLURM_ARRAY_TASK_STEP") != "" {
			if step, err = envInt("SLURM_ARRAY_TASK_STEP"); err != nil {
				return shard{}, err
			}
		}
		if count < 1 || step < 1 {
			return shard{}, errors.New(p.T("cli.shard.slurmcount", flag, lang.Args{"Count": count, "Step": step}))
		}
		if n != 0 && n != count {
			return shard{}, errors.New(p.T("cli.shard.slurmn", flag, lang.Args{"Count": count, "N": n}))
		}
		// An array written as a list (--array=1,4,9) has no index by
		// arithmetic: its ids are not min, min+step, ... min+(count-1)*step.
		if hi, err := envInt("SLURM_ARRAY_TASK_MAX"); err == nil && hi != lo+(count-1)*step {
			return shard{}, errors.New(p.T("cli.shard.slurmids", flag, lang.Args{"Lo": lo, "Hi": hi, "Step": step}))
		}
		if id < lo || (id-lo)%step != 0 || (id-lo)/step >= count {
			return shard{}, errors.New(p.T("cli.shard.slurmid", flag, lang.Args{"ID": id, "Count": count, "Lo": lo, "Step": step}))
		}
		return shard{(id - lo) / step, count}, nil
	}
	return shard{}, errors.New(p.T("cli.shard.none", flag))
}

// shardJSON is what a shard's --json adds, for --merge to check.
type shardJSON struct {
	Index int `json:"index"`
	Count int `json:"count"`
	// Instances is the size of the whole set, all shards together.
	Instances int `json:"instances"`
	// Jobs is, for each run, its place among the unsharded comparison's
	// runs: the merge puts them back in that order.
	Jobs []int       `json:"jobs"`
	Run  runIdentity `json:"run"`
}

// runIdentity is what must be the same on every shard of one comparison:
// what decides the runs' outcomes.
type runIdentity struct {
	Version   string `json:"version"`
	Puzzle    string `json:"puzzle"`
	Goal      string `json:"goal,omitempty"`
	Order     string `json:"order,omitempty"`
	Instances string `json:"instances"`
	// Set is a digest of the whole set's states and known lengths, so that
	// two files of one name, or one spec on two versions, are told apart.
	Set        string   `json:"set"`
	Heuristics []string `json:"heuristics"`
	Algos      []string `json:"algos"`
	// Scripts are digests of the heuristics written in Starlark: a file of
	// one name may differ between machines.
	Scripts   map[string]string `json:"scripts,omitempty"`
	MaxNodes  int64             `json:"max_nodes"`
	MaxBound  int               `json:"max_bound"`
	Timeout   string            `json:"timeout"`
	MaxMemory int64             `json:"max_memory,omitempty"` // A*'s budget; 0 when no run is A*
}

// identityOf describes a comparison for its shards.
func identityOf(puzzle, goal, order, spec string, insts []instance, hs []string, as []engine.Algorithm, lim *limits) (runIdentity, error) {
	id := runIdentity{Version: versionString(), Puzzle: puzzle, Goal: goal, Order: order, Instances: specName(spec), Heuristics: hs,
		MaxNodes: *lim.maxNodes, MaxBound: *lim.maxBound, Timeout: lim.timeout.String()}
	h := sha256.New()
	for _, in := range insts {
		fmt.Fprintf(h, "%d\t%s\t%d\n", in.number, in.state, in.optimal)
	}
	id.Set = "sha256:" + hex.EncodeToString(h.Sum(nil))
	for _, a := range as {
		id.Algos = append(id.Algos, a.String())
		if a == engine.AlgorithmAStar {
			id.MaxMemory = int64(*lim.memory)
		}
	}
	for _, name := range hs {
		if !isScript(name) {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return runIdentity{}, fmt.Errorf("reading %s: %w", name, err)
		}
		sum := sha256.Sum256(b)
		if id.Scripts == nil {
			id.Scripts = map[string]string{}
		}
		id.Scripts[name] = "sha256:" + hex.EncodeToString(sum[:])
	}
	return id, nil
}

// versionString is viz's version and, when the toolchain stamped it, the
// commit: shards of two builds may search differently.
func versionString() string {
	if c := commit(); len(c) > 0 {
		return engine.Version + " (" + strings.Join(c, ", ") + ")"
	}
	return engine.Version
}

// differences names the fields in which two runs' identities differ.
func (a runIdentity) differences(b runIdentity) []string {
	var out []string
	diff := func(name, x, y string) {
		if x != y {
			out = append(out, fmt.Sprintf("%s %q against %q", name, x, y))
		}
	}
	diff("version", a.Version, b.Version)
	diff("puzzle", a.Puzzle, b.Puzzle)
	diff("goal", a.Goal, b.Goal)
	diff("--order", a.Order, b.Order)
	diff("instances", a.Instances, b.Instances)
	if a.Instances == b.Instances {
		diff("instance set (its states)", a.Set, b.Set)
	}
	diff("heuristics", strings.Join(a.Heuristics, ","), strings.Join(b.Heuristics, ","))
	diff("algorithms", strings.Join(a.Algos, ","), strings.Join(b.Algos, ","))
	for _, name := range slices.Sorted(maps.Keys(a.Scripts)) {
		diff("script "+name, a.Scripts[name], b.Scripts[name])
	}
	diff("--max-nodes", strconv.FormatInt(a.MaxNodes, 10), strconv.FormatInt(b.MaxNodes, 10))
	diff("--max-bound", strconv.Itoa(a.MaxBound), strconv.Itoa(b.MaxBound))
	diff("--timeout", a.Timeout, b.Timeout)
	diff("--max-memory", strconv.FormatInt(a.MaxMemory, 10), strconv.FormatInt(b.MaxMemory, 10))
	return out
}

// maxShardFile bounds a shard file: Korf's 100 instances under a few
// heuristics take a few MB.
const maxShardFile = 1 << 30

// shardFile is one shard's output, read back.
type shardFile struct {
	path string
	out  compareJSON
}

func readShard(p *lang.Printer, path string) (shardFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return shardFile{}, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxShardFile+1))
	if err != nil {
		return shardFile{}, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > maxShardFile {
		return shardFile{}, errors.New(p.T("cli.merge.large", lang.Args{"Path": path, "Most": maxShardFile}))
	}
	var sf shardFile
	sf.path = path
	if err := json.Unmarshal(b, &sf.out); err != nil {
		return shardFile{}, fmt.Errorf("%s: %s: %w", path, p.T("cli.merge.notjson"), err)
	}
	if sf.out.Shard == nil {
		return shardFile{}, errors.New(p.T("cli.merge.noshard", lang.Args{"Path": path}))
	}
	return sf, nil
}

// mergeShards makes, of every shard of one comparison, the output the
// comparison would have made unsharded. It refuses shards of different
// comparisons or splits, and a missing, doubled, cut short or interrupted
// shard, naming the file.
func mergeShards(p *lang.Printer, files []shardFile) (compareJSON, error) {
	first := files[0]
	fs := first.out.Shard
	byIndex := map[int]string{}
	type placed struct {
		job int
		run compareRun
	}
	var all []placed
	for _, f := range files {
		s := f.out.Shard
		if d := fs.Run.differences(s.Run); len(d) > 0 {
			return compareJSON{}, errors.New(p.T("cli.merge.different", lang.Args{"First": first.path, "Other": f.path, "Differences": strings.Join(d, "; ")}))
		}
		if s.Count != fs.Count {
			return compareJSON{}, errors.New(p.T("cli.merge.splits", lang.Args{"First": first.path, "FirstShard": shard{fs.Index, fs.Count}, "Other": f.path, "OtherShard": shard{s.Index, s.Count}}))
		}
		if s.Instances < 0 || s.Instances > maxSpecStates {
			return compareJSON{}, errors.New(p.T("cli.merge.setsize", lang.Args{"Path": f.path, "Instances": s.Instances, "Most": maxSpecStates}))
		}
		if s.Instances != fs.Instances {
			return compareJSON{}, errors.New(p.T("cli.merge.sets", lang.Args{"First": first.path, "FirstN": fs.Instances, "Other": f.path, "OtherN": s.Instances}))
		}
		if s.Index < 0 || s.Index >= s.Count {
			return compareJSON{}, errors.New(p.T("cli.merge.index", lang.Args{"Path": f.path, "Shard": shard{s.Index, s.Count}, "Last": s.Count - 1}))
		}
		if other, ok := byIndex[s.Index]; ok {
			return compareJSON{}, errors.New(p.T("cli.merge.twice", lang.Args{"Shard": shard{s.Index, s.Count}, "First": other, "Other": f.path}))
		}
		byIndex[s.Index] = f.path
		if f.out.Interrupted {
			return compareJSON{}, errors.New(p.T("cli.merge.interrupted", lang.Args{"Path": f.path, "Shard": shard{s.Index, s.Count}}))
		}
		sh := shard{s.Index, s.Count}
		total := len(fs.Run.Heuristics) * len(fs.Run.Algos) * s.Instances
		want := 0 // the series times the positions p < Instances with p mod N = I
		if s.Index < s.Instances {
			want = len(fs.Run.Heuristics) * len(fs.Run.Algos) * ((s.Instances-s.Index-1)/s.Count + 1)
		}
		if len(s.Jobs) != len(f.out.Runs) || len(s.Jobs) != want {
			return compareJSON{}, errors.New(p.T("cli.merge.runs", lang.Args{"Path": f.path, "Shard": sh, "Runs": len(f.out.Runs), "Placed": len(s.Jobs), "Want": want}))
		}
		for k, j := range s.Jobs {
			if j < 0 || j >= total || !sh.has(j%s.Instances) || (k > 0 && j <= s.Jobs[k-1]) {
				return compareJSON{}, errors.New(p.T("cli.merge.placed", lang.Args{"Path": f.path, "Run": k + 1, "At": j, "Shard": sh}))
			}
			all = append(all, placed{j, f.out.Runs[k]})
		}
	}
	var missing []string
	for i := range fs.Count {
		if _, ok := byIndex[i]; !ok {
			missing = append(missing, shard{i, fs.Count}.String())
		}
	}
	if len(missing) > 0 {
		return compareJSON{}, errors.New(p.N("cli.merge.missing", len(missing), lang.Args{"Shards": strings.Join(missing, ", "), "Instances": first.out.Instances}))
	}
	slices.SortFunc(all, func(a, b placed) int { return a.job - b.job })
	out := compareJSON{Puzzle: first.out.Puzzle, Goal: first.out.Goal, Order: first.out.Order, Instances: first.out.Instances, Runs: make([]compareRun, len(all))}
	for i, p := range all {
		out.Runs[i] = p.run
	}
	rr := reportRuns(out.Runs)
	out.Summary, out.ByDepth = report.Summarize(rr), report.ByDepth(rr)
	return out, nil
}

// searchFlags are compare's flags that say what to search: a merge takes
// all of it from the shards.
var searchFlags = []string{"puzzle", "goal", "order", "heuristic", "algo", "instances", "seed", "workers", "max-nodes", "max-bound", "timeout", "max-memory", "shard"}
