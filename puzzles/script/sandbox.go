package script

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"idaviz/internal/bytesize"

	"go.starlark.net/lib/math"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Budget bounds what a script may spend. The zero value means the defaults.
type Budget struct {
	// Steps bounds one call of a script's function (and the run of the file
	// itself) in Starlark's abstract steps: an infinite loop stops here.
	Steps uint64
	// Time bounds a whole run, from the domain's making (0: no bound).
	Time time.Duration
	// CallTime bounds one call of a script's function, in wall-clock time
	// (so its CPU time too: a call runs on one goroutine); 0 means
	// DefaultCallTime.
	CallTime time.Duration
	// Memory bounds a run's memory in bytes: the states it keeps, and what
	// one call may allocate besides (counted by guard.go's meter, garbage
	// included).
	Memory int64
	// Print receives what the script's print() writes, one line a call
	// with its file and line; nil discards it.
	Print io.Writer
}

// The defaults: a call may take about a tenth of a second of steps; a run
// may keep half a gigabyte.
const (
	DefaultSteps    = 5_000_000
	DefaultMemory   = 512 << 20
	DefaultCallTime = 5 * time.Second
)

func (b Budget) callTime() time.Duration {
	if b.CallTime <= 0 {
		return DefaultCallTime
	}
	return b.CallTime
}

func (b Budget) steps() uint64 {
	if b.Steps == 0 {
		return DefaultSteps
	}
	return b.Steps
}

func (b Budget) memory() int64 {
	if b.Memory <= 0 {
		return DefaultMemory
	}
	return b.Memory
}

// MaxMemory is the memory a run may keep: Memory, or DefaultMemory.
func (b Budget) MaxMemory() int64 { return b.memory() }

// fileOptions are the language a script is written in: Starlark with
// while loops, sets and statements at top level, as a student who writes
// Python expects; recursion stays off, so every call ends within its steps
// and Go's stack.
var fileOptions = &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true}

// maxSource is the largest script accepted.
const maxSource = 1 << 20

// universe is what every script sees besides Starlark's built-ins: the
// math module (pure functions: no file, clock or network is reachable),
// Python's sum, and a range no longer than a call's steps.
func universe() starlark.StringDict {
	u := guards()
	u["math"], u["sum"], u["range"] = math.Module, sumBuiltin, rangeBuiltin
	return u
}

// stepsKey is the thread-local value that holds a call's step budget, for
// the built-ins that loop in Go.
const stepsKey = "idaviz.steps"

// rangeBuiltin is Starlark's range, refused beyond a call's steps: a loop
// over it could not finish anyway, and Go's loops over it (list(range(n)),
// enumerate, sorted) do not count steps, so list(range(10**10)) would ask
// for 160 GB at once.
var rangeBuiltin = starlark.NewBuiltin("range", func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	r, err := starlark.Universe["range"].(*starlark.Builtin).CallInternal(t, args, kwargs)
	if err != nil {
		return nil, err
	}
	if most, ok := t.Local(stepsKey).(uint64); ok && uint64(r.(starlark.Sequence).Len()) > most {
		return nil, fmt.Errorf("%w: range of %d numbers, more than its %d steps can go through", ErrSteps, r.(starlark.Sequence).Len(), most)
	}
	return r, nil
})

// sumBuiltin is Python's sum(iterable, start=0), counting a step a term.
var sumBuiltin = starlark.NewBuiltin("sum", func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var items starlark.Iterable
	var total starlark.Value = starlark.MakeInt(0)
	if err := starlark.UnpackPositionalArgs("sum", args, kwargs, 1, &items, &total); err != nil {
		return nil, err
	}
	most, _ := t.Local(stepsKey).(uint64)
	it := items.Iterate()
	defer it.Done()
	var x starlark.Value
	for it.Next(&x) {
		if t.Steps++; most > 0 && t.Steps >= most {
			return nil, fmt.Errorf("%w (in sum)", ErrSteps)
		}
		n, err := binarySize(syntax.PLUS, total, x)
		if err == nil {
			err = charge(t, n, "sum")
		}
		if err != nil {
			return nil, err
		}
		if total, err = starlark.Binary(syntax.PLUS, total, x); err != nil {
			return nil, fmt.Errorf("sum: %w", err)
		}
	}
	return total, nil
})

// sandbox runs one script's functions on one thread (one goroutine at a
// time) within a Budget. Each call has a deadline (its own, and the run's)
// and a context: a timer cancels the thread when either passes or the
// context ends, and Starlark stops at its next step; the rewrite of
// guard.go keeps every step short. What a call allocates is counted on
// its own meter (guard.go), never read from the process's heap, which
// other scripts and searches share.
type sandbox struct {
	file     string
	budget   Budget
	ctx      context.Context
	thread   *starlark.Thread
	deadline time.Time
	span     time.Duration // the time from the run's start to deadline, for errors
	held     int64         // bytes the run keeps in states, counted by its owner
	ticks    int64         // expansions, for tick
	meter    meter

	mu      sync.Mutex
	active  bool
	stopped error  // what cancelled the call: ErrTime, or the context's error
	stopMsg string // and why
	timer   *time.Timer
}

