package engine

import (
	"context"
	"sync"
)

// Memory is a memory budget that searches share: A* charges the states it
// stores to it as it grows, in blocks, and gives them back when it returns
// (viz compare's workers share --max-memory; the web server's searches,
// running or paused, share the server's budget). A charge that does not fit
// asks Reclaim, when set, to free some (the server stops its oldest paused
// search) and waits for what that frees; when nothing can be freed the
// search stops with a *MemoryError naming the budget.
type Memory struct {
	limit int64
	name  string
	// Reclaim is asked for need more bytes when a charge does not fit. It
	// stops some other search that holds memory, if it can, and reports
	// whether it did; the charge then waits for that search to give its
	// memory back. It is called without any lock held, and must not
	// charge.
	Reclaim func(need int64) bool

	mu       sync.Mutex
	used     int64
	released chan struct{} // closed and replaced at every release
}

// NewMemory returns a budget of limit bytes; name says whose it is in
// errors ("the memory budget the workers share").
func NewMemory(limit int64, name string) *Memory {
	return &Memory{limit: limit, name: name, released: make(chan struct{})}
}

// Limit is the budget's size in bytes.
func (m *Memory) Limit() int64 { return m.limit }

// Name says whose budget it is, as errors name it.
func (m *Memory) Name() string { return m.name }

// Used is what the searches hold now, in bytes.
func (m *Memory) Used() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.used
}

// charge takes n bytes of the budget for a search, reclaiming when they do
// not fit; it reports false when they cannot be had (or ctx is done).
func (m *Memory) charge(ctx context.Context, n int64) bool {
	for {
		if ctx != nil && ctx.Err() != nil {
			return false
		}
		m.mu.Lock()
		if m.used+n <= m.limit {
			m.used += n
			m.mu.Unlock()
			return true
		}
		need, released := m.used+n-m.limit, m.released
		m.mu.Unlock()
		if m.Reclaim == nil || !m.Reclaim(need) {
			return false
		}
		var done <-chan struct{}
		if ctx != nil {
			done = ctx.Done()
		}
		select {
		case <-released:
		case <-done:
			return false
		}
	}
}

// release gives n bytes back; every search that returns calls it, so a
// charge waiting on a search that Reclaim stopped wakes up even when that
// search held nothing.
func (m *Memory) release(n int64) {
	m.mu.Lock()
	m.used -= n
	close(m.released)
	m.released = make(chan struct{})
	m.mu.Unlock()
}

// account is what one search has charged to a shared Memory (none when
// m is nil), in blocks.
type account struct {
	m       *Memory
	charged int64
}

// cover charges blocks until total bytes are charged; it reports false
// when the budget cannot give them (or ctx is done).
func (a *account) cover(ctx context.Context, total int64) bool {
	for a.m != nil && total > a.charged {
		if !a.m.charge(ctx, a.m.block()) {
			return false
		}
		a.charged += a.m.block()
	}
	return true
}

// close gives back all that was charged; a search calls it once, when it
// returns, even when it charged nothing (see release).
func (a *account) close() {
	if a.m != nil {
		a.m.release(a.charged)
	}
}

// block is the granularity of A*'s charges: one lock every few thousand
// states, not one a state; a sixteenth of a small budget.
func (m *Memory) block() int64 { return max(min(4<<20, m.limit/16), 1) }
