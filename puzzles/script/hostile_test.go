package script_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/puzzles/script"
	"idaviz/trace"
)

func hostile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "hostile", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// allocated runs f and returns the bytes the process allocated meanwhile.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHostileScripts: each hostile script stops at the bound that holds
// it, soon, having allocated little: a value too big is refused before it
// is made, a value too deep is not written as text, and a call that runs
// long between steps meets its deadline.
func TestHostileScripts(t *testing.T) {
	cases := []struct {
		file   string
		budget script.Budget
		kind   error
		want   string
		most   time.Duration // the time it may take
	}{
		{"count.star", script.Budget{}, script.ErrMemory, "count.star:4:9: the memory budget of the run is spent: * would make a value of more than 8 MiB", time.Second},
		{"count_small.star", script.Budget{CallTime: 500 * time.Millisecond}, script.ErrTime, "one call ran for more than 500ms", 1500 * time.Millisecond},
		{"alloc.star", script.Budget{}, script.ErrMemory, "alloc.star:2:9: the memory budget of the run is spent: * would make a value", time.Second},
		{"deep.star", script.Budget{}, script.ErrMemory, "nested more than 1000 deep", 20 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src := hostile(t, c.file)
			var err error
			start := time.Now()
			bytes := allocated(func() { _, err = script.LoadProblem(c.file, src, c.budget) })
			took := time.Since(start)
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %v saying %q", err, c.kind, c.want)
			}
			if took > c.most {
				t.Errorf("stopped after %v, want within %v", took, c.most)
			}
			// The deep list is 400,000 small lists; the others allocate
			// at most one value of the largest size.
			if bytes > 256<<20 {
				t.Errorf("allocated %d MiB", bytes>>20)
			}
		})
	}
}

// TestCancelStopsACall: a call stops within a second of its context's end,
// whatever it is doing, and says it was cancelled.
func TestCancelStopsACall(t *testing.T) {
	for _, file := range []string{"spin.star", "count_small.star"} {
		t.Run(file, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			start := time.Now()
			_, err := script.LoadProblemContext(ctx, file, hostile(t, file), script.Budget{Steps: 1 << 40, CallTime: time.Hour})
			if took := time.Since(start); !errors.Is(err, context.Canceled) || took > 1200*time.Millisecond {
				t.Fatalf("after %v: %v, want it cancelled within a second", took, err)
			}
		})
	}
}

