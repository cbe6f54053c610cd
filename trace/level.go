package trace

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
