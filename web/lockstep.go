package web

import (
	"idaviz/web/fold"
)

// The lock-step's moves (fold/lockstep.go builds what the page shows of
// it): the session sets the modes of the runs that move together, and
// nothing else, so each run stays released by its context as ever.

// lockstep moves the runs in lock-step to the next bound: each whose next
// iteration has that bound searches it to its end.
func (s *session) lockstep() error {
	s.mu.Lock()
	rs := append([]*run(nil), s.runs...)
	s.mu.Unlock()
	data := s.runData(rs, 0)
	g := fold.LockGroup(data)
	if g == nil {
		return say("server.lockstep-needs")
	}
	next := fold.NextLockBound(data, g)
	if next == 0 {
		return say("server.lockstep-ended")
	}
	for _, i := range g {
		if b, ok := fold.PendingBound(&data[i].Frame.Stats); ok && b == next {
			rs[i].p.setMode(modeToBound, 0)
		}
	}
	s.mu.Lock()
	s.lockBound = next
	s.mu.Unlock()
	s.notify()
	return nil
}

// lockTrees fetches, for the runs in lock-step, their tree windows at the
// lock-step bound.
func lockTrees(runs []fold.RunData, ps []*player, bound int) {
	if bound <= 0 {
		return
	}
	for _, i := range fold.LockGroup(runs) {
		if tv, ok := ps[i].treeAtBound(bound); ok {
			runs[i].LockTree = &tv
		}
	}
}
