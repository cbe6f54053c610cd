package script

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"

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
	// Memory bounds a run's memory in bytes: the states it keeps, and what
	// one call may grow the heap by (and allocate, half as much again).
	Memory int64
	// Print receives what the script's print() writes, one line a call
	// with its file and line; nil discards it.
	Print io.Writer
}

// The defaults: a call may take about a tenth of a second of steps; a run
// may keep half a gigabyte.
const (
	DefaultSteps  = 5_000_000
	DefaultMemory = 512 << 20
)

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
	return starlark.StringDict{"math": math.Module, "sum": sumBuiltin, "range": rangeBuiltin}
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
		var err error
		if total, err = starlark.Binary(syntax.PLUS, total, x); err != nil {
			return nil, fmt.Errorf("sum: %w", err)
		}
	}
	return total, nil
})

// watchEvery is how often a call that runs long is looked at for its time
// and its memory: short calls are never looked at.
const watchEvery = 2 * time.Millisecond

// sandbox runs one script's functions on one thread (one goroutine at a
// time) within a Budget. A watchdog looks at a call that lasts beyond
// watchEvery and cancels it when the run's time is up or the heap has grown
// past what the budget leaves: Starlark's steps alone would not stop a
// string doubled thirty times in thirty steps.
type sandbox struct {
	file     string
	budget   Budget
	thread   *starlark.Thread
	deadline time.Time
	held     int64 // bytes the run keeps in states, counted by its owner
	ticks    int64 // expansions, for tick

	mu      sync.Mutex
	active  bool
	base    uint64 // the lowest heap seen during this call, or at a recent call's start
	calls   uint64 // calls run, for reading the heap at a call's start
	recent  uint64 // the heap at a recent call's start
	allocs  uint64 // the bytes allocated in all at a recent call's start
	stopped error  // the budget that cancelled the call
	stopMsg string // and why
	timer   *time.Timer
	sample  []metrics.Sample // the heap, and the bytes allocated
}

func newSandbox(file string, b Budget) *sandbox {
	s := &sandbox{file: file, budget: b, sample: []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/allocs:bytes"}}}
	if b.Time > 0 {
		s.deadline = time.Now().Add(b.Time)
	}
	s.thread = &starlark.Thread{
		Name: file,
		Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
			return nil, errors.New("load is not allowed: a script is one file")
		},
		Print: func(t *starlark.Thread, msg string) {
			if b.Print != nil {
				fmt.Fprintf(b.Print, "%s:%d: %s\n", file, t.CallFrame(1).Pos.Line, msg)
			}
		},
	}
	s.thread.SetLocal(stepsKey, b.steps())
	s.timer = time.AfterFunc(time.Hour, s.watch)
	s.timer.Stop()
	return s
}

// hold counts bytes the run keeps, and says when they are past the budget.
func (s *sandbox) hold(n int64) error {
	s.held += n
	if s.held > s.budget.memory() {
		return &Error{File: s.file, Msg: fmt.Sprintf("%v: the states kept take more than %s", ErrMemory, bytesText(s.budget.memory())), Budget: ErrMemory}
	}
	return nil
}

// tick counts a domain's expansion, and every 1024th looks at the clock:
// a search over states already known calls no script, and so would
// never meet the time budget otherwise.
func (s *sandbox) tick() error {
	if s.ticks++; s.ticks%1024 != 0 {
		return nil
	}
	return s.overTime()
}

// overTime reports whether the run's time is up.
func (s *sandbox) overTime() error {
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		return &Error{File: s.file, Msg: fmt.Sprintf("%v (%s)", ErrTime, s.budget.Time), Budget: ErrTime}
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
	if err := s.overTime(); err != nil {
		return nil, err
	}
	steps := s.budget.steps()
	s.thread.Steps = 0
	s.thread.SetMaxExecutionSteps(steps)
	// What a call allocates and grows the heap by is measured from its
	// start; reading the heap costs a tenth of a short call, so it is
	// read at every 8th, which is close enough: a call is watched only
	// once it lasts, and the few short ones before it allocate little.
	if s.calls%8 == 0 {
		s.recent, s.allocs = s.heap()
	}
	s.calls++
	s.mu.Lock()
	s.active, s.base, s.stopped, s.stopMsg = true, s.recent, nil, ""
	s.thread.Uncancel()
	s.mu.Unlock()
	s.timer.Reset(watchEvery)
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
	switch {
	case stopped != nil:
		e.Msg, e.Budget = stopMsg, stopped
	case errors.Is(err, ErrSteps):
		e.Budget = ErrSteps // a built-in's refusal, which says why
	case s.thread.Steps >= steps:
		e.Msg, e.Budget = fmt.Sprintf("%v (%d steps; an endless loop?)", ErrSteps, steps), ErrSteps
	}
	return nil, e
}

// watch is the watchdog: it runs on its own goroutine while a call lasts.
func (s *sandbox) watch() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.active {
		return
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stop(ErrTime, fmt.Sprintf("%v (%s)", ErrTime, s.budget.Time))
		return
	}
	room := uint64(max(s.budget.memory()-s.held, 0))
	heap, allocs := s.heap()
	allocated := allocs - s.allocs
	// A call grows the live heap by no more than it allocates, so one
	// that allocated less than its room is within it, whatever garbage
	// the heap holds; one that allocated half as much again is stopped
	// at once, for a collection to tell garbage from growth takes long
	// under load while a call doubling a string goes on. In between,
	// the heap is collected and measured from the lowest heap seen: a
	// heap read before a collection holds garbage.
	s.base = min(s.base, heap)
	switch {
	case allocated > room+room/2:
		s.stop(ErrMemory, fmt.Sprintf("%v: one call allocated more than %s", ErrMemory, bytesText(int64(room+room/2))))
		return
	case allocated > room && heap > s.base+room:
		runtime.GC()
		if heap, _ = s.heap(); heap > s.base+room {
			s.stop(ErrMemory, fmt.Sprintf("%v: one call grew the heap by more than %s", ErrMemory, bytesText(int64(room))))
			return
		}
		s.base = min(s.base, heap)
	}
	s.timer.Reset(watchEvery)
}

func (s *sandbox) stop(kind error, msg string) {
	s.stopped, s.stopMsg = kind, msg
	s.thread.Cancel(msg)
}

// heap reads the heap's bytes in objects, and the bytes allocated in all.
func (s *sandbox) heap() (heap, allocs uint64) {
	metrics.Read(s.sample)
	if s.sample[0].Value.Kind() != metrics.KindUint64 || s.sample[1].Value.Kind() != metrics.KindUint64 {
		return 0, 0
	}
	return s.sample[0].Value.Uint64(), s.sample[1].Value.Uint64()
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
