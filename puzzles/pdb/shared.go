package pdb

import (
	"context"
	"path/filepath"
	"sync"
)

// Shared holds the tables a process has opened, by name: they are big and
// read-only, so every search shares one copy. A table is loaded (or built)
// once however many ask at the same time; each caller can give up through
// its own context, and a build that nobody waits for any more is cancelled.
// Nothing is held locked while a table loads, so a search that needs another
// table, or none, never waits for it.
type Shared[T any] struct {
	mu sync.Mutex
	m  map[string]*loading[T]

	// waiting, when set (by tests), is told how many callers wait for a
	// load each time one more does.
	waiting func(name string, n int)
}

type loading[T any] struct {
	done     chan struct{}
	val      T
	err      error
	waiters  map[int]func(Progress) // the progress of each caller waiting
	next     int
	cancel   context.CancelFunc
	finished bool
}

// Get returns the table called name, calling load for it when no other
// caller has (or is). progress, when not nil, follows the load for as long as
// this caller waits.
func (s *Shared[T]) Get(ctx context.Context, name string, load func(ctx context.Context, progress func(Progress)) (T, error), progress func(Progress)) (T, error) {
	var zero T
	// A table is known by its name in the cache folder of the moment: a
	// process that points IDAVIZ_CACHE_DIR elsewhere (tests do) opens that
	// folder's table, not the one it had.
	if dir, err := CacheDir(); err == nil {
		name = filepath.Join(dir, name)
	}
	s.mu.Lock()
	if s.m == nil {
		s.m = map[string]*loading[T]{}
	}
	l := s.m[name]
	if l != nil && l.finished {
		s.mu.Unlock()
		return l.val, nil
	}
	if l == nil {
		lctx, cancel := context.WithCancel(context.Background())
		l = &loading[T]{done: make(chan struct{}), waiters: map[int]func(Progress){}, cancel: cancel}
		s.m[name] = l
		go s.run(lctx, name, l, load)
	}
	id := l.next
	l.next++
	l.waiters[id] = progress
	n := len(l.waiters)
	s.mu.Unlock()
	if s.waiting != nil {
		s.waiting(name, n)
	}

	select {
	case <-l.done:
		s.mu.Lock()
		delete(l.waiters, id)
		s.mu.Unlock()
		if l.err != nil {
			return zero, l.err
		}
		return l.val, nil
	case <-ctx.Done():
		s.mu.Lock()
		delete(l.waiters, id)
		if len(l.waiters) == 0 && !l.finished {
			l.cancel()
			// A later caller starts afresh rather than join a load
			// that is winding down (and would hand it this cancellation).
			if s.m[name] == l {
				delete(s.m, name)
			}
		}
		s.mu.Unlock()
		return zero, ctx.Err()
	}
}

func (s *Shared[T]) run(ctx context.Context, name string, l *loading[T], load func(context.Context, func(Progress)) (T, error)) {
	defer l.cancel()
	fan := func(p Progress) {
		s.mu.Lock()
		fs := make([]func(Progress), 0, len(l.waiters))
		for _, f := range l.waiters {
			if f != nil {
				fs = append(fs, f)
			}
		}
		s.mu.Unlock()
		for _, f := range fs {
			f(p)
		}
	}
	val, err := load(ctx, fan)
	s.mu.Lock()
	l.val, l.err = val, err
	switch {
	case err == nil:
		l.finished = true
		if s.m[name] == nil {
			s.m[name] = l // done just as its last caller gave up: kept all the same
		}
	case s.m[name] == l:
		// A failed or cancelled load is forgotten: the next caller tries again.
		delete(s.m, name)
	}
	s.mu.Unlock()
	close(l.done)
}
