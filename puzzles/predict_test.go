package puzzles

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"idaviz/engine"
	"idaviz/predict"
	"idaviz/puzzles/pdb"
)

// countedInstance is a Predictable instance whose distributions are counted
// as they are computed: a tree where every node has two children, and a
// heuristic of 0, 1 or 2 with equal odds.
type countedInstance struct{ computed *atomic.Int64 }

func (countedInstance) String() string                       { return "counted" }
func (countedInstance) Domain(string) (engine.Domain, error) { return nil, errors.New("not searched") }
func (countedInstance) PredictionTree() (*predict.Tree, int) {
	return &predict.Tree{Children: [][]int{{0, 0}}, HClass: []int{0}}, 0
}

func (c countedInstance) ValueDistributions(_ context.Context, heuristic string) ([]predict.Distribution, error) {
	c.computed.Add(1)
	if heuristic == "none" {
		return nil, predict.ErrNoModel
	}
	d, err := predict.FromCounts([]float64{1, 1, 1})
	return []predict.Distribution{d}, err
}

func countedPuzzle(computed *atomic.Int64) *Puzzle {
	return &Puzzle{Name: "counted", Heuristics: []string{"thirds", "none"}, Goals: []string{"up", "down"},
		Scramble: func(*rand.Rand, int, string) Instance { return countedInstance{computed} }}
}

// TestPredictionCache: the distributions are computed once per puzzle,
// heuristic and goal, kept in the cache directory and read back by the next
// process (here: the same file in a fresh folder, which the process has not
// seen); a damaged or mislabelled file is computed again and rewritten.
func TestPredictionCache(t *testing.T) {
	var computed atomic.Int64
	p := countedPuzzle(&computed)
	inst := countedInstance{&computed}
	predicted := func(heuristic, goal string) predict.Counts {
		t.Helper()
		f, err := p.Prediction(context.Background(), inst, heuristic, goal)
		if err != nil {
			t.Fatal(err)
		}
		return f(2)
	}
	tree, _ := inst.PredictionTree()
	ps, _ := countedInstance{new(atomic.Int64)}.ValueDistributions(context.Background(), "thirds")
	m, err := predict.NewModel(tree, ps)
	if err != nil {
		t.Fatal(err)
	}
	want := m.Iteration(0, 2)
	check := func(name string, got predict.Counts, computations int64) {
		t.Helper()
		if got != want || computed.Load() != computations {
			t.Fatalf("%s: %+v after %d computations, want %+v after %d", name, got, computed.Load(), want, computations)
		}
	}
	dirA := t.TempDir()
	t.Setenv("IDAVIZ_CACHE_DIR", dirA)
	check("first", predicted("thirds", "up"), 1)
	check("again", predicted("thirds", ""), 1) // "" is the default goal, up
	file := filepath.Join(dirA, "pdb", "counted-thirds-up.predict.json")
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no cache file: %v", err)
	}
	check("the other goal", predicted("thirds", "down"), 2)
	if d, err := p.RandomValues(context.Background(), "thirds", "down"); err != nil || d.P(0) != ps[0].P(0) || d.Max() != 2 || computed.Load() != 2 {
		t.Fatalf("RandomValues: P(0) = %v, max %d, %v, after %d computations", d.P(0), d.Max(), err, computed.Load())
	}

	into := func(content []byte) string {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "pdb"), 0o755)
		if err := os.WriteFile(filepath.Join(dir, "pdb", "counted-thirds-up.predict.json"), content, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Setenv("IDAVIZ_CACHE_DIR", dir)
		return dir
	}
	into(saved)
	check("read from the file in a folder not seen before", predicted("thirds", "up"), 2)

	for i, bad := range [][]byte{
		saved[:len(saved)/2],
		[]byte(`{"format":"idaviz predicted values 1","puzzle":"counted","heuristic":"none","goal":"up","values":[[0.3,1]]}`),
		[]byte(`{"format":"idaviz predicted values 1","puzzle":"counted","heuristic":"thirds","goal":"up","values":[[0.3,1],[1]]}`),
		[]byte(`{"format":"idaviz predicted values 1","puzzle":"counted","heuristic":"thirds","goal":"up","values":[[0.5,0.4,1]]}`),
	} {
		dir := into(bad)
		check("a bad file", predicted("thirds", "up"), int64(3+i))
		if b, err := os.ReadFile(filepath.Join(dir, "pdb", "counted-thirds-up.predict.json")); err != nil || string(b) != string(saved) {
			t.Errorf("bad file %d was rewritten as %q (%v), want %q", i, b, err, saved)
		}
	}
}

// TestPredictionRefusals: no prediction for an instance without the
// capability, for a heuristic without a model (nothing cached for it), or
// for names the puzzle does not have.
func TestPredictionRefusals(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	var computed atomic.Int64
	p := countedPuzzle(&computed)
	ctx := context.Background()
	if _, err := p.Prediction(ctx, rubikLike{}, "thirds", "up"); !errors.Is(err, predict.ErrNoModel) {
		t.Errorf("an instance with no model: %v, want ErrNoModel", err)
	}
	for range 2 {
		if _, err := p.Prediction(ctx, countedInstance{&computed}, "none", "up"); !errors.Is(err, predict.ErrNoModel) {
			t.Errorf("a heuristic with no model: %v, want ErrNoModel", err)
		}
	}
	if dir, _ := pdb.CacheDir(); fileCount(dir) != 0 {
		t.Errorf("%d files cached for a heuristic with no model", fileCount(dir))
	}
	for _, c := range [][2]string{{"../x", "up"}, {"thirds", "sideways"}} {
		if _, err := p.Prediction(ctx, countedInstance{&computed}, c[0], c[1]); err == nil {
			t.Errorf("heuristic %q, goal %q: a prediction", c[0], c[1])
		}
	}
	if _, err := p.RandomValues(ctx, "thirds", "nope"); err == nil {
		t.Error("RandomValues for a goal the puzzle does not have")
	}
}

type rubikLike struct{}

func (rubikLike) String() string                       { return "x" }
func (rubikLike) Domain(string) (engine.Domain, error) { return nil, errors.New("not searched") }

func fileCount(dir string) int {
	ents, _ := os.ReadDir(dir)
	return len(ents)
}
