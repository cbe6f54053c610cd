// Command docshots takes the documentation's pictures of the page (README
// and docs/GUIDE.md): it builds viz, serves the page with it, drives it in
// headless chromium to each scene and writes docs/<name>.png. Run it from
// the module after a change to the page:
//
//	go run ./internal/docshots                 # every picture of the page
//	go run ./internal/docshots -only tree,quiz # some of them
//	go run ./internal/docshots -rubik          # also the Rubik's cube comparisons
//
// -rubik needs the cube's full tables: korf and reid (built on first use
// into the cache directory, a minute), and reid-huge (1.7 GB, minutes).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// scene is one picture: how to bring the page to it, and its file in docs/.
type scene struct {
	file  string
	rubik bool // needs the cube's full tables (-rubik)
	take  func(s *shooter) ([]byte, error)
}

var scenes = []scene{
	{"screenshot.png", false, (*shooter).stepping},
	{"present.png", false, (*shooter).present},
	{"tree.png", false, (*shooter).bigTree},
	{"quiz.png", false, (*shooter).quiz},
	{"compare.png", false, (*shooter).compare},
	{"lecture.png", false, (*shooter).lecture},
	{"code.png", false, (*shooter).code},
	{"code-present.png", false, (*shooter).codePresent},
	{"quiz-present.png", false, (*shooter).quizPresent},
	{"astar.png", false, (*shooter).astar},
	{"bpmx.png", false, (*shooter).bpmx},
	{"rubik-reid-vs-korf.png", true, func(s *shooter) ([]byte, error) {
		return s.rubik("korf", "reid", "B L2 U2 D R2 U' F R2 B' D' L' D' B' D'")
	}},
	{"rubik-reid-huge-vs-reid.png", true, func(s *shooter) ([]byte, error) {
		return s.rubik("reid", "reid-huge", "L2 D R' B R D' R U F R U' D' F L2")
	}},
}

func main() {
	only := flag.String("only", "", "comma-separated pictures to take, by name without .png (default: all)")
	rubik := flag.Bool("rubik", false, "also the Rubik's cube comparisons, which need the full korf, reid and reid-huge tables")
	docs := flag.String("docs", "docs", "the folder the pictures go to")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "docshots: no arguments expected, got %q\n", flag.Args())
		os.Exit(2)
	}
	todo, err := choose(*only, *rubik)
	if err != nil {
		fmt.Fprintln(os.Stderr, "docshots:", err)
		os.Exit(2)
	}
	if err := run(todo, *docs); err != nil {
		fmt.Fprintln(os.Stderr, "docshots:", err)
		os.Exit(1)
	}
}

// choose picks the scenes named in only (all when empty), the cube's only
// with rubik.
func choose(only string, rubik bool) ([]scene, error) {
	var todo []scene
	names := strings.FieldsFunc(only, func(r rune) bool { return r == ',' })
	for _, name := range names {
		if !slices.ContainsFunc(scenes, func(s scene) bool { return strings.TrimSuffix(s.file, ".png") == name }) {
			var all []string
			for _, s := range scenes {
				all = append(all, strings.TrimSuffix(s.file, ".png"))
			}
			return nil, fmt.Errorf("-only: no picture %q (choose from: %s)", name, strings.Join(all, ", "))
		}
	}
	for _, s := range scenes {
		named := slices.Contains(names, strings.TrimSuffix(s.file, ".png"))
		if len(names) > 0 && !named || len(names) == 0 && s.rubik && !rubik {
			continue
		}
		if s.rubik && !rubik {
			return nil, fmt.Errorf("-only %s: the cube's comparisons need -rubik (and its full tables)", strings.TrimSuffix(s.file, ".png"))
		}
		todo = append(todo, s)
	}
	return todo, nil
}

