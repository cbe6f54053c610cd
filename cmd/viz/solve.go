package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"idaviz/engine"
	"idaviz/internal/atomicfile"
	"idaviz/internal/bytesize"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/pdb"
	"idaviz/trace"

	"github.com/schollz/progressbar/v3"
)

func init() {
	register(&command{
		name:  "solve",
		usage: "solve [flags] STATE",
		run:   runSolve,
	})
}

// solveJSON is the --json output; its field names are a contract.
type solveJSON struct {
	Solved bool   `json:"solved"`
	Status string `json:"status"`
	// Limit names the limit that stopped the search, when status is
	// "limit" and a flag's limit did.
	Limit      string          `json:"limit,omitempty"`
	Length     int             `json:"length"`
	Cost       int             `json:"cost"`
	Moves      []string        `json:"moves"`
	Expanded   int64           `json:"expanded"`
	Generated  int64           `json:"generated"`
	Pruned     int64           `json:"pruned"`
	Iterations []iterationJSON `json:"iterations"`
	Seconds    float64         `json:"seconds"`
	NodesPerS  float64         `json:"nodesPerSecond"`
	EBF        float64         `json:"ebf"`
	PeakOpen   int             `json:"peakOpen,omitempty"`
	Stored     int             `json:"stored,omitempty"`
	// Distinct is how many distinct states were expanded, for domains that
	// count them (grid worlds, scripts): against Expanded, how often the
	// search expanded a state again.
	Distinct  int    `json:"distinct,omitempty"`
	Puzzle    string `json:"puzzle"`
	Heuristic string `json:"heuristic"`
	Algorithm string `json:"algorithm"`
	// Order is the order the moves were tried in, when --order set one.
	Order string `json:"order,omitempty"`
	H0    int    `json:"h0"`
	// State and Scramble, for puzzles with a standard state format (the
	// cube's 54 facelets, URFDLB): the state searched, and moves that make
	// it from the goal (given, or the solution's inverse).
	State    string `json:"state,omitempty"`
	Scramble string `json:"scramble,omitempty"`
}

type iterationJSON struct {
	Bound     int   `json:"bound"`
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	Pruned    int64 `json:"pruned"`
	// Predicted is Korf, Reid and Edelkamp's prediction of Generated for
	// this bound: a mean over random start states, which one instance can
	// miss by a large factor (null where there is no model, and for A*).
	Predicted *float64 `json:"predicted"`
}

// solveRequest is a validated solve: what the flags and the state ask for.
type solveRequest struct {
	puzzle    *puzzles.Puzzle
	inst      puzzles.Instance
	heuristic string
	goal      string
	algo      engine.Algorithm
	workers   int
	opt       engine.Options
}

