package web

import (
	"fmt"
	"sync"
	"time"

	"idaviz/engine"
	"idaviz/internal/bytesize"
	"idaviz/lang"
)

// DefaultServerMemory is what all of a server's A* searches may hold
// together, running or paused (Options.MaxMemory): four of a page's A*
// searches at their own budget.
const DefaultServerMemory = 4 * DefaultSearchMemory

// memoryPool is the server's memory budget for its A* searches and its
// searches of problems written in Starlark (whose domain keeps every state
// it met, whatever the algorithm), running or paused, and the runs that
// may hold some of it. A paused A* search keeps
// every state it stored (a tab of four kept runs held 700 MB, and a class
// of tabs can hold more than the machine has): when a search needs more
// than the budget has left, the run paused the longest is stopped to make
// room, its page told why; when no run is paused, the search that needs
// more stops, as at its own budget.
type memoryPool struct {
	budget *engine.Memory
	limit  int64 // the budget's size, for the page

	mu   sync.Mutex
	runs map[*run]*session // live runs that may hold some of the budget (liveSource.charged)
}

func newMemoryPool(limit int64) *memoryPool {
	m := &memoryPool{runs: map[*run]*session{}, limit: limit}
	m.budget = engine.NewMemory(limit, fmt.Sprintf("the server's memory budget for searches (%s, viz serve --max-memory)", bytesize.Text(limit)))
	m.budget.Reclaim = m.reclaim
	return m
}

func (m *memoryPool) add(r *run, s *session) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs[r] = s
}

func (m *memoryPool) remove(r *run) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.runs, r)
}

// reclaim stops the run paused the longest (a paused run waits inside its
// search, so its memory comes back when the search returns) and reports
// whether there was one.
func (m *memoryPool) reclaim(int64) bool {
	m.mu.Lock()
	var victim *run
	var since time.Time
	for r := range m.runs {
		t := r.p.pausedSince()
		if t.IsZero() || r.evicted {
			continue
		}
		if victim == nil || t.Before(since) {
			victim, since = r, t
		}
	}
	var s *session
	if victim != nil {
		victim.evicted = true
		s = m.runs[victim]
	}
	m.mu.Unlock()
	if victim == nil {
		return false
	}
	algo, why := engine.AlgorithmAStar, "server.evicted-astar"
	if live, ok := victim.src.(*liveSource); ok && live.algo != engine.AlgorithmAStar {
		algo, why = live.algo, "server.evicted-script"
	}
	s.evict(victim, say(why, lang.Args{"Run": victim.id, "Algorithm": algo.Title(), "Size": bytesize.Text(m.limit)}))
	return true
}
