package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/puzzles"
	"idaviz/web/internal/testrun"
)

// browserCases are an instance and a quick heuristic for every puzzle of
// the catalogue, so each renderer is drawn by the real page.
var browserCases = map[string]struct{ heuristic, state string }{
	"8puzzle":   {"manhattan", "1 2 3 4 0 6 7 5 8"},
	"15puzzle":  {"manhattan", "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15"}, // one move from the blank-first goal of the preset
	"24puzzle":  {"manhattan", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24"},
	"magiccube": {"", "www/www/bbb/rrwgggybbooo/rrwgggybbooo/rrwgggybbooo/rrr/yyy/yyy"},
	"rotation":  {"", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"},
	"booksort":  {"", "1 3 4 6 2 5"},
	"squares":   {"", "2"},
	"rubik":     {"small", "R U R' U'"},
	"grid":      {"", "8-connected/S..#/.#../...G"},
}

func TestBrowserEveryPuzzle(t *testing.T) {
	t.Parallel()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	do, wait, bctx := b.do, b.wait, b.ctx
	do("loading the page", chromedp.Navigate(pageURL))
	wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)

	for _, name := range puzzles.Names() {
		c, ok := browserCases[name]
		if name == testrun.Puzzle {
			continue // the web tests' own copy of the 8-puzzle
		}
		if !ok {
			t.Errorf("puzzle %s has no case here: add one, so its renderer is drawn by the page", name)
			continue
		}
		do(name+": choosing it", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const p = document.querySelector('[data-testid=puzzle]');
			p.value = %q; p.dispatchEvent(new Event('change'));
			const h = document.querySelector('[data-testid=heuristic]');
			if (%q) { h.value = %q; h.dispatchEvent(new Event('change')); }
			document.querySelector('[data-testid=state]').value = %q;
		})()`, name, c.heuristic, c.heuristic, c.state)))
		do(name+": start", chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
		wait(name+": a paused run", `window.viz.status === 'paused' && window.viz.events > 0`)
		// Each step answered before the next click: under the race
		// detector an answer takes long enough for the page to say it is
		// busy, and a click sent meanwhile was lost once (To end never ran).
		events, err := chromedp.Run(bctx, chromedp.Evaluate[int](`window.viz.events`))
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 3; i++ {
			do(name+": step", chromedp.Click(chromedp.CSS(`[data-testid="step"]`)))
			wait(fmt.Sprintf("%s: step %d answered", name, i), fmt.Sprintf(`window.viz.status === 'paused' && window.viz.events >= %d`, events+i))
		}
		do(name+": to the end", chromedp.Click(chromedp.CSS(`[data-testid="to-end"]`)))
		wait(name+": solved", `window.viz.status === 'solved' && window.viz.solutionLength > 0`)
		drawn, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelector('[data-testid=puzzle-state]').querySelectorAll('*').length`))
		shot(t, bctx, "puzzle-"+name)
		if err != nil || drawn < 5 {
			t.Errorf("%s: the state drawing has %d elements (%v)", name, drawn, err)
		}
		if errText, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=error]').textContent`)); strings.TrimSpace(errText) != "" {
			t.Errorf("%s: the page shows an error: %s", name, errText)
		}
		// What each drawing needs a reader to know, on the drawing: the
		// square destroyer's shading and sticks have a legend; both cubes
		// are drawn in the Rubik's cube's colours (left orange, right red);
		// the magic cube's moves, written as its judge writes them, are
		// explained.
		switch name {
		case "squares":
			if text, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.querySelector('[data-testid=puzzle-state]').textContent`)); !strings.Contains(text, "branching on this square") || !strings.Contains(text, "removed") {
				t.Errorf("squares: the drawing has no legend: %q", text)
			}
		case "magiccube", "rubik":
			fills, _ := chromedp.Run(bctx, chromedp.Evaluate[[]string](`Array.from(document.querySelector('[data-testid=puzzle-state]').querySelectorAll('rect')).map((r) => r.getAttribute('fill'))`))
			if len(fills) != 54 || fills[22] != "#ff7f00" || fills[28] != "#c41e3a" || fills[25] != "#009e60" {
				t.Errorf("%s: the solved cube's left, front and right centres are drawn %v", name, fills[min(22, len(fills)):min(29, len(fills))])
			}
			if name == "magiccube" {
				if row, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`Array.from(document.querySelector('[data-testid=stats]').rows).map((r) => r.textContent).find((t) => t.startsWith('solution')) || ''`)); !strings.Contains(row, "face dir") {
					t.Errorf("magiccube: the solution %q does not say how its moves read", row)
				}
			}
		}
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Fatalf("the page threw: %v", exceptions)
	}
}