func runSolve(ctx context.Context, e *env, args []string) int {
	c := commands["solve"]
	fs := newFlags(e, c)
	puzzle := fs.String("puzzle", "", "")
	problem := fs.String("problem", "", "")
	heuristic := fs.String("heuristic", "", "")
	goal := fs.String("goal", "", "")
	order := fs.String("order", "", "")
	algo := fs.String("algo", engine.AlgorithmIDA.String(), "")
	asJSON := fs.Bool("json", false, "")
	tracePath := fs.String("trace", "", "")
	traceLevel := fs.String("trace-level", "node", "")
	lim := limitFlags(e.p, fs)
	workers := fs.Int("workers", 1, "")
	seed := fs.Uint64("seed", 1, "")
	args, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	if len(args) != 1 && (*problem == "" || len(args) > 1) {
		return usageError(e, c, "%s", e.p.N("cli.solve.args", len(args)))
	}
	state, err := stateArg(e, args)
	if err != nil {
		return fail(e, "viz solve: %v", err)
	}
	if err := solveConflicts(e.p, fs, state); err != nil {
		return fail(e, "viz solve: %v", err)
	}
	algorithm, err := engine.ParseAlgorithm(*algo)
	if err != nil {
		return fail(e, "viz solve: --algo: %v", err)
	}
	sc, err := newScripts(e.p, *problem, []string{*heuristic}, e.stderr)
	if err != nil {
		return fail(e, "viz solve: %v", err)
	}
	var req *solveRequest
	if strings.TrimSpace(state) == "random" && *problem == "" {
		req, err = newRandomSolveRequest(e.p, *puzzle, *seed, *heuristic, *goal, *order, algorithm)
	} else {
		req, err = newSolveRequest(e.p, *puzzle, state, *heuristic, *goal, *order, algorithm, sc)
	}
	if err != nil {
		return fail(e, "viz solve: %v", err)
	}
	if *workers < 1 {
		return fail(e, "viz solve: %s", e.p.T("cli.solve.workers", lang.Args{"Workers": *workers}))
	}
	if err := lim.set(e.p, &req.opt); err != nil {
		return fail(e, "viz solve: %v", err)
	}
	req.workers = *workers
	var shared int64
	if req.algo == engine.AlgorithmAStar {
		shared = req.opt.MaxMemory
	}
	if b := heapBudget(shared, sc, 1); b > 0 {
		defer limitHeap(b)()
	}

	var sinks []trace.Sink
	var rec *recording
	if *tracePath != "" {
		level, err := trace.ParseLevel(*traceLevel)
		if err != nil {
			return fail(e, "viz solve: --trace-level: %v", err)
		}
		rec, err = createRecording(*tracePath, level)
		if err != nil {
			return failed(e, "viz solve: %v", err)
		}
		// Kept only when the search ran: a failure before leaves
		// whatever was at the path.
		defer rec.f.Abort()
		sinks = append(sinks, rec.Recorder)
	}
	var stats *trace.Stats
	if e.stderrTTY && !*asJSON {
		stats = trace.NewStats()
		sinks = append(sinks, stats)
	}
	if len(sinks) > 0 {
		req.opt.Sink = trace.Fanout(sinks...)
	}

	bar := pdb.NewBar(e.stderr, e.stderrTTY)
	d, err := puzzles.NewDomain(ctx, req.inst, req.heuristic, bar.Report)
	bar.End()
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(e.stderr, "viz solve: "+e.p.T("cli.solve.interrupted"))
			return exitNotFound
		}
		return fail(e, "viz solve: %v", err)
	}
	if h := d.H(); req.opt.MaxBound > 0 && h > req.opt.MaxBound {
		fmt.Fprintln(e.stderr, "viz solve: "+e.p.T("cli.solve.belowh", lang.Args{"MaxBound": req.opt.MaxBound, "H": h}))
	}
	// The search's line starts once the databases are loaded: the two
	// never take turns on one line.
	var stopProgress func()
	if stats != nil {
		stopProgress = showProgress(e.stderr, e.p, stats)
	}
	out, res, err := req.search(ctx, d)
	if stopProgress != nil {
		stopProgress()
	}
	if rec != nil {
		if cerr := rec.Close(); cerr != nil {
			return failed(e, "viz solve: %s", e.p.T("cli.solve.writetrace", lang.Args{"Path": *tracePath, "Err": cerr}))
		}
	}
	var outOfMemory *engine.MemoryError
	if err != nil && res.Status != trace.StatusCancelled && !errors.As(err, &outOfMemory) {
		return fail(e, "viz solve: %v", err)
	}
	if err := puzzles.DomainErr(d); err != nil {
		return fail(e, "viz solve: %v", err)
	}
	if *asJSON {
		out.addPredicted(ctx, req)
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return fail(e, "viz solve: %v", err)
		}
	} else {
		printSolve(e.stdout, e.p, req, out, &res)
	}
	if outOfMemory != nil {
		fmt.Fprintf(e.stderr, "viz solve: %v (--max-memory %s)\n", outOfMemory, lim.memory)
	}
	if !res.Solved() {
		return exitNotFound
	}
	return exitOK
}

