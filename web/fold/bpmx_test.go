package fold

import (
	"fmt"
	"testing"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// TestBPMXInWords folds the GUIDE's example of BPMX (the 15-puzzle's
// pdb555d: h 6 at the start, 9 one move away, blank left) and checks what
// the page is told at each step of its first iteration: the raise on the
// start (its own h kept, the raised f drawn, the raise lines of the
// pseudo-code, the stack's h), the blank-down child judged by the value it
// inherited and counted on the start as saved, and the last child's words
// saying what BPMX did there; in the second iteration, the raise again,
// now within the bound, and the blank-down child visited at the value it
// inherits.
func TestBPMXInWords(t *testing.T) {
	events := testrun.RecordPathmax(t, testrun.BPMXState)
	r := NewRun(1, trace.LevelNode, DefaultTreeLimit)
	want := map[string]string{
		"raise 1":  "BPMX: a child's h, less the move's cost, raises the start's h to 8 (its own is 6): f = 0 + 8 = 8 is over the bound 6, so its 4 children left are cut without a visit",
		"prune 3":  "prune node 3: its own f = 1 + 5 = 6, but it inherits h 7 from its parent (pathmax): f = 8 is over the bound 6: without BPMX it would have been visited",
		"prune 4":  "prune node 4: f = 1 + 9 = 10 is over the bound 6",
		"prune 5":  "prune node 5: f = 1 + 7 = 8 is over the bound 6; BPMX: child's h 9 raised the start's h to 8; 1 sibling not visited (its own f was within the bound)",
		"raise 6":  "BPMX: a child's h, less the move's cost, raises the start's h to 8 (its own is 6): f = 0 + 8 = 8, still within the bound 8",
		"visit 11": "visit node 11: its h is 5, but it inherits 7 from its parent (pathmax): f = 1 + 7 = 8, within the bound 8",
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
		if root.H != 6 || root.F != 8 || !root.Raised {
			t.Errorf("%s: the start drawn h %d, f %d, raised %v: want its own h 6 and the raised f 8", key, root.H, root.F, root.Raised)
		}
		if !f.Algo.Pathmax {
			t.Errorf("%s: the pseudo-code is not the one with BPMX", key)
		}
		switch key {
		case "raise 1":
			top := f.Algo.Stack[len(f.Algo.Stack)-1]
			if f.Algo.Line != LineRaise || top.H != 8 || top.F != 8 || top.Left == nil || *top.Left != 4 {
				t.Errorf("raise: line %q, stack top %+v: want the raise line, h 8, f 8, 4 left", f.Algo.Line, top)
			}
			if f.Tree.Last != 1 || f.Last == nil || f.Last.Node != 1 || f.Last.H != 8 {
				t.Errorf("raise: the current node is %d (state panel %+v), want the start with h 8", f.Tree.Last, f.Last)
			}
		case "prune 5":
			if root.Saved != 1 || len(root.Children) != 4 || !root.Children[1].Inherited || root.Children[1].ID != 3 {
				t.Errorf("after the start's children: saved %d, children %+v: want 1 saved, node 3 inherited", root.Saved, root.Children)
			}
			if f.Tree.Nodes != 5 {
				t.Errorf("the first iteration's tree has %d nodes, want 5", f.Tree.Nodes)
			}
		}
	}
	if seen != len(want) {
		t.Fatalf("%d of the %d events looked for were in the run", seen, len(want))
	}
}
