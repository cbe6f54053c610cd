package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"idaviz/check"
	"idaviz/engine"
	"idaviz/examples"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/script"
	"idaviz/web/draw"
	"idaviz/web/fold"
)

// The page's Problem tab: problems and heuristics written in Starlark,
// sent as source. A start with a source is a run like any other (its trace
// carries the source, so a replay needs no file: puzzles.ForRun); a
// "problem" message loads the source and answers what the tab shows of it
// (its heuristics, its start drawn, or its error at its line); a "check"
// grades the tab's heuristic as viz check does, within a bound of states
// and of time, and answers "checked". The scripts run within the sandbox's
// budgets (puzzles/script): steps per call, and memory per run.

const (
	// maxSource is the longest script the page may send.
	maxSource = 64 << 10
	// checkStates and checkTime bound a check the page asks for: the
	// 8-puzzle's 181,440 states and a 512 x 512 grid world fit.
	checkStates = 300_000
	checkTime   = 30 * time.Second
	// defaultFile names a script the page sent without a name.
	defaultFile = "problem.star"
)

// searchBudget is a script's budget in a search: no time bound, as a
// stepped search waits for its page, and memory as an A* search's.
var searchBudget = script.Budget{Memory: DefaultSearchMemory}

// validate checks the sizes of what the page sent.
func (r startRequest) validate() error {
	for _, f := range []struct{ name, v string }{{"puzzle", r.Puzzle}, {"heuristic", r.Heuristic}, {"goal", r.Goal}, {"order", r.Order}, {"algorithm", r.Algorithm}, {"file", r.File}} {
		if len(f.v) > maxName {
			return say("server.field-too-long", lang.Args{"Field": f.name, "Max": maxName})
		}
	}
	if len(r.State) > maxState {
		return say("server.state-too-long", lang.Args{"Max": maxState})
	}
	if len(r.Source) > maxSource {
		return say("server.script-too-long", lang.Args{"Size": len(r.Source), "Max": maxSource})
	}
	if r.File != "" && (path.Base(r.File) != r.File || !strings.HasSuffix(r.File, ".star")) {
		return say("server.bad-script-name", lang.Args{"File": strconv.Quote(r.File)})
	}
	return nil
}

// file is the script's name.
func (r startRequest) file() string {
	if r.File == "" {
		return defaultFile
	}
	return r.File
}

// request resolves a request: a built-in puzzle with a built-in heuristic,
// a built-in puzzle with the heuristic of its Source, or the problem of its
// Source (no Puzzle).
func (r startRequest) request(ctx context.Context, b script.Budget) (*puzzles.Request, error) {
	req, err := r.resolve(ctx, b)
	if err != nil {
		return nil, err
	}
	if err := req.SetOrder(r.Order); err != nil {
		return nil, err
	}
	return req, nil
}

// resolve is request without the order of the moves.
func (r startRequest) resolve(ctx context.Context, b script.Budget) (*puzzles.Request, error) {
	switch {
	case r.Source == "":
		return puzzles.NewRequest(r.Puzzle, r.State, r.Heuristic, r.Goal)
	case r.Puzzle == "" && r.Goal != "":
		return nil, say("server.problem-goal", lang.Args{"Goal": strconv.Quote(r.Goal)})
	case r.Puzzle == "":
		req, err := puzzles.NewProblemRequestContext(ctx, r.file(), []byte(r.Source), r.State, r.Heuristic, b)
		if err != nil && heuristicOnly(r.Source) {
			return nil, sayWrap("server.heuristic-not-problem", err)
		}
		return req, err
	}
	h, err := script.LoadHeuristic(r.file(), []byte(r.Source), b)
	if err != nil {
		return nil, err
	}
	return puzzles.NewScriptedRequestContext(ctx, r.Puzzle, r.State, r.Goal, h)
}

// heuristicOnly reports whether a script reads as a heuristic file (def
// h(state), no start) rather than a problem: loaded as a problem it fails
// on the puzzle's globals it reads (goal, size), which is no help.
func heuristicOnly(src string) bool {
	return definesH.MatchString(src) && !startDefined.MatchString(src)
}

var (
	definesH     = regexp.MustCompile(`(?m)^def h\(`)
	startDefined = regexp.MustCompile(`(?m)^start\s*=`)
)

// errorPlace is where a script's error is: its file, line and column (0
// when unknown), for the page's editor.
type errorPlace struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

func placeOf(err error) errorPlace {
	var e *script.Error
	if !errors.As(err, &e) {
		return errorPlace{}
	}
	return errorPlace{File: e.File, Line: e.Line, Column: e.Col}
}

// problemMsg answers "problem": what the Problem tab shows of a script
// before it runs.
type problemMsg struct {
	Type   string `json:"type"` // "problem"
	File   string `json:"file"`
	Puzzle string `json:"puzzle"` // the puzzle a heuristic is for ("": a problem)
	// Name is the problem's name (a problem) or the puzzle's.
	Name string `json:"name,omitempty"`
	// Heuristics are the problem's, the default first; a heuristic file's
	// is the file.
	Heuristics []string `json:"heuristics"`
	// Start is the state searched from, as the script writes it; Node
	// draws it, with h there (the request's heuristic).
	Start string         `json:"start,omitempty"`
	Node  *fold.NodeView `json:"node,omitempty"`
	// Error is why the script cannot run, and where.
	Error string `json:"error,omitempty"`
	errorPlace
	// err is Error's error, written in the page's language when sent.
	err error
}