// newSolveRequest validates what the user asked for; sc (nil for none)
// holds the scripts it may name, order ("" for the default) the order of
// the moves.
func newSolveRequest(p *lang.Printer, puzzle, state, heuristic, goal, order string, algo engine.Algorithm, sc *scripts) (*solveRequest, error) {
	if puzzle == "" && (sc == nil || sc.problemFile == "") {
		var err error
		if puzzle, err = guessTiles(p, state); err != nil {
			return nil, err
		}
	}
	r, err := sc.request(puzzle, state, heuristic, goal)
	if err != nil {
		return nil, err
	}
	if err := r.SetOrder(order); err != nil {
		return nil, err
	}
	return solveRequestOf(r, algo), nil
}

// newRandomSolveRequest is newSolveRequest for STATE random: the uniformly
// random instance the seed makes.
func newRandomSolveRequest(lp *lang.Printer, puzzle string, seed uint64, heuristic, goal, order string, algo engine.Algorithm) (*solveRequest, error) {
	if puzzle == "" {
		return nil, errors.New(lp.T("cli.solve.randompuzzle", lang.Args{"Puzzles": strings.Join(randomPuzzles(), "|")}))
	}
	if p, err := puzzles.Lookup(puzzle); err == nil && p.Random == nil {
		return nil, errors.New(lp.T("cli.solve.norandom", lang.Args{"Puzzle": p.Name, "Puzzles": strings.Join(randomPuzzles(), ", ")}))
	}
	r, err := puzzles.NewRandomRequest(puzzle, seed, heuristic, goal)
	if err != nil {
		return nil, err
	}
	if err := r.SetOrder(order); err != nil {
		return nil, err
	}
	return solveRequestOf(r, algo), nil
}

func solveRequestOf(r *puzzles.Request, algo engine.Algorithm) *solveRequest {
	req := &solveRequest{puzzle: r.Puzzle, inst: r.Instance, heuristic: r.Heuristic, goal: r.Goal, algo: algo, workers: 1}
	req.opt.Info = r.Info
	return req
}

// guessTiles names the tile puzzle whose size matches the number of
// numbers in state, or says why state is none of theirs and that
// --puzzle names the puzzle.
func guessTiles(p *lang.Printer, state string) (string, error) {
	fields := strings.FieldsFunc(state, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\n' || r == '\t' || r == '\r'
	})
	switch len(fields) {
	case 9:
		return "8puzzle", nil
	case 16:
		return "15puzzle", nil
	case 25:
		return "24puzzle", nil
	}
	other := lang.Args{"Other": p.T("cli.tiles.other", lang.Args{"Puzzles": strings.Join(puzzles.Names(), "|")})}
	if len(fields) == 0 {
		return "", errors.New(p.T("cli.tiles.empty", other))
	}
	for _, f := range fields {
		if _, err := strconv.Atoi(f); err != nil {
			return "", errors.New(p.T("cli.tiles.nan", other, lang.Args{"Field": strconv.Quote(f)}))
		}
	}
	return "", errors.New(p.N("cli.tiles.count", len(fields), other))
}

func (r *solveRequest) run(ctx context.Context, d engine.Domain) (engine.Result, error) {
	if r.algo == engine.AlgorithmIDA && r.workers > 1 {
		return parallelIDA(ctx, d, r.opt, r.workers)
	}
	return r.algo.Search(ctx, d, r.opt)
}

// limits are the per-search limits of solve and compare.
type limits struct {
	maxNodes *int64
	maxBound *int
	timeout  *time.Duration
	memory   *bytesize.Size // A*'s budget
}

func limitFlags(p *lang.Printer, fs *flag.FlagSet) *limits {
	l := &limits{
		maxNodes: fs.Int64("max-nodes", 0, ""),
		maxBound: fs.Int("max-bound", 0, ""),
		timeout:  new(time.Duration),
		memory:   new(bytesize.Size),
	}
	fs.Var(durationFlag{l.timeout, p}, "timeout", "")
	*l.memory = bytesize.Size(defaultMemoryBudget())
	fs.Var(l.memory, "max-memory", "")
	return l
}