func run(todo []scene, docs string) error {
	if st, err := os.Stat(docs); err != nil || !st.IsDir() {
		return fmt.Errorf("no folder %s here: run this from the module's root, or name it with -docs", docs)
	}
	chromium, err := browsertest.FindChromium()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "docshots")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	viz := filepath.Join(tmp, "viz")
	if out, err := exec.Command("go", "build", "-o", viz, "./cmd/viz").CombinedOutput(); err != nil {
		return fmt.Errorf("building viz: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	s := &shooter{ctx: ctx, viz: viz, tmp: tmp, chromium: chromium}
	for _, sc := range todo {
		start := time.Now()
		png, err := sc.take(s)
		if err != nil {
			return fmt.Errorf("%s: %w", sc.file, err)
		}
		path := filepath.Join(docs, sc.file)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s (%d KB, %.1f s)\n", path, len(png)>>10, time.Since(start).Seconds())
	}
	return nil
}

// shooter serves pages with viz and drives them in chromium.
type shooter struct {
	ctx      context.Context
	viz      string // the viz binary
	tmp      string
	chromium string
}

// wait is how long one step may take: generous, for a loaded machine
// (the cube's solves, which may build their tables, wait longer).
const wait = 2 * time.Minute

// serve runs viz with args (serve or replay) until the scene ends, and
// returns the page's address.
func (s *shooter) serve(args ...string) (url string, stop func(), err error) {
	ctx, cancel := context.WithCancel(s.ctx)
	// The flags go before the command's file, if any.
	cmd := exec.CommandContext(ctx, s.viz, append([]string{args[0], "--addr", "127.0.0.1:0"}, args[1:]...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		cancel()
		return "", nil, err
	}
	stop = func() {
		cancel()
		_ = cmd.Wait()
	}
	re := regexp.MustCompile(`open (http://\S+) in a browser`)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return m[1], stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("viz %s printed no address", strings.Join(args, " "))
}

// page is one tab of a fresh chromium. Its first error sticks: the steps
// after it do nothing, and the scene reports it (as bufio.Writer does).
type page struct {
	ctx  context.Context
	stop func()
	err  error
}

// open starts chromium at a window size and loads url.
func (s *shooter) open(url string, width, height int64) (*page, error) {
	profile, err := os.MkdirTemp(s.tmp, "profile")
	if err != nil {
		return nil, err
	}
	actx, acancel := chromedp.NewExecAllocator(s.ctx, browsertest.Options(s.chromium, profile, int(width), int(height))...)
	bctx, bcancel := chromedp.NewContext(actx)
	p := &page{ctx: bctx, stop: func() { bcancel(); acancel() }}
	p.do("loading the page", chromedp.EmulateViewport(width, height), chromedp.Navigate(url))
	return p, nil
}

// do runs actions, unless an earlier step failed.
func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	if p.err != nil {
		return
	}
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.err = fmt.Errorf("%s: %w", what, err)
	}
}

// eval is a script's value in the page (the zero value after a failure).
func eval[T any](p *page, script string) T {
	var v T
	if p.err != nil {
		return v
	}
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](script))
	if err != nil {
		p.err = fmt.Errorf("%s: %w", script, err)
	}
	return v
}

// wait polls a condition in the page for up to wait.
func (p *page) wait(what, expr string) { p.waitFor(what, expr, wait) }

func (p *page) waitFor(what, expr string, limit time.Duration) {
	if p.err != nil {
		return
	}
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(limit))); err != nil {
		p.err = fmt.Errorf("waiting for %s: %w", what, err)
	}
}

// js runs a script in the page.
func (p *page) js(script string) { p.do(script, chromedp.Evaluate[chromedp.Void](script)) }

// key presses a key, which the page takes as a shortcut.
func (p *page) key(k string) { p.do("the key "+k, chromedp.KeyEvent(k)) }

// click clicks the element of a data-testid.
func (p *page) click(id string) { p.do(id, chromedp.Click(chromedp.CSS(`[data-testid="`+id+`"]`))) }

// moveOn presses a key that moves the run (s, x) and waits until it has
// moved, or the quiz asks a question about the move instead.
func (p *page) moveOn(k string) {
	before := eval[int](p, `window.viz.event * 1000 + window.viz.quiz.asked`)
	p.key(k)
	p.wait("the move "+k, fmt.Sprintf(`window.viz.status === 'paused' && window.viz.event * 1000 + window.viz.quiz.asked > %d`, before))
}

// shot is the page's screenshot once its charts have settled (drawn, laid
// out to their boxes).
func (p *page) shot() ([]byte, error) {
	p.wait("the charts drawn", `Array.from(document.querySelectorAll('.chart')).filter((e) => e.offsetParent !== null)
		.every((e) => { const c = echarts.getInstanceByDom(e); return !c || c.getZr().storage.getDisplayList().length > 0; })`)
	if p.err != nil {
		return nil, p.err
	}
	return chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
}

