package export

import (
	"bytes"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// TestTreeExportBPMX: the tree exports say what the page says of BPMX, on
// the GUIDE's example after its first iteration's last child: the start's
// own h and the raised one (h 13↑15) and the sibling it saved, the child
// judged by the value it inherits (h↓14), in the SVG's lines and
// tooltips and in the DOT's labels.
func TestTreeExportBPMX(t *testing.T) {
	events := testrun.RecordPathmax(t, testrun.BPMXState)
	last := -1
	for i, e := range events {
		if e.Kind == trace.KindPrune && e.Node == 5 {
			last = i
		}
	}
	if last < 0 {
		t.Fatal("the run is not the GUIDE's example: no node 5 pruned")
	}
	data := testrun.Encode(t, events, trace.EncodingBinary)
	for _, c := range []struct {
		format string
		want   []string
	}{
		{"svg", []string{">h 13↑15</text>", ">1 saved</text>", ">h↓14</text>",
			"BPMX raised its h from 13 to 15", "1 child cut by BPMX", "it inherits h 14 from its parent"}},
		{"dot", []string{`"15\n0+13\nh 13↑15\n1 saved"`, `"15\n1+12\nh↓14"`}},
	} {
		rd, err := trace.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		w, err := TreeAtEvent(rd, last, 0)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if c.format == "svg" {
			err = w.WriteSVG(&out)
		} else {
			err = w.WriteDOT(&out)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.want {
			if !strings.Contains(out.String(), s) {
				t.Errorf("%s: no %q in\n%s", c.format, s, out.String())
			}
		}
	}
}
