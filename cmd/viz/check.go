package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"idaviz/check"
	"idaviz/engine"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/pdb"
	"idaviz/puzzles/script"
)

func init() {
	register(&command{
		name:  "check",
		usage: "check (--puzzle P | --problem FILE.star) --heuristic H [flags] [STATE]",
		run:   runCheck,
	})
}

// sampleWalk is how many random moves from the start make a sampled state:
// enough to be far from it on every puzzle, few enough that the reference
// search solves a 15-puzzle state in moments.
const sampleWalk = 40

func runCheck(ctx context.Context, e *env, args []string) int {
	c := commands["check"]
	fs := newFlags(e, c)
	puzzle := fs.String("puzzle", "", "")
	problem := fs.String("problem", "", "")
	goal := fs.String("goal", "", "")
	heuristic := fs.String("heuristic", "", "")
	against := fs.String("against", "", "")
	samples := fs.Int("samples", 0, "")
	walk := fs.Int("walk", sampleWalk, "")
	seed := fs.Uint64("seed", 1, "")
	maxStates := fs.Int("max-states", check.DefaultMaxStates, "")
	worst := fs.Int("worst", 10, "")
	asJSON := fs.Bool("json", false, "")
	args, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	set := given(fs)
	switch {
	case len(args) > 1:
		return usageError(e, c, "%s", e.p.N("cli.check.args", len(args)))
	case (*puzzle == "") == (*problem == ""):
		return usageError(e, c, "%s", e.p.T("cli.check.what", lang.Args{"Puzzles": strings.Join(puzzles.Names(), "|")}))
	case *heuristic == "":
		return usageError(e, c, "%s", e.p.T("cli.check.heuristic"))
	case *samples < 0 || *walk < 1 || *maxStates < 1 || *worst < 0:
		return fail(e, "viz check: %s", e.p.T("cli.check.negative"))
	case *samples == 0 && (set.has("walk") || set.has("seed")):
		return fail(e, "viz check: %s", e.p.T("cli.check.nosamples"))
	case *samples > 0 && set.has("max-states"):
		return fail(e, "viz check: %s", e.p.T("cli.check.maxstates"))
	case *problem != "" && *goal != "":
		return fail(e, "viz check: %s", e.p.T("cli.conflict.problemgoal"))
	}
	state, err := stateArg(e, args)
	if err != nil {
		return fail(e, "viz check: %v", err)
	}
	sc, err := newScripts(e.p, *problem, []string{*heuristic, *against}, e.stderr)
	if err != nil {
		return fail(e, "viz check: %v", err)
	}
	g := &grader{ctx: ctx, e: e, sc: sc, puzzle: *puzzle, goal: *goal, state: state}
	if *samples > 0 {
		g.warnLongWalks(*samples, *walk)
	}
	if g.state == "" && *problem == "" {
		if g.state, err = g.goalState(); err != nil {
			return fail(e, "viz check: %v", err)
		}
	}
	d, req, err := g.domain(*heuristic)
	if err != nil && ctx.Err() != nil {
		fmt.Fprintln(e.stderr, "viz check: "+e.p.T("cli.interrupted"))
		return exitNotFound
	}
	if err != nil {
		return fail(e, "viz check: %v", err)
	}
	opt := check.Options{MaxStates: *maxStates, Worst: *worst, Describe: req.StateNames()}
	if *against != "" {
		if opt.Against, _, err = g.domain(*against); err != nil {
			return fail(e, "viz check: --against: %v", err)
		}
	}
	var r *check.Report
	if *samples > 0 {
		r, err = g.sample(d, req, *samples, *walk, *seed, opt)
	} else {
		r, err = check.Exhaustive(ctx, d, opt)
	}
	var big *check.TooBigError
	switch {
	case errors.As(err, &big):
		return fail(e, "viz check: %s: %v; %s", req.Puzzle.Name, err, e.p.T("cli.check.toobig"))
	case err != nil && ctx.Err() != nil:
		fmt.Fprintln(e.stderr, "viz check: "+e.p.T("cli.interrupted"))
		return exitNotFound
	case err != nil:
		return fail(e, "viz check: %v", err)
	case r.Moves == 0:
		// No move graded: admissible and consistent hold of nothing, and
		// saying "yes" would read as a verdict.
		return fail(e, "viz check: %s: %s", req.Puzzle.Name, e.p.N("cli.check.nomoves", r.States, lang.Args{"Start": g.startName(e.p, req)}))
	}
	r.Puzzle, r.Heuristic, r.Against = req.Puzzle.Name, req.Heuristic, *against
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			return fail(e, "viz check: %v", err)
		}
		return exitOK
	}
	printCheck(e.stdout, e.p, r, g.startName(e.p, req), g.reference)
	return exitOK
}

