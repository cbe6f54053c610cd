package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"idaviz/engine"
	"idaviz/internal/atomicfile"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/pdb"
	"idaviz/report"
	"idaviz/trace"
)

func init() {
	register(&command{
		name:  "compare",
		usage: "compare [flags]",
		run:   runCompare,
	})
}

// compareJSON is compare's --json output; its field names are a contract.
type compareJSON struct {
	Puzzle      string           `json:"puzzle"`
	Goal        string           `json:"goal,omitempty"`
	Order       string           `json:"order,omitempty"` // the moves' order, when not the default
	Instances   string           `json:"instances"`
	Interrupted bool             `json:"interrupted,omitempty"`
	Runs        []compareRun     `json:"runs"`
	Summary     []report.Summary `json:"summary"`
	ByDepth     []report.Depth   `json:"by_depth"`
	// Shard is set in a shard's output alone (--shard): --merge's checks.
	Shard *shardJSON `json:"shard,omitempty"`
}

// compareRun is one run: what viz solve --json prints for the same search,
// with the instance it ran on.
type compareRun struct {
	Instance int    `json:"instance"`
	State    string `json:"state"`
	Algo     string `json:"algo"`
	Optimal  int    `json:"optimal,omitempty"` // the instance's known optimal length
	// LoadSeconds is the time taken to make the domain (pattern databases
	// read or built), apart from the search's seconds.
	LoadSeconds float64 `json:"load_seconds"`
	solveJSON
}

// compareJob is one heuristic and algorithm on one instance.
type compareJob struct {
	inst      instance
	heuristic string
	algo      engine.Algorithm
}

