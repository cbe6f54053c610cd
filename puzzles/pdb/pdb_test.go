package pdb

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// ring is a test abstraction: n states on a cycle, each joined to its two
// neighbours, so the distance of i from 0 is min(i, n-i).
func ring(n int64) Layer {
	return func(t *Table, lo, hi int64, d uint32, backward bool) int64 {
		var added int64
		for i := lo; i < hi; i++ {
			if backward {
				if t.Load(i) == Unset && (t.Load((i+1)%n) == d || t.Load((i+n-1)%n) == d) && t.Set(i, d+1) {
					added++
				}
				continue
			}
			if t.Load(i) != d {
				continue
			}
			for _, j := range []int64{(i + 1) % n, (i + n - 1) % n} {
				if t.Set(j, d+1) {
					added++
				}
			}
		}
		return added
	}
}

func TestFillRing(t *testing.T) {
	for _, tc := range []struct {
		n     int64
		goals []int64
	}{{27, []int64{0}}, {28, []int64{0, 14}}, {9, []int64{3}}} {
		tab := New("ring", tc.n)
		var reports []Progress
		if err := Fill(context.Background(), tab, tc.goals, 2, ring(tc.n), func(p Progress) { reports = append(reports, p) }); err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < tc.n; i++ {
			want := int64(1 << 40)
			for _, g := range tc.goals {
				d := (i - g + tc.n) % tc.n
				want = min(want, d, tc.n-d)
			}
			if got := tab.Get(i); int64(got) != want {
				t.Fatalf("n=%d goals=%v: entry %d = %d, want %d", tc.n, tc.goals, i, got, want)
			}
		}
		last := reports[len(reports)-1]
		if !last.LayerDone || last.Filled != tc.n || last.Fraction() != 1 {
			t.Errorf("last report %+v, want the whole table filled", last)
		}
		var sum int64
		for _, c := range tab.Distribution() {
			sum += c
		}
		if sum != tc.n {
			t.Errorf("distribution sums to %d, want %d", sum, tc.n)
		}
	}
}

func TestFillTooDeep(t *testing.T) {
	// A ring of 40 needs distances up to 20: more than 4 bits hold.
	err := Fill(context.Background(), New("deep", 40), []int64{0}, 1, ring(40), nil)
	if err == nil || !strings.Contains(err.Error(), "too deep") {
		t.Fatalf("Fill: %v, want a too-deep error", err)
	}
}

func TestOpenCancelledLeavesNoFile(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	s := Spec{Puzzle: "test", Name: "ring", Size: 1 << 22}
	// The build is cancelled from inside, once under way; no work may run
	// once Open has returned, nor be running then.
	var calls, running atomic.Int64
	var returned atomic.Bool
	work := func(tab *Table, lo, hi int64, d uint32, backward bool) int64 {
		running.Add(1)
		defer running.Add(-1)
		if returned.Load() {
			t.Error("the build goes on after Open returned")
		}
		if calls.Add(1) == 1 {
			cancel()
		}
		return ring(1<<22)(tab, lo, hi, d, backward)
	}
	build := func(ctx context.Context, progress func(Progress)) (*Table, error) {
		tab := New(s.Name, s.Size)
		return tab, Fill(ctx, tab, []int64{0}, 2, work, progress)
	}
	_, err := Open(ctx, s, build, nil)
	returned.Store(true)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Open: %v, want context.Canceled", err)
	}
	if n := running.Load(); n != 0 {
		t.Errorf("%d pieces of the build still running after Open returned", n)
	}
	dir, _ := CacheDir()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("cache holds %d files after a cancelled build: %v", len(ents), ents)
	}
}

