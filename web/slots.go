package web

import (
	"context"
	"sync/atomic"
)

// slots caps the searches that compute at once across the server. A search
// holds a slot while its engine computes and gives it back while it waits
// for the page (a paused or stepped run costs no CPU), so a class can step
// through searches side by side while at most cap of them compute, and the
// page stays responsive however many tabs are open.
type slots struct {
	c       chan struct{}
	waiting atomic.Int64 // searches queued for a slot, for the page
	changed func()       // a test hook: a slot was taken or given back, or a search queued
}

func newSlots(n int) *slots { return &slots{c: make(chan struct{}, n)} }

// acquire waits for a slot; it reports false when ctx ended first. Nil
// slots are no cap (a tab of viz site, or a caller that holds a slot):
// acquire takes nothing and release gives nothing back.
func (s *slots) acquire(ctx context.Context) bool {
	if s == nil {
		return true
	}
	defer s.tell()
	select {
	case s.c <- struct{}{}:
		return true
	default:
	}
	s.waiting.Add(1)
	s.tell()
	defer s.waiting.Add(-1)
	select {
	case s.c <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *slots) release() {
	if s == nil {
		return
	}
	<-s.c
	s.tell()
}

func (s *slots) tell() {
	if s.changed != nil {
		s.changed()
	}
}

// limit is the cap.
func (s *slots) limit() int { return cap(s.c) }