// set copies the limits into opt.
func (l *limits) set(p *lang.Printer, opt *engine.Options) error {
	switch {
	case *l.maxNodes < 0:
		return errors.New(p.T("cli.limit.negative", lang.Args{"Flag": "--max-nodes", "Value": *l.maxNodes}))
	case *l.maxBound < 0:
		return errors.New(p.T("cli.limit.negative", lang.Args{"Flag": "--max-bound", "Value": *l.maxBound}))
	case *l.timeout < 0:
		return errors.New(p.T("cli.limit.negative", lang.Args{"Flag": "--timeout", "Value": *l.timeout}))
	}
	opt.MaxNodes, opt.MaxBound, opt.Timeout = *l.maxNodes, *l.maxBound, *l.timeout
	opt.MaxMemory = int64(*l.memory)
	return nil
}

// search runs the request on d, a fresh domain at its start, and reports
// the run as solve --json does (without the predictions: addPredicted).
func (r *solveRequest) search(ctx context.Context, d engine.Domain) (solveJSON, engine.Result, error) {
	h0 := d.H()
	res, err := r.run(ctx, d)
	out := toJSON(r, d, &res)
	out.H0 = h0
	out.Distinct = puzzles.ExpandedStates(d)
	return out, res, err
}

// addPredicted fills in each IDA* iteration's predicted count, when the
// puzzle and heuristic have a model (the catalogue keeps its distributions
// in the cache directory: only the first run computes them).
func (out *solveJSON) addPredicted(ctx context.Context, req *solveRequest) {
	if req.algo != engine.AlgorithmIDA || len(out.Iterations) == 0 {
		return
	}
	p, err := req.puzzle.Prediction(ctx, req.inst, req.heuristic, req.goal)
	if err != nil {
		return
	}
	for i := range out.Iterations {
		v := math.Round(p(out.Iterations[i].Bound).Generated)
		out.Iterations[i].Predicted = &v
	}
}

func toJSON(req *solveRequest, d engine.Domain, res *engine.Result) solveJSON {
	out := solveJSON{
		Solved: res.Solved(), Status: res.Status.String(), Length: len(res.Moves), Cost: res.Cost,
		Moves:    make([]string, len(res.Moves)),
		Expanded: res.Totals.Expanded, Generated: res.Totals.Generated, Pruned: res.Totals.Pruned,
		Iterations: make([]iterationJSON, len(res.Iterations)),
		Seconds:    res.Elapsed.Seconds(), NodesPerS: res.NodesPerSecond(), EBF: res.EBF(),
		PeakOpen: res.PeakOpen, Stored: res.Stored,
		Puzzle: req.puzzle.Name, Heuristic: req.heuristic, Algorithm: req.algo.String(),
		Order: req.opt.Info.Options["order"],
	}
	if res.Status == trace.StatusLimit {
		// The JSON's words are English: a program reads them.
		out.Limit = limitReached(english, req.opt, res)
	}
	for i, m := range res.Moves {
		out.Moves[i] = d.MoveName(m)
	}
	if x, ok := req.inst.(puzzles.Interchange); ok {
		out.State = x.InterchangeState()
		var sol []int
		if res.Solved() {
			sol = res.Moves
		}
		out.Scramble = x.ScrambleFor(sol)
	}
	for i, it := range res.Iterations {
		out.Iterations[i] = iterationJSON{Bound: it.Bound, Expanded: it.Expanded, Generated: it.Generated, Pruned: it.Pruned}
	}
	return out
}