func TestOpenCachesAndRebuilds(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	s := Spec{Puzzle: "test", Name: "ring", Size: 27}
	builds := 0
	build := func(ctx context.Context, progress func(Progress)) (*Table, error) {
		builds++
		tab := New(s.Name, s.Size)
		return tab, Fill(ctx, tab, []int64{0}, 1, ring(s.Size), progress)
	}
	o, err := Open(context.Background(), s, build, nil)
	if err != nil || !o.Built || !NotCached(o.Reason) || o.SaveErr != nil {
		t.Fatalf("first Open: %+v, %v; want built because not cached, and saved", o, err)
	}
	o2, err := Open(context.Background(), s, build, nil)
	if err != nil || o2.Built || builds != 1 {
		t.Fatalf("second Open built=%v err=%v builds=%d, want read from the cache", o2.Built, err, builds)
	}
	// A damaged file is rebuilt.
	b, _ := os.ReadFile(o.Path)
	b[len(b)-1] ^= 1
	os.WriteFile(o.Path, b, 0o644)
	var notes []string
	o3, err := Open(context.Background(), s, build, func(p Progress) {
		if p.Note != "" {
			notes = append(notes, p.Note)
		}
	})
	if err != nil || !o3.Built || !errors.Is(o3.Reason, ErrBadFile) {
		t.Fatalf("Open of a damaged file: built=%v reason=%v err=%v", o3.Built, o3.Reason, err)
	}
	// The rebuild is said, with the file and the reason.
	if len(notes) != 1 || !strings.Contains(notes[0], "rebuilding it") || !strings.Contains(notes[0], o.Path+": bad pattern database file: checksum") {
		t.Errorf("notes of a rebuild: %q, want one naming %s and its bad checksum", notes, o.Path)
	}
}

// TestOpenAll: OpenAll builds what is missing, then reads it back; force
// builds everything again; and a cache that cannot be written is refused
// before any build.
func TestOpenAll(t *testing.T) {
	builds := map[string]int{}
	stored := func(name string, size int64) Stored {
		s := Spec{Puzzle: "test", Name: name, Size: size}
		return Stored{Spec: s, Build: func(ctx context.Context, progress func(Progress)) (*Table, error) {
			builds[name]++
			tab := New(s.Name, s.Size)
			return tab, Fill(ctx, tab, []int64{0}, 1, ring(s.Size), progress)
		}}
	}
	tables := []Stored{stored("ring27", 27), stored("ring20", 20)}
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	for _, c := range []struct {
		name   string
		force  bool
		built  bool
		builds int
	}{
		{"first", false, true, 1},
		{"again", false, false, 1},
		{"forced", true, true, 2},
	} {
		out, err := OpenAll(context.Background(), tables, c.force, nil)
		if err != nil || len(out) != len(tables) {
			t.Fatalf("%s: %d tables, %v", c.name, len(out), err)
		}
		for i, o := range out {
			name := tables[i].Spec.Name
			if o.Table.Name != name || o.Built != c.built || builds[name] != c.builds {
				t.Errorf("%s: table %d is %q, built %v after %d builds; want %q, built %v after %d",
					c.name, i, o.Table.Name, o.Built, builds[name], name, c.built, c.builds)
			}
		}
	}
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	t.Setenv("IDAVIZ_CACHE_DIR", f)
	clear(builds)
	if out, err := OpenAll(context.Background(), tables, false, nil); !errors.Is(err, ErrCacheUnusable) || len(out) != 0 || len(builds) != 0 {
		t.Errorf("unusable cache: %d tables, %d builds, %v; want ErrCacheUnusable before any build", len(out), len(builds), err)
	}
}

func TestFIFOIsNotOpened(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	s := Spec{Puzzle: "test", Name: "ring", Size: 27}
	path, _ := FilePath(s)
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Load(s); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Fatalf("Load of a FIFO: %v, want ErrNotRegular", err)
		}
	case <-time.After(hangs):
		t.Fatal("Load of a FIFO hangs")
	}
	if err := Save(s, New(s.Name, s.Size)); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("Save over a FIFO: %v, want ErrNotRegular", err)
	}
}

func TestUnwritableCacheSaysSoOnce(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	t.Setenv("IDAVIZ_CACHE_DIR", f) // a file, not a folder: nothing can be made below it
	if err := CheckCache(); !errors.Is(err, ErrCacheUnusable) || !strings.Contains(err.Error(), "IDAVIZ_CACHE_DIR") {
		t.Fatalf("CheckCache: %v, want ErrCacheUnusable naming IDAVIZ_CACHE_DIR", err)
	}
	s := Spec{Puzzle: "test", Name: "ring", Size: 27}
	build := func(ctx context.Context, progress func(Progress)) (*Table, error) {
		tab := New(s.Name, s.Size)
		return tab, Fill(ctx, tab, []int64{0}, 1, ring(s.Size), progress)
	}
	var notes []string
	progress := func(p Progress) {
		if p.Note != "" {
			notes = append(notes, p.Note)
		}
	}
	for range 3 {
		o, err := Open(context.Background(), s, build, progress)
		if err != nil || o.Table == nil || !errors.Is(o.SaveErr, ErrCacheUnusable) {
			t.Fatalf("Open with an unusable cache: %+v, %v; want the table built in memory and SaveErr", o, err)
		}
	}
	if len(notes) != 1 {
		t.Fatalf("notes %q, want the unusable cache said once", notes)
	}
}

