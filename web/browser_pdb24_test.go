package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// The page steps through a 24-puzzle search with pdb6666, as an instructor
// would: Korf's #40 chosen in the page, Next bound twice (the first two
// iterations run to their ends), then three steps, each one event, the
// current node drawn as a 5x5 board. Gated as TestSteppingPDB6666 is
// (korf40).
func TestBrowserSteppingPDB6666(t *testing.T) {
	k, d := korf40(t)
	h := d.H()
	b := openPage(t, 1280, 720)
	js[bool](b, "Korf's #40", fmt.Sprintf(`choose('puzzle', '24puzzle'), choose('goal', 'blank-first'), choose('heuristic', 'pdb6666'),
		q('state').value = %q, q('state').dispatchEvent(new Event('input')), true`, k.Board.String()))
	b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events > 0 && window.viz.runs.length === 1`)
	if got := js[int](b, "h(start)", `window.viz.runs[0].startH`); got != h {
		t.Fatalf("the page's h(start) %d, pdb6666's %d", got, h)
	}
	for it := 1; it <= 2; it++ {
		b.do("next bound", chromedp.KeyEvent("b"))
		b.wait(fmt.Sprintf("iteration %d to its end", it), fmt.Sprintf(`window.viz.status === 'paused' && window.viz.nextBound === %d`, h+2*it))
	}
	events := js[int](b, "the events", `window.viz.events`)
	for i := 1; i <= 3; i++ {
		b.do("step", chromedp.KeyEvent("s"))
		b.wait(fmt.Sprintf("step %d", i), fmt.Sprintf(`window.viz.status === 'paused' && window.viz.events === %d`, events+i))
	}
	b.wait("a 5x5 board drawn", `q('puzzle-state').querySelectorAll('rect').length === 25`)
	shot(t, b.ctx, "pdb6666-stepping")
}