// helpers are the scripts the scenes use in the page.
const helpers = `window.q = (id) => document.querySelector('[data-testid=' + id + ']');
window.choose = (id, v) => { const e = q(id); e.value = v; e.dispatchEvent(new Event('change')); };
window.typeState = (s) => { const e = q('state'); e.value = s; e.dispatchEvent(new Event('input')); };`

// live opens the live page at a size (query: "?present" or ""), plays the
// scene in it and takes the picture.
func (s *shooter) live(width, height int64, query string, scene func(p *page)) ([]byte, error) {
	return s.liveShot(width, height, query, scene, (*page).shot)
}

// liveShot is live with the picture taken by take.
func (s *shooter) liveShot(width, height int64, query string, scene func(p *page), take func(p *page) ([]byte, error)) ([]byte, error) {
	url, stop, err := s.serve("serve")
	if err != nil {
		return nil, err
	}
	defer stop()
	p, err := s.open(url+query, width, height)
	if err != nil {
		return nil, err
	}
	defer p.stop()
	p.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	p.js(helpers)
	scene(p)
	return take(p)
}

// stepping is an 8-puzzle stepped into its second iteration, a node of the
// tree clicked: the README's first picture.
func (s *shooter) stepping() ([]byte, error) {
	return s.live(1400, 1300, "", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), choose('heuristic', 'manhattan'), typeState('8 1 3 4 0 2 7 6 5')`)
		p.click("start")
		p.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		p.key("b")
		p.wait("the bound increase", `window.viz.status === 'paused' && window.viz.iterations.length >= 1`)
		for range 6 {
			p.moveOn("x")
		}
		p.do("a node", chromedp.Click(chromedp.CSS(`[data-testid="tree"] svg .node.expanded circle, [data-testid="tree"] svg .node.pruned circle`)))
		p.wait("the selected node's state", `document.querySelectorAll('[data-testid=selected] svg rect').length === 9`)
	})
}

// presenting brings presentation mode to the textbook 8-puzzle two
// expansions into its second iteration.
func presenting(p *page) {
	p.js(`choose('puzzle', '8puzzle'), choose('preset', '1')`)
	p.click("start-present")
	p.wait("a paused run", `window.viz.status === 'paused'`)
	p.key("b")
	p.wait("the bound increase", `window.viz.status === 'paused' && window.viz.nextBound > 0`)
	p.key("x")
	p.key("x")
	p.wait("two expansions", `window.viz.status === 'paused' && window.viz.treeIteration === 2 && window.viz.drawnTreeNodes > 1`)
}

// present is presentation mode on a projector's 1280x720.
func (s *shooter) present() ([]byte, error) { return s.live(1280, 720, "?present", presenting) }

// bigTree is the hardest 8-puzzle under misplaced tiles a few iterations
// in, its tree folded into the window, in presentation mode.
func (s *shooter) bigTree() ([]byte, error) {
	return s.live(1280, 720, "?present", func(p *page) {
		presenting(p)
		p.js(`choose('puzzle', '8puzzle'), choose('preset', '3'), choose('heuristic', 'misplaced')`)
		p.click("start-present")
		p.wait("a paused run", `window.viz.status === 'paused' && window.viz.event === 0`)
		for i := 1; i <= 4; i++ {
			p.key("b")
			p.wait("the bound increase", fmt.Sprintf(`window.viz.status === 'paused' && window.viz.iterations.length === %d`, i))
		}
		p.js(`q('speed').value = 9, q('speed').dispatchEvent(new Event('input'))`)
		p.key(" ")
		p.wait("a big window", `window.viz.drawnTreeNodes > 20`)
		p.key(" ")
		p.wait("paused", `window.viz.status === 'paused'`)
	})
}

// quiz is quiz mode asking where the search goes next: the bound question
// answered, steps to the prune question, answered, then an expansion.
func (s *shooter) quiz() ([]byte, error) {
	return s.live(1440, 900, "", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), choose('heuristic', 'manhattan'), typeState('8 1 3 4 0 2 7 6 5')`)
		p.click("start")
		p.wait("a paused run", `window.viz.status === 'paused'`)
		p.click("quiz")
		p.wait("quiz on", `window.viz.quiz.on`)
		p.key("b")
		p.wait("the bound question", `window.viz.quiz.asked === 1`)
		p.js(`q('quiz-answer').value = '12'`) // right or not, the quiz goes on
		p.click("quiz-submit")
		p.wait("the answer taken", `window.viz.nextBound > 0`)
		for i := 0; i < 12 && p.err == nil && eval[int](p, `window.viz.quiz.asked`) == 1; i++ {
			p.moveOn("s")
		}
		p.wait("the prune question", `window.viz.quiz.asked === 2`)
		p.click("quiz-no")
		p.wait("the answer shown", `/^(Right|Not quite)/.test(q('quiz-result').textContent)`)
		p.key("x")
		p.wait("the node question", `window.viz.quiz.asked === 3 && q('quiz-question').textContent.includes('Click')`)
	})
}