func TestBar(t *testing.T) {
	for _, tty := range []bool{false, true} {
		var b bytes.Buffer
		tab := New("ring", 27)
		if err := Fill(context.Background(), tab, []int64{0}, 1, ring(27), NewBar(&b, tty).Report); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, "100") || !strings.HasSuffix(out, "\n") {
			t.Errorf("tty=%v: progress output does not end at 100%%:\n%q", tty, out)
		}
		if lines := strings.Count(out, "\n"); !tty && lines != 13 {
			t.Errorf("off a terminal, %d lines; want one per layer (13)", lines)
		}
	}
}

// TestBarNoAbsurdEstimate: the first reports of a build, a few entries of
// a big table, carry no estimate (the bar library's own, from the rate of
// those first tiny layers, said thousands of hours); one comes once a
// twentieth of the table is filled over a second, at the pace so far.
func TestBarNoAbsurdEstimate(t *testing.T) {
	var out bytes.Buffer
	b := NewBar(&out, true)
	b.throttle = 0
	clock := time.Unix(0, 0)
	b.now = func() time.Time { return clock }
	const total = 1 << 40
	for i, filled := range []int64{1, 10, 1000} {
		clock = clock.Add(200 * time.Millisecond)
		b.Report(Progress{Table: "big", Depth: i + 1, Filled: filled, Total: total})
	}
	if early := out.String(); regexp.MustCompile(`[0-9]h`).MatchString(early) || strings.Contains(early, "left") {
		t.Errorf("an estimate from the first layers:\n%q", early)
	}
	clock = clock.Add(9400 * time.Millisecond) // 10 s in, half the table
	b.Report(Progress{Table: "big", Depth: 9, Filled: total / 2, Total: total})
	if got := out.String(); !strings.Contains(got, "depth 9, 10s, ~10s left") {
		t.Errorf("half the table in 10 s: no estimate of 10 s more:\n%q", got)
	}
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		filled  int64
		elapsed time.Duration
		left    time.Duration // 0: none
	}{
		{1, time.Hour, 0},                // a pace read from 1 entry
		{49, time.Minute, 0},             // under a twentieth
		{500, 500 * time.Millisecond, 0}, // under a second
		{50, 10 * time.Second, 190 * time.Second},
		{500, 10 * time.Second, 10 * time.Second},
		{1000, 10 * time.Second, 0}, // done
	} {
		left, ok := estimate(Progress{Filled: tc.filled, Total: 1000}, tc.elapsed)
		if ok != (tc.left != 0) || left.Round(time.Millisecond) != tc.left {
			t.Errorf("%d of 1000 in %s: %s, %v; want %s", tc.filled, tc.elapsed, left, ok, tc.left)
		}
	}
}