func runCompare(ctx context.Context, e *env, args []string) int {
	c := commands["compare"]
	fs := newFlags(e, c)
	puzzle := fs.String("puzzle", "", "")
	goal := fs.String("goal", "", "")
	order := fs.String("order", "", "")
	heuristics := fs.String("heuristic", "", "")
	algos := fs.String("algo", "ida", "")
	spec := fs.String("instances", "", "")
	seed := fs.Uint64("seed", 1, "")
	workers := fs.Int("workers", 1, "")
	lim := limitFlags(e.p, fs)
	asJSON := fs.Bool("json", false, "")
	csvPath := fs.String("csv", "", "")
	htmlPath := fs.String("html", "", "")
	chosen := fs.Int("chart-instance", 0, "")
	shardFlag := fs.String("shard", "", "")
	merge := fs.Bool("merge", false, "")
	args, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	outs := compareOutputs{json: *asJSON, csv: *csvPath, html: *htmlPath, chosen: *chosen, chosenGiven: given(fs).has("chart-instance")}
	if *merge {
		return runMerge(ctx, e, fs, args, outs)
	}
	if len(args) != 0 {
		return fail(e, "viz compare: %s", e.p.T("cli.compare.extra", lang.Args{"Arg": strconv.Quote(args[0])}))
	}
	if *asJSON && *csvPath == "-" {
		return fail(e, "viz compare: %s", e.p.T("cli.compare.stdout"))
	}
	if *workers < 1 {
		return fail(e, "viz compare: %s", e.p.T("cli.solve.workers", lang.Args{"Workers": *workers}))
	}
	sp, err := parseInstanceSpec(e.p, *spec)
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	if err := compareConflicts(e.p, fs, sp); err != nil {
		return fail(e, "viz compare: %v", err)
	}
	if err := shardConflicts(e.p, fs); err != nil {
		return fail(e, "viz compare: %v", err)
	}
	var sh *shard
	if *shardFlag != "" {
		s, err := parseShard(e.p, *shardFlag, os.Getenv)
		if err != nil {
			return fail(e, "viz compare: %v", err)
		}
		sh = &s
	}
	name, goalName, err := sp.puzzleFor(e.p, *puzzle, *goal)
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	p, err := puzzles.Lookup(name)
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	if goalName == "" && len(p.Goals) > 0 {
		goalName = p.Goals[0]
	}
	if goalName != "" && !slices.Contains(p.Goals, goalName) {
		return fail(e, "viz compare: %s", e.p.T("cli.compare.goal", lang.Args{"Puzzle": p.Name, "Goal": strconv.Quote(goalName), "Goals": strings.Join(p.Goals, ", ")}))
	}
	orderName := strings.ToLower(*order) // shards compare it as written
	if orderName != "" {
		if _, err := p.HasOrder(orderName); err != nil {
			return fail(e, "viz compare: --order: %v", err)
		}
	}
	hs, err := heuristicList(p, *heuristics)
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	sc, err := newScripts(e.p, "", hs, e.stderr)
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	var as []engine.Algorithm
	for _, name := range splitList(*algos) {
		a, err := engine.ParseAlgorithm(name)
		if err != nil {
			return fail(e, "viz compare: %s", e.p.T("cli.compare.algo", lang.Args{"Algo": strconv.Quote(name)}))
		}
		as = append(as, a)
	}
	if len(as) == 0 {
		return fail(e, "viz compare: %s", e.p.T("cli.compare.noalgo"))
	}
	if err := lim.set(e.p, &engine.Options{}); err != nil {
		return fail(e, "viz compare: %v", err)
	}
	insts, err := sp.instances(ctx, p, goalName, *seed)
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	for _, in := range insts {
		if _, err := p.Parse(in.state, goalName); err != nil {
			return fail(e, "viz compare: %s: %v", e.p.T("cli.compare.instance", lang.Args{"Number": in.number}), err)
		}
	}
	if err := chartInstance(e.p, fs, *chosen, insts); err != nil {
		return fail(e, "viz compare: %v", err)
	}
	var jobs []compareJob
	var places []int // each job's place among the unsharded comparison's jobs
	place := 0
	for _, h := range hs {
		for _, a := range as {
			for p, in := range insts {
				if sh == nil || sh.has(p) {
					jobs = append(jobs, compareJob{inst: in, heuristic: h, algo: a})
					places = append(places, place)
				}
				place++
			}
		}
	}
	var sj *shardJSON
	if sh != nil {
		id, err := identityOf(p.Name, goalName, orderName, *spec, insts, hs, as, lim)
		if err != nil {
			return fail(e, "viz compare: %v", err)
		}
		sj = &shardJSON{Index: sh.index, Count: sh.count, Instances: len(insts), Jobs: []int{}, Run: id}
	}

	// One budget for the whole comparison: --workers searches at once
	// share --max-memory, or each would take all of it.
	memory := engine.NewMemory(int64(*lim.memory), "the --max-memory budget the workers share")
	var shared int64
	if slices.Contains(as, engine.AlgorithmAStar) {
		shared = memory.Limit()
	}
	if b := heapBudget(shared, sc, *workers); b > 0 {
		defer limitHeap(b)()
	}
	cmp := &comparison{puzzle: p.Name, goal: goalName, order: orderName, lim: lim, workers: *workers, scripts: sc, memory: memory, p: e.p}
	cmp.builds = pdb.NewBar(e.stderr, e.stderrTTY)
	var stopProgress func()
	if e.stderrTTY {
		stopProgress = cmp.showProgress(e.stderr, len(jobs))
	}
	runs, done, err := cmp.run(ctx, jobs)
	if stopProgress != nil {
		stopProgress()
	}
	cmp.builds.End()
	if err != nil {
		return fail(e, "viz compare: %v", err)
	}
	warnOptimal(e, runs)
	cmp.warnBound(e)
	interrupted := ctx.Err() != nil
	if interrupted {
		fmt.Fprintln(e.stderr, "viz compare: "+e.p.N("cli.compare.interrupted", len(runs), lang.Args{"Of": len(jobs)}))
	}
	out := compareJSON{Puzzle: p.Name, Goal: goalName, Order: orderName, Instances: specName(*spec), Interrupted: interrupted, Runs: runs}
	rr := reportRuns(runs)
	out.Summary, out.ByDepth = report.Summarize(rr), report.ByDepth(rr)
	if out.Runs == nil {
		out.Runs = []compareRun{}
	}
	if sj != nil {
		for _, k := range done {
			sj.Jobs = append(sj.Jobs, places[k])
		}
		out.Shard = sj
		outs.json = true
	}
	if status := writeCompare(ctx, e, out, rr, p, hs, outs); status != exitOK {
		return status
	}
	if interrupted {
		return exitNotFound
	}
	return exitOK
}

