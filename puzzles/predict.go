package puzzles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"idaviz/predict"
	"idaviz/puzzles/pdb"
)

// Predictable is implemented by instances whose puzzle predicts the node
// counts of IDA*'s iterations (package predict: Korf, Reid and Edelkamp's
// formula), the optional-capability pattern of engine.Iterator. The
// distributions take up to seconds to compute, so the catalogue keeps them
// in the cache directory, per puzzle, heuristic and goal, and a search reads
// them back (Puzzle.Prediction).
type Predictable interface {
	// PredictionTree is the brute-force tree of the instance's puzzle under
	// the engine's move rule, and the instance's class in it.
	PredictionTree() (tree *predict.Tree, root int)
	// ValueDistributions computes, for each HClass value of the tree, the
	// distribution of the heuristic's values over random states of the
	// instance's puzzle and goal, or an error wrapping predict.ErrNoModel
	// when there is none.
	ValueDistributions(ctx context.Context, heuristic string) ([]predict.Distribution, error)
}

// Prediction returns the predicted node counts of the IDA* iterations from
// inst, an instance of p for goal, searched with heuristic; the error wraps
// predict.ErrNoModel when p has no prediction for them.
func (p *Puzzle) Prediction(ctx context.Context, inst Instance, heuristic, goal string) (predict.Predictor, error) {
	m, root, err := p.model(ctx, inst, heuristic, goal)
	if err != nil {
		return nil, err
	}
	return m.Predictor(root), nil
}

// RandomValues is the distribution of heuristic's values over random states
// of p for goal (the P of its predictions), or an error wrapping
// predict.ErrNoModel.
func (p *Puzzle) RandomValues(ctx context.Context, heuristic, goal string) (predict.Distribution, error) {
	inst := p.Scramble(rand.New(rand.NewPCG(1, 1)), 0, goal) // the goal: any instance gives the puzzle's model
	m, _, err := p.model(ctx, inst, heuristic, goal)
	if err != nil {
		return predict.Distribution{}, err
	}
	return predict.Mix(m.P), nil
}

// predictions holds the distributions this process has read or computed,
// by cache file: one computation however many searches ask at once.
var predictions pdb.Shared[[]predict.Distribution]

func (p *Puzzle) model(ctx context.Context, inst Instance, heuristic, goal string) (*predict.Model, int, error) {
	pr, ok := inst.(Predictable)
	if !ok {
		return nil, 0, fmt.Errorf("%s: %w", p.Name, predict.ErrNoModel)
	}
	h, err := p.HasHeuristic(heuristic)
	if err != nil {
		return nil, 0, err
	}
	g, err := p.HasGoal(goal)
	if err != nil {
		return nil, 0, err
	}
	tree, root := pr.PredictionTree()
	kinds := 0
	for _, k := range tree.HClass {
		kinds = max(kinds, k+1)
	}
	key := predictionKey{Format: predictionFormat, Puzzle: p.Name, Heuristic: h, Goal: g}
	ps, err := predictions.Get(ctx, key.file(), func(ctx context.Context, _ func(pdb.Progress)) ([]predict.Distribution, error) {
		if ps, err := key.read(kinds); err == nil {
			return ps, nil
		}
		ps, err := pr.ValueDistributions(ctx, h)
		if err != nil {
			return nil, err
		}
		// A cache that cannot be written costs the next process the
		// computation again, nothing else.
		_ = key.write(ps)
		return ps, nil
	}, nil)
	if err != nil {
		return nil, 0, err
	}
	m, err := predict.NewModel(tree, ps)
	return m, root, err
}

// predictionFormat names the cache file's content and its version.
const predictionFormat = "idaviz predicted values 1"

// predictionKey is what a cached prediction is for; the file repeats it, so
// that a file renamed or of an older format is computed again, not trusted.
type predictionKey struct {
	Format    string `json:"format"`
	Puzzle    string `json:"puzzle"`
	Heuristic string `json:"heuristic"`
	Goal      string `json:"goal"`
}

type predictionFile struct {
	predictionKey
	Values []predict.Distribution `json:"values"`
}

// maxPredictionFile bounds what is read of a cache file: the 5x5 puzzle's
// 25 distributions of some 150 values each take about 100 kB.
const maxPredictionFile = 4 << 20

// file is the cache file's name, beside the pattern databases: the puzzle's
// and heuristic's names are the catalogue's, never a user's text.
func (k predictionKey) file() string {
	if k.Goal == "" {
		return fmt.Sprintf("%s-%s.predict.json", k.Puzzle, k.Heuristic)
	}
	return fmt.Sprintf("%s-%s-%s.predict.json", k.Puzzle, k.Heuristic, k.Goal)
}

// read returns the cached distributions, kinds of them, or why not.
func (k predictionKey) read(kinds int) ([]predict.Distribution, error) {
	b, err := pdb.ReadCacheFile(k.file(), maxPredictionFile)
	if err != nil {
		return nil, err
	}
	var f predictionFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", k.file(), err)
	}
	if f.predictionKey != k {
		return nil, fmt.Errorf("%s holds %+v", k.file(), f.predictionKey)
	}
	if len(f.Values) != kinds {
		return nil, errors.New(k.file() + ": wrong number of distributions")
	}
	return f.Values, nil
}

func (k predictionKey) write(ps []predict.Distribution) error {
	b, err := json.Marshal(predictionFile{predictionKey: k, Values: ps})
	if err != nil {
		return err
	}
	return pdb.WriteCacheFile(k.file(), b)
}