// loadProblem loads a script as a start with it would, and computes h at
// the start: an error in the file, or in h at the start, shows before Run.
// With no script, it draws a built-in puzzle's start (the grid editor's).
func loadProblem(ctx context.Context, r startRequest) problemMsg {
	msg := problemMsg{Type: "problem", File: r.file(), Puzzle: r.Puzzle, Heuristics: []string{}}
	fail := func(err error) problemMsg {
		msg.Error, msg.errorPlace, msg.err = err.Error(), placeOf(err), err
		return msg
	}
	if r.Source == "" && r.Puzzle == "" {
		return fail(say("server.script-empty"))
	}
	req, err := r.request(ctx, searchBudget)
	if err != nil {
		return fail(err)
	}
	msg.Name = req.Puzzle.Name
	msg.Heuristics = req.Puzzle.Heuristics
	if r.Puzzle != "" && r.Source != "" {
		msg.Heuristics = []string{req.Heuristic}
	}
	d, err := puzzles.NewDomain(ctx, req.Instance, req.Heuristic, nil)
	if err != nil {
		return fail(err)
	}
	h := d.H()
	if err := puzzles.DomainErr(d); err != nil {
		return fail(err)
	}
	if s, ok := d.(engine.Snapshotter); ok {
		msg.Start = req.StateNames()(s.AppendState(nil))
	}
	msg.Node = (&draw.Views{}).Node(&req.Info, nil, 0, h, h, 0)
	return msg
}

// checkedMsg answers "check": the report of viz check --json, what was
// graded, and h against h* as a chart.
type checkedMsg struct {
	Type   string         `json:"type"` // "checked"
	Report *check.Report  `json:"report"`
	Start  string         `json:"start"` // every state reachable from it was graded
	Chart  map[string]any `json:"chart"`
}

// checks runs a session's check, or its loads of scripts, one at a time:
// a new one cancels the last.
type checks struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// launch cancels the work under way, if any, waits for it, and runs f
// in the background with a context that ends after d, at stop, or with
// parent.
func (c *checks) launch(parent context.Context, d time.Duration, f func(ctx context.Context)) {
	c.stop()
	ctx, cancel := context.WithTimeout(parent, d)
	c.mu.Lock()
	c.cancel = cancel
	c.wg.Add(1)
	c.mu.Unlock()
	go func() {
		defer c.wg.Done()
		defer cancel()
		f(ctx)
	}()
}

// stop cancels the check under way, if any, and waits for it.
func (c *checks) stop() {
	c.mu.Lock()
	if c.cancel != nil {
		c.cancel()
	}
	c.mu.Unlock()
	c.wg.Wait()
}

// check grades the heuristic r names (against another, when against is
// not ""; for a puzzle, either may be r's script, named by its file), over
// every state reachable from r's start: at most checkStates
// states in at most checkTime, in one of the server's search slots. It
// answers "checked", or an error.
func (s *session) check(r startRequest, against string) error {
	if s.origin.mode() == "replay" {
		return say("server.replay-no-check")
	}
	s.checks.launch(s.ctx, checkTime, func(ctx context.Context) {
		msg, err := grade(ctx, s.slots, r, against, s.printer())
		switch {
		case errors.Is(err, context.Canceled):
		case err != nil:
			s.replyErr(sayWrap("server.check-failed", err))
		default:
			s.reply(msg)
		}
	})
	return nil
}

// loadTime bounds a script's load the page asks for (a "problem"
// message, or a start with a script): the file's top level, the state,
// and a problem's first states (each call has its own deadline besides).
const loadTime = 30 * time.Second

// problem answers "problem" in the background, in one of the server's
// search slots: a script runs off the tab's read loop, so the tab still
// hears its cancel, and stops when the tab closes.
func (s *session) problem(r startRequest) {
	s.loads.launch(s.ctx, loadTime, func(ctx context.Context) {
		if !s.slots.acquire(ctx) {
			return
		}
		defer s.slots.release()
		msg := loadProblem(ctx, r)
		if ctx.Err() != nil && s.ctx.Err() != nil {
			return // the tab is gone
		}
		if msg.err != nil {
			msg.Error = textIn(s.printer(), msg.err)
		}
		s.reply(msg)
	})
}

// startScript starts a run of a script the page sent: its file runs in
// the background, in a search slot, and the run starts once it has.
func (s *session) startScript(req startRequest, keep bool, open func(context.Context, startRequest) (source, error)) {
	s.loads.launch(s.ctx, loadTime, func(ctx context.Context) {
		if !s.slots.acquire(ctx) {
			return
		}
		src, err := open(ctx, req)
		// The slot is the load's: the run takes one of its own.
		s.slots.release()
		s.started(src, err, keep)
	})
}