// compareOutputs are the outputs asked for, the same for a comparison and
// a merge of its shards.
type compareOutputs struct {
	json        bool
	csv, html   string
	chosen      int
	chosenGiven bool
}

// writeCompare writes the outputs asked for of a comparison's runs.
func writeCompare(ctx context.Context, e *env, out compareJSON, rr []report.Run, p *puzzles.Puzzle, hs []string, o compareOutputs) int {
	if o.csv != "" {
		if err := writeTo(e, o.csv, func(w io.Writer) error { return writeCSV(w, out.Runs) }); err != nil {
			return failed(e, "viz compare: %v", err)
		}
	}
	if o.html != "" {
		title := fmt.Sprintf("%s: %s", p.Name, strings.Join(hs, ", "))
		if out.Order != "" {
			title += " (--order " + out.Order + ")"
		}
		pg := &report.Page{
			Title:     title,
			Instances: out.Instances, Runs: rr, Chosen: o.chosen, Interrupted: out.Interrupted,
			Random: randomValues(ctx, p, out.Goal, hs),
		}
		if err := writeTo(e, o.html, func(w io.Writer) error { return report.WriteHTML(w, pg) }); err != nil {
			return failed(e, "viz compare: %v", err)
		}
	}
	switch {
	case o.json:
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return fail(e, "viz compare: %v", err)
		}
	case o.csv != "-":
		if err := report.WriteText(e.stdout, rr, 50); err != nil {
			return fail(e, "viz compare: %v", err)
		}
	}
	return exitOK
}

// runMerge is viz compare --merge: the shards' runs, put back in the
// order one comparison would have run them, and its outputs.
func runMerge(ctx context.Context, e *env, fs *flag.FlagSet, paths []string, outs compareOutputs) int {
	if err := mergeConflicts(e.p, fs); err != nil {
		return fail(e, "viz compare: %v", err)
	}
	if len(paths) == 0 {
		return fail(e, "viz compare: %s", e.p.T("cli.compare.mergewhat"))
	}
	var files []shardFile
	for _, path := range paths {
		f, err := readShard(e.p, path)
		if err != nil {
			return fail(e, "viz compare: --merge: %v", err)
		}
		files = append(files, f)
	}
	out, err := mergeShards(e.p, files)
	if err != nil {
		return fail(e, "viz compare: --merge: %v", err)
	}
	id := files[0].out.Shard.Run
	p, err := puzzles.Lookup(id.Puzzle)
	if err != nil {
		return fail(e, "viz compare: --merge: %s: %v", files[0].path, err)
	}
	if outs.chosenGiven && !slices.ContainsFunc(out.Runs, func(r compareRun) bool { return r.Instance == outs.chosen }) {
		return fail(e, "viz compare: %s", e.p.T("cli.compare.chartmerge", lang.Args{"Instance": outs.chosen}))
	}
	if out.Runs == nil {
		out.Runs = []compareRun{}
	}
	warnOptimal(e, out.Runs)
	return writeCompare(ctx, e, out, reportRuns(out.Runs), p, id.Heuristics, outs)
}

