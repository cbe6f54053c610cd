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
// own h and the raised one (h 6↑8) and the sibling it saved, the
// blank-down child judged by the value it inherits (h↓7), in the SVG's
// lines and tooltips and in the DOT's labels.
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
		{"svg", []string{">h 6↑8</text>", ">1 saved</text>", ">h↓7</text>",
			"BPMX raised its h from 6 to 8", "1 child cut by BPMX", "it inherits h 7 from its parent"}},
		{"dot", []string{`"8\n0+6\nh 6↑8\n1 saved"`, `"8\n1+5\nh↓7"`}},
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