func newSandbox(ctx context.Context, file string, b Budget) *sandbox {
	if ctx == nil {
		ctx = context.Background()
	}
	s := &sandbox{file: file, budget: b, ctx: ctx}
	if b.Time > 0 {
		s.deadline, s.span = time.Now().Add(b.Time), b.Time
	}
	s.thread = &starlark.Thread{
		Name: file,
		Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
			return nil, errors.New("load is not allowed: a script is one file")
		},
		Print: func(t *starlark.Thread, msg string) {
			if b.Print != nil {
				fmt.Fprintf(b.Print, "%s:%d: %s\n", file, callerLine(t), msg)
			}
		},
	}
	s.thread.SetLocal(stepsKey, b.steps())
	s.thread.SetLocal(meterKey, &s.meter)
	s.timer = time.AfterFunc(time.Hour, s.expire)
	s.timer.Stop()
	context.AfterFunc(ctx, s.interrupt)
	return s
}

// callerLine is the line of the script that called print: the innermost
// frame in the file (print's own, and idaviz.call's, are built-ins).
func callerLine(t *starlark.Thread) int32 {
	for i := 1; i < t.CallStackDepth(); i++ {
		if pos := t.CallFrame(i).Pos; pos.IsValid() && pos.Line > 0 {
			return pos.Line
		}
	}
	return 0
}

// hold counts bytes the run keeps, and says when they are past the budget.
func (s *sandbox) hold(n int64) error {
	s.held += n
	if s.held > s.budget.memory() {
		return &Error{File: s.file, Msg: fmt.Sprintf("%v: the states kept take more than %s", ErrMemory, bytesize.Text(s.budget.memory())), Budget: ErrMemory}
	}
	return nil
}

// tick counts a domain's expansion, and every 1024th looks at the clock
// and the context: a search over states already known calls no script,
// and so would never meet the time budget otherwise.
func (s *sandbox) tick() error {
	if s.ticks++; s.ticks%1024 != 0 {
		return nil
	}
	if err := s.ctx.Err(); err != nil {
		return &Error{File: s.file, Msg: "cancelled", Budget: err}
	}
	return s.overTime()
}

// within bounds the time until undo is called by d, when that ends before
// the run's own deadline.
func (s *sandbox) within(d time.Duration) (undo func()) {
	deadline, span := s.deadline, s.span
	if end := time.Now().Add(d); deadline.IsZero() || end.Before(deadline) {
		s.deadline, s.span = end, d
	}
	return func() { s.deadline, s.span = deadline, span }
}

// overTime reports whether the run's time is up.
func (s *sandbox) overTime() error {
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		return &Error{File: s.file, Msg: fmt.Sprintf("%v (%s)", ErrTime, s.span), Budget: ErrTime}
	}
	return nil
}

// call calls fn with args within the budget; what and state say, in an
// error, which function was called with which state.
func (s *sandbox) call(fn starlark.Callable, args starlark.Tuple, what string, state starlark.Value) (starlark.Value, error) {
	return s.run(what, state, func(t *starlark.Thread) (starlark.Value, error) {
		return starlark.Call(t, fn, args, nil)
	})
}

// run runs f on the thread within the budget.
func (s *sandbox) run(what string, state starlark.Value, f func(*starlark.Thread) (starlark.Value, error)) (starlark.Value, error) {
	if err := s.ctx.Err(); err != nil {
		return nil, &Error{File: s.file, Func: what, Msg: "cancelled", Budget: err}
	}
	if err := s.overTime(); err != nil {
		return nil, err
	}
	steps := s.budget.steps()
	s.thread.Steps = 0
	s.thread.SetMaxExecutionSteps(steps)
	// A call may allocate what the run's memory leaves: garbage counts,
	// as a call cannot tell it from what it keeps.
	s.meter = meter{limit: max(s.budget.memory()-s.held, 1), held: s.held}
	limit := s.budget.callTime()
	if !s.deadline.IsZero() {
		limit = min(limit, max(time.Until(s.deadline), time.Millisecond))
	}
	s.mu.Lock()
	s.active, s.stopped, s.stopMsg = true, nil, ""
	s.thread.Uncancel()
	if err := s.ctx.Err(); err != nil { // ended before interrupt could see the call
		s.stop(err, "cancelled")
	}
	s.mu.Unlock()
	s.timer.Reset(limit)
	v, err := f(s.thread)
	s.timer.Stop()
	s.mu.Lock()
	s.active = false
	stopped, stopMsg := s.stopped, s.stopMsg
	s.mu.Unlock()
	if err == nil {
		return v, nil
	}
	e := fromStarlark(s.file, err)
	e.Func = what
	if state != nil {
		e.State = describe(state)
	}
	var big *errTooBig
	switch {
	case stopped != nil:
		e.Msg, e.Budget = stopMsg, stopped
	case errors.As(err, &big):
		e.Msg, e.Budget = big.Error(), ErrMemory
	case errors.Is(err, ErrSteps):
		e.Budget = ErrSteps // a built-in's refusal, which says why
	case s.thread.Steps >= steps:
		e.Msg, e.Budget = fmt.Sprintf("%v (%d steps; an endless loop?)", ErrSteps, steps), ErrSteps
	}
	return nil, e
}

// expire is the call's timer: the call, or the run, is out of time.
func (s *sandbox) expire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.active {
		return
	}
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		s.stop(ErrTime, fmt.Sprintf("%v (%s)", ErrTime, s.span))
		return
	}
	s.stop(ErrTime, fmt.Sprintf("%v: one call ran for more than %s", ErrTime, s.budget.callTime()))
}

// interrupt stops the call under way when the sandbox's context ends.
func (s *sandbox) interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.active {
		s.stop(s.ctx.Err(), "cancelled")
	}
}

func (s *sandbox) stop(kind error, msg string) {
	s.stopped, s.stopMsg = kind, msg
	s.thread.Cancel(msg)
}
