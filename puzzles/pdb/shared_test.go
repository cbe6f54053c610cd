package pdb

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// waitFor is a Shared's waiting hook that reports on a channel when n
// callers wait for one load.
func waitFor(n int) (hook func(string, int), reached <-chan struct{}) {
	c := make(chan struct{})
	var once atomic.Bool
	return func(_ string, got int) {
		if got >= n && once.CompareAndSwap(false, true) {
			close(c)
		}
	}, c
}

// hangs is how long a test waits for what must happen before it calls it a
// hang: generous, for a loaded machine; nothing waits this long when all is
// well. The same limit as the web package's and puzzles/rubik's.
const hangs = 60 * time.Second

func TestSharedLoadsOnce(t *testing.T) {
	var s Shared[int]
	var all <-chan struct{}
	s.waiting, all = waitFor(3)
	var loads atomic.Int32
	load := func(ctx context.Context, progress func(Progress)) (int, error) {
		loads.Add(1)
		<-all // every caller waits: each follows the progress
		progress(Progress{Table: "x", Filled: 1, Total: 2})
		return 42, nil
	}
	var seen [3]atomic.Int32
	results := make(chan int, 3)
	for i := range 3 {
		go func() {
			v, err := s.Get(context.Background(), "x", load, func(Progress) { seen[i].Add(1) })
			if err != nil {
				t.Error(err)
			}
			results <- v
		}()
	}
	for range 3 {
		if v := <-results; v != 42 {
			t.Fatalf("Get = %d, want 42", v)
		}
	}
	if n := loads.Load(); n != 1 {
		t.Fatalf("%d loads, want 1", n)
	}
	for i := range seen {
		if n := seen[i].Load(); n != 1 {
			t.Errorf("caller %d saw %d progress reports, want 1", i, n)
		}
	}
	if v, err := s.Get(context.Background(), "x", load, nil); v != 42 || err != nil || loads.Load() != 1 {
		t.Fatalf("a later Get: %d, %v, loads %d", v, err, loads.Load())
	}
}

func TestSharedCancelsWhenNobodyWaits(t *testing.T) {
	var s Shared[int]
	var both <-chan struct{}
	s.waiting, both = waitFor(2)
	loadCtx := make(chan context.Context, 1)
	ended := make(chan struct{})
	load := func(ctx context.Context, progress func(Progress)) (int, error) {
		loadCtx <- ctx
		<-ctx.Done()
		close(ended)
		return 0, ctx.Err()
	}
	ctx1, cancel1 := context.WithCancel(context.Background())
	ctx2, cancel2 := context.WithCancel(context.Background())
	errs := make(chan error, 2)
	go func() { _, err := s.Get(ctx1, "x", load, nil); errs <- err }()
	go func() { _, err := s.Get(ctx2, "x", load, nil); errs <- err }()
	<-both
	lctx := <-loadCtx
	cancel1()
	if err := <-errs; !errors.Is(err, context.Canceled) {
		t.Fatalf("first caller: %v", err)
	}
	// A caller that gives up decides then and there whether the load goes
	// on: here it must, for the other caller.
	if lctx.Err() != nil {
		t.Fatal("the load was cancelled while a caller still waited")
	}
	cancel2()
	<-errs
	if lctx.Err() == nil {
		t.Fatal("the load goes on with nobody waiting")
	}
	// A later caller starts afresh, even while the cancelled load winds
	// down.
	ok := func(ctx context.Context, progress func(Progress)) (int, error) { return 7, nil }
	if v, err := s.Get(context.Background(), "x", ok, nil); v != 7 || err != nil {
		t.Fatalf("Get after a cancelled load: %d, %v", v, err)
	}
	select {
	case <-ended:
	case <-time.After(hangs):
		t.Fatal("the cancelled load never ended")
	}
}

func TestSharedOtherNamesDoNotWait(t *testing.T) {
	var s Shared[int]
	block := make(chan struct{})
	defer close(block)
	started := make(chan struct{})
	slow := func(ctx context.Context, progress func(Progress)) (int, error) {
		close(started)
		<-block
		return 1, nil
	}
	go s.Get(context.Background(), "slow", slow, nil)
	<-started
	done := make(chan struct{})
	go func() {
		s.Get(context.Background(), "fast", func(context.Context, func(Progress)) (int, error) { return 2, nil }, nil)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(hangs):
		t.Fatal("a table waits for another's load")
	}
}
