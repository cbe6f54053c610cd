package trace

import (
	"math"
	"strconv"
)

// fastNode decodes a visit or prune line written exactly as the Recorder
// writes it, keys in its order, without encoding/json's reflection (ten
// times faster; node lines are nearly all of a node-level trace). It
// reports false for anything else, which then goes through encoding/json:
// on the lines it accepts, the two agree.
func fastNode(line []byte, e *Event) bool {
	s := scan{b: line, ok: true}
	var k Kind
	switch {
	case s.try(`{"kind":"visit","node":`):
		k = KindVisit
	case s.try(`{"kind":"prune","node":`):
		k = KindPrune
	default:
		return false
	}
	*e = Event{Kind: k}
	e.Node = s.uint()
	s.lit(`,"parent":`)
	e.Parent = s.uint()
	s.lit(`,"depth":`)
	e.Depth = s.int()
	s.lit(`,"g":`)
	e.G = s.int()
	s.lit(`,"h":`)
	e.H = s.int()
	s.lit(`,"f":`)
	e.F = s.int()
	s.lit(`,"move":`)
	e.Move = s.int()
	s.lit(`,"iteration":`)
	e.Iteration = s.int()
	s.lit(`,"bound":`)
	e.Bound = s.int()
	if k == KindPrune {
		switch {
		case s.try(`,"reason":"bound"`):
			e.Reason = ReasonBound
		case s.try(`,"reason":"move-rule"`):
			e.Reason = ReasonMoveRule
		default:
			return false
		}
	}
	s.lit("}")
	return s.ok && len(s.b) == 0
}

// scan reads a line piece by piece; ok turns false at the first surprise.
type scan struct {
	b  []byte
	ok bool
}

// lit expects p.
func (s *scan) lit(p string) {
	if !s.try(p) {
		s.ok = false
	}
}

// try consumes p if it comes next, and reports whether it did.
func (s *scan) try(p string) bool {
	if !s.ok || len(s.b) < len(p) || string(s.b[:len(p)]) != p {
		return false
	}
	s.b = s.b[len(p):]
	return true
}

// digits reads a JSON integer's digits as strconv writes them: no leading
// zero, no fraction or exponent, at most what fits in a uint64.
func (s *scan) digits() uint64 {
	if !s.ok || len(s.b) == 0 || s.b[0] < '0' || s.b[0] > '9' || s.b[0] == '0' && len(s.b) > 1 && s.b[1] >= '0' && s.b[1] <= '9' {
		s.ok = false
		return 0
	}
	var v uint64
	i := 0
	for ; i < len(s.b) && s.b[i] >= '0' && s.b[i] <= '9'; i++ {
		d := uint64(s.b[i] - '0')
		if v > (math.MaxUint64-d)/10 {
			s.ok = false
			return 0
		}
		v = v*10 + d
	}
	s.b = s.b[i:]
	return v
}

func (s *scan) uint() uint64 { return s.digits() }

func (s *scan) int() int {
	neg := s.ok && len(s.b) > 0 && s.b[0] == '-'
	if neg {
		s.b = s.b[1:]
	}
	v := s.digits()
	limit := uint64(1)<<(strconv.IntSize-1) - 1
	if neg {
		limit++
	}
	if v > limit {
		s.ok = false
		return 0
	}
	if neg {
		return int(-v)
	}
	return int(v)
}
