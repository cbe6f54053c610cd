package trace

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestChromeSlicesBalancedAndCounted(t *testing.T) {
	events, its := simRun([]int{0, 2, 1, 3, 0}, 1<<30)
	var buf bytes.Buffer
	c := NewChrome(&buf)
	for i := range events {
		c.Event(&events[i])
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		TraceEvents []struct {
			Name string         `json:"name"`
			Ph   string         `json:"ph"`
			Ts   int64          `json:"ts"`
			Tid  int            `json:"tid"`
			Args map[string]any `json:"args"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	begins := map[int]int64{}
	prunes := map[int]int64{}
	depth := map[int]int{}
	var last int64
	for _, e := range doc.TraceEvents {
		if e.Ph != "M" && e.Ts < last {
			t.Fatalf("time goes back: %d after %d", e.Ts, last)
		}
		if e.Ph != "M" {
			last = e.Ts
		}
		switch e.Ph {
		case "B":
			begins[e.Tid]++
			depth[e.Tid]++
		case "E":
			depth[e.Tid]--
			if depth[e.Tid] < 0 {
				t.Fatalf("track %d: a slice ends that never began", e.Tid)
			}
		case "i":
			if strings.HasPrefix(e.Name, "pruned ") {
				prunes[e.Tid]++
			}
		}
	}
	for tid, d := range depth {
		if d != 0 {
			t.Errorf("track %d: %d slices left open", tid, d)
		}
	}
	for _, it := range its {
		visited := it.Generated - it.Pruned
		if begins[it.Iteration] != visited || prunes[it.Iteration] != it.Pruned {
			t.Errorf("iteration %d: %d slices and %d prunes, want %d visited and %d pruned",
				it.Iteration, begins[it.Iteration], prunes[it.Iteration], visited, it.Pruned)
		}
	}
}
