// Package pancake is a whole puzzle in one page: what it takes to plug a new
// problem into the idaviz engine.
//
// A stack of n pancakes of sizes 0..n-1 is to be sorted, smallest on top, by
// flips: flip k turns the top k pancakes over (k = 2..n). The heuristic is
// the gap heuristic: the number of adjacent pairs, counting the plate as a
// pancake of size n below the stack, whose sizes differ by more than one. A
// flip changes only the pair at position k, so it removes at most one gap:
// the heuristic is admissible, and a child's value is computed from that one
// pair, without applying the flip.
package pancake

import (
	"fmt"
	"slices"
	"strconv"

	"idaviz/engine"
)

// Stack is a pancake stack, the top first; it implements engine.Domain.
type Stack struct {
	p   []int8
	gap int
}

// New makes a stack from the sizes top to bottom, which must be a
// permutation of 0..n-1.
func New(sizes ...int) (*Stack, error) {
	n := len(sizes)
	if n < 2 || n > 64 {
		return nil, fmt.Errorf("pancake: a stack needs 2 to 64 pancakes, got %d", n)
	}
	seen := make([]bool, n)
	s := &Stack{p: make([]int8, n)}
	for i, v := range sizes {
		if v < 0 || v >= n || seen[v] {
			return nil, fmt.Errorf("pancake: sizes must be a permutation of 0..%d; %d at position %d is not", n-1, v, i+1)
		}
		seen[v] = true
		s.p[i] = int8(v)
	}
	for k := 1; k <= n; k++ {
		s.gap += s.gapAt(k)
	}
	return s, nil
}

// gapAt is 1 when the pancake at k-1 and the one below it (or the plate)
// differ by more than one.
func (s *Stack) gapAt(k int) int {
	below := len(s.p)
	if k < len(s.p) {
		below = int(s.p[k])
	}
	if d := int(s.p[k-1]) - below; d > 1 || d < -1 {
		return 1
	}
	return 0
}

// Sizes returns the stack, top first.
func (s *Stack) Sizes() []int {
	out := make([]int, len(s.p))
	for i, v := range s.p {
		out[i] = int(v)
	}
	return out
}

// Move m flips the top m+2 pancakes.
func (s *Stack) NumMoves() int         { return len(s.p) - 1 }
func (s *Stack) MaxBranch() int        { return len(s.p) - 1 }
func (s *Stack) MoveName(m int) string { return "F" + strconv.Itoa(m+2) }
func (s *Stack) H() int                { return s.gap }

// IsGoal: the stack is sorted.
func (s *Stack) IsGoal() bool {
	for i, v := range s.p {
		if int(v) != i {
			return false
		}
	}
	return true
}

// Expand offers every flip but the one just made, which would undo it.
func (s *Stack) Expand(prev int, out []engine.Child) int {
	n := 0
	for m := 0; m < len(s.p)-1; m++ {
		if m == prev {
			continue
		}
		out[n] = engine.Child{Move: int32(m), Cost: 1, H: int32(s.gap + s.flipDelta(m+2))}
		n++
	}
	return n
}

// flipDelta is how the gap count changes if the top k are flipped: only the
// pair (k-1, k) changes, its top becoming the pancake now on top.
func (s *Stack) flipDelta(k int) int {
	below := len(s.p)
	if k < len(s.p) {
		below = int(s.p[k])
	}
	after := 0
	if d := int(s.p[0]) - below; d > 1 || d < -1 {
		after = 1
	}
	return after - s.gapAt(k)
}

func (s *Stack) Apply(m int) {
	k := m + 2
	s.gap += s.flipDelta(k)
	slices.Reverse(s.p[:k])
}

// Undo is Apply: a flip is its own inverse.
func (s *Stack) Undo(m int) { s.Apply(m) }

// Cut names the move the rule forbids: repeating the last flip.
func (s *Stack) Cut(prev int, out []int) int {
	out[0] = prev
	return 1
}

// AppendState and SetState let A* store states.
func (s *Stack) AppendState(dst []byte) []byte {
	for _, v := range s.p {
		dst = append(dst, byte(v))
	}
	return dst
}

func (s *Stack) SetState(b []byte) {
	s.gap = 0
	for i := range s.p {
		s.p[i] = int8(b[i])
	}
	for k := 1; k <= len(s.p); k++ {
		s.gap += s.gapAt(k)
	}
}

// Clone returns an independent copy, for parallel search.
func (s *Stack) Clone() engine.Domain {
	return &Stack{p: append([]int8(nil), s.p...), gap: s.gap}
}
