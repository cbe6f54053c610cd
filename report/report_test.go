package report

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

var sample = []Run{
	{Instance: 1, Heuristic: "misplaced", Algo: "ida", Solved: true, Length: 2, Generated: 6, Seconds: 0.5, EBF: 2},
	{Instance: 2, Heuristic: "misplaced", Algo: "ida", Solved: true, Length: 2, Generated: 14, Seconds: 1.5, EBF: 3},
	{Instance: 3, Heuristic: "misplaced", Algo: "ida", Solved: false, Length: 0, Generated: 100, Seconds: 2},
	{Instance: 1, Heuristic: "manhattan", Algo: "ida", Solved: true, Length: 2, Generated: 6, Seconds: 0.25, EBF: 2},
	{Instance: 2, Heuristic: "manhattan", Algo: "ida", Solved: true, Length: 4, Generated: 30, Seconds: 0.25, EBF: 2},
}

func TestSummarize(t *testing.T) {
	got := Summarize(sample)
	want := []Summary{
		{Series: Series{"misplaced", "ida"}, Runs: 3, Solved: 2, TotalGenerated: 120, MeanGenerated: 40, TotalSeconds: 4, MeanSeconds: 4.0 / 3, EBF: 2.5},
		{Series: Series{"manhattan", "ida"}, Runs: 2, Solved: 2, TotalGenerated: 36, MeanGenerated: 18, TotalSeconds: 0.5, MeanSeconds: 0.25, EBF: 2},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestByDepth(t *testing.T) {
	got := ByDepth(sample)
	want := []struct {
		s           string
		depth, runs int
		mean, ebf   float64
	}{
		// Depth 2: a mean of 10 nodes is b + b^2 = 10, b = 2.702.
		{"misplaced", 2, 2, 10, (math.Sqrt(41) - 1) / 2},
		{"manhattan", 2, 1, 6, 2},
		{"manhattan", 4, 1, 30, 2},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Heuristic != w.s || g.Depth != w.depth || g.Runs != w.runs || g.MeanGenerated != w.mean || math.Abs(g.EBF-w.ebf) > 1e-3 {
			t.Errorf("row %d: got %+v, want %+v", i, g, w)
		}
	}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, sample, 10); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Nodes generated per instance", "100 (unsolved)", "Summary per heuristic", "misplaced IDA*", "by solution depth", "2.70"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteHTMLIsSelfContained(t *testing.T) {
	runs := append([]Run(nil), sample...)
	runs[0].Iterations = []Iteration{{Bound: 2, Generated: 6, Predicted: 7.5}}
	var b bytes.Buffer
	if err := WriteHTML(&b, &Page{Title: "t <x>", Instances: "test", Runs: runs, Random: map[string][]float64{"manhattan": {0.5, 0.5}}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "<script src") || strings.Contains(out, "http://") && strings.Contains(out, `src="http`) {
		t.Error("the report loads a script from elsewhere")
	}
	for _, want := range []string{"t &lt;x&gt;", `data-chart="predicted"`, `data-chart="iterations"`, "echarts", "Summary per heuristic"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		sec  float64
		want string
	}{
		{0, "0"}, {0.0000123, "12.3 µs"}, {0.000999, "999 µs"}, {0.0042, "4.20 ms"}, {0.25, "250 ms"}, {1.5, "1.50 s"}, {123.4, "123 s"},
	} {
		if got := Duration(c.sec); got != c.want {
			t.Errorf("Duration(%g) = %q, want %q", c.sec, got, c.want)
		}
	}
}