// TestWideStatesCounted: a problem's states are counted at what their
// values take, in its own budget and in A*'s: states of Nones (200 here,
// so that the domain's first 4,096 states fit; 65,000 in the file) stop A*
// at its budget, with the heap near it (eight times the budget before).
func TestWideStatesCounted(t *testing.T) {
	const budget = 64 << 20
	src := strings.Replace(string(hostile(t, "wide_states.star")), "65000", "200", 1)
	p, err := script.LoadProblem("wide_states.star", []byte(src), script.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	for _, shared := range []bool{false, true} {
		name := map[bool]string{false: "A*'s own budget", true: "a shared budget"}[shared]
		t.Run(name, func(t *testing.T) {
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			d, err := p.Domain(p.Start(), script.Zero)
			if err != nil {
				t.Fatal(err)
			}
			opt := engine.Options{MaxMemory: budget}
			if shared {
				opt = engine.Options{Memory: engine.NewMemory(budget, "the test's budget")}
			}
			res, err := engine.AStar(context.Background(), d, opt)
			var me *engine.MemoryError
			if !errors.As(err, &me) {
				t.Fatalf("A* ended %v with %v after %d states, want its memory budget", res.Status, err, res.Stored)
			}
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if held := d.HeldBytes(); held < budget/2 || held > budget {
				t.Errorf("the domain holds %d MiB of a %d MiB budget", held>>20, budget>>20)
			}
			if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 2*budget {
				t.Errorf("the heap grew by %d MiB under a budget of %d MiB", grown>>20, budget>>20)
			}
			runtime.KeepAlive(d)
		})
	}
}

// TestIDAStatesCounted: IDA* stores no states, but a problem's domain
// keeps every state the search met; they count in a shared budget (the
// server's --max-memory), which stops IDA* with its error and gets every
// byte back when the search returns, with the heap near the budget. The
// states form a binary tree, each a tuple of 200 Nones: each iteration
// meets twice the states of the last (the script's own 512 MiB was the
// only bound).
func TestIDAStatesCounted(t *testing.T) {
	const budget = 32 << 20
	src := "start = 1\ndef goal(s):\n    return False\ndef state(i):\n    return (i,) + (None,) * 200\n" +
		"def moves(s):\n    i = s if type(s) == 'int' else s[0]\n    return [('a', state(2 * i), 1), ('b', state(2 * i + 1), 1)]\n"
	p, err := script.LoadProblem("tree.star", []byte(src), script.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	d, err := p.Domain(p.Start(), script.Zero)
	if err != nil {
		t.Fatal(err)
	}
	m := engine.NewMemory(budget, "the test's budget")
	res, err := engine.IDA(context.Background(), d, engine.Options{Memory: m})
	var me *engine.MemoryError
	if !errors.As(err, &me) || res.Status != trace.StatusLimit || !strings.Contains(err.Error(), "IDA* stopped: the test's budget is full") {
		t.Fatalf("IDA* ended %v with %v, want the shared budget full", res.Status, err)
	}
	if me.Kept < budget/2 || me.Kept > budget+budget/8 {
		t.Errorf("stopped with %d MiB kept, budget %d MiB", me.Kept>>20, budget>>20)
	}
	if err := d.Err(); err != nil {
		t.Errorf("the script's own budget stopped it too: %v", err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 2*budget {
		t.Errorf("the heap grew by %d MiB under a budget of %d MiB", grown>>20, budget>>20)
	}
	if used := m.Used(); used != 0 {
		t.Errorf("%d bytes still charged once the search returned", used)
	}
	runtime.KeepAlive(d)
}

// TestCallsChargedForTheirOwn: a call is charged for what it allocates,
// not for what others do: a heuristic that makes 320 MiB of garbage a call
// runs every call within 512 MiB, while another script beside it, which
// makes little, is never stopped by the first one's garbage.
func TestCallsChargedForTheirOwn(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates gigabytes of garbage")
	}
	garbage, err := script.LoadProblem("garbage.star", hostile(t, "garbage.star"), script.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	small, err := script.LoadProblem("p.star", []byte(base+"def h(s):\n    return len([i for i in range(1000)]) * 0\nheuristics = {'h': h}\n"), script.Budget{Memory: 16 << 20})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		d, err := garbage.Domain(garbage.Start(), "garbage")
		if err != nil {
			errs[0] = err
			return
		}
		for range 6 { // six calls, each of a new state
			d.Expand(engine.NoMove, make([]engine.Child, d.MaxBranch()))
			if d.Apply(0); d.Err() != nil {
				break
			}
		}
		errs[0] = d.Err()
	}()
	go func() {
		defer wg.Done()
		for range 20 {
			if err := search(t, string(smallSource(small)), "h", script.Budget{Memory: 16 << 20}); err != nil {
				errs[1] = err
				return
			}
		}
	}()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("script %d stopped: %v", i, err)
		}
	}
}

func smallSource(p *script.Problem) []byte { return p.Source }

// TestDeepReturnValueDescribed: a function that returns a list nested
// 300,000 deep gets an error that names its type, at once (writing it took
// Starlark n² time).
func TestDeepReturnValueDescribed(t *testing.T) {
	src := "start = 0\ngoal = 1\ndef moves(s):\n    x = []\n    for i in range(300000):\n        x = [x]\n    return [x]\n"
	p, err := script.LoadProblem("deep.star", []byte(src), script.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = p.Domain(p.Start(), script.Zero)
	if err == nil || !strings.Contains(err.Error(), "move 1 is a list too large or too deep to show") || time.Since(start) > 10*time.Second {
		t.Fatalf("after %v: %v", time.Since(start), err)
	}
}