func specName(s string) string {
	if s == "" {
		return "the built-in set"
	}
	return s
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// heuristicList resolves --heuristic against the catalogue, so heuristics
// added to a puzzle (pattern databases) are comparable with no change here.
func heuristicList(p *puzzles.Puzzle, list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		var out []string
		for _, h := range p.Heuristics {
			if p.Databases == nil || !slices.Contains(p.Databases.Heuristics, h) {
				out = append(out, h)
			}
		}
		return out, nil
	}
	var out []string
	for _, h := range splitList(list) {
		if isScript(h) {
			out = append(out, h)
			continue
		}
		r, err := p.HasHeuristic(h)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// comparison runs the jobs and keeps the finished runs.
type comparison struct {
	puzzle, goal string
	order        string // "" for the default
	lim          *limits
	workers      int
	memory       *engine.Memory // shared by the workers' A* searches
	builds       *pdb.Bar       // the databases' builds
	scripts      *scripts
	p            *lang.Printer // the user's language, for the runs' errors

	below sync.Map // instance number -> h(start), for each start above --max-bound

	done, solved atomic.Int64
	mu           sync.Mutex
	current      string // what the progress line names
}

// run searches every job, over c.workers goroutines. A run the context
// cancelled is dropped: Ctrl-C keeps what finished. The runs come back in
// the jobs' order, with the index of each one's job.
func (c *comparison) run(ctx context.Context, jobs []compareJob) ([]compareRun, []int, error) {
	results := make([]*compareRun, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range c.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := c.one(ctx, jobs[i])
				if err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					continue
				}
				results[i] = r
			}
		}()
	}
feed:
	for i := range jobs {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, nil, firstErr
	}
	var out []compareRun
	var done []int
	for i, r := range results {
		if r != nil {
			out = append(out, *r)
			done = append(done, i)
		}
	}
	return out, done, nil
}

// one searches one job as viz solve would; nil, nil when the context
// stopped it.
func (c *comparison) one(ctx context.Context, j compareJob) (*compareRun, error) {
	c.mu.Lock()
	c.current = fmt.Sprintf("%s %s on #%d", j.heuristic, j.algo.Title(), j.inst.number)
	c.mu.Unlock()
	req, err := newSolveRequest(c.p, c.puzzle, j.inst.state, j.heuristic, c.goal, c.order, j.algo, c.scripts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.p.T("cli.compare.instance", lang.Args{"Number": j.inst.number}), err)
	}
	if err := c.lim.set(c.p, &req.opt); err != nil {
		return nil, err
	}
	req.opt.Memory = c.memory
	start := time.Now()
	loaded := c.builds.Loading()
	d, err := puzzles.NewDomain(ctx, req.inst, req.heuristic, c.builds.Report)
	loaded()
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil
		}
		return nil, fmt.Errorf("%s, %s: %w", c.p.T("cli.compare.instance", lang.Args{"Number": j.inst.number}), j.heuristic, err)
	}
	load := time.Since(start)
	if h := d.H(); req.opt.MaxBound > 0 && h > req.opt.MaxBound {
		c.below.Store(j.inst.number, h)
	}
	out, res, err := req.search(ctx, d)
	if res.Status == trace.StatusCancelled {
		return nil, nil
	}
	if err := puzzles.DomainErr(d); err != nil {
		return nil, fmt.Errorf("%s: %w", c.p.T("cli.compare.instance", lang.Args{"Number": j.inst.number}), err)
	}
	// A* past its budget is a run that stopped at a limit, like a timeout.
	var outOfMemory *engine.MemoryError
	if err != nil && !errors.As(err, &outOfMemory) {
		return nil, fmt.Errorf("%s, %s: %w", c.p.T("cli.compare.instance", lang.Args{"Number": j.inst.number}), j.heuristic, err)
	}
	out.addPredicted(ctx, req)
	c.done.Add(1)
	if out.Solved {
		c.solved.Add(1)
	}
	return &compareRun{Instance: j.inst.number, State: req.inst.String(), Algo: j.algo.String(), Optimal: j.inst.optimal,
		LoadSeconds: load.Seconds(), solveJSON: out}, nil
}

// showProgress redraws one line on a terminal until the returned function
// is called.
func (c *comparison) showProgress(w io.Writer, total int) func() {
	return progressLine(w, c.builds, func(elapsed time.Duration) string {
		c.mu.Lock()
		cur := c.current
		c.mu.Unlock()
		return c.p.T("cli.compare.progress", lang.Args{"Done": c.done.Load(), "Total": total, "Solved": c.solved.Load(),
			"Seconds": fmt.Sprintf("%.0f", elapsed.Seconds()), "Current": cur})
	})
}