func printSolve(w io.Writer, p *lang.Printer, req *solveRequest, out solveJSON, res *engine.Result) {
	fmt.Fprint(w, p.T("cli.solve.run", lang.Args{"Puzzle": req.puzzle.Name, "Heuristic": req.heuristic, "Algo": req.algo.Title(),
		"Status": p.T("cli.status." + out.Status)}))
	if res.Status == trace.StatusLimit {
		if limit := limitReached(p, req.opt, res); limit != "" {
			fmt.Fprint(w, p.T("cli.solve.limit", lang.Args{"Limit": limit}))
		}
	}
	if out.Solved {
		fmt.Fprint(w, p.N("cli.solve.moves", out.Length))
		if out.Cost != out.Length {
			fmt.Fprint(w, p.T("cli.solve.cost", lang.Args{"Cost": out.Cost}))
		}
		sep := " "
		for _, m := range out.Moves {
			if strings.Contains(m, " ") {
				sep = ", " // the magic cube's moves are "face dir"
				break
			}
		}
		fmt.Fprint(w, "\n"+p.T("cli.solve.movelist", lang.Args{"Moves": strings.Join(out.Moves, sep)}))
	}
	fmt.Fprintln(w)
	if out.State != "" {
		fmt.Fprintln(w, p.T("cli.solve.state", lang.Args{"State": out.State}))
	}
	if out.Scramble != "" {
		fmt.Fprintln(w, p.T("cli.solve.scramble", lang.Args{"Scramble": out.Scramble}))
	}
	writeIterations(w, p, res.Iterations)
	fmt.Fprint(w, p.T("cli.solve.total", lang.Args{"Expanded": out.Expanded, "Generated": out.Generated, "Pruned": out.Pruned,
		"Elapsed": res.Elapsed.Round(time.Microsecond), "Rate": humanRate(out.NodesPerS)}))
	if out.EBF > 0 {
		fmt.Fprint(w, p.T("cli.solve.ebf", lang.Args{"EBF": fmt.Sprintf("%.3f", out.EBF)}))
	}
	fmt.Fprintln(w)
	if req.algo == engine.AlgorithmAStar {
		fmt.Fprintln(w, p.T("cli.solve.astar", lang.Args{"PeakOpen": out.PeakOpen, "Stored": out.Stored}))
	}
	if out.Distinct > 0 {
		fmt.Fprintln(w, p.T("cli.solve.distinct", lang.Args{"Distinct": out.Distinct, "Times": fmt.Sprintf("%.1f", float64(out.Expanded)/float64(out.Distinct))}))
	}
}

// limitReached names the limit of opt that stopped res ("" when none
// explains it: A*'s memory, which its own message names), in the order
// the engine checks them.
func limitReached(p *lang.Printer, opt engine.Options, res *engine.Result) string {
	switch {
	case opt.MaxNodes > 0 && res.Totals.Generated >= opt.MaxNodes:
		return p.T("cli.limit.nodes", lang.Args{"Nodes": opt.MaxNodes})
	case opt.Timeout > 0 && res.Elapsed >= opt.Timeout:
		return p.T("cli.limit.time", lang.Args{"Timeout": opt.Timeout})
	case opt.MaxBound > 0:
		return p.T("cli.limit.bound", lang.Args{"Bound": opt.MaxBound})
	}
	return ""
}

// writeIterations prints the per-iteration table of solve and trace info.
func writeIterations(w io.Writer, p *lang.Printer, its []trace.Iteration) {
	rows := [][]string{strings.Split(p.T("cli.iterations.header"), "|")}
	growths := trace.Growth(its)
	for i, it := range its {
		growth := ""
		if i > 0 && growths[i-1] > 0 {
			growth = fmt.Sprintf("%.2f", growths[i-1])
		}
		rows = append(rows, []string{strconv.Itoa(it.Iteration), strconv.Itoa(it.Bound), strconv.FormatInt(it.Expanded, 10),
			strconv.FormatInt(it.Generated, 10), strconv.FormatInt(it.Pruned, 10), growth})
	}
	writeTable(w, rows)
}

// writeTable writes rows in columns aligned right, two spaces apart, as
// text/tabwriter does, but measures a cell as a terminal shows it: a
// Chinese character takes two columns (tabwriter counts it as one, and a
// Chinese header would stand out of its column).
func writeTable(w io.Writer, rows [][]string) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, cell := range row {
			b.WriteString(strings.Repeat(" ", widths[i]+2-displayWidth(cell)))
			b.WriteString(cell)
		}
		fmt.Fprintln(w, b.String())
	}
}

// displayWidth is how many columns of a terminal s takes: two for an East
// Asian wide character (Chinese, full-width punctuation), one for another.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFF60) {
			n++
		}
	}
	return n
}