// code is the pseudo-code and stack panels of an 8-puzzle stepped into its
// second iteration: the GUIDE's picture of them, the panels alone.
func (s *shooter) code() ([]byte, error) {
	return s.liveShot(1440, 900, "", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), choose('heuristic', 'manhattan'), typeState('8 1 3 4 0 2 7 6 5')`)
		p.click("start")
		p.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		for range 45 {
			p.moveOn("s")
		}
	}, func(p *page) ([]byte, error) {
		if p.err != nil {
			return nil, p.err
		}
		return chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(`#algo-panels`)))
	})
}

// codePresent is presentation mode at 1280x720 with the pseudo-code and
// the stack in place of the charts (the key a), some steps in.
func (s *shooter) codePresent() ([]byte, error) {
	return s.live(1280, 720, "?present", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), choose('heuristic', 'manhattan'), typeState('8 1 3 4 0 2 7 6 5')`)
		p.click("start-present")
		p.wait("a paused run", `window.viz.status === 'paused'`)
		p.key("a")
		p.wait("the code", `q('code').offsetParent !== null`)
		for range 30 {
			p.moveOn("s")
		}
	})
}

// quizPresent is the quiz in presentation mode at 1280x720, asking whether
// a node will be pruned.
func (s *shooter) quizPresent() ([]byte, error) {
	return s.live(1280, 720, "?present", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), choose('heuristic', 'manhattan'), typeState('8 1 3 4 0 2 7 6 5')`)
		p.click("start-present")
		p.wait("a paused run", `window.viz.status === 'paused'`)
		p.key("q")
		p.wait("quiz on", `window.viz.quiz.on && window.viz.quiz.question === null`)
		p.key("b")
		p.wait("the bound question", `window.viz.quiz.asked === 1`)
		p.js(`q('quiz-answer').value = '12'`) // right or not, the quiz goes on
		p.click("quiz-submit")
		p.wait("the answer taken", `window.viz.quiz.question === null && window.viz.nextBound > 0`)
		for i := 0; i < 12 && p.err == nil && eval[int](p, `window.viz.quiz.asked`) == 1; i++ {
			p.moveOn("s")
		}
		p.wait("the prune question", `window.viz.quiz.asked === 2 && /Will it be pruned/.test(window.viz.quiz.question)`)
	})
}