// TestBarLines: on a terminal, a note, the next table and End start their
// own line after a bar left short; off a terminal, one line per layer
// that set entries, counting them.
func TestBarLines(t *testing.T) {
	var out bytes.Buffer
	b := NewBar(&out, true)
	b.throttle = 0
	b.Report(Progress{Table: "a", Depth: 1, Filled: 5, Total: 100})
	b.Report(Progress{Table: "a", Note: "a note"})
	b.Report(Progress{Table: "b", Depth: 1, Filled: 5, Total: 100})
	b.Report(Progress{Table: "c", Depth: 1, Filled: 5, Total: 100})
	b.End()
	b.End()
	got := out.String()
	for _, want := range []string{"(5/100) \n\r\x1b[Kpattern database a: a note\n", "(5/100) \n\r\x1b[K\rbuilding pattern database c"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%q", want, got)
		}
	}
	if !strings.HasSuffix(got, "(5/100) \n") {
		t.Errorf("End leaves the line open, or ends it twice:\n%q", got)
	}

	out.Reset()
	b = NewBar(&out, false)
	for _, p := range []Progress{
		{Table: "t", Depth: 1, Filled: 3, Total: 10, LayerDone: true},
		{Table: "t", Depth: 2, Filled: 7, Total: 10},
		{Table: "t", Depth: 2, Filled: 10, Total: 10, LayerDone: true},
		{Table: "t", Depth: 3, Filled: 10, Total: 10, LayerDone: true}, // a layer of a larger search
	} {
		b.Report(p)
	}
	want := "building pattern database t, depth 1: 3 of 10 entries (30.0%)\n" +
		"building pattern database t, depth 2: 10 of 10 entries (100.0%)\n"
	if out.String() != want {
		t.Errorf("off a terminal:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestBarIdle: another line draws through Idle while no build is shown,
// and not while a bar is open or a load marked with Loading builds, even
// between its tables.
func TestBarIdle(t *testing.T) {
	var out bytes.Buffer
	b := NewBar(&out, true)
	b.throttle = 0
	drawn := 0
	idle := func() bool {
		before := drawn
		b.Idle(func() { drawn++ })
		return drawn > before
	}
	if !idle() {
		t.Fatal("Idle draws nothing with nothing built")
	}
	done := b.Loading()
	if !idle() {
		t.Error("a load that builds nothing holds the line")
	}
	b.Report(Progress{Table: "a", Depth: 1, Filled: 5, Total: 10})
	if idle() {
		t.Error("Idle draws over an open bar")
	}
	b.Report(Progress{Table: "a", Depth: 2, Filled: 10, Total: 10, LayerDone: true})
	if idle() {
		t.Error("Idle draws between the tables of a load that builds")
	}
	done()
	done()
	if !idle() {
		t.Error("Idle draws nothing after the load")
	}
}

// TestNext: Next finds each entry of a value in order, across words that
// hold none of it, and stops at hi.
func TestNext(t *testing.T) {
	tab := New("next", 100)
	want := []int64{3, 8, 9, 40, 99}
	for _, i := range want {
		tab.Set(i, 5)
	}
	var got []int64
	for i := tab.Next(0, 100, 5); i < 100; i = tab.Next(i+1, 100, 5) {
		got = append(got, i)
	}
	if !slices.Equal(got, want) {
		t.Errorf("entries of value 5: %v, want %v", got, want)
	}
	if i := tab.Next(10, 40, 5); i != 40 {
		t.Errorf("Next(10, 40) = %d, want 40 (hi: none before it)", i)
	}
}

// TestLoadIntoAlloc: a Spec with Alloc is read straight into the memory it
// gives, with the entries that were saved (a table over several read chunks,
// its last word partly used); memory of the wrong size is refused; and a
// file cut short or with a changed byte is bad, into that memory too.
func TestLoadIntoAlloc(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	const size = 3*readChunk*2 + 5 // entries: 3 chunks of bytes and a bit
	s := Spec{Puzzle: "test", Name: "alloc", Size: size}
	want := New(s.Name, s.Size)
	for i := int64(0); i < size; i++ {
		want.Set(i, uint32(i*7%15))
	}
	if err := Save(s, want); err != nil {
		t.Fatal(err)
	}
	var given []uint32
	s.Alloc = func(n int) []uint32 {
		given = make([]uint32, n)
		return given
	}
	got, err := Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if &got.Words()[0] != &given[0] {
		t.Fatal("the table is not held in the memory Alloc gave")
	}
	if !slices.Equal(got.Words(), want.Words()) || got.Len() != size {
		t.Fatal("the entries read differ from those saved")
	}

	s.Alloc = func(n int) []uint32 { return make([]uint32, n-1) }
	if _, err := Load(s); err == nil || !strings.Contains(err.Error(), "memory of") {
		t.Fatalf("Load into memory one word short: %v, want an error saying so", err)
	}

	s.Alloc = func(n int) []uint32 { return make([]uint32, n) }
	path, _ := FilePath(s)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut short", b[:len(b)-3], "data"},
		{"a byte changed", append(append([]byte(nil), b[:len(b)-9]...), append([]byte{b[len(b)-9] ^ 0x40}, b[len(b)-8:]...)...), "checksum"},
		{"a byte too many", append(append([]byte(nil), b...), 0), "goes on past"},
	} {
		if err := os.WriteFile(path, bad.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(s); !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want a bad file saying %q", bad.name, err, bad.want)
		}
	}
}
