package fold

import (
	"strings"
	"testing"
	"unicode"

	"idaviz/lang"
	"idaviz/trace"
)

// TestChartsInLanguage: every word of every chart (titles, axes, series,
// mark lines) is in the run's language, a single run's charts and a
// comparison's: Chinese in zh-CN, marked in the pseudo-locale. Names that
// are data (f, a run's name) are left as they are.
func TestChartsInLanguage(t *testing.T) {
	for _, tt := range []struct {
		tag string
		ok  func(string) bool
	}{
		{lang.Chinese, func(s string) bool {
			return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
		}},
		{lang.Pseudo, lang.Marked},
	} {
		t.Run(tt.tag, func(t *testing.T) {
			l := lang.New(tt.tag)
			charts := ChartTemplates(l)
			a := RunStats{ID: 1, Label: "manhattan ida", Lang: l, Snapshot: trace.Snapshot{Run: &trace.RunInfo{Heuristic: "manhattan"},
				Current: trace.Iteration{Iteration: 2, Bound: 5, VisitF: []int64{0, 1}}}}
			a.Iterations = []trace.Iteration{{Iteration: 1, Bound: 4, NextBound: 5, VisitF: []int64{1}}, a.Current}
			b := a
			b.ID, b.Label = 2, "misplaced ida"
			for k, v := range chartsOf(a, []RunStats{a, b}, 5) {
				charts["compare-"+k] = v
			}
			for name, c := range charts {
				if c == nil {
					continue
				}
				var o map[string]any
				if err := decoded(c, &o); err != nil {
					t.Fatal(err)
				}
				for _, w := range chartWords(o) {
					if !tt.ok(w) {
						t.Errorf("%s: %q is not in %s", name, w, tt.tag)
					}
				}
			}
		})
	}
	if got := whyNoIteration(&RunStats{Lang: lang.New(lang.Chinese)}, 7); got != "未保留阈值 7 的搜索树" {
		t.Errorf("lock-step's note in Chinese: %q", got)
	}
}

// chartWords are a chart's words: its title, its axes' names (but f), its
// series' names (but the runs' own, #1 ..., and a heuristic's, h: name)
// and its mark lines' names.
func chartWords(o map[string]any) []string {
	var ws []string
	add := func(v any) {
		if s, ok := v.(string); ok && s != "" && s != "f" && !strings.HasPrefix(s, "#") && !strings.Contains(s, "{heuristic}") {
			ws = append(ws, s)
		}
	}
	list := func(v any) []map[string]any {
		var out []map[string]any
		switch v := v.(type) {
		case map[string]any:
			out = append(out, v)
		case []any:
			for _, x := range v {
				if m, ok := x.(map[string]any); ok {
					out = append(out, m)
				}
			}
		}
		return out
	}
	for _, t := range list(o["title"]) {
		add(t["text"])
		add(t["subtext"])
	}
	for _, k := range []string{"xAxis", "yAxis"} {
		for _, a := range list(o[k]) {
			add(a["name"])
		}
	}
	for _, s := range list(o["series"]) {
		add(s["name"])
		if ml, ok := s["markLine"].(map[string]any); ok {
			for _, d := range list(ml["data"]) {
				add(d["name"])
			}
		}
	}
	return ws
}

// TestNarrationInLanguage: an event in words, in English and in Chinese,
// from the same catalogue.
func TestNarrationInLanguage(t *testing.T) {
	prune := trace.Event{Kind: trace.KindPrune, Reason: trace.ReasonBound, Node: 7, Depth: 2, G: 3, H: 6, F: 9, Bound: 8}
	expand := trace.Event{Kind: trace.KindExpand, Node: 4, Depth: 1, Children: 1}
	rise := trace.Event{Kind: trace.KindBoundIncrease, Bound: 8, NewBound: 9}
	end := trace.Event{Kind: trace.KindRunEnd, Status: trace.StatusSolved}
	for _, tt := range []struct {
		tag  string
		e    trace.Event
		want string
	}{
		{lang.English, prune, "prune node 7: f = 3 + 6 = 9 is over the bound 8"},
		{lang.Chinese, prune, "剪枝节点 7：f = 3 + 6 = 9 超过阈值 8"},
		{lang.English, expand, "expand node 4: 1 child to try"},
		{lang.Chinese, expand, "扩展节点 4：有 1 个子节点待尝试"},
		{lang.Chinese, rise, "阈值 8 内无解：阈值升至 9，即被剪枝节点中最小的 f"},
		{lang.English, end, "the search ends: solved"},
		{lang.Chinese, end, "搜索结束：已求解"},
		{lang.Pseudo, end, "⟦thé séárçh éñds: ⟦sólvéd⟧⟧"},
	} {
		if got := describeEvent(lang.New(tt.tag), &tt.e, false); got != tt.want {
			t.Errorf("%s: %s reads %q, want %q", tt.tag, tt.e.Kind, got, tt.want)
		}
	}
}