// grader makes the domains a check walks.
type grader struct {
	ctx                 context.Context
	e                   *env
	sc                  *scripts
	puzzle, goal, state string
	// reference says how a sample was solved (cli.check.reference's
	// values): the report's, in English, and the summary's.
	reference lang.Args
}

// goalState is the puzzle's goal, the start of an exhaustive check when
// none is given: every state that can reach it is reachable from it in
// the puzzles whose moves can be undone.
func (g *grader) goalState() (string, error) {
	p, err := puzzles.Lookup(g.puzzle)
	if err != nil {
		return "", err
	}
	if p.Name == "grid" {
		return "", errors.New(g.e.p.T("cli.check.gridmap"))
	}
	goal := g.goal
	if goal == "" && len(p.Goals) > 0 {
		goal = p.Goals[0]
	}
	inst := p.Scramble(rand.New(rand.NewPCG(1, 1)), 0, goal)
	s := inst.String()
	if ic, ok := inst.(puzzles.Interchange); ok && strings.TrimSpace(s) == "" {
		// The cube's goal is an empty scramble, which its parser refuses
		// (an empty state is a mistake there): its facelets say the same.
		s = ic.InterchangeState()
	}
	return s, nil
}

// quickWalk is, for the puzzles whose states far from the goal take
// minutes each to solve optimally, the longest --walk whose states are
// solved in about a second (docs/PERFORMANCE.md, "viz check on samples of the cubes", has the
// times): longer walks are warned of before a sample starts.
var quickWalk = map[string]int{"magiccube": 8, "rubik": 10}

// warnLongWalks says, before a sample starts, when its walks make states
// whose optimal solutions can take minutes each.
func (g *grader) warnLongWalks(n, walk int) {
	quick, ok := quickWalk[g.puzzle]
	if !ok || walk <= quick {
		return
	}
	fmt.Fprintln(g.e.stderr, "viz check: "+g.e.p.N("cli.check.longwalks", n, lang.Args{"Walk": walk, "Puzzle": g.puzzle, "Quick": quick}))
}

// checkLogEvery is the least time between two lines of a sample's
// progress off a terminal, where each line stays (a log): a line for
// every sample would bury a quick check's answer.
var checkLogEvery = 10 * time.Second

// domain is a domain at the start searched with heuristic.
func (g *grader) domain(heuristic string) (check.Space, *puzzles.Request, error) {
	r, err := g.sc.request(g.puzzle, g.state, heuristic, g.goal)
	if err != nil {
		return nil, nil, err
	}
	bar := pdb.NewBar(g.e.stderr, g.e.stderrTTY)
	d, err := puzzles.NewDomain(g.ctx, r.Instance, r.Heuristic, bar.Report)
	bar.End()
	if err != nil {
		return nil, nil, err
	}
	s, ok := d.(check.Space)
	if !ok {
		return nil, nil, errors.New(g.e.p.T("cli.check.nostates", lang.Args{"Puzzle": r.Puzzle.Name, "Heuristic": heuristic}))
	}
	return s, r, nil
}

func (g *grader) startName(p *lang.Printer, r *puzzles.Request) string {
	s := r.Instance.String()
	if strings.Contains(s, "\n") {
		return p.T("cli.check.mapstart")
	}
	return s
}

// sample grades n states made by random walks from the start, each solved
// optimally: puzzles by IDA* with their strongest heuristic, problems by
// uniform-cost search (A* with h = 0), as their own heuristics may be the
// ones in question.
func (g *grader) sample(d check.Space, req *puzzles.Request, n, walk int, seed uint64, opt check.Options) (*check.Report, error) {
	rng := rand.New(rand.NewPCG(seed, 0xc4ec))
	states, err := check.RandomWalks(d, n, walk, rng.IntN)
	if err != nil {
		return nil, err
	}
	refName := req.Puzzle.Heuristics[0]
	algo := engine.AlgorithmIDA
	if g.sc.problemFile != "" {
		refName, algo = script.Zero, engine.AlgorithmAStar
	}
	ref, _, err := g.domain(refName)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", g.e.p.T("cli.check.refsearch"), err)
	}
	solve := func(ctx context.Context, s []byte) (int, bool, error) {
		ref.SetState(s)
		res, err := algo.Search(ctx, ref, engine.Options{})
		if err == nil {
			err = puzzles.DomainErr(ref)
		}
		return res.Cost, res.Solved(), err
	}
	// The report's reference is English, as all of its JSON.
	g.reference = lang.Args{"N": n, "Walk": walk, "Algo": algo.Title(), "Heuristic": refName}
	reference := english.N("cli.check.reference", n, g.reference, lang.Args{"Start": g.startName(english, req)})
	solve, stop := g.followed(solve, len(states))
	defer stop()
	return check.Sample(g.ctx, d, states, solve, reference, opt)
}