// astar is A* on an 8-puzzle under misplaced tiles, eight expansions in:
// the open list, its chart and its tree.
func (s *shooter) astar() ([]byte, error) {
	return s.live(1440, 900, "", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), typeState('7 2 4 5 0 6 8 3 1'), choose('heuristic', 'misplaced'), choose('algorithm', 'astar')`)
		p.click("start")
		p.wait("a paused run", `window.viz.status === 'paused' && window.viz.algorithm === 'astar'`)
		for range 8 {
			before := eval[int](p, `window.viz.event`)
			p.click("expand")
			p.wait("the expansion", fmt.Sprintf(`window.viz.event > %d && window.viz.status === 'paused'`, before))
		}
	})
}

// bpmx is the GUIDE's example of BPMX (the 15-puzzle's pdb555d, whose
// tables viz builds into the cache directory on first use) on a projector,
// 1280x720, its pseudo-code beside the tree, stepped to the first
// iteration's last child: the start's h raised from 6 to 8 by a child,
// its children cut, one of them saved a visit.
func (s *shooter) bpmx() ([]byte, error) {
	return s.live(1280, 720, "?present", func(p *page) {
		p.js(`choose('puzzle', '15puzzle'), choose('goal', 'blank-last'), typeState('1 2 3 4, 5 6 7 8, 10 13 0 12, 9 14 11 15'), choose('heuristic', 'pdb555d')`)
		p.click("start-present")
		p.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		p.key("a")
		p.wait("the code", `q('code').offsetParent !== null`)
		for range 8 {
			p.moveOn("s")
		}
		p.wait("the start's last child", `window.viz.event === 8 && /1 sibling not visited/.test(q('last-event').textContent)`)
	})
}

// compare is three heuristics on one 8-puzzle, kept and moved in lock-step
// to the end: the table, the lock-step trees and the charts.
func (s *shooter) compare() ([]byte, error) {
	return s.live(1440, 900, "", func(p *page) {
		p.js(`choose('puzzle', '8puzzle'), typeState('7 2 4 5 0 6 8 3 1'), choose('goal', 'blank-last')`)
		p.click("keep-runs")
		for i, h := range []string{"misplaced", "manhattan", "linear-conflict"} {
			p.js(fmt.Sprintf(`choose('heuristic', %q)`, h))
			p.click("start")
			p.wait("run "+h, fmt.Sprintf(`window.viz.runs.length === %d && window.viz.status === 'paused'`, i+1))
		}
		p.wait("the lock-step", `window.viz.lockstep && window.viz.lockstep.runs.length === 3 && q('lockstep').checked`)
		for i := 0; p.err == nil; i++ {
			next := eval[int](p, `window.viz.lockstep.next`)
			if next == 0 {
				break
			}
			if i == 40 {
				p.err = errors.New("the lock-step never ended")
			}
			p.key("b")
			p.wait("the runs at the next bound", fmt.Sprintf(`window.viz.lockstep.bound === %d && window.viz.runs.every((r) => r.status !== 'running')`, next))
		}
		p.wait("every run solved", `window.viz.runs.every((r) => r.status === 'solved')`)
	})
}

// lecture is a replay in presentation mode with a bookmark's note above the
// tree, at 1280x720.
func (s *shooter) lecture() ([]byte, error) {
	trace := filepath.Join(s.tmp, "lecture.trace")
	if out, err := exec.CommandContext(s.ctx, s.viz, "solve", "--puzzle", "8puzzle", "--heuristic", "manhattan", "--trace", trace, "8 1 3 4 0 2 7 6 5").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("recording the trace: %v\n%s", err, out)
	}
	url, stop, err := s.serve("replay", trace)
	if err != nil {
		return nil, err
	}
	defer stop()
	p, err := s.open(url, 1440, 900)
	if err != nil {
		return nil, err
	}
	defer p.stop()
	p.wait("the replay", `window.viz.mode === 'replay' && window.viz.event === 0`)
	p.js(helpers)
	p.js(`q('seek').value = 21, q('seek').dispatchEvent(new Event('change'))`)
	p.wait("event 20", `window.viz.event === 20`)
	p.js(fmt.Sprintf(`q('bookmark-title').value = 'The first iteration ends', q('bookmark-note').value = %q`,
		"Every child with f above the bound was pruned.\nThe smallest such f, 12, is the next bound."))
	p.click("bookmark-add")
	p.wait("the bookmark and its note", `window.viz.bookmarks.length === 1 && !q('bookmark-note-view').hidden`)
	p.do("1280x720", chromedp.EmulateViewport(1280, 720))
	p.key("p")
	p.wait("the note over the tree", `window.viz.presentation && window.viz.event === 20 && !q('bookmark-note-view').hidden`)
	return p.shot()
}

// rubik runs weaker and then stronger on one 14-move scramble, the second
// with the first kept, so the charts draw the two side by side. The solves
// may build their tables: they wait up to an hour.
func (s *shooter) rubik(weaker, stronger, scramble string) ([]byte, error) {
	return s.live(1440, 900, "", func(p *page) {
		for i, h := range []string{weaker, stronger} {
			keep := i > 0
			started := `['running', 'solved'].includes(window.viz.status)`
			if keep {
				started += ` && window.viz.runs.length === 2`
			}
			p.js(fmt.Sprintf(`(() => {
				if (q('puzzle').value !== 'rubik') choose('puzzle', 'rubik');
				choose('heuristic', %q); q('state').value = %q;
				if (!q('fast').checked) q('fast').click();
				if (q('keep-runs').checked !== %v) q('keep-runs').click();
			})()`, h, scramble, keep))
			p.click("start")
			p.waitFor(h+" running", started, time.Hour)
			p.waitFor(h+" solved", `window.viz.status === 'solved'`, time.Hour)
		}
	})
}
