package pdb

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestSharedLoadsOnce(t *testing.T) {
	var s Shared[int]
	var loads atomic.Int32
	release := make(chan struct{})
	load := func(ctx context.Context, progress func(Progress)) (int, error) {
		loads.Add(1)
		progress(Progress{Table: "x", Filled: 1, Total: 2})
		<-release
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
	time.Sleep(20 * time.Millisecond)
	close(release)
	for range 3 {
		if v := <-results; v != 42 {
			t.Fatalf("Get = %d, want 42", v)
		}
	}
	if n := loads.Load(); n != 1 {
		t.Fatalf("%d loads, want 1", n)
	}
	if v, err := s.Get(context.Background(), "x", load, nil); v != 42 || err != nil || loads.Load() != 1 {
		t.Fatalf("a later Get: %d, %v, loads %d", v, err, loads.Load())
	}
}

func TestSharedCancelsWhenNobodyWaits(t *testing.T) {
	var s Shared[int]
	cancelled := make(chan struct{})
	load := func(ctx context.Context, progress func(Progress)) (int, error) {
		<-ctx.Done()
		close(cancelled)
		return 0, ctx.Err()
	}
	ctx1, cancel1 := context.WithCancel(context.Background())
	ctx2, cancel2 := context.WithCancel(context.Background())
	errs := make(chan error, 2)
	go func() { _, err := s.Get(ctx1, "x", load, nil); errs <- err }()
	go func() { _, err := s.Get(ctx2, "x", load, nil); errs <- err }()
	time.Sleep(20 * time.Millisecond)
	cancel1()
	if err := <-errs; !errors.Is(err, context.Canceled) {
		t.Fatalf("first caller: %v", err)
	}
	select {
	case <-cancelled:
		t.Fatal("the load was cancelled while a caller still waited")
	case <-time.After(30 * time.Millisecond):
	}
	cancel2()
	<-errs
	select {
	case <-cancelled:
	case <-time.After(2 * time.Second):
		t.Fatal("the load goes on with nobody waiting")
	}
	// A later caller starts afresh.
	ok := func(ctx context.Context, progress func(Progress)) (int, error) { return 7, nil }
	if v, err := s.Get(context.Background(), "x", ok, nil); v != 7 || err != nil {
		t.Fatalf("Get after a cancelled load: %d, %v", v, err)
	}
}

func TestSharedOtherNamesDoNotWait(t *testing.T) {
	var s Shared[int]
	block := make(chan struct{})
	defer close(block)
	slow := func(ctx context.Context, progress func(Progress)) (int, error) { <-block; return 1, nil }
	go s.Get(context.Background(), "slow", slow, nil)
	time.Sleep(10 * time.Millisecond)
	done := make(chan struct{})
	go func() {
		s.Get(context.Background(), "fast", func(context.Context, func(Progress)) (int, error) { return 2, nil }, nil)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("a table waits for another's load")
	}
}
