package trace

import "fmt"

// Level is the least detailed level at which a sink receives events of kind
// k: a sink whose Level is below it never sees them. Unknown kinds are
// treated as node-level, the most detailed, so that a coarse sink never
// receives something it was not written for.
func (k Kind) Level() Level {
	switch k {
	case KindRunStart, KindSolution, KindRunEnd:
		return LevelRun
	case KindIterationStart, KindIterationEnd, KindBoundIncrease, KindProgress:
		return LevelIteration
	}
	return LevelNode
}

var levelNames = [...]string{LevelRun: "run", LevelIteration: "iteration", LevelNode: "node"}

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", int8(l))
}

// ParseLevel is the inverse of Level.String, for flags.
func ParseLevel(s string) (Level, error) {
	for l, n := range levelNames {
		if n == s {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("unknown trace level %q (want run, iteration or node)", s)
}
