package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// TestCompareReportOffline opens the --html report from disk in headless
// chromium with the network emulated offline, and checks that every chart
// drew, that nothing was fetched but the file itself, and that nothing threw.
func TestCompareReportOffline(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "report.html")
	status, _, errs := runViz(t, "", "compare", "--instances", "testdata/eight.txt", "--heuristic", "misplaced,manhattan,linear-conflict", "--html", path)
	if status != exitOK {
		t.Fatalf("compare: status %d, %s", status, errs)
	}
	b := browsertest.Open(t, 10*time.Minute) // generous: a loaded machine
	b.Offline()
	bctx := b.Ctx
	if err := chromedp.Do(bctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	ready, err := chromedp.Run(bctx, chromedp.Poll[bool](`window.reportCharts > 0`, chromedp.WithPollingTimeout(2*time.Minute)))
	if err != nil || !ready {
		t.Fatalf("the report drew no chart: %v", err)
	}
	// Each chart div holds an echarts instance with series and a canvas
	// that echarts painted.
	type chart struct {
		ID     string `json:"id"`
		Series int    `json:"series"`
		Canvas bool   `json:"canvas"`
	}
	charts, err := chromedp.Run(bctx, chromedp.Evaluate[[]chart](`Array.from(document.querySelectorAll('[data-chart]')).map(el => {
		const c = echarts.getInstanceByDom(el);
		return {id: el.dataset.chart, series: c ? c.getOption().series.length : 0, canvas: !!el.querySelector('canvas')};
	})`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"nodes", "iterations", "ebf", "values", "time", "predicted"}
	if len(charts) != len(want) {
		t.Errorf("%d charts, want %d: %+v", len(charts), len(want), charts)
	}
	for i, c := range charts {
		if i < len(want) && c.ID != want[i] || c.Series == 0 || !c.Canvas {
			t.Errorf("chart %d: %+v", i, c)
		}
	}
	rows, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll('table tr').length`))
	if err != nil || rows < 4+1 {
		t.Errorf("the tables have %d rows (%v)", rows, err)
	}
	// What a reader trips on: a fast run's time as "0.0000", instances
	// joined by lines as if something lay between them, the h values'
	// zig-zag unexplained.
	bad, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`(() => {
		const bad = [];
		for (const td of document.querySelectorAll('td')) if (/^0\.0+$/.test(td.textContent.trim())) bad.push('a cell reads ' + td.textContent);
		for (const id of ['nodes', 'time']) {
			const o = echarts.getInstanceByDom(document.querySelector('[data-chart=' + id + ']')).getOption();
			for (const s of o.series) if (s.type !== 'bar') bad.push(id + ': series ' + s.name + ' is a ' + s.type);
		}
		if (!document.querySelector('[data-note=parity]')) bad.push('no word on the h values zig-zagging by parity');
		return bad;
	})()`))
	if err != nil || len(bad) > 0 {
		t.Errorf("the report: %v (%v)", bad, err)
	}
	browsertest.Shot(t, bctx, "compare-report")
	requests, exceptions := b.Seen()
	for _, x := range exceptions {
		t.Errorf("the report threw: %s", x)
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") {
			t.Errorf("the report made a request: %s", r)
		}
	}
}