// followed is solve saying on stderr how far the sample is: on a
// terminal a line redrawn in place, else a line per sample solved, at
// most one per checkLogEvery (and the last when any was printed). stop
// ends the terminal's line.
func (g *grader) followed(solve check.Solver, n int) (_ check.Solver, stop func()) {
	var done atomic.Int64
	if g.e.stderrTTY {
		stop := sync.OnceFunc(progressLine(g.e.stderr, nil, func(elapsed time.Duration) string {
			return "viz check: " + g.e.p.T("cli.check.solving", lang.Args{"I": min(done.Load()+1, int64(n)), "Of": n, "Elapsed": elapsed.Round(time.Second)})
		}))
		return func(ctx context.Context, s []byte) (int, bool, error) {
			cost, ok, err := solve(ctx, s)
			done.Add(1)
			return cost, ok, err
		}, stop
	}
	start := time.Now()
	last, printed := start, false
	return func(ctx context.Context, s []byte) (int, bool, error) {
		cost, ok, err := solve(ctx, s)
		i := done.Add(1)
		if err == nil && (time.Since(last) >= checkLogEvery || i == int64(n) && printed) {
			last, printed = time.Now(), true
			fmt.Fprintln(g.e.stderr, "viz check: "+g.e.p.T("cli.check.solved", lang.Args{"I": i, "Of": n, "HStar": cost, "Elapsed": time.Since(start).Round(time.Millisecond)}))
		}
		return cost, ok, err
	}, func() {}
}

func printCheck(w io.Writer, p *lang.Printer, r *check.Report, start string, reference lang.Args) {
	scope := p.T("cli.check.every", lang.Args{"Start": start})
	if r.Sampled {
		scope = p.T("cli.check.sample", lang.Args{"Reference": p.N("cli.check.reference", r.States, reference, lang.Args{"Start": start})})
	}
	fmt.Fprintln(w, p.N("cli.check.states", r.States, lang.Args{"Puzzle": r.Puzzle, "Heuristic": r.Heuristic, "Scope": scope}))
	if r.Unsolvable > 0 {
		fmt.Fprintln(w, "  "+p.N("cli.check.unsolvable", r.Unsolvable))
	}
	if r.Admissible {
		fmt.Fprintln(w, p.T("cli.check.admissible"))
	} else {
		fmt.Fprintln(w, p.N("cli.check.notadmissible", r.Violations))
		for _, v := range r.Worst {
			fmt.Fprintf(w, "  %s: h %d > h* %d\n", v.State, v.H, v.HStar)
		}
	}
	if r.Consistent {
		fmt.Fprintln(w, p.N("cli.check.consistent", int(r.Moves)))
	} else {
		fmt.Fprintln(w, p.N("cli.check.inconsistent", int(r.InconsistentMoves), lang.Args{"Moves": r.Moves}))
		for _, m := range r.WorstMoves {
			fmt.Fprintf(w, "  %s --%s--> %s: h %d > %d + %d\n", m.State, m.Move, m.Next, m.H, m.Cost, m.HNext)
		}
	}
	fmt.Fprintln(w, p.T("cli.check.means", lang.Args{"MeanH": fmt.Sprintf("%.3f", r.MeanH), "MeanHStar": fmt.Sprintf("%.3f", r.MeanHStar),
		"Ratio": fmt.Sprintf("%.3f", ratio(r.MeanH, r.MeanHStar)), "Exact": fmt.Sprintf("%.1f", 100*r.ExactFraction)}))
	if r.Dominates != nil {
		if *r.Dominates {
			fmt.Fprintln(w, p.T("cli.check.dominates", lang.Args{"Against": r.Against}))
		} else {
			fmt.Fprintln(w, p.N("cli.check.notdominates", r.NotDominated, lang.Args{"Against": r.Against}))
			for _, u := range r.Undominated {
				fmt.Fprintf(w, "  %s: h %d < h2 %d\n", u.State, u.H, u.H2)
			}
		}
	}
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
