package engine

import (
	"context"
	"fmt"
)

// Algorithm names a search the engine runs. Its String is the name that
// flags, the web protocol and trace files (RunInfo.Algorithm) use; the zero
// value is IDA*.
type Algorithm uint8

const (
	AlgorithmIDA   Algorithm = iota // IDA: iterative-deepening A*
	AlgorithmAStar                  // AStar: A* with a closed list
	algorithmLimit
)

var algorithmNames = [...]string{AlgorithmIDA: "ida", AlgorithmAStar: "astar"}
var algorithmTitles = [...]string{AlgorithmIDA: "IDA*", AlgorithmAStar: "A*"}

func (a Algorithm) String() string {
	if a < algorithmLimit {
		return algorithmNames[a]
	}
	return fmt.Sprintf("algorithm(%d)", uint8(a))
}

// Title is the name people write: "IDA*", "A*".
func (a Algorithm) Title() string {
	if a < algorithmLimit {
		return algorithmTitles[a]
	}
	return a.String()
}

// ParseAlgorithm is the inverse of Algorithm.String.
func ParseAlgorithm(s string) (Algorithm, error) {
	for a, name := range algorithmNames {
		if name == s {
			return Algorithm(a), nil
		}
	}
	return 0, fmt.Errorf("unknown algorithm %q (want ida or astar)", s)
}

// MarshalText makes an Algorithm its name in JSON and in flag.TextVar.
func (a Algorithm) MarshalText() ([]byte, error) {
	if a >= algorithmLimit {
		return nil, fmt.Errorf("engine: no such algorithm: %v", a)
	}
	return []byte(a.String()), nil
}

// UnmarshalText is ParseAlgorithm.
func (a *Algorithm) UnmarshalText(b []byte) error {
	v, err := ParseAlgorithm(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// Search runs the algorithm: IDA or AStar.
func (a Algorithm) Search(ctx context.Context, d Domain, opt Options) (Result, error) {
	switch a {
	case AlgorithmIDA:
		return IDA(ctx, d, opt)
	case AlgorithmAStar:
		return AStar(ctx, d, opt)
	}
	return Result{}, fmt.Errorf("engine: no such algorithm: %v", a)
}