func humanRate(r float64) string {
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.1f M", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1f k", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// showProgress prints a one-line progress report on a terminal until the
// returned function is called.
func showProgress(w io.Writer, p *lang.Printer, stats *trace.Stats) func() {
	return progressLine(w, nil, func(elapsed time.Duration) string {
		return progressText(p, stats.Snapshot(), elapsed)
	})
}

// progressText is the progress line: the iteration, its bound, the nodes
// and their rate, and, once two iterations are done, how far the current one
// is and how long it should take, if it grows by the ratio of the last two
// (a guess: an iteration that finds the solution stops early).
func progressText(p *lang.Printer, s trace.Snapshot, elapsed time.Duration) string {
	secs := elapsed.Seconds()
	rate := float64(s.Totals.Generated) / max(secs, 1e-9)
	line := p.T("cli.progress", lang.Args{"Iteration": s.Iteration, "Bound": s.Bound, "Generated": s.Totals.Generated,
		"Rate": humanRate(rate), "Seconds": fmt.Sprintf("%.0f", secs)})
	its := s.Iterations
	if n := len(its); n >= 2 && its[n-2].Generated > 0 && rate > 0 && its[n-1].Iteration == s.Iteration-1 {
		ratio := float64(its[n-1].Generated) / float64(its[n-2].Generated)
		expect := float64(its[n-1].Generated) * ratio
		done := float64(s.Current.Generated)
		left := time.Duration(max(expect-done, 0) / rate * float64(time.Second))
		line += p.T("cli.progress.expect", lang.Args{"Percent": fmt.Sprintf("%.0f", 100*min(done/expect, 1)),
			"Expect": fmt.Sprintf("%.3g", expect), "Ratio": fmt.Sprintf("%.1f", ratio), "Left": left.Round(time.Second)})
	}
	return line
}

// randomPuzzles lists the puzzles with uniformly random states.
func randomPuzzles() []string {
	var out []string
	for _, p := range puzzles.All() {
		if p.Random != nil {
			out = append(out, p.Name)
		}
	}
	return out
}

// progressLine redraws the line that line returns four times a second until
// the returned function is called, which erases it. It is a spinner of the
// terminal bars' library (pdb.Bar draws the database builds' with it), so
// the two redraw a line the same way; with builds, when not nil, it draws
// only while no build's bar is on the line.
func progressLine(w io.Writer, builds *pdb.Bar, line func(elapsed time.Duration) string) func() {
	bar := progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSpinnerType(14),
		// The ticker below moves the spinner: the library's own goroutine
		// for it reads the bar's state unlocked (a race) and outlives it.
		progressbar.OptionSetSpinnerChangeInterval(0),
		progressbar.OptionSetElapsedTime(false),
		progressbar.OptionSetRenderBlankState(false),
		progressbar.OptionThrottle(0),
		progressbar.OptionClearOnFinish(),
	)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		start := time.Now()
		draw := func(f func()) {
			if builds != nil {
				builds.Idle(f)
			} else {
				f()
			}
		}
		for {
			select {
			case <-done:
				draw(func() { bar.Clear() })
				return
			case <-t.C:
				draw(func() {
					bar.Describe(line(time.Since(start)))
					bar.Add64(1)
				})
			}
		}
	}()
	return func() { close(done); <-finished }
}

// recording is a trace file being written, by the rule of every file viz
// writes (atomicfile): a search stopped by Ctrl-C still leaves its trace,
// whole, and never through a symbolic link.
type recording struct {
	*trace.Recorder
	f *atomicfile.File
}

func createRecording(path string, level trace.Level) (*recording, error) {
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("creating the trace: %w", err)
	}
	return &recording{Recorder: trace.NewRecorder(f, trace.EncodingFor(path), level), f: f}, nil
}

// Close ends the trace and puts it in place; on an error the path is left
// as it was.
func (r *recording) Close() error {
	if err := r.Recorder.Close(); err != nil {
		r.f.Abort()
		return err
	}
	return r.f.Commit()
}
