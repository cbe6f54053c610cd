package fold

import (
	"fmt"
	"testing"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// TestBPMXInWords folds the GUIDE's example of BPMX (the 15-puzzle's
// pdb555d: h 13 at the start, 16 one move up) and checks what the page is
// told at each step of its first iteration: the raise on the start (its own
// h kept, the raised f drawn, the raise lines of the pseudo-code, the
// stack's h), the child judged by the value it inherited and counted on the
// start as saved, and the last child's words saying what BPMX did there.
func TestBPMXInWords(t *testing.T) {
	events := testrun.RecordPathmax(t, testrun.BPMXState)
	r := NewRun(1, trace.LevelNode, DefaultTreeLimit)
	want := map[string]string{
		"raise 1": "BPMX: a child's h, less the move's cost, raises the start's h to 15 (its own is 13): f = 0 + 15 = 15 is over the bound 13, so its 4 children left are cut without a visit",
		"prune 4": "prune node 4: its own f = 1 + 12 = 13, but it inherits h 14 from its parent (pathmax): f = 15 is over the bound 13: without BPMX it would have been visited",
		"prune 5": "prune node 5: f = 1 + 14 = 15 is over the bound 13; BPMX: child's h 16 raised the start's h to 15; 1 sibling not visited (its own f was within the bound)",
		"raise 6": "BPMX: a child's h, less the move's cost, raises the start's h to 15 (its own is 13): f = 0 + 15 = 15, still within the bound 15",
	}
	seen := 0
	for i := range events {
		e := &events[i]
		r.Apply(e)
		key := fmt.Sprintf("%s %d", e.Kind, e.Node)
		w, ok := want[key]
		if !ok {
			continue
		}
		seen++
		f := r.Frame(0, nil)
		if f.LastEvent != w {
			t.Errorf("%s: the page says\n%q\nwant\n%q", key, f.LastEvent, w)
		}
		root := f.Tree.Root
		if root.H != 13 || root.F != 15 || !root.Raised {
			t.Errorf("%s: the start drawn h %d, f %d, raised %v: want its own h 13 and the raised f 15", key, root.H, root.F, root.Raised)
		}
		if !f.Algo.Pathmax {
			t.Errorf("%s: the pseudo-code is not the one with BPMX", key)
		}
		switch key {
		case "raise 1":
			top := f.Algo.Stack[len(f.Algo.Stack)-1]
			if f.Algo.Line != LineRaise || top.H != 15 || top.F != 15 || top.Left == nil || *top.Left != 4 {
				t.Errorf("raise: line %q, stack top %+v: want the raise line, h 15, f 15, 4 left", f.Algo.Line, top)
			}
			if f.Tree.Last != 1 || f.Last == nil || f.Last.Node != 1 || f.Last.H != 15 {
				t.Errorf("raise: the current node is %d (state panel %+v), want the start with h 15", f.Tree.Last, f.Last)
			}
		case "prune 5":
			if root.Saved != 1 || len(root.Children) != 4 || !root.Children[2].Inherited || root.Children[2].ID != 4 {
				t.Errorf("after the start's children: saved %d, children %+v: want 1 saved, node 4 inherited", root.Saved, root.Children)
			}
		}
	}
	if seen != len(want) {
		t.Fatalf("%d of the %d events looked for were in the run", seen, len(want))
	}
}