// started launches a script's run, or says why it could not load.
func (s *session) started(src source, err error, keep bool) {
	switch {
	case s.ctx.Err() != nil:
	case errors.Is(err, context.Canceled):
	case err != nil:
		s.replyErr(framed("server.start-failed", err))
	default:
		s.begin(src, keep)
	}
}

// grade is a check as the page asks for it, its chart's words in l's
// language.
func grade(ctx context.Context, sl *slots, r startRequest, against string, l *lang.Printer) (checkedMsg, error) {
	if !sl.acquire(ctx) {
		return checkedMsg{}, ctx.Err()
	}
	defer sl.release()
	budget := script.Budget{Memory: DefaultSearchMemory, Time: checkTime}
	space := func(r startRequest) (check.Space, *puzzles.Request, error) {
		req, err := r.request(ctx, budget)
		if err != nil {
			return nil, nil, err
		}
		d, err := puzzles.NewDomain(ctx, req.Instance, req.Heuristic, nil)
		if err != nil {
			return nil, nil, err
		}
		sp, ok := d.(check.Space)
		if !ok {
			return nil, nil, say("server.check-no-states", lang.Args{"Puzzle": req.Puzzle.Name, "Heuristic": req.Heuristic})
		}
		return sp, req, nil
	}
	// A puzzle's script is one of the two heuristics, or both (named by
	// its file; no name is the script, as in a start): the other is built
	// in.
	builtIn := func(r startRequest, h string) startRequest {
		r.Heuristic = h
		if r.Puzzle != "" && h != "" && h != r.file() {
			r.Source = ""
		}
		return r
	}
	d, req, err := space(builtIn(r, r.Heuristic))
	if err != nil {
		return checkedMsg{}, err
	}
	opt := check.Options{MaxStates: checkStates, Describe: req.StateNames()}
	if against != "" {
		if opt.Against, _, err = space(builtIn(r, against)); err != nil {
			return checkedMsg{}, sayWrap("server.check-against", err, lang.Args{"Against": against})
		}
	}
	rep, err := check.Exhaustive(ctx, d, opt)
	var big *check.TooBigError
	switch {
	case errors.As(err, &big):
		// viz check's words, and its remedy.
		return checkedMsg{}, sayWrap("server.check-too-big", err, lang.Args{"Puzzle": req.Puzzle.Name})
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, script.ErrTime):
		return checkedMsg{}, say("server.check-too-long", lang.Args{"Puzzle": req.Puzzle.Name, "Time": checkTime.String()})
	case err != nil:
		return checkedMsg{}, err
	}
	rep.Puzzle, rep.Heuristic, rep.Against = req.Puzzle.Name, req.Heuristic, against
	return checkedMsg{Type: "checked", Report: rep, Start: req.StateNames()(d.AppendState(nil)), Chart: checkChart(l, rep.Levels)}, nil
}

// example is a script the Problem tab offers (GET /api/examples).
type example struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	File  string `json:"file"` // its base name, which its errors name
	// Puzzle is the puzzle a heuristic file is for ("": a problem), State
	// the start to search from ("": the problem's own).
	Puzzle string `json:"puzzle,omitempty"`
	State  string `json:"state,omitempty"`
	Source string `json:"source"`
}

// exampleFiles are the examples, from examples.Scripts, in the menu's order.
var exampleFiles = []example{
	{Name: "romania", Title: "Romania: route finding on a map (a problem)", File: "romania/romania.star"},
	{Name: "grid", Title: "Grid world: draw the map, choose the heuristic", File: "heuristics/grid_octile.star", Puzzle: "grid",
		State: "8-connected\n..............\n..............\n.....#........\n..S..#....G...\n.....#........\n.....#........\n.............."},
	{Name: "maze", Title: "A maze with mud (a problem drawn as a grid)", File: "grid/maze.star"},
	{Name: "8puzzle", Title: "8-puzzle: Manhattan distance (a heuristic)", File: "heuristics/manhattan.star", Puzzle: "8puzzle", State: "8 1 3 4 0 2 7 6 5"},
	{Name: "8puzzle-blank", Title: "8-puzzle: Manhattan with the blank (a classic mistake)", File: "heuristics/blank_too.star", Puzzle: "8puzzle", State: "8 1 3 4 0 2 7 6 5"},
}

// examplesJSON is the examples with their sources.
func examplesJSON() ([]example, error) {
	out := make([]example, 0, len(exampleFiles))
	for _, e := range exampleFiles {
		b, err := fs.ReadFile(examples.Scripts, e.File)
		if err != nil {
			return nil, err
		}
		e.Source, e.File = string(b), path.Base(e.File)
		out = append(out, e)
	}
	return out, nil
}

// Examples is the Problem tab's examples, JSON: what GET /api/examples
// answers, and what viz site writes as its api/examples.
func Examples() ([]byte, error) {
	list, err := examplesJSON()
	if err != nil {
		return nil, fmt.Errorf("the examples: %w", err)
	}
	return json.Marshal(list)
}

func (s *Server) serveExamples(w http.ResponseWriter, r *http.Request) {
	b, err := Examples()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}