// warnOptimal says, on stderr, where a search found another length than
// the optimal one an instances file states: one of them is wrong, and it
// is likelier the file. Runs that did not finish, or whose costs are not
// their lengths, say nothing of it.
func warnOptimal(e *env, runs []compareRun) {
	said := map[int]bool{}
	for _, r := range runs {
		if r.Optimal == 0 || !r.Solved || r.Cost != r.Length || r.Length == r.Optimal || said[r.Instance] {
			continue
		}
		said[r.Instance] = true
		title := r.Algo
		if a, err := engine.ParseAlgorithm(r.Algo); err == nil {
			title = a.Title()
		}
		fmt.Fprintln(e.stderr, "viz compare: "+e.p.T("cli.compare.optimal", lang.Args{"Instance": r.Instance, "Optimal": r.Optimal,
			"Algo": title, "Heuristic": r.Heuristic, "Length": r.Length}))
	}
}

// warnBound names the instances whose h(start) is above --max-bound: their
// runs stopped before searching anything.
func (c *comparison) warnBound(e *env) {
	hs := map[int]int{}
	c.below.Range(func(k, v any) bool {
		hs[k.(int)] = v.(int)
		return true
	})
	if len(hs) == 0 {
		return
	}
	var insts []string
	for _, n := range slices.Sorted(maps.Keys(hs)) {
		insts = append(insts, fmt.Sprintf("#%d (h %d)", n, hs[n]))
	}
	fmt.Fprintln(e.stderr, "viz compare: "+e.p.T("cli.compare.belowh", lang.Args{"MaxBound": *c.lim.maxBound, "Instances": strings.Join(insts, ", ")}))
}

// writeTo writes a file (by the rule of every file viz writes:
// atomicfile), or stdout for "-".
func writeTo(e *env, path string, write func(io.Writer) error) error {
	if path == "-" {
		return write(e.stdout)
	}
	if err := atomicfile.Write(path, write); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func writeCSV(w io.Writer, runs []compareRun) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"instance", "state", "heuristic", "algo", "status", "solved", "length", "optimal", "h0",
		"iterations", "expanded", "generated", "pruned", "seconds", "load_seconds", "ebf"})
	for _, r := range runs {
		cw.Write([]string{strconv.Itoa(r.Instance), r.State, r.Heuristic, r.Algo, r.Status, strconv.FormatBool(r.Solved),
			strconv.Itoa(r.Length), strconv.Itoa(r.Optimal), strconv.Itoa(r.H0), strconv.Itoa(len(r.Iterations)),
			strconv.FormatInt(r.Expanded, 10), strconv.FormatInt(r.Generated, 10), strconv.FormatInt(r.Pruned, 10),
			strconv.FormatFloat(r.Seconds, 'g', 6, 64), strconv.FormatFloat(r.LoadSeconds, 'g', 6, 64),
			strconv.FormatFloat(r.EBF, 'f', 4, 64)})
	}
	cw.Flush()
	return cw.Error()
}

func reportRuns(runs []compareRun) []report.Run {
	out := make([]report.Run, len(runs))
	for i, r := range runs {
		its := make([]report.Iteration, len(r.Iterations))
		for k, it := range r.Iterations {
			its[k] = report.Iteration{Bound: it.Bound, Generated: it.Generated}
			if it.Predicted != nil {
				its[k].Predicted = *it.Predicted
			}
		}
		out[i] = report.Run{Instance: r.Instance, Heuristic: r.Heuristic, Algo: r.Algo, Solved: r.Solved,
			Length: r.Length, Generated: r.Generated, Seconds: r.Seconds, H0: r.H0, EBF: r.EBF, Iterations: its}
	}
	return out
}

// randomValues is, per heuristic with a prediction model, the distribution
// of its values over random states (the P of the predictions).
func randomValues(ctx context.Context, p *puzzles.Puzzle, goal string, hs []string) map[string][]float64 {
	out := map[string][]float64{}
	for _, h := range hs {
		if d, err := p.RandomValues(ctx, h, goal); err == nil {
			masses := make([]float64, d.Max()+1)
			for v := range masses {
				masses[v] = d.Mass(v)
			}
			out[h] = masses
		}
	}
	return out
}
