package draw

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/fold"
)

// The views are drawn in order by one Views, as a session draws a run's
// nodes: each draw must leave the domain at the start for the next.
func TestViewsNode(t *testing.T) {
	req, err := puzzles.NewRequest("8puzzle", "1 2 3 4 5 6 7 0 8", "", "")
	if err != nil {
		t.Fatal(err)
	}
	vs := &Views{}
	for _, tt := range []struct {
		name  string
		moves []int
		tiles []int  // the view's tiles (nil: no view)
		err   string // a part of the node's error
	}{
		{"the start", nil, []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, ""},
		{"the blank up", []int{0}, []int{1, 2, 3, 4, 0, 6, 7, 5, 8}, ""},
		{"the blank left, then up", []int{2, 0}, []int{1, 2, 3, 0, 5, 6, 4, 7, 8}, ""},
		{"the blank right, then back: a move the search never makes", []int{3, 2}, nil, "move 2 is not allowed after 1 moves"},
		{"the blank down, off the board", []int{1}, nil, "move 1 is not allowed after 0 moves"},
		{"a move the trace made up, after a good one", []int{0, 99}, nil, "move 99 is not allowed after 1 moves"},
		{"the start again, after the failures", nil, []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			nv := vs.Node(&req.Info, tt.moves, 1, 2, 3, len(tt.moves))
			if nv.G != 1 || nv.H != 2 || nv.F != 3 || nv.Depth != len(tt.moves) || len(nv.Moves) != len(tt.moves) {
				t.Errorf("numbers %+v, want g 1, h 2, f 3, depth and moves %d", nv, len(tt.moves))
			}
			if nv.Renderer != "tiles" {
				t.Errorf("renderer %q, want tiles", nv.Renderer)
			}
			if tt.err != "" {
				if !strings.Contains(nv.Error, tt.err) || nv.View != nil {
					t.Fatalf("error %q and view %s, want an error with %q and no view", nv.Error, nv.View, tt.err)
				}
				return
			}
			if nv.Error != "" {
				t.Fatalf("error %q", nv.Error)
			}
			var v struct{ Tiles []int }
			if err := json.Unmarshal(nv.View, &v); err != nil {
				t.Fatalf("view %s: %v", nv.View, err)
			}
			if !slices.Equal(v.Tiles, tt.tiles) {
				t.Errorf("tiles %v, want %v", v.Tiles, tt.tiles)
			}
		})
	}
}

// What cannot be drawn says why in the node, and keeps the node's numbers.
func TestViewsNoDrawing(t *testing.T) {
	for _, tt := range []struct {
		name string
		vs   *Views
		info *trace.RunInfo
		err  string // "" : no drawing and no error
	}{
		{"no views", nil, &trace.RunInfo{Puzzle: "8puzzle", Instance: "1 2 3 4 5 6 7 0 8"}, ""},
		{"no metadata", &Views{}, nil, ""},
		{"a puzzle of no catalogue", &Views{}, &trace.RunInfo{Puzzle: "no-such-puzzle", Instance: "1"}, "no-such-puzzle"},
		{"an instance its puzzle cannot read", &Views{}, &trace.RunInfo{Puzzle: "8puzzle", Instance: "1 2 3"}, "the run's instance"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			nv := tt.vs.Node(tt.info, []int{0}, 4, 5, 9, 1)
			if nv.G != 4 || nv.H != 5 || nv.F != 9 || nv.Depth != 1 || len(nv.Moves) != 1 {
				t.Errorf("numbers %+v, want g 4, h 5, f 9, depth 1, one move", nv)
			}
			if nv.View != nil {
				t.Errorf("view %s, want none", nv.View)
			}
			if tt.err == "" && nv.Error != "" || !strings.Contains(nv.Error, tt.err) {
				t.Errorf("error %q, want %q", nv.Error, tt.err)
			}
		})
	}
}

// A RunData's drawer is a nil *Views when the server draws nothing: the
// fold must build its state with it as with no drawer.
func TestNilViewsInState(t *testing.T) {
	var vs *Views
	nv := fold.Node(vs, &trace.RunInfo{Puzzle: "8puzzle"}, nil, 0, 3, 3, 0)
	if nv.Renderer != "" || nv.View != nil || nv.Error != "" || nv.H != 3 {
		t.Errorf("%+v, want h 3 and nothing drawn", nv)
	}
}
